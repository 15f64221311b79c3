import FlipbookCore
import Foundation

/// Core Animation's `contentsCenter` (timing-model.md 12.12): resized contents are cut into a
/// 3 × 3 grid by the centre rectangle; the centre stretches both ways, the parts above and below
/// it only across, those beside it only down, and the corners keep their size (shrunk alike
/// when the target is smaller than two of them).
enum NineSlice {
    /// The pieces of `part` (image pixels) and the rectangles they are drawn into, for contents
    /// `scale` pixels a point drawn into `target`: one piece when the centre is the whole
    /// (the unit rectangle, or a malformed one) or the contents are drawn at their own size.
    static func pieces(
        of part: ImagePainter.Part, center: CGRect, scale: Double, into target: CGRect
    ) -> [(ImagePainter.Part, CGRect)] {
        let whole = [(part, target)]
        let c = center.standardized
        guard c != CGRect(x: 0, y: 0, width: 1, height: 1), c.minX.isFinite, c.minY.isFinite, c.width.isFinite, c.height.isFinite,
            scale > 0, scale.isFinite
        else { return whole }
        // The centre clamped to the contents: the fixed edges, in pixels of the part.
        let left = min(max(c.minX, 0), 1) * part.width, right = (1 - min(max(c.maxX, 0), 1)) * part.width
        let top = min(max(c.minY, 0), 1) * part.height, bottom = (1 - min(max(c.maxY, 0), 1)) * part.height
        guard left + right <= part.width, top + bottom <= part.height,
            abs(target.width - part.width / scale) > 1e-9 || abs(target.height - part.height / scale) > 1e-9
        else { return whole }
        let columns = split(target.minX, target.width, fixed: (left / scale, right / scale))
        let rows = split(target.minY, target.height, fixed: (top / scale, bottom / scale))
        let sourceXs = [part.x, part.x + left, part.x + part.width - right, part.x + part.width]
        let sourceYs = [part.y, part.y + top, part.y + part.height - bottom, part.y + part.height]
        var pieces: [(ImagePainter.Part, CGRect)] = []
        for r in 0..<3 {
            for k in 0..<3 {
                let piece = ImagePainter.Part(
                    x: sourceXs[k], y: sourceYs[r], width: sourceXs[k + 1] - sourceXs[k], height: sourceYs[r + 1] - sourceYs[r])
                let into = CGRect(x: columns[k], y: rows[r], width: columns[k + 1] - columns[k], height: rows[r + 1] - rows[r])
                // (A hair's width from rounding, such as 30 × 1/3 pixels, is no piece.)
                if piece.width > 1e-9, piece.height > 1e-9, into.width > 1e-9, into.height > 1e-9 { pieces.append((piece, into)) }
            }
        }
        return pieces
    }

    /// The four edges along one axis: the fixed ends at their size (shrunk in proportion when
    /// they do not fit), the middle taking the rest.
    private static func split(_ start: Double, _ length: Double, fixed: (Double, Double)) -> [Double] {
        let ends = fixed.0 + fixed.1
        guard ends > length, ends > 0 else { return [start, start + fixed.0, start + length - fixed.1, start + length] }
        // Shrunk: the two ends meet, no middle.
        let a = length * fixed.0 / ends
        return [start, start + a, start + a, start + length]
    }
}
