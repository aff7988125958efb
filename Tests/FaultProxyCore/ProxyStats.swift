/// Counters a `FaultProxy` keeps, for `GET /stats` and the soak figures.
public struct ProxyStats: Sendable, Equatable {
    public var connections = 0
    public var requests = 0
    /// Requests answered with each fault, by its `FaultRule` name (`pass`, `drop`, …):
    /// what was chosen, whether or not it changed anything.
    public var faults: [String: Int] = [:]
    /// Faults that really took effect, by name: a cut that withheld answer
    /// bytes (not one planned beyond the answer's end), a drop after the
    /// server's first answer byte, a delay or trickle that held at least one
    /// chunk, a stall that held the answer, a redirect. `pass` never counts.
    public var applied: [String: Int] = [:]
    public var bytesToServer = 0
    public var bytesToClient = 0

    public init() {}

    mutating func record(_ fault: ProxyFault) {
        requests += 1
        faults[FaultRule.name(of: fault), default: 0] += 1
    }

    mutating func recordApplied(_ fault: ProxyFault) {
        applied[FaultRule.name(of: fault), default: 0] += 1
    }

    /// Cuts that withheld part of an answer (`cut` and `cut-body`).
    public var appliedCuts: Int { (applied["cut"] ?? 0) + (applied["cut-body"] ?? 0) }

    /// One JSON object, keys sorted, for the control interface.
    public var json: String {
        "{\"applied\":{\(Self.list(applied))},\"bytes_to_client\":\(bytesToClient),\"bytes_to_server\":\(bytesToServer),"
            + "\"connections\":\(connections),\"faults\":{\(Self.list(faults))},\"requests\":\(requests)}"
    }

    private static func list(_ counts: [String: Int]) -> String {
        counts.keys.sorted().map { "\"\($0)\":\(counts[$0]!)" }.joined(separator: ",")
    }
}

/// One request the proxy saw, the fault chosen for its answer, and whether
/// that fault took effect (see `ProxyStats.applied`).
public struct ProxiedRequest: Sendable, Equatable {
    public var line: String
    public var fault: ProxyFault
    public var applied: Bool
}
