import VeetChat
import VeetChatCommands
import VeetWebsiteAccess

extension CLIContext {
    /// What Chat's command face is handed: this connection, the website-access profile chosen for new
    /// conversations (Website Access's, which Chat may not import), veetd, and the app's words for errors.
    var chatHost: ChatCommandHost {
        let context = self
        return ChatCommandHost(
            sender: { .live(client: try context.client()) },
            identity: { ConnectionIdentity(try context.client().settings) },
            store: { try context.store().0 },
            browserProfile: { store in
                guard let client = try? context.client() else { return nil }
                let chosen = ChosenProfile(store: store)
                return BrowserProfileChoice(profileID: (try? chosen.profileID()) ?? nil,
                                            check: chosen.checkForNewSession(api: WebsiteAccessAPI(sender: .live(client: client))))
            },
            daemon: ChatDaemonHooks(sync: { try DaemonCommand.daemonSync(context: context, client: $0) },
                                    runLeftWaiting: { DaemonCommand.tellRunLeftWaiting(context: context, runID: $0, sessionID: $1) },
                                    visibility: { DaemonVisibility(environment: context.environment) }),
            describe: { CommandHints.message(for: $0) },
            reportError: { ErrorReport(error: $0).print(json: false) },
            environment: environment)
    }

    /// Chat's command face on this connection.
    var chat: ChatCommands { ChatCommands(host: chatHost) }
}
