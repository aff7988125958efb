import CNcursesw
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import VeetTerminal
import VeetTokens

/// The full-screen terminal: ncursesw owns the screen and output, VeetCurses
/// reads and decodes the input bytes itself (`KeyDecoder`), so keypad mode
/// stays off and ncurses never sees a key. Raw mode: Ctrl-C, Ctrl-Z and
/// Ctrl-\ arrive as keys, for the app to map (see `suspend`).
///
/// One object owns all ncurses state; ncurses itself is process-global, so
/// only one session may be running at a time (`start` refuses a second).
/// It is used from one thread (the app's event loop); it is not Sendable.
/// Signals are taken by Dispatch sources: SIGINT/SIGTERM/SIGHUP restore the
/// terminal and re-raise at once from the source's queue (no ncurses call
/// there, only raw writes and `tcsetattr`); SIGWINCH, SIGTSTP and SIGCONT
/// are passed through a pipe to `nextEvents`, on the owning thread.
public final class TerminalSession {
    public struct Options: Sendable {
        public var capability: ColorCapability
        public var appearance: Appearance
        public var palette: Palette
        /// How long a lone ESC waits for the rest of a sequence.
        public var escapeTimeoutMilliseconds: Int32
        /// nil: decide from TERM (`TerminalModes.supportsSynchronizedOutput`).
        public var synchronizedOutput: Bool?
        public var mouse: Bool
        public var bracketedPaste: Bool
        /// Focus reporting (DECSET 1004): `.focus` events arrive as the window gains and loses focus.
        public var focusEvents: Bool

        public init(capability: ColorCapability, appearance: Appearance, palette: Palette = .a2,
                    escapeTimeoutMilliseconds: Int32 = 25, synchronizedOutput: Bool? = nil,
                    mouse: Bool = true, bracketedPaste: Bool = true, focusEvents: Bool = true) {
            self.capability = capability
            self.appearance = appearance
            self.palette = palette
            self.escapeTimeoutMilliseconds = escapeTimeoutMilliseconds
            self.synchronizedOutput = synchronizedOutput
            self.mouse = mouse
            self.bracketedPaste = bracketedPaste
            self.focusEvents = focusEvents
        }
    }

    public enum StartError: Error, Equatable {
        case notATerminal
        case alreadyRunning
        case cursesFailed
    }

    public private(set) var options: Options
    public private(set) var width: Int
    public private(set) var height: Int
    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var decoder = KeyDecoder()
    private var lastPainted: ScreenGrid?
    private var pairs = ColorPairTable()
    /// Each style as resolved for the current colours: a frame has a few dozen
    /// styles but thousands of cells, and resolving one finds the nearest of 240 colours.
    private var resolvedStyles: [TextStyle: CursesStyle] = [:]
    private var colorCapability: ColorCapability
    private var terminfoColors: Int
    /// The direct-colour terminfo entry the screen was opened with in place
    /// of TERM's, if any (for a doctor or settings line).
    public private(set) var terminfoEntry: String?
    private let synchronized: Bool
    private let signalPipe: (read: Int32, write: Int32)
    /// Other threads wake the loop's wait with it (work finished, a frame arrived): `nextEvents`
    /// sleeps on the terminal, the forwarded signals and this, nothing else.
    public let waker = WakePipe()
    private var signalSources: [DispatchSourceSignal] = []
    /// Run before the process leaves the terminal: a terminating signal (SIGINT, SIGTERM, SIGHUP,
    /// from the signal's queue, before the terminal is restored) and a suspend (Ctrl-Z). An app keeps
    /// what must not be lost there (a typed draft); it must be quick and thread-safe.
    public let onLeave = LeaveHook()
    private static let forwardedSignals: [Int32] = [SIGWINCH, SIGTSTP, SIGCONT]
    private static let terminatingSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Takes over the terminal: locale from the environment (for UTF-8),
    /// ncurses on stdout/stdin, raw input, no echo, colours from the tokens,
    /// bracketed paste and SGR mouse on, restore handlers armed.
    public init(options: Options, environment: [String: String]) throws(StartError) {
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else { throw .notATerminal }
        guard veet_stdscr() == nil else { throw .alreadyRunning }
        self.options = options
        setlocale(LC_ALL, "")
        // ncursesw draws wide characters only under a UTF-8 locale; a bare
        // "C" environment still gets one.
        if veet_locale_is_utf8() == 0 { setlocale(LC_CTYPE, "C.UTF-8") }
        EmergencyRestore.arm(terminal: STDIN_FILENO)
        // Set before newterm: ncurses installs its own SIGWINCH handler only
        // over the default one, and we want the Dispatch source to have it.
        for signal in Self.forwardedSignals + Self.terminatingSignals { _ = Glibc.signal(signal, SIG_IGN) }
        // A direct-colour entry when the terminal says it speaks 24-bit colour
        // (DirectColorEntry); TERM's own entry otherwise, or when that one fails.
        let direct = DirectColorEntry.choose(requested: options.capability, environment: environment) {
            DirectColorEntry.isInstalled($0, environment: environment)
        }
        let openedDirect = direct.flatMap { name in name.withCString { veet_newterm($0) } }
        guard let screen = openedDirect ?? veet_newterm(nil) else {
            EmergencyRestore.disarm()
            throw .cursesFailed
        }
        terminfoEntry = openedDirect != nil ? direct : nil
        self.screen = screen
        set_term(screen)
        let window = veet_stdscr()
        self.window = window
        raw()
        noecho()
        nonl()
        intrflush(window, false)
        keypad(window, false)
        curs_set(0)
        var colors = 0
        if options.capability != .noColor, has_colors() {
            start_color()
            use_default_colors()
            colors = Int(veet_colors())
        }
        terminfoColors = colors
        colorCapability = CursesStyle.effectiveCapability(requested: options.capability, terminfoColors: colors)
        synchronized = options.synchronizedOutput ?? TerminalModes.supportsSynchronizedOutput(environment: environment)
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        signalPipe = (fds[0], fds[1])
        width = Int(getmaxx(window))
        height = Int(getmaxy(window))
        writeRaw(enabledModes)
        installSignalSources()
    }

