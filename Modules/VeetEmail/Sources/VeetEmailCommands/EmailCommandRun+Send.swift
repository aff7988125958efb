import Foundation
import VeetConsole
import VeetEmail
import VeetTransport
import VeetWire

/// `send`: Review & Send (docs/wire/email.md §9). The exact verified message is printed,
/// then approved once; nothing unverified is ever offered.
extension EmailCommandRun {
    private struct SentReport: Encodable {
        var outcome: String
        var message: String
        var draftID: String
        var revision: Int
        var verified = true
        var to: [String]
        var cc: [String]
        var bcc: [String]
        var subject: String
        var body: String
        enum CodingKeys: String, CodingKey {
            case outcome, message, revision, verified, to, cc, bcc, subject, body
            case draftID = "draft_id"
        }
    }

    func send(_ threadID: String, yes: Bool) async throws -> ExitCode {
        let (detail, draft) = try await requireDraft(threadID)
        if draft.status == .uncertain {
            throw fail("\(program): \(SendOutcome.unknown.description)", .failure)
        }
        let account = try await api.accounts().first { $0.id == draft.accountID }
        let session = DraftSession(api: api, draft: draft)
        await session.reviewed(threadRevision: detail.thread.revision)
        let review = ReviewAndSend(api: api, account: account)
        console.err.writeLine("Preparing the send and checking its approval…")
        let stage = await review.prepare(session, providerThreadID: detail.providerThreadID)
        guard case .verified(let frozen, let approval, _) = stage else {
            if case .refused(.unverified(let report)) = stage {
                throw fail("\(program): \(report.description)", .notVerified)
            }
            if case .refused(let refusal) = stage { throw fail("\(program): \(refusal.description)", .failure) }
            throw fail("\(program): the send could not be prepared; nothing was sent.", .failure)
        }
        printVerified(frozen, account: account, to: console.json ? console.err : console.out)
        if !yes {
            guard console.terminal.stdinIsTerminal else {
                // Not left parked: the draft stays editable and sendable.
                _ = try? await api.resolveSendApproval(id: approval.id, decision: .deny)
                throw fail("\(program): nothing was sent: sending needs your confirmation on a terminal, "
                                    + "or --yes once you have read the message above.", .needsInteraction)
            }
            let answer = await console.readLine("Send this message? [y/N] ")
            guard answer?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("y") == true else {
                // Declined: the approval is denied so the draft is editable again.
                _ = try? await api.resolveSendApproval(id: approval.id, decision: .deny)
                throw fail("Nothing was sent; the draft is kept.", .failure)
            }
        }
        let outcome = await review.approve()
        let name = switch outcome {
        case .sent: "sent"
        case .failed: "failed"
        case .unknown: "unknown"
        case .notVerified: "not_verified"
        case .alreadyApproved: "already_approved"
        }
        guard outcome == .sent else {
            throw fail("\(program): \(outcome.description)", .failure)
        }
        if console.json {
            let content = frozen.content
            try console.printJSON(SentReport(outcome: name, message: outcome.description, draftID: frozen.draftID,
                                            revision: frozen.revision, to: content.to, cc: content.cc, bcc: content.bcc,
                                            subject: content.subject, body: content.body))
        } else {
            console.out.writeLine(outcome.description)
        }
        return .success
    }

    /// The message exactly as the verified approval will send it (on stdout; the ask is on stderr).
    private func printVerified(_ frozen: FrozenDraft, account: EmailAccount?, to output: Output) {
        let style = console.json ? console.errStyle : console.outStyle
        let content = frozen.content
        output.writeLine(style.success("Verified: the approval matches this message exactly."))
        var headers: [(String, String)] = [("From", account.map { "\($0.label) <\($0.emailAddress)>" } ?? frozen.accountID),
                                           ("To", content.to.joined(separator: ", "))]
        if !content.cc.isEmpty { headers.append(("Cc", content.cc.joined(separator: ", "))) }
        if !content.bcc.isEmpty { headers.append(("Bcc", content.bcc.joined(separator: ", "))) }
        headers.append(("Subject", content.subject))
        if let reply = frozen.inReplyTo { headers.append(("In-Reply-To", reply)) }
        for (name, value) in headers {
            output.writeLine("\(style.dim(name + ":")) \(ServerText.line(value, limit: 2000))")
        }
        output.writeLine("")
        for line in Self.paragraphs(content.body) { output.writeLine(line) }
        output.writeLine("")
    }
}
