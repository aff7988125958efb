/// Generated event-stream bodies for the benchmarks, shaped like real traffic.
enum Corpus {
    /// About `targetBytes` of small frames: mostly transient `message.delta`
    /// frames, every eighth one a persisted frame with an `id:` line, and
    /// now and then a heartbeat comment. Returns the body and its event count.
    static func smallEvents(targetBytes: Int) -> (bytes: [UInt8], events: Int) {
        let runID = "faa28b85-6186-4e08-bddb-1cb7bb0aee84"
        let attemptID = "b5fdf7eb-8ff2-49ea-a969-e43105ef6306"
        var body: [UInt8] = []
        body.reserveCapacity(targetBytes + 1_024)
        var events = 0
        var sequence = 11
        while body.count < targetBytes {
            if events % 8 == 7 {
                sequence += 1
                body += Array("""
                id: \(sequence)
                event: model.request.started
                data: {"attempt_id":"\(attemptID)","context_capacity_tokens":"32768","context_epoch":"1",\
                "context_reserve_tokens":"2048","context_total_tokens":"\(8_000 + events % 1_000)",\
                "prefix_sha256":"79717ed303418e728143580961d04253bed0a14578d0a1a93d4de780528a8cf6",\
                "run_id":"\(runID)","step_number":\(events / 1_000)}


                """.utf8)
            } else {
                body += Array("""
                event: message.delta
                data: {"attempt_id":"\(attemptID)","item_index":0,"run_id":"\(runID)",\
                "step_number":1,"text":"chunk \(events) of a streamed answer. "}


                """.utf8)
            }
            events += 1
            if events % 500 == 0 { body += Array(": heartbeat\n\n".utf8) }
        }
        return (body, events)
    }

    /// One frame whose single `data:` line carries `payloadBytes` bytes.
    static func singleLine(payloadBytes: Int) -> [UInt8] {
        var body = Array("event: big\ndata: ".utf8)
        body.reserveCapacity(payloadBytes + 32)
        let pattern = Array("{\"text\":\"0123456789 abcdefghijklmnopqrstuvwxyz\"}".utf8)
        while body.count < payloadBytes + 17 {
            body += pattern.prefix(payloadBytes + 17 - body.count)
        }
        body += Array("\n\n".utf8)
        return body
    }
}