    deinit { stop() }

    public var isRunning: Bool { screen != nil }

    /// The modes turned on at start and again after a suspend or a child program
    /// (`disableAll` turns them all off, focus reporting included).
    private var enabledModes: String {
        TerminalModes.enable(mouse: options.mouse, bracketedPaste: options.bracketedPaste, focusEvents: options.focusEvents)
    }

    // MARK: Output

    /// Paints what changed since the last frame, inside a synchronized
    /// update when the terminal supports it; places or hides the cursor.
    public func render(_ grid: ScreenGrid) {
        guard let window else { return }
        for span in grid.changes(since: lastPainted) {
            var column = span.column
            for cell in span.cells {
                defer { column += 1 }
                if cell.isContinuation { continue }
                draw(cell, row: span.row, column: column, window: window)
            }
        }
        if let cursor = grid.cursor {
            curs_set(1)
            wmove(window, Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        lastPainted = grid
        wnoutrefresh(window)
        if synchronized { writeRaw(TerminalModes.beginSynchronized) }
        doupdate()
        if synchronized { writeRaw(TerminalModes.endSynchronized) }
    }

    /// Another appearance or colour depth (a Settings choice), applied at once:
    /// the colour pairs start over and the next `render` repaints everything.
    /// Colours are started here when the session began without them.
    public func restyle(appearance: Appearance, capability: ColorCapability) {
        options.appearance = appearance
        options.capability = capability
        if capability != .noColor, terminfoColors == 0, has_colors() {
            start_color()
            use_default_colors()
            terminfoColors = Int(veet_colors())
        }
        colorCapability = CursesStyle.effectiveCapability(requested: capability, terminfoColors: terminfoColors)
        pairs = ColorPairTable()
        resolvedStyles = [:]
        invalidate()
    }

    /// Forgets what is on screen, so the next `render` repaints everything.
    public func invalidate() {
        lastPainted = nil
        if let window { clearok(window, true) }
    }

    private func resolvedStyle(_ style: TextStyle) -> CursesStyle {
        if let known = resolvedStyles[style] { return known }
        let resolved = CursesStyle(style, capability: colorCapability, appearance: options.appearance,
                                   palette: options.palette, terminfoColors: terminfoColors)
        resolvedStyles[style] = resolved
        return resolved
    }

    private func draw(_ cell: Cell, row: Int, column: Int, window: UnsafeMutablePointer<WINDOW>) {
        let style = resolvedStyle(cell.style)
        let pair = pairs.pair(foreground: style.foreground, background: style.background)
        // A cchar_t holds one spacing character and up to CCHARW_MAX - 1
        // marks, so a cluster with several spacing characters (ZWJ emoji)
        // is drawn as its first one. And ncurses moves its cursor by the C
        // library's wcwidth: where that disagrees with our two columns
        // (emoji made wide by VS16, newer emoji), the base character is
        // drawn alone and the next cell blanked, so nothing after it shifts.
        let attributes = Self.cursesAttributes(style.attributes)
        let scalars = cell.grapheme.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        let base = scalars.first ?? 32
        let fits = scalars.count <= Int(veet_cchar_max())
            && scalars.dropFirst().allSatisfy { DisplayWidth.scalarWidth(UInt32(bitPattern: $0)) == 0 }
        let agrees = veet_wcwidth(base) == Int32(cell.width)
        var character = cchar_t()
        if !(fits && agrees) || veet_setcchar(&character, scalars + [0], attributes, pair) != OK {
            let replacement = agrees || veet_wcwidth(base) == 1 ? base : wchar_t(0xFFFD)
            _ = veet_setcchar(&character, [replacement, 0], attributes, pair)
            if cell.width == 2 && !agrees {
                var blank = cchar_t()
                _ = veet_setcchar(&blank, [32, 0], attributes, pair)
                _ = mvwadd_wch(window, Int32(row), Int32(column), &character)
                _ = mvwadd_wch(window, Int32(row), Int32(column + 1), &blank)
                return
            }
        }
        _ = mvwadd_wch(window, Int32(row), Int32(column), &character)
    }

    static func cursesAttributes(_ attributes: TextAttributes) -> attr_t {
        var result = veet_attr_normal()
        if attributes.contains(.bold) { result |= veet_attr_bold() }
        if attributes.contains(.faint) { result |= veet_attr_dim() }
        if attributes.contains(.italic) { result |= veet_attr_italic() }
        if attributes.contains(.underline) { result |= veet_attr_underline() }
        if attributes.contains(.reverse) { result |= veet_attr_reverse() }
        return result
    }

    /// Sends a control sequence the screen model has no cell for (OSC 52 copy,
    /// say) straight to the terminal, after anything ncurses buffered.
    /// Turns mouse reporting off (so the terminal's own selection works, e.g.
    /// in a full-width reader) or back on; kept across suspend and resume.
    public func setMouseReporting(_ on: Bool) {
        guard on != options.mouse else { return }
        options.mouse = on
        writeRaw(on ? TerminalModes.enable(mouse: true, bracketedPaste: false) : TerminalModes.mouseOff)
    }

    public func sendControlSequence(_ sequence: String) {
        guard isRunning else { return }
        writeRaw(sequence)
    }

    /// Bytes straight to the terminal, after anything ncurses buffered.
    private func writeRaw(_ text: String) {
        veet_flush_stdout()
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { write(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset) }
            if written <= 0 { if errno == EINTR { continue } else { return } }
            offset += written
        }
    }

    // MARK: Input

    /// Waits up to `timeoutMilliseconds` (-1: forever) for input, a
    /// signal or a `waker.wake()`, and returns what arrived, possibly
    /// nothing (a wake or the timeout). A held-back ESC is settled after
    /// the escape timeout. The one wait of an event-driven loop: it wakes
    /// for nothing else.
    public func nextEvents(timeoutMilliseconds: Int32) -> [InputEvent] {
        guard isRunning else { return [] }
        var waits = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: signalPipe.read, events: Int16(POLLIN), revents: 0),
                     pollfd(fd: waker.readDescriptor, events: Int16(POLLIN), revents: 0)]
        let timeout = decoder.needsFlush
            ? (timeoutMilliseconds < 0 ? options.escapeTimeoutMilliseconds : min(options.escapeTimeoutMilliseconds, timeoutMilliseconds))
            : timeoutMilliseconds
        let ready = poll(&waits, 3, timeout)
        if ready > 0, waits[2].revents & Int16(POLLIN) != 0 { waker.drain() }
        var events: [InputEvent] = []
        if ready > 0, waits[1].revents & Int16(POLLIN) != 0 {
            var signals = [UInt8](repeating: 0, count: 16)
            let count = read(signalPipe.read, &signals, signals.count)
            for signal in signals.prefix(max(count, 0)) { events += handleSignal(Int32(signal)) }
        }
        if ready > 0, waits[0].revents & Int16(POLLIN) != 0 {
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = read(STDIN_FILENO, &bytes, bytes.count)
            if count > 0 { events += decoder.feed(bytes.prefix(count)) }
        } else if ready == 0, decoder.needsFlush {
            events += decoder.flush()
        }
        return events
    }

    private func handleSignal(_ signal: Int32) -> [InputEvent] {
        switch signal {
        case SIGWINCH: return [resize()]
        case SIGTSTP:
            suspend()
            // Resumed (fg): the owner is back, as after a focus-in.
            return [resize(), .focus(true)]
        case SIGCONT:
            // Stopped by someone else (SIGSTOP): the shell may have drawn.
            writeRaw(enabledModes)
            return [resize(), .focus(true)]
        default: return []
        }
    }

    /// Reads the kernel's size, tells ncurses, and schedules a full repaint.
    private func resize() -> InputEvent {
        var rows: Int32 = 0
        var columns: Int32 = 0
        if veet_window_size(STDOUT_FILENO, &rows, &columns) == 0, rows > 0, columns > 0 {
            resizeterm(rows, columns)
            height = Int(rows)
            width = Int(columns)
        }
        invalidate()
        return .resize(width: width, height: height)
    }

    /// Gives the terminal back to the shell and stops the process (what
    /// Ctrl-Z should do in raw mode); on return, everything is repainted by
    /// the next `render`.
    public func suspend() {
        guard isRunning else { return }
        onLeave.run()
        writeRaw(TerminalModes.disableAll)
        endwin()
        // SIGSTOP cannot be blocked or ignored, unlike SIGTSTP, which our
        // Dispatch source holds on to.
        kill(getpid(), SIGSTOP)
        writeRaw(enabledModes)
        _ = resize()
    }

    /// Hands the terminal to a child program (an editor) for the length of
    /// `body`, then takes it back; the next `render` repaints everything.
    public func runOutside<T>(_ body: () throws -> T) rethrows -> T {
        guard isRunning else { return try body() }
        writeRaw(TerminalModes.disableAll)
        endwin()
        defer {
            writeRaw(enabledModes)
            _ = resize()
        }
        return try body()
    }

    // MARK: Signals and shutdown

    private func installSignalSources() {
        let queue = DispatchQueue(label: "veet.curses.signals")
        let pipeWrite = signalPipe.write
        for signal in Self.forwardedSignals {
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler {
                var byte = UInt8(signal)
                _ = write(pipeWrite, &byte, 1)
            }
            source.resume()
            signalSources.append(source)
        }
        for signal in Self.terminatingSignals {
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { [onLeave] in
                onLeave.run()
                EmergencyRestore.restore()
                _ = Glibc.signal(signal, SIG_DFL)
                var set = sigset_t()
                sigemptyset(&set)
                sigaddset(&set, signal)
                pthread_sigmask(SIG_UNBLOCK, &set, nil)
                raise(signal)
                _exit(128 + signal)
            }
            source.resume()
            signalSources.append(source)
        }
    }

    /// Restores the terminal (modes off, main screen, cursor shown, line
    /// discipline back). Safe to call twice; `deinit` calls it.
    public func stop() {
        guard let screen else { return }
        for source in signalSources { source.cancel() }
        signalSources = []
        for signal in Self.forwardedSignals + Self.terminatingSignals { _ = Glibc.signal(signal, SIG_DFL) }
        writeRaw(TerminalModes.disableAll)
        curs_set(1)
        endwin()
        delscreen(screen)
        self.screen = nil
        window = nil
        EmergencyRestore.disarm()
        close(signalPipe.read)
        close(signalPipe.write)
    }
}

/// Colour pairs allocated on first use: ncurses pairs are numbered and
/// limited (COLOR_PAIRS), and a screen uses few distinct combinations.
struct ColorPairTable {
    private var numbers: [Int64: Int32] = [:]
    private var next: Int32 = 1

    mutating func pair(foreground: Int32, background: Int32) -> Int32 {
        if foreground == -1 && background == -1 { return 0 }
        let key = Int64(foreground) << 32 | Int64(UInt32(bitPattern: background))
        if let number = numbers[key] { return number }
        guard next < veet_color_pairs() else { return 0 }
        let number = next
        next += 1
        init_extended_pair(number, foreground, background)
        numbers[key] = number
        return number
    }
}

/// What an app runs when the process leaves the terminal (`TerminalSession.onLeave`).
public final class LeaveHook: Sendable {
    private let action = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    public func set(_ body: @escaping @Sendable () -> Void) { action.withLock { $0 = body } }

    public func run() { action.withLock { $0 }?() }
}
