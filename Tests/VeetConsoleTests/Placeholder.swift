import Testing

@Test func placeholder_VeetConsoleTests() {}
