import Testing

@Test func placeholderVeetSchedules() {}
