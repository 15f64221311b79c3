import Flipbook
import Foundation

/// Where a frame differs from an earlier one, as a few rectangles: a comparison page stores a
/// frame as the rectangles that changed since its key frame, not as a whole picture. A grid's
/// cells change apart (a scene's spinner, a recording's dither), so the changes are cut into
/// columns first and each column into rows (an XY cut): each cell's change stays a rectangle of
/// its own, with that cell's few colours (a palette PNG) instead of every cell's.
public struct PatchRectangle: Equatable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var area: Int { width * height }
}

public enum FramePatches {
    /// The rectangles of `frame` that differ from `base` (the same size): runs of changed
    /// columns closer than `gap` pixels are one, then each column's runs of changed rows.
    /// More than `limit` rectangles become the one that holds them all (each is a picture the
    /// page loads). Empty when the frames are equal; the whole frame when their sizes differ.
    public static func changes(of frame: PixelBuffer, since base: PixelBuffer, gap: Int = 8, limit: Int = 8) -> [PatchRectangle] {
        let width = frame.width, height = frame.height
        guard width > 0, height > 0, frame.premultipliedARGB.count == width * height else { return [] }
        guard base.width == width, base.height == height, base.premultipliedARGB.count == width * height else {
            return [PatchRectangle(x: 0, y: 0, width: width, height: height)]
        }
        return frame.premultipliedARGB.withUnsafeBufferPointer { now in
            base.premultipliedARGB.withUnsafeBufferPointer { before in
                let now = now.baseAddress!, before = before.baseAddress!
                // Which columns change anywhere; equal rows are passed over by memcmp.
                var columnChanged = [Bool](repeating: false, count: width)
                var anyRow = false
                columnChanged.withUnsafeMutableBufferPointer { changed in
                    for y in 0..<height {
                        let row = y * width
                        guard memcmp(now + row, before + row, width * 4) != 0 else { continue }
                        anyRow = true
                        for x in 0..<width where now[row + x] != before[row + x] { changed[x] = true }
                    }
                }
                guard anyRow else { return [] }
                var rectangles: [PatchRectangle] = []
                for columns in runs(columnChanged, gap: gap) {
                    var rowChanged = [Bool](repeating: false, count: height)
                    for y in 0..<height {
                        let start = y * width + columns.lowerBound
                        rowChanged[y] = memcmp(now + start, before + start, columns.count * 4) != 0
                    }
                    for rows in runs(rowChanged, gap: gap) {
                        rectangles.append(
                            PatchRectangle(x: columns.lowerBound, y: rows.lowerBound, width: columns.count, height: rows.count))
                    }
                }
                guard rectangles.count > limit else { return rectangles }
                let x0 = rectangles.map(\.x).min()!, y0 = rectangles.map(\.y).min()!
                let x1 = rectangles.map { $0.x + $0.width }.max()!, y1 = rectangles.map { $0.y + $0.height }.max()!
                return [PatchRectangle(x: x0, y: y0, width: x1 - x0, height: y1 - y0)]
            }
        }
    }

    /// The runs of `true` in `flags`, two runs fewer than `gap` apart taken as one.
    static func runs(_ flags: [Bool], gap: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var i = 0
        while i < flags.count {
            guard flags[i] else {
                i += 1
                continue
            }
            var end = i + 1
            while end < flags.count && flags[end] { end += 1 }
            if let last = result.last, i - last.upperBound < gap {
                result[result.count - 1] = last.lowerBound..<end
            } else {
                result.append(i..<end)
            }
            i = end
        }
        return result
    }
}
