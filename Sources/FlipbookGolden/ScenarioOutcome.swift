import Foundation

/// One scenario's result.
public struct ScenarioOutcome: Sendable {
    public enum Status: String, Sendable { case passed, recorded, rerecorded, failed, missing, error }
    public var name: String
    public var file: String
    public var status: Status
    /// The manifest's differences from this machine, said before any pixel.
    public var environmentNotes: [String] = []
    /// Every frame compared, in time order.
    public var frames: [FrameOutcome] = []
    /// The first trace line that differs, when one does.
    public var traceDifference: String?
    /// Why it failed, in sentences that can be pasted.
    public var messages: [String] = []
    public var renderSeconds = 0.0
    public var compareSeconds = 0.0

    public var failed: Bool { status == .failed || status == .missing || status == .error }
}
