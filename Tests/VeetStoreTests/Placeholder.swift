import Testing

@Test func placeholder_VeetStoreTests() {}
