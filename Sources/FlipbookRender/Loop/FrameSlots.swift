import FlipbookCore
import Foundation

/// The buffers a render draws its frames in, used round-robin: frame k goes in slot k mod
/// `count`, which still holds frame k − `count`, so only the rows that changed since then are
/// redrawn: a frame costs what changed, not the canvas, and no buffer is allocated, cleared or
/// copied per frame.
///
/// Which frame each slot holds is kept by the loop's thread (`assign`); a job on another thread
/// only draws into the slot it was given, and no two jobs in flight share one. The loop hands a
/// frame to the sinks as a `PixelBuffer` sharing the slot's storage; a sink that keeps one past
/// the slot's next use gets its own copy then (arrays copy on write), so what it keeps never changes.
final class FrameSlots: @unchecked Sendable {
    /// One frame's buffer.
    final class Slot: @unchecked Sendable {
        var words: [UInt32] = []
    }

    let count: Int
    private let slots: [Slot]
    /// The frame each slot holds (nil: nothing yet). Read and written on the loop's thread only.
    private var held: [Int?]

    init(count: Int) {
        self.count = max(1, count)
        slots = (0..<self.count).map { _ in Slot() }
        held = Array(repeating: nil, count: self.count)
    }

    /// The slot frame `frame` is drawn in, and the rows it must redraw there: every row when the
    /// slot is new or the frame cannot be drawn in bands, else the union of the damage of every
    /// frame since the one the slot holds (`damage(i)`: frame i against frame i − 1, nil for
    /// every row). The slot holds `frame` from then on.
    func assign(_ frame: Int, height: Int, bandSafe: Bool, damage: (Int) -> Range<Int>?) -> (slot: Slot, rows: Range<Int>) {
        let i = frame % count
        defer { held[i] = frame }
        guard bandSafe, let last = held[i], last < frame else { return (slots[i], 0..<height) }
        var rows: Range<Int>? = nil
        for f in (last + 1)...frame {
            guard let d = damage(f) else { return (slots[i], 0..<height) }
            if d.isEmpty { continue }
            rows = rows.map { min($0.lowerBound, d.lowerBound)..<max($0.upperBound, d.upperBound) } ?? d
        }
        return (slots[i], rows ?? 0..<0)
    }

    /// A frame's buffer, its pages made present in one call rather than one fault at a time
    /// (first touches of a frame's pages were a tenth of pulse3's render). Zeros: every row is
    /// drawn before it is read.
    static func newBuffer(count: Int) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            #if os(Linux)
                let page = 4096
                let start = (Int(bitPattern: buffer.baseAddress) + page - 1) / page * page
                let end = (Int(bitPattern: buffer.baseAddress) + count * 4) / page * page
                if end > start, let address = UnsafeMutableRawPointer(bitPattern: start) {
                    // MADV_POPULATE_WRITE (Linux 5.14); where it is refused, the pages fault as usual.
                    _ = madvise(address, end - start, 23)
                }
            #endif
            buffer.initialize(repeating: 0)
            initialized = count
        }
    }

    /// Brings `slot` to `snapshot` by redrawing `rows`, and returns its pixels.
    static func draw(
        _ snapshot: FrameSnapshot, rows: Range<Int>, into slot: Slot, width: Int, height: Int,
        background: RGBA?, limits: DrawLimitLog? = nil
    ) throws -> PixelBuffer {
        if slot.words.count != width * height {
            precondition(rows == 0..<height, "a new slot is drawn whole")
            slot.words = newBuffer(count: width * height)
        }
        try FrameRasterizer.redraw(snapshot, rows: rows, in: &slot.words, width: width, background: background, limits: limits)
        return PixelBuffer(width: width, height: height, premultipliedARGB: slot.words)
    }
}
