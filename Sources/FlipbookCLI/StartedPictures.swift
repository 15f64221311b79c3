import FlipbookGolden
import Foundation

/// The failing scenarios whose pictures `flipbook test` started writing when their frames
/// failed, by name, for `GoldenArtifacts.write` to wait for.
final class StartedPictures: @unchecked Sendable {
    private let artifacts: GoldenArtifacts
    private let lock = NSLock()
    private var started: [String: GoldenArtifacts.PendingPictures] = [:]

    init(_ artifacts: GoldenArtifacts) { self.artifacts = artifacts }

    /// Starts `name`'s pictures unless they were started.
    func start(name: String, frames: [FrameOutcome]) {
        lock.withLock {
            if started[name] == nil { started[name] = artifacts.startPictures(of: name, frames: frames) }
        }
    }

    /// Every start so far.
    var all: [String: GoldenArtifacts.PendingPictures] { lock.withLock { started } }
}
