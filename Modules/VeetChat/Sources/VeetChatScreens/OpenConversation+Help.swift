import VeetCurses

/// The conversation's own keys as the shell's keys overlay (F1, ?) lists them, in its groups.
extension OpenConversation {
    public static let transcriptHelp = HelpOverlay.Group("Transcript (Tab to it)", [
        .init("Up, Down", "move between messages, tools and files; inside an opened ledger taller than the screen, scroll it"),
        .init("Enter, Space", "open a tool call or bundle (its ledger: arguments and results whole) or an approval; open a file"),
        .init("[ ]", "a page up / down inside an opened ledger taller than the screen"),
        .init("Left, Right, < >", "scroll the answer's wide code blocks and tables sideways"),
        .init("e", "export the file"),
        .init("c / m / b", "copy the message as plain text / as Markdown / its next code block"),
        .init("v", "read the message alone, full width (the terminal's own selection works; / searches)"),
        .init("i", "the answer's run: status, steps, model and tool calls, tokens, cost (Esc closes)"),
    ])

    public static let attachmentsHelp = HelpOverlay.Group("Attachments (Tab or Up to them, above the composer)", [
        .init("Up, Down", "choose a file (past the ends: the transcript, the composer)"),
        .init("r", "send a failed file again (the same upload key)"),
        .init("x, Delete", "remove the file from the message"),
        .init("Enter", "back to the message; Enter there sends, files alone too"),
    ])
}
