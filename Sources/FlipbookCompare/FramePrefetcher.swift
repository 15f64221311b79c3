import Flipbook
import Foundation

/// Decodes a recording ahead of the comparison's clock on a thread of its own: the frames at
/// the indices the clock will ask for, in order, each cropped and scaled, at most `capacity`
/// waiting. Frames in between are skipped as the stream allows. The render and the decoding
/// then share the two cores instead of taking turns.
final class FramePrefetcher: @unchecked Sendable {
    // `ready`, `done` and `stopped` are guarded by `condition`; the stream is the thread's alone.
    private let condition = NSCondition()
    private var ready: [(index: Int, frame: PixelBuffer)] = []
    private var done = false
    private var stopped = false
    private let capacity = 3

    /// Starts decoding `stream` (which the prefetcher owns from now on) for `wanted` indices
    /// (ascending), each passed through `fit`.
    init(stream: any RecordingStream, wanted: [Int], fit: @escaping @Sendable (PixelBuffer) throws -> PixelBuffer) {
        let owned = StreamBox(stream)
        let thread = Thread { [self] in
            defer {
                condition.withLock {
                    done = true
                    condition.broadcast()
                }
            }
            var index = -1
            do {
                for w in wanted where w > index {
                    while index < w - 1 {
                        guard try owned.stream.skipFrame() else { return }
                        index += 1
                    }
                    guard let raw = try owned.stream.nextFrame() else { return }
                    index += 1
                    let frame = try fit(raw)
                    let go: Bool = condition.withLock {
                        while ready.count >= capacity && !stopped { condition.wait() }
                        guard !stopped else { return false }
                        ready.append((index, frame))
                        condition.broadcast()
                        return true
                    }
                    if !go { return }
                }
            } catch {
                // The clock's own decoding meets the error again and reports it.
            }
        }
        thread.stackSize = 1 << 20
        thread.start()
    }

    /// Frame `index` if the prefetcher reaches it: nil when it passed it, the recording ended
    /// first, or decoding failed (the caller then decodes itself).
    func take(_ index: Int) -> PixelBuffer? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let first = ready.first {
                if first.index > index { return nil }
                ready.removeFirst()
                condition.broadcast()
                if first.index == index { return first.frame }
            } else if done {
                return nil
            } else {
                condition.wait()
            }
        }
    }

    /// Ends the thread at its next frame.
    func stop() {
        condition.withLock {
            stopped = true
            ready = []
            condition.broadcast()
        }
    }
}

/// Hands a stream to the prefetching thread, which alone uses it from then on.
private final class StreamBox: @unchecked Sendable {
    let stream: any RecordingStream
    init(_ stream: any RecordingStream) { self.stream = stream }
}
