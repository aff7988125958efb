import VeetTerminal

/// One self-rewriting status line on stderr ("| Waiting for the run..."),
/// drawn with `\r` and erase-to-end-of-line. It is silent when disabled,
/// which `init(terminal:)` does whenever stderr is not a terminal, so pipes
/// and logs never see it.
///
/// While a line is shown, write other output through `writeAbove(_:on:)`
/// (or `clear()` first) so the two do not overprint each other.
public actor StatusLine {
    public nonisolated let isEnabled: Bool
    private let output: Output
    private let width: Int
    private var text: String?
    private var frameIndex = 0
    private var spinner: Task<Void, Never>?

    static let frames: [Character] = ["|", "/", "-", "\\"]
    static let eraseLine = "\r\u{1B}[K"

    public init(output: Output = .standardError, isEnabled: Bool, width: Int = Terminal.defaultWidth) {
        self.output = output
        self.isEnabled = isEnabled
        self.width = width
    }

    public init(terminal: Terminal) {
        self.init(output: .standardError, isEnabled: terminal.stderrIsTerminal, width: terminal.width)
    }

    deinit {
        spinner?.cancel()
    }

    /// Shows `text` with no spinner (or keeps the spinner turning if one runs).
    public func show(_ text: String) {
        self.text = text
        draw()
    }

    /// Shows `text` after a spinner that advances every 100 ms until
    /// `clear()`.
    public func startSpinning(_ text: String) {
        self.text = text
        if isEnabled, spinner == nil {
            spinner = Task { [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 100_000_000)
                    await self?.advance()
                }
            }
        }
        draw()
    }

    /// Erases the line and stops any spinner.
    public func clear() {
        spinner?.cancel()
        spinner = nil
        if isEnabled, text != nil {
            output.write(Self.eraseLine)
        }
        text = nil
    }

    /// Writes `text` to `destination` with the status line lifted out of the
    /// way, then draws it again below.
    public func writeAbove(_ text: String, on destination: Output) {
        if isEnabled, self.text != nil { output.write(Self.eraseLine) }
        destination.write(text)
        draw()
    }

    private func advance() {
        frameIndex = (frameIndex + 1) % Self.frames.count
        draw()
    }

    private func draw() {
        guard isEnabled, let text else { return }
        let frame = spinner == nil ? nil : Self.frames[frameIndex]
        output.write(Self.rendered(text, frame: frame, width: width))
    }

    /// The bytes that draw one state of the line, cut to fit in `width - 1`
    /// columns so the terminal never wraps it (a wrapped line cannot be
    /// rewritten with `\r`).
    static func rendered(_ text: String, frame: Character?, width: Int) -> String {
        let singleLine = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        let body = (frame.map { "\($0) " } ?? "") + singleLine
        return "\r" + prefix(of: body, columns: max(width - 1, 1)) + "\u{1B}[K"
    }

    /// The longest start of `text` that fits in `columns` terminal columns
    /// (a wide character counts two, so CJK text does not wrap the line).
    private static func prefix(of text: String, columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            used += DisplayWidth.of(text[index])
            if used > columns { break }
            end = text.index(after: index)
        }
        return text[..<end]
    }
}
