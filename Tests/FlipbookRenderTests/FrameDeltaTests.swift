import Foundation
import Testing

@testable import FlipbookRender

/// The rectangle a GIF frame stores: every pixel that differs from the frame before, and no more.
@Suite("changed rectangle")
struct FrameDeltaTests {
    /// The bounding box of differing pixels, pixel by pixel (the reference).
    static func reference(_ a: [UInt32], _ b: [UInt32], width: Int, rows: Range<Int>) -> (x: Int, y: Int, w: Int, h: Int)? {
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in rows {
            for x in 0..<width where a[y * width + x] != b[y * width + x] {
                minX = min(minX, x)
                maxX = max(maxX, x)
                minY = min(minY, y)
                maxY = max(maxY, y)
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    @Test(
        "random changes (single pixels, runs across the 64-pixel blocks, whole rows) give the pixel-by-pixel box",
        arguments: 0..<UInt64(200))
    func matchesReference(seed: UInt64) {
        var r = SeededRandom(seed: seed)
        let w = 1 + r.index(300), h = 1 + r.index(40)
        let a = (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: r.next()) | 0xFF00_0000 }
        var b = a
        for _ in 0..<r.index(6) {
            let y = r.index(h), x = r.index(w), run = 1 + r.index(min(w - x, r.chance(0.3) ? w : 70))
            for i in x..<(x + run) { b[y * w + i] ^= 0x0001_0101 }
        }
        let top = r.chance(0.5) ? r.index(h) : 0
        let rows = top..<(top + 1 + r.index(h - top))
        let delta = FrameDelta.between(a, b, width: w, height: h, rows: rows, delay: 0)
        if let box = Self.reference(a, b, width: w, rows: rows) {
            let got: [Int] = [delta.x, delta.y, delta.width, delta.height]
            let expected: [Int] = [box.x, box.y, box.w, box.h]
            #expect(got == expected, "seed \(seed)")
            var differing = 0
            for y in rows { for x in 0..<w where a[y * w + x] != b[y * w + x] { differing += 1 } }
            let marked = delta.changed?.filter { $0 }.count ?? -1
            #expect(marked == differing, "seed \(seed)")
        } else {
            #expect(delta.isEmpty, "seed \(seed): nothing differs in \(rows)")
        }
    }
}
