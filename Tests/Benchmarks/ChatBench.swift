// The transcript reducer: events per second applying a generated 100,000-event
// stream (a long conversation with tools, approvals, reasoning and failures),
// next to the cost of merely decoding the same bytes and iterating the frames.
import VeetChat
import VeetTransport
import VeetWire

let reducerSuite = BenchSuite(name: "reducer") { quick in
    let eventCount = quick ? 20_000 : 100_000
    let repetitions = quick ? 2 : 5
    let body = ReducerCorpus.conversation(events: eventCount)
    let frames = ReducerCorpus.decode(body)
    precondition(frames.count == eventCount, "generated \(frames.count) frames, wanted \(eventCount)")
    let clock = ContinuousClock()

    func best(_ work: () -> Int) -> (Duration, Int) {
        var fastest = Duration.seconds(1_000)
        var result = 0
        for _ in 0..<repetitions {
            var value = 0
            fastest = min(fastest, clock.measure { value = work() })
            result = value
        }
        return (fastest, result)
    }

    let (decodeTime, decoded) = best { ReducerCorpus.decode(body).count }
    let (referenceTime, _) = best { ReducerCorpus.decode(body, RunEventFrame.decodeReference).count }
    let (iterateTime, touched) = best { ReducerCorpus.iterate(frames) }
    let (reduceTime, itemCount) = best {
        var transcript = Transcript()
        transcript.apply(frames)
        return transcript.items.count
    }
    // What every follower runs (TurnRunner.follow in the CLI and TUI, veetd): apply plus its changes.
    let (reportTime, changeCount) = best {
        var transcript = Transcript()
        return frames.reduce(0) { $0 + transcript.applyReportingChanges($1).count }
    }
    // One long streamed answer: each delta must cost the same, however long the answer already is.
    let longAnswer = ReducerCorpus.decode(ReducerCorpus.longAnswer(deltas: 10_000))
    let (longApplyTime, _) = best {
        var transcript = Transcript()
        transcript.apply(longAnswer)
        return transcript.items.count
    }
    let (longReportTime, _) = best {
        var transcript = Transcript()
        return longAnswer.reduce(0) { $0 + transcript.applyReportingChanges($1).count }
    }
    var finished = Transcript()
    finished.apply(frames)
    let (entriesTime, entryCount) = best { finished.entries.count }
    precondition(decoded == eventCount && touched > 0 && itemCount > 0 && entryCount > 0 && changeCount > 0)

    func perSecond(_ time: Duration) -> Double { Double(eventCount) / time.seconds }
    print("reducer: \(eventCount) events (\(fixed(Double(body.count) / 1_048_576, 1)) MiB), best of \(repetitions)")
    print("transcript: \(itemCount) items, \(entryCount) entries after bundling\n")
    let widths = [40, 12, 14, 16]
    print(row(["case", "ms", "events/s", "vs decode"], widths))
    print(String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1)))
    for (name, time) in [("reference: decode with JSONDecoder", referenceTime),
                         ("baseline: decode SSE bytes to frames", decodeTime),
                         ("baseline: iterate decoded frames", iterateTime),
                         ("reducer: apply frames to Transcript", reduceTime),
                         ("reducer: applyReportingChanges", reportTime)] {
        print(row([name, fixed(time.seconds * 1_000, 1), fixed(perSecond(time), 0),
                   fixed(decodeTime.seconds / time.seconds, 2)], widths))
    }
    print(row(["entries: bundle the final transcript", fixed(entriesTime.seconds * 1_000, 2), "-", "-"], widths))
    print(row(["long answer (10,000 deltas): apply", fixed(longApplyTime.seconds * 1_000, 1), "-", "-"], widths))
    print(row(["long answer: applyReportingChanges", fixed(longReportTime.seconds * 1_000, 1), "-",
               fixed(longApplyTime.seconds / longReportTime.seconds, 2)], widths))
    print("\nvs decode = decode time / case time (above 1: faster than decoding the same frames)")
    print("reducer cost per event: \(fixed(reduceTime.seconds * 1e9 / Double(eventCount), 0)) ns; "
          + "decode: \(fixed(decodeTime.seconds * 1e9 / Double(eventCount), 0)) ns "
          + "(JSONDecoder: \(fixed(referenceTime.seconds * 1e9 / Double(eventCount), 0)) ns, "
          + "\(fixed(referenceTime.seconds / decodeTime.seconds, 1))x slower)")
    print("decoded and reduced: \(fixed(perSecond(decodeTime + reduceTime), 0)) events/s (aim: 1,000,000)")
}

