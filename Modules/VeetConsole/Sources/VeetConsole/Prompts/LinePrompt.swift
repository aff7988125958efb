/// Asks for one line of visible input. The prompt goes to stderr so that
/// stdout stays clean for whatever the command prints.
public enum LinePrompt {
    /// Returns the line without its newline, or nil at end of input.
    /// `input` defaults to standard input; tests pass their own lines.
    public static func readLine(
        prompt: String,
        output: Output = .standardError,
        input: () -> String? = { Swift.readLine(strippingNewline: true) }
    ) -> String? {
        output.write(prompt)
        return input()
    }
}
