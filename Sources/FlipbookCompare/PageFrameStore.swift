import Flipbook
import Foundation

/// The frames a comparison page shows, PNG-encoded off the render's thread: each frame kept is
/// handed to a background queue as it arrives (both cores work: the render's and the
/// encoder's), and whoever asks for a frame before its turn encodes it at once. The preview
/// serves its page as soon as the render ends and each frame as the page asks for it
/// (`png(at:)`); `compare --html` waits for all of them (`encodedFrames()`) to inline them.
/// Frames waiting to be encoded are bounded (`pendingBudget` bytes): past it the render waits.
/// Each frame's bytes depend on that frame alone, so the page is the same on any thread count.
public final class PageFrameStore: @unchecked Sendable {
    // Every field below is guarded by `condition`, which is signalled when a frame is encoded.
    private let condition = NSCondition()
    private enum Slot {
        case raw(PixelBuffer)
        case encoding
        case png([UInt8])
        case failed(String)
    }
    private var slots: [Slot] = []
    private var frameTimes: [Double] = []
    private var pendingBytes = 0
    private var cancelled = false
    private let pendingBudget: Int
    private let group = DispatchGroup()
    private static let cancelledMessage = "the render was cancelled before this frame was encoded"

    /// `pendingBudget`: the most bytes of frames waiting to be encoded (128 MB: a render faster
    /// than its encoding does not keep every frame raw).
    init(pendingBudget: Int = 128 << 20) { self.pendingBudget = pendingBudget }

    /// When each frame shows, seconds on the comparison's clock.
    public var times: [Double] { condition.withLock { frameTimes } }

    public var count: Int { condition.withLock { slots.count } }

    /// Keeps `frame` (shown at `time`) and queues its encoding; waits while too many bytes of
    /// frames are still raw.
    func append(_ frame: PixelBuffer, time: Double) {
        let bytes = frame.premultipliedARGB.count * 4
        let index: Int? = condition.withLock {
            while pendingBytes > 0 && pendingBytes + bytes > pendingBudget && !cancelled { condition.wait() }
            frameTimes.append(time)
            guard !cancelled else {
                slots.append(.failed(Self.cancelledMessage))
                return nil
            }
            slots.append(.raw(frame))
            pendingBytes += bytes
            return slots.count - 1
        }
        guard let index else { return }
        DispatchQueue.global().async(group: group) { [self] in _ = try? png(at: index) }
    }

    /// Frame `index`'s PNG (nil past the last frame), encoded now if its turn has not come.
    public func png(at index: Int) throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard slots.indices.contains(index) else { return nil }
            switch slots[index] {
            case .png(let bytes): return bytes
            case .failed(let message): throw PageFrameError(message: message)
            case .encoding: condition.wait()
            case .raw(let frame):
                slots[index] = .encoding
                condition.unlock()
                let result = Result { try PNGEncoder.encodeCompact(frame) }
                condition.lock()
                pendingBytes -= frame.premultipliedARGB.count * 4
                switch result {
                case .success(let bytes): slots[index] = .png(bytes)
                case .failure(let error): slots[index] = .failed("\(error)")
                }
                condition.broadcast()
            }
        }
    }

    /// Every frame's PNG, once all are encoded.
    public func encodedFrames() throws -> [[UInt8]] {
        group.wait()
        return try (0..<count).map { try png(at: $0) ?? [] }
    }

    /// Drops the frames not yet encoded (a render cancelled or replaced): queued work finds
    /// nothing to do, and a render waiting for room goes on.
    public func cancel() {
        condition.withLock {
            cancelled = true
            for i in slots.indices {
                guard case .raw(let frame) = slots[i] else { continue }
                slots[i] = .failed(Self.cancelledMessage)
                pendingBytes -= frame.premultipliedARGB.count * 4
            }
            condition.broadcast()
        }
    }
}

/// A page frame that could not be encoded (an empty frame), or whose render was cancelled.
struct PageFrameError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
