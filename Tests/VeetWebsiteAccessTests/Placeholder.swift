import Testing

@Test func placeholderVeetWebsiteAccess() {}
