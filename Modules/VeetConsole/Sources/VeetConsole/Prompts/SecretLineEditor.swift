/// The line editing a secret prompt does itself, because the terminal's own
/// line discipline is switched off while echo is off: bytes go in, and out
/// comes the finished line, end of input, or an interrupt (Ctrl-C).
/// Kept free of I/O so it can be tested byte by byte.
struct SecretLineEditor {
    enum Outcome: Equatable {
        case submitted(String)
        case endOfInput
        case interrupted
    }

    private var bytes: [UInt8] = []
    private var escape = EscapeState.none

    private enum EscapeState {
        case none
        case started  // after ESC
        case sequence  // after ESC [ or ESC O, until a final byte
    }

    /// Feeds one byte; returns an outcome once the line is decided.
    mutating func feed(_ byte: UInt8) -> Outcome? {
        switch escape {
        case .started:
            escape = (byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O")) ? .sequence : .none
            return nil
        case .sequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return nil
        case .none:
            break
        }
        switch byte {
        case 0x0A, 0x0D:  // Enter
            return .submitted(String(decoding: bytes, as: UTF8.self))
        case 0x03:  // Ctrl-C
            return .interrupted
        case 0x04:  // Ctrl-D ends input only on an empty line, as a terminal does
            return bytes.isEmpty ? .endOfInput : nil
        case 0x7F, 0x08:  // Backspace: drop one whole UTF-8 character
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
        case 0x15:  // Ctrl-U: start again
            bytes.removeAll()
        case 0x1B:  // arrow and function keys: ignore the whole sequence
            escape = .started
        case 0x00..<0x20:  // other control characters mean nothing here
            break
        default:
            bytes.append(byte)
        }
        return nil
    }

    /// The outcome when input ends before Enter: what was typed, if anything.
    func finish() -> Outcome {
        bytes.isEmpty ? .endOfInput : .submitted(String(decoding: bytes, as: UTF8.self))
    }
}
