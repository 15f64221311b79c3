/// The squared RGB error of each pixel of a GIF's screen as the decoder shows it, kept by row:
/// a row is stored from the first time a pixel in it is shown with an error, and reads as 0
/// until then. An animation usually codes lossily only where it moves (bench-wave's header:
/// 400 of 1,334 rows), so the map holds those rows, not the canvas (4 MB at 750 × 1334).
struct ScreenErrors: Sendable {
    let width: Int
    private var rows: [[UInt32]]

    init(width: Int, height: Int) {
        self.width = width
        rows = Array(repeating: [], count: height)
    }

    /// The error shown at (x, y).
    @inline(__always)
    func error(x: Int, y: Int) -> UInt32 {
        let row = rows[y]
        return row.isEmpty ? 0 : row[x]
    }

    /// Whether row `y` holds any error yet (else every pixel in it reads 0).
    func isStored(row y: Int) -> Bool { !rows[y].isEmpty }

    /// Changes row `y`'s errors in place, storing the row first if it is not.
    mutating func withRow(_ y: Int, _ body: (UnsafeMutableBufferPointer<UInt32>) -> Void) {
        if rows[y].isEmpty { rows[y] = [UInt32](repeating: 0, count: width) }
        rows[y].withUnsafeMutableBufferPointer { body($0) }
    }
}
