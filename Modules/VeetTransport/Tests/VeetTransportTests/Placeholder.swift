import Testing

@Test func placeholder_VeetTransportTests() {}
