import Testing

@Test func placeholder_ArchitectureTests() {}
