import VeetTokens

extension Terminal {
    /// The colours to use on `stream`. `environment` must carry COLORTERM
    /// (and TERM, NO_COLOR), which `Terminal.environment` does not keep; the
    /// full process environment is the usual argument.
    ///
    /// `.noColor` when colour is not allowed on the stream at all; otherwise
    /// what `ColorCapability.detect` finds, except that `--color=always`
    /// lifts a `.noColor` finding (NO_COLOR, TERM=dumb) to the 16 colours,
    /// as it overrides those variables for whether to style.
    public func colorCapability(for stream: StandardStream, environment: [String: String]) -> ColorCapability {
        guard allowsColor(on: stream) else { return .noColor }
        let detected = ColorCapability.detect(environment: environment)
        if colorMode == .always, detected == .noColor { return .ansi16 }
        return detected
    }

    /// The style for `stream` using the terminal's full colour range and the
    /// given appearance (resolve `auto` with `AppearanceResolver`).
    public func style(for stream: StandardStream, environment: [String: String], appearance: Appearance) -> Style {
        Style(
            isEnabled: allowsColor(on: stream),
            capability: colorCapability(for: stream, environment: environment),
            appearance: appearance)
    }
}
