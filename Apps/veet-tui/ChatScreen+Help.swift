import VeetChatScreens
import VeetCurses

/// The keys overlay (F1, ?): every key of the shell and of the screens it mounts, by where it applies.
extension ChatScreen {
    static let help = HelpOverlay(title: "Keys", groups: [
        .init("Conversation", [
            .init("Enter", "send (while a run goes: queued, sent when it ends)"),
            .init("Alt-Enter, Ctrl-J", "new line in the message"),
            .init("Ctrl-T, Alt-A", "attach a file by path", press: .char("t", .control)),
            .init("PgUp, PgDn, wheel", "scroll the transcript"),
            .init("Ctrl-C", "stop the running run (quit when idle)", press: .char("c", .control)),
            .init("Ctrl-N", "new conversation", press: .char("n", .control)),
            .init("F3", "website access: profiles, add a website, revoke, delete", press: KeyPress(.function(3))),
            .init("F4", "schedules: read, pause, resume, cancel; create and edit", press: KeyPress(.function(4))),
            .init("F5", "memory: review, correct, delete; the synthesis journal", press: KeyPress(.function(5))),
            .init("F6", "people: profiles, prepare for a conversation, pin, repair identity, merge, rename, forget", press: KeyPress(.function(6))),
            .init("F7", "Email mode, and back to Chat (both stay as you left them)", press: KeyPress(.function(7))),
            .init("F8", "settings: connection, models, website access, appearance, data & privacy", press: KeyPress(.function(8))),
            .init("F9", "connections: switch, add, forget (the active one marked ✓)", press: KeyPress(.function(9))),
            .init("Ctrl-Q", "outbox: messages not yet confirmed, their state and reason; r send again, x discard",
                  press: .char("q", .control)),
            .init("Alt-D", "devices registered for notifications; x revoke one (asks first)", press: .char("d", .alt)),
            // Worded without an "s": the palette's pictured search for "s" lists the same entries.
            .init("Alt-C", "phone call log: read a call, hang up, delete the content", press: .char("c", .alt)),
            .init("Alt-M", "Telegram and other chat app pairing: a one-time code, revoke, delete", press: .char("m", .alt)),
        ]),
        .init("Email (F7)", [
            .init("Up, Down, Enter, Tab", "choose a conversation, read it, list ↔ page"),
            .init("e / u / h / ! / n", "archive in Gmail / move to Inbox / handled / spam / not spam"),
            .init("/ , a, m, N", "search, account filter, mailbox status, show new mail"),
            .init("t, U", "teach Veetbot; undo the last teaching"),
            .init("r, E, s", "reply here / in $EDITOR / Review & Send (a approves once)"),
            .init("< >", "move the divider between the inbox and the page"),
        ]),
        .init("Schedules (F4)", [
            .init("n / e", "new schedule / edit the selected one (title, instruction, cadence in words, time zone)"),
            .init("Tab, Enter, Ctrl-S", "in the form: next field, next (on the last: save), save"),
            .init("p / u / x, f, g", "pause / resume / cancel (asks first); filter by state; refresh"),
        ]),
        OpenConversation.transcriptHelp,
        OpenConversation.attachmentsHelp,
        .init("Approval (docked above the composer)", [
            .init("a", "approve once"),
            .init("t, then y", "website action: allow for this task (when offered)"),
            .init("d", "deny"),
            .init("v; Up, Down", "every argument whole, or a few again; scroll them"),
            .init("Ctrl-G", "stop the task permission shown above the composer (several: choose which)", press: .char("g", .control)),
        ]),
        .init("Folders (in the chats)", [
            .init("Enter", "open or close a folder or a Scheduled group; + New folder"),
            .init("m", "move the conversation to a folder (or back to History)"),
            .init("r / x", "folder: rename / delete (its chats go back to History)"),
            .init("s", "folder: solo mode on or off (one folder open at a time)"),
            .init("a / d / r", "suggested folder: accept / decline / rename and accept"),
        ]),
        .init("Chats", [
            .init("Ctrl-F", "search as you type; Enter or Down to the hits", press: .char("f", .control)),
            .init("Tab, Shift-Tab", "move focus: search, chats, transcript, composer", press: KeyPress(.tab)),
            .init("Up, Down, Enter", "choose a conversation; Enter on a header folds it"),
            .init("Enter on Needs you", "open what a feature needs of you on its own screen: a mail, a memory, a person"),
            .init("Delete, x", "delete the conversation (asks first)"),
            .init("Ctrl-O, F2", "show or hide the chats (narrow terminals)", press: .char("o", .control)),
            .init("?, F1", "this help", press: KeyPress(.function(1))),
            .init("Ctrl-P", "command palette: every action here, type to filter, Enter runs it"),
            .init("Esc", "close; clear the search; take back a queued message"),
            .init("Ctrl-D", "quit", press: .char("d", .control)),
        ]),
    ])
}
