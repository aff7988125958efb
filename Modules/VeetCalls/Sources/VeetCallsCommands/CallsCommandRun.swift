import Foundation
import VeetCalls
import VeetConsole
import VeetTransport

/// The `veet calls` commands' work: reads and writes through `CallsAPI`, printed through `Console`.
/// Provider text goes out through `CallWords.plain` (verbatim, no control characters).
struct CallsCommandRun {
    let api: CallsAPI
    let console: Console

    func list() async throws -> ExitCode {
        let calls = try await api.listAll()
        if console.json {
            try console.printJSON(calls)
            return .success
        }
        if calls.isEmpty { console.err.writeLine(CallWords.noCalls) }
        let style = console.outStyle
        for call in calls {
            guard !call.erased else {
                console.out.writeLine("\(style.dim("Erased"))  \(style.dim(call.id))")
                continue
            }
            var head = [call.status?.words ?? "?", call.direction?.rawValue ?? "", ServerText.line(call.counterparty ?? "")]
            if let when = call.createdAt { head.append(when.text) }
            if let duration = CallWords.duration(call.durationMinutes) { head.append(duration) }
            console.out.writeLine(style.emphasis(head.filter { !$0.isEmpty }.joined(separator: "  ")))
            let summary = ServerText.line(call.summary ?? "", limit: 120)
            console.out.writeLine("  " + style.dim(call.id) + (summary.isEmpty ? "" : "  \(summary)"))
        }
        return .success
    }

    func show(_ call: Call) throws -> ExitCode {
        if console.json {
            try console.printJSON(call)
            return .success
        }
        let out = console.out, style = console.outStyle
        guard !call.erased else {
            out.writeLine(CallWords.erased)
            out.writeLine(style.dim(CallWords.providerKeeps))
            out.writeLine(style.dim(call.id))
            return .success
        }
        let head = [call.status?.words ?? "?", call.direction?.rawValue ?? "", ServerText.line(call.counterparty ?? "")]
        out.writeLine(style.emphasis(head.filter { !$0.isEmpty }.joined(separator: " · ")))
        if !call.callerIdentityVerified { out.writeLine(CallWords.unverified) }
        let facts = [call.id, call.createdAt?.text, CallWords.duration(call.durationMinutes)].compactMap { $0 }
        out.writeLine(style.dim(facts.joined(separator: "  ")))
        section("Summary", call.summary, note: CallWords.note(call.summaryState, "summary"))
        section("Transcript", call.transcript, note: CallWords.note(call.transcriptState, "transcript"))
        return .success
    }

    private func section(_ title: String, _ text: String?, note: String?) {
        guard let text else { return }
        console.out.writeLine("")
        console.out.writeLine(console.outStyle.emphasis(title))
        if !text.isEmpty { console.out.writeLine(CallWords.plain(text)) }
        if let note { console.out.writeLine(console.outStyle.dim(note)) }
    }

    func stop(_ id: String) async throws -> ExitCode {
        let stop = try await api.stop(id: id)
        if console.json { try console.printJSON(stop) }
        let words = CallWords.stopped(stop.termination)
        guard stop.termination == .confirmed else {
            console.err.writeLine("\(console.programName): \(words)")
            return .failure
        }
        if !console.json { console.out.writeLine(words) }
        return .success
    }

    func delete(_ id: String, confirmed: Bool) async throws -> ExitCode {
        if !confirmed {
            guard console.terminal.stdinIsTerminal else {
                throw CommandFailure.usage("\(console.programName): deleting a call's content cannot be undone, so it "
                                           + "needs confirmation: run it on a terminal, or add --yes. Nothing was deleted.")
            }
            let call = try await api.read(id: id)
            if call.erased { return try show(call) }
            if call.isInProgress {
                throw CommandFailure("\(console.programName): \(CallWords.stillInProgress)", kind: "conflict")
            }
            console.err.writeLine([call.status?.words, call.counterparty.map { ServerText.line($0) }, call.createdAt?.text]
                .compactMap { $0 }.joined(separator: " · "))
            console.err.writeLine(CallWords.deleteExplanation)
            guard await console.confirm("\(CallWords.deleteQuestion) [y/N] ") else {
                throw CommandFailure("Nothing was deleted.")
            }
        }
        let erased = try await api.delete(id: id)
        if console.json {
            try console.printJSON(erased)
        } else {
            console.out.writeLine(CallWords.erased)
            console.out.writeLine(CallWords.providerKeeps)
        }
        return .success
    }
}
