import Testing

@Test func placeholderHardening() {}
