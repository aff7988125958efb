/// Counters a `FaultProxy` keeps, for `GET /stats` and the soak figures.
public struct ProxyStats: Sendable, Equatable {
    public var connections = 0
    public var requests = 0
    /// Requests answered with each fault, by its `FaultRule` name (`pass`, `drop`, …).
    public var faults: [String: Int] = [:]
    public var bytesToServer = 0
    public var bytesToClient = 0

    public init() {}

    mutating func record(_ fault: ProxyFault) {
        requests += 1
        faults[FaultRule.name(of: fault), default: 0] += 1
    }

    /// One JSON object, keys sorted, for the control interface.
    public var json: String {
        let faultList = faults.keys.sorted().map { "\"\($0)\":\(faults[$0]!)" }.joined(separator: ",")
        return "{\"bytes_to_client\":\(bytesToClient),\"bytes_to_server\":\(bytesToServer),"
            + "\"connections\":\(connections),\"faults\":{\(faultList)},\"requests\":\(requests)}"
    }
}
