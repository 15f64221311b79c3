import Flipbook
import Foundation

/// Whether a snapshot matches its reference, decided as swift-snapshot-testing decides it on
/// iOS, with where the difference lies added to the message (as `flipbook test` says it).
enum SnapshotComparison {
    /// Nil when `snapshot` matches `reference` under `precision` (the share of pixels, or with
    /// `perceptualPrecision` 1 of bytes, that must match) and `perceptualPrecision` (how close
    /// in colour a pixel must be to match: ΔE ≤ (1 − perceptualPrecision) × 100); else why not.
    /// `scale` (pixels per point) turns the region into points.
    static func failure(
        reference: PixelBuffer, snapshot: PixelBuffer, precision: Float, perceptualPrecision: Float, scale: Double
    ) -> String? {
        guard reference.width == snapshot.width, reference.height == snapshot.height else {
            return sizeMismatch(reference: reference, snapshot: snapshot, scale: scale)
        }
        if reference.premultipliedARGB == snapshot.premultipliedARGB { return nil }
        let total = reference.width * reference.height
        if perceptualPrecision < 1 {
            let threshold = Double((1 - perceptualPrecision) * 100)
            let delta = PerceptualDifference()
            var region = DifferenceRegion(width: reference.width, pixels: total)
            for i in 0..<total {
                let e = delta.deltaE(reference.premultipliedARGB[i], snapshot.premultipliedARGB[i])
                if e > threshold { region.add(i, amount: e) }
            }
            let matching = 1 - Float(region.count) / Float(total)
            guard matching < precision else { return nil }
            let lowest = 1 - min(Float(region.largest) / 100, 1)
            return """
                The percentage of pixels that match \(matching) is less than required \(precision)
                The lowest perceptual color precision \(lowest) is less than required \(perceptualPrecision)
                \(region.description(scale: scale, measure: "ΔE"))
                """
        }
        var region = DifferenceRegion(width: reference.width, pixels: total)
        var differingBytes = 0
        for i in 0..<total {
            let a = reference.premultipliedARGB[i], b = snapshot.premultipliedARGB[i]
            guard a != b else { continue }
            var bytes = 0, largest = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                let d = abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF))
                if d != 0 { bytes += 1 }
                largest = max(largest, d)
            }
            differingBytes += bytes
            region.add(i, amount: Double(largest))
        }
        if precision >= 1 {
            return "Newly-taken snapshot does not match reference.\n" + region.description(scale: scale, measure: "channel difference")
        }
        let byteCount = total * 4
        guard differingBytes > Int((1 - precision) * Float(byteCount)) else { return nil }
        let actual = 1 - Float(differingBytes) / Float(byteCount)
        return "Actual image precision \(actual) is less than required \(precision)\n"
            + region.description(scale: scale, measure: "channel difference")
    }

    /// The message for images of different sizes, naming the scale that would fit when the
    /// reference is the snapshot drawn at another display scale.
    static func sizeMismatch(reference: PixelBuffer, snapshot: PixelBuffer, scale: Double) -> String {
        func points(_ p: PixelBuffer) -> String { "(\(format(Double(p.width) / scale)), \(format(Double(p.height) / scale)))" }
        var message =
            "Newly-taken snapshot@\(points(snapshot)) does not match reference@\(points(reference))"
            + " (\(snapshot.width)×\(snapshot.height) px against \(reference.width)×\(reference.height) px)."
        let ratio = Double(reference.width) / Double(snapshot.width) * scale
        let fits = (ratio * Double(snapshot.height) / scale - Double(reference.height)).magnitude < 1
        if fits, ratio != scale, ratio >= 1, ratio <= 4, ratio.rounded() == ratio {
            message +=
                " The reference was drawn at \(Int(ratio))x: pass traits: .init(displayScale: \(Int(ratio)))"
                + " or set FLIPBOOK_SNAPSHOT_SCALE=\(Int(ratio))."
        }
        return message
    }

    static func format(_ value: Double) -> String {
        value.rounded() == value ? String(Int(value)) : String(format: "%.1f", value)
    }
}

/// Where the differing pixels lie: their count, bounding box and the largest difference.
struct DifferenceRegion {
    let width: Int
    let pixels: Int
    private(set) var count = 0
    private(set) var largest = 0.0
    private var largestAt = 0
    private var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1

    init(width: Int, pixels: Int) {
        self.width = width
        self.pixels = pixels
    }

    mutating func add(_ index: Int, amount: Double) {
        let x = index % width, y = index / width
        count += 1
        if amount > largest { (largest, largestAt) = (amount, index) }
        minX = min(minX, x)
        maxX = max(maxX, x)
        minY = min(minY, y)
        maxY = max(maxY, y)
    }

    /// "12 pixels (0.30 %) differ, within x 10–24, y 40–52 pt; the largest ΔE 31.2 at (17, 45) pt".
    func description(scale: Double, measure: String) -> String {
        guard count > 0 else { return "No pixel differs beyond the threshold." }
        let f = SnapshotComparison.format
        let px = Double(largestAt % width) / scale, py = Double(largestAt / width) / scale
        let share = String(format: "%.2f", Double(count) / Double(max(pixels, 1)) * 100)
        return
            "\(count) pixel\(count == 1 ? "" : "s") (\(share) %) differ, within x \(f(Double(minX) / scale))–\(f(Double(maxX + 1) / scale)),"
            + " y \(f(Double(minY) / scale))–\(f(Double(maxY + 1) / scale)) pt; the largest \(measure) is"
            + " \(String(format: "%.1f", largest)) at (\(f(px)), \(f(py))) pt."
    }
}
