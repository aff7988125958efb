/// The version sent in `User-Agent: veet/<version>`.
public enum VeetTransportVersion {
    public static let current = "0.1.0"
}
