import Flipbook
import Testing

@testable import FlipbookCompare

/// A page frame is stored as the rectangles where it differs from its key frame
/// (FramePatches): changed columns cut first, then rows, runs closer than the gap joined.
@Suite("where a frame differs from its key frame")
struct FramePatchesTests {
    static func frame(width: Int = 64, height: Int = 32, marks: [(x: Int, y: Int)] = []) -> PixelBuffer {
        var words = [UInt32](repeating: 0xFFFF_FFFF, count: width * height)
        for m in marks { words[m.y * width + m.x] = 0xFF00_0000 }
        return PixelBuffer(width: width, height: height, premultipliedARGB: words)
    }

    @Test("equal frames: no rectangles; frames of another size: the whole frame; an empty frame: none")
    func equal() {
        #expect(FramePatches.changes(of: Self.frame(), since: Self.frame()).isEmpty)
        #expect(
            FramePatches.changes(of: Self.frame(), since: Self.frame(width: 63)) == [PatchRectangle(x: 0, y: 0, width: 64, height: 32)])
        let empty = PixelBuffer(width: 0, height: 0, premultipliedARGB: [])
        #expect(FramePatches.changes(of: empty, since: Self.frame()).isEmpty)
    }

    @Test("each changed column run, cut into its changed row runs: exact bounds")
    func cuts() {
        // Two marks 3 apart in one column run; one far right, at two rows 20 apart (two rectangles).
        let now = Self.frame(marks: [(2, 5), (5, 7), (40, 1), (40, 21)])
        #expect(
            FramePatches.changes(of: now, since: Self.frame()) == [
                PatchRectangle(x: 2, y: 5, width: 4, height: 3),
                PatchRectangle(x: 40, y: 1, width: 1, height: 1),
                PatchRectangle(x: 40, y: 21, width: 1, height: 1)
            ])
        // A gap of 41 joins the columns (34 apart), and then the rows within them.
        #expect(
            FramePatches.changes(of: now, since: Self.frame(), gap: 41) == [PatchRectangle(x: 2, y: 1, width: 39, height: 21)])
    }

    @Test("more rectangles than the limit become the one that holds them all")
    func limit() {
        let marks = (0..<5).map { (x: $0 * 12, y: $0 * 6) }
        let now = Self.frame(marks: marks)
        #expect(FramePatches.changes(of: now, since: Self.frame()).count == 5)
        #expect(FramePatches.changes(of: now, since: Self.frame(), limit: 4) == [PatchRectangle(x: 0, y: 0, width: 49, height: 25)])
    }

    @Test("runs of flags: joined when fewer than the gap apart")
    func runs() {
        let flags = [false, true, true, false, false, true, false, false, false, true]
        #expect(FramePatches.runs(flags, gap: 1) == [1..<3, 5..<6, 9..<10])
        #expect(FramePatches.runs(flags, gap: 3) == [1..<6, 9..<10])
        #expect(FramePatches.runs(flags, gap: 4) == [1..<10])
        #expect(FramePatches.runs([], gap: 4).isEmpty)
    }
}
