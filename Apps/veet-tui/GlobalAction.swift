import VeetCurses

/// What a key means in the chat wherever the focus is: a pure table, so the
/// command palette's entries can be checked against the keys the chat handles.
enum GlobalAction: Sendable, Hashable {
    case stopOrQuit, quit, newConversation, search, stopTaskPermission, attach, toggleChats
    case help, palette, website, schedules, memory, people, email, settings, connections, outbox, devices
    case calls, surfaces
    case cycleFocus(backwards: Bool), escape, pageUp, pageDown
    /// `?` opens the help unless it is being typed into the composer or the search.
    case helpUnlessTyping

    init?(_ key: KeyPress) {
        switch key {
        case .char("c", .control): self = .stopOrQuit
        case .char("d", .control): self = .quit
        case .char("n", .control): self = .newConversation
        case .char("f", .control): self = .search
        case .char("g", .control): self = .stopTaskPermission
        case .char("t", .control), .char("a", .alt): self = .attach
        case .char("o", .control), KeyPress(.function(2)): self = .toggleChats
        case .char("p", .control): self = .palette
        case .char("q", .control): self = .outbox
        case .char("d", .alt): self = .devices
        case .char("c", .alt): self = .calls
        case .char("m", .alt): self = .surfaces
        case KeyPress(.function(1)): self = .help
        case KeyPress(.function(3)): self = .website
        case KeyPress(.function(4)): self = .schedules
        case KeyPress(.function(5)): self = .memory
        case KeyPress(.function(6)): self = .people
        case KeyPress(.function(7)): self = .email
        case KeyPress(.function(8)): self = .settings
        case KeyPress(.function(9)): self = .connections
        case KeyPress(.tab): self = .cycleFocus(backwards: false)
        case KeyPress(.tab, .shift): self = .cycleFocus(backwards: true)
        case KeyPress(.escape): self = .escape
        case KeyPress(.pageUp): self = .pageUp
        case KeyPress(.pageDown): self = .pageDown
        case .char("?"): self = .helpUnlessTyping
        default: return nil
        }
    }
}
