import Flipbook
import Foundation

/// The frames a comparison page shows, as pictures PNG-encoded off the render's thread. A key
/// frame is one picture; every other frame is the rectangles where it differs from its key frame
/// (`FramePatches`), each a picture of its own, drawn over the key frame by the page: a grid
/// whose cells barely move (or a recording's cell of a few hundred colours) costs a fraction of
/// whole full-colour frames to encode and to load. A frame that differs from its key frame over
/// more than half its area becomes a key frame; any frame is its key frame and its own patches,
/// so the page shows any frame from two pictures' worth of drawing, in any order.
///
/// Each picture is handed to a background queue as it is made (both cores work: the render's
/// and the encoder's), and whoever asks for a picture before its turn encodes it at once. The
/// preview serves its page as soon as the render ends and each picture as the page asks for it
/// (`png(at:)`); `compare --html` waits for all of them (`encodedPictures()`). Pictures waiting
/// to be encoded are bounded (`pendingBudget` bytes): past it the render waits. A picture's
/// bytes depend on its frames alone, so the page is the same on any thread count.
public final class PageFrameStore: @unchecked Sendable {
    /// Where a frame's pictures go: `base` is its key frame (itself for a key frame), whose
    /// parts are drawn first, then its own `parts` (picture index and top-left corner).
    public struct Frame: Equatable, Sendable {
        public var time: Double
        public var base: Int
        public var parts: [Part]
    }

    /// One picture of a frame, drawn with its top-left corner at (`x`, `y`).
    public struct Part: Equatable, Sendable {
        public var picture: Int
        public var x: Int
        public var y: Int
    }

    // Every field below is guarded by `condition`, which is signalled when a picture is encoded.
    private let condition = NSCondition()
    private enum Slot {
        case raw(PixelBuffer)
        case encoding
        case png([UInt8])
        case failed(String)
    }
    private var slots: [Slot] = []
    private var frameList: [Frame] = []
    private var pendingBytes = 0
    private var cancelled = false
    private let pendingBudget: Int
    private let group = DispatchGroup()
    private static let cancelledMessage = "the render was cancelled before this frame was encoded"
    /// The latest key frame and its index; used by `append`'s caller only.
    private var keyFrame: (index: Int, pixels: PixelBuffer)?

    /// `pendingBudget`: the most bytes of pictures waiting to be encoded (128 MB: a render
    /// faster than its encoding does not keep every frame raw).
    init(pendingBudget: Int = 128 << 20) { self.pendingBudget = pendingBudget }

    /// When each frame shows, seconds on the comparison's clock.
    public var times: [Double] { condition.withLock { frameList.map(\.time) } }

    /// Each frame's key frame and pictures.
    public var frames: [Frame] { condition.withLock { frameList } }

    /// The number of frames.
    public var count: Int { condition.withLock { frameList.count } }

    /// The number of pictures (key frames and patches).
    public var pictureCount: Int { condition.withLock { slots.count } }

    /// The frames' size in pixels (that of the first; zero before it).
    public var size: (width: Int, height: Int) { condition.withLock { frameSize } }
    private var frameSize = (width: 0, height: 0)

    /// Keeps `frame` (shown at `time`): a key frame, or the rectangles where it differs from
    /// the latest one, each queued for encoding. Waits while too many bytes are still raw.
    /// Called from one thread at a time, frames in order.
    func append(_ frame: PixelBuffer, time: Double) {
        // A frame of another size than its key frame differs all over: a key frame itself.
        var pictures: [(pixels: PixelBuffer, x: Int, y: Int)] = [(frame, 0, 0)]
        var base: Int?
        if let key = keyFrame {
            let changes = FramePatches.changes(of: frame, since: key.pixels)
            if changes.reduce(0, { $0 + $1.area }) * 2 <= frame.width * frame.height {
                base = key.index
                pictures = changes.compactMap { r in
                    frame.cropped(x: r.x, y: r.y, width: r.width, height: r.height).map { ($0, r.x, r.y) }
                }
            }
        }
        let bytes = pictures.reduce(0) { $0 + $1.pixels.premultipliedARGB.count * 4 }
        let (index, indices): (Int, Range<Int>?) = condition.withLock {
            while pendingBytes > 0 && pendingBytes + bytes > pendingBudget && !cancelled { condition.wait() }
            if frameList.isEmpty { frameSize = (frame.width, frame.height) }
            let index = frameList.count
            let first = slots.count
            let parts = pictures.enumerated().map { Part(picture: first + $0.offset, x: $0.element.x, y: $0.element.y) }
            frameList.append(Frame(time: time, base: base ?? index, parts: parts))
            guard !cancelled else {
                slots += pictures.map { _ in .failed(Self.cancelledMessage) }
                return (index, nil)
            }
            slots += pictures.map { .raw($0.pixels) }
            pendingBytes += bytes
            return (index, first..<slots.count)
        }
        if base == nil { keyFrame = (index, frame) }
        guard let indices else { return }
        for index in indices {
            DispatchQueue.global().async(group: group) { [self] in _ = try? png(at: index) }
        }
    }

    /// Picture `index`'s PNG (nil past the last picture), encoded now if its turn has not come.
    public func png(at index: Int) throws -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard slots.indices.contains(index) else { return nil }
            switch slots[index] {
            case .png(let bytes): return bytes
            case .failed(let message): throw PageFrameError(message: message)
            case .encoding: condition.wait()
            case .raw(let picture):
                slots[index] = .encoding
                condition.unlock()
                let result = Result { try PNGEncoder.encodeCompact(picture) }
                condition.lock()
                pendingBytes -= picture.premultipliedARGB.count * 4
                switch result {
                case .success(let bytes): slots[index] = .png(bytes)
                case .failure(let error): slots[index] = .failed("\(error)")
                }
                condition.broadcast()
            }
        }
    }

    /// Every picture's PNG, once all are encoded.
    public func encodedPictures() throws -> [[UInt8]] {
        group.wait()
        return try (0..<pictureCount).map { try png(at: $0) ?? [] }
    }

    /// Drops the pictures not yet encoded (a render cancelled or replaced): queued work finds
    /// nothing to do, and a render waiting for room goes on.
    public func cancel() {
        condition.withLock {
            cancelled = true
            for i in slots.indices {
                guard case .raw(let picture) = slots[i] else { continue }
                slots[i] = .failed(Self.cancelledMessage)
                pendingBytes -= picture.premultipliedARGB.count * 4
            }
            condition.broadcast()
        }
    }
}

/// A page picture that could not be encoded (an empty frame), or whose render was cancelled.
struct PageFrameError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
