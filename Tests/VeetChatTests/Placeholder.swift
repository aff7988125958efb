import Testing

@Test func placeholder_VeetChatTests() {}
