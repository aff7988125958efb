import Testing

@Test func placeholderTokens() {}
