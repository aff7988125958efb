import Testing

@Test func placeholderVeetCurses() {}