/// A long conversation's stream, shaped like the recordings.
enum ReducerCorpus {
    static let attempt = "b5fdf7eb-8ff2-49ea-a969-e43105ef6306"

    static func conversation(events target: Int) -> [UInt8] {
        var writer = Writer()
        var turn = 0
        while writer.events < target {
            writer.turn(turn, limit: target)
            turn += 1
        }
        return Array(writer.text.utf8)
    }

    static func decode(_ body: [UInt8],
                       _ decodeFrame: (SSEEvent) -> RunEventFrame = RunEventFrame.decode) -> [RunEventFrame] {
        var decoder = SSEDecoder(limits: SSELimits(maxLineBytes: 1 << 24, maxEventBytes: 1 << 24))
        var events: [SSEEvent] = []
        do { try decoder.feed(body, into: &events) } catch { fatalError("corpus rejected: \(error)") }
        events += decoder.finish()
        return events.map(decodeFrame)
    }

    /// One run streaming a long answer in `deltas` pieces, then saving it.
    static func longAnswer(deltas: Int) -> [UInt8] {
        var writer = Writer()
        writer.runID = "run-long"
        writer.frame("run.started", "\"attempt\":1,\"lease_epoch\":1")
        writer.frame("model.request.started", "\"attempt_id\":\"\(attempt)\",\"step_number\":1")
        for i in 0..<deltas {
            writer.frame("message.delta", "\"item_index\":0,\"step_number\":1,\"text\":\"piece \(i) of a long answer. \"", persisted: false)
        }
        let message = "{\"content\":[{\"kind\":\"text\",\"text\":\"The long answer.\"}],\"item_index\":0,\"kind\":\"assistant\",\"trust\":\"external_untrusted\"}"
        writer.frame("assistant.message.completed", "\"message\":\(message)")
        writer.frame("run.completed", "\"final_message\":\(message)")
        return Array(writer.text.utf8)
    }

    /// The least a consumer does: look at each frame's sequence and kind.
    @inline(never)
    static func iterate(_ frames: [RunEventFrame]) -> Int {
        var checksum = 0
        for frame in frames {
            checksum &+= Int(frame.sequence ?? 1)
            if case .messageDelta(let delta) = frame.event { checksum &+= delta.text.utf8.count }
        }
        return checksum
    }

    struct Writer {
        var text = ""
        var events = 0
        var sequence: Int64 = 0
        var limit = Int.max
        var runID = ""

        mutating func frame(_ type: String, _ fields: String, persisted: Bool = true) {
            guard events < limit else { return }
            events += 1
            if persisted {
                sequence += 1
                text += "id: \(sequence)\n"
            }
            text += "event: \(type)\ndata: {\(fields),\"run_id\":\"\(runID)\"}\n\n"
        }

        mutating func tool(_ type: String, _ name: String, _ call: String, _ extra: String = "") {
            frame(type, "\"call_id\":\"\(call)\",\"name\":\"\(name)\"\(extra)")
        }

