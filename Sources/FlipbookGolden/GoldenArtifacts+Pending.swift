import Flipbook
import Foundation

extension GoldenArtifacts {
    /// A failing scenario's pictures (each failing frame's and the strip) being written on other
    /// threads; `write` waits for them before the report.
    public typealias PendingPictures = Pending<[FrameImages]>
    /// Files being written on other threads.
    typealias PendingFiles = Pending<Void>

    /// Work started on another thread, and what it gave once it is done.
    public final class Pending<Value: Sendable>: @unchecked Sendable {
        private let done = DispatchGroup()
        // Set once, before `done` is left; read after waiting on it.
        private var result: Result<Value, any Error>?

        init(_ work: @escaping @Sendable () throws -> Value) {
            done.enter()
            DispatchQueue.global().async { [self] in
                result = Result { try work() }
                done.leave()
            }
        }

        /// What the work gave, once it is done; the error that stopped it, if one did.
        public func wait() throws -> Value {
            done.wait()
            return try result!.get()
        }
    }

    /// Starts writing the pictures of scenario `name`'s failing frames among `frames` (as
    /// `write` would), so they are made while the run goes on: `flipbook test` starts them as
    /// soon as a scenario's frames fail (`GoldenSuite.whenFramesFail`), beside the fonts' check
    /// and the failing render's animation, instead of after the suite.
    public func startPictures(of name: String, frames: [FrameOutcome]) -> PendingPictures {
        PendingPictures { try writePictures(name: name, frames: frames) }
    }
}
