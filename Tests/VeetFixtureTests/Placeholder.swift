import Testing

@Test func placeholder_VeetFixtureTests() {}