        mutating func turn(_ n: Int, limit: Int) {
            self.limit = limit
            runID = "run-\(n)"
            frame("user.message.created", "\"content\":[{\"kind\":\"text\",\"text\":\"Question number \(n)?\"}]")
            frame("run.queued", "\"priority\":0")
            frame("run.claimed", "\"attempt\":1,\"lease_epoch\":1,\"worker_id\":\"vm:1\"")
            frame("run.started", "\"attempt\":1,\"lease_epoch\":1")
            frame("run.checkpointed", "\"full\":true,\"trigger\":\"seed\",\"version\":1")
            frame("memory.recalled", "\"rendered_sha256\":\"ab\",\"returned\":[],\"trace_id\":\"t\"")
            frame("model.request.started", "\"attempt_id\":\"\(ReducerCorpus.attempt)\",\"step_number\":1")
            for i in 0..<4 {
                frame("reasoning.delta", "\"is_summary\":\(i == 0),\"item_index\":0,\"step_number\":1,\"text\":\"**Plan \(i)**\\nweighing\"",
                      persisted: false)
            }
            let names = ["web.fetch", "gmail.search", "workspace.write_text", "sandbox.run_command"]
            let calls = (0..<3).map { (name: names[(n + $0) % names.count], id: "c\(n)-\($0)") }
            let items = calls.enumerated().map { index, call in
                "{\"arguments\":{\"q\":\"\(n)\"},\"call_id\":\"\(call.id)\",\"item_index\":\(index),\"kind\":\"tool_call\","
                    + "\"name\":\"\(call.name)\",\"parse_error\":null,\"raw_arguments\":\"{}\"}"
            }.joined(separator: ",")
            frame("model.response.completed", "\"conversation_items\":[\(items)],\"step_number\":1,\"stop_reason\":\"tool_use\",\"tool_names\":[]")
            for (index, call) in calls.enumerated() {
                tool("tool.call.proposed", call.name, call.id)
                if n % 5 == 0 && index == 0 {
                    frame("run.waiting_for_approval", "\"suspension\":{\"approval_id\":\"a\(n)\",\"kind\":\"approval\"}")
                    frame("approval.requested", "\"approval_id\":\"a\(n)\"")
                    frame("approval.resolved", "\"approval_id\":\"a\(n)\",\"resolution\":\"approve_once\"")
                }
                tool("tool.call.authorized", call.name, call.id)
                tool("tool.call.started", call.name, call.id)
                let failed = (n + index) % 7 == 0
                let result = failed
                    ? "{\\\"status\\\":\\\"failed\\\",\\\"action\\\":\\\"\(call.name)\\\",\\\"reason_code\\\":\\\"tool.timeout\\\",\\\"message\\\":\\\"Too slow.\\\",\\\"retryable\\\":true,\\\"remediation\\\":\\\"none\\\"}"
                    : "{\\\"exit_code\\\":0,\\\"stderr\\\":\\\"\\\",\\\"stdout\\\":\\\"line \(n)\\\"}"
                tool(failed ? "tool.call.failed" : "tool.call.completed", call.name, call.id,
                     ",\"reason_code\":\"\(failed ? "tool.timeout" : "tool.succeeded")\",\"result_item\":{\"call_id\":\"\(call.id)\","
                        + "\"content\":[{\"kind\":\"text\",\"text\":\"\(result)\"}],\"is_error\":\(failed),\"kind\":\"tool_result\",\"trust\":\"internal_tool\"}")
            }
            frame("model.request.started", "\"attempt_id\":\"\(ReducerCorpus.attempt)\",\"step_number\":2")
            for i in 0..<20 {
                frame("message.delta", "\"item_index\":0,\"step_number\":2,\"text\":\"chunk \(i) of answer \(n). \"", persisted: false)
            }
            frame("model.response.completed", "\"conversation_items\":[],\"step_number\":2,\"stop_reason\":\"end_turn\",\"tool_names\":[]")
            if n % 11 == 0 {
                frame("run.failed", "\"failure\":{\"attempt_number\":1,\"details\":{},\"message\":\"the model provider rejected the request\","
                      + "\"reason\":\"model_permanent_error\",\"step_number\":2}")
                return
            }
            let message = "{\"content\":[{\"kind\":\"text\",\"text\":\"Answer \(n).\"}],\"item_index\":0,\"kind\":\"assistant\",\"trust\":\"external_untrusted\"}"
            frame("assistant.message.completed", "\"message\":\(message)")
            frame("run.completed", "\"final_message\":\(message)")
        }
    }
}
