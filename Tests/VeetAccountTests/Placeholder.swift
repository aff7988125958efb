import Testing

@Test func placeholderAccount() {}
