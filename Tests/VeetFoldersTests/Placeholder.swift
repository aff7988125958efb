import Testing

@Test func placeholderVeetFolders() {}
