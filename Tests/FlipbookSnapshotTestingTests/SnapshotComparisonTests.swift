import Flipbook
import Testing

@testable import FlipbookSnapshotTesting

/// The pass/fail rule as swift-snapshot-testing states it (its `precision` and
/// `perceptualPrecision` parameters), and CIE94 ΔE as Core Image's CILabDeltaE reports it.
@Suite struct SnapshotComparisonTests {
    func square(_ color: UInt32, size: Int = 10) -> PixelBuffer {
        PixelBuffer(width: size, height: size, premultipliedARGB: [UInt32](repeating: color, count: size * size))
    }

    @Test func deltaE94MatchesPublishedPairs() {
        let delta = PerceptualDifference()
        // sRGB red, white and black in CIE Lab (D65).
        let red = delta.lab(0xFFFF_0000)
        #expect(abs(red.l - 53.24) < 0.05 && abs(red.a - 80.09) < 0.05 && abs(red.b - 67.20) < 0.05)
        #expect(abs(delta.lab(0xFFFF_FFFF).l - 100) < 1e-3 && abs(delta.lab(0xFFFF_FFFF).a) < 0.01)
        #expect(delta.lab(0xFF00_0000).l.magnitude < 1e-9)
        // Sharma, Wu and Dalal's first pair: ΔE94 1.3950 (graphic arts weights).
        #expect(abs(delta.deltaE(lab: (50, 2.6772, -79.7751), (50, 0, -82.7485)) - 1.3950) < 5e-4)
        #expect(delta.deltaE(0xFF12_3456, 0xFF12_3456) == 0)
        #expect(delta.deltaE(0xFFFF_FFFF, 0xFF00_0000) > 99)
    }

    @Test func exactComparisonNamesTheRegion() throws {
        let reference = square(0xFFFF_FFFF)
        var snapshot = reference
        snapshot.premultipliedARGB[3 * 10 + 4] = 0xFF00_0000
        #expect(
            SnapshotComparison.failure(reference: reference, snapshot: reference, precision: 1, perceptualPrecision: 1, scale: 1) == nil)
        let message = try #require(
            SnapshotComparison.failure(reference: reference, snapshot: snapshot, precision: 1, perceptualPrecision: 1, scale: 2))
        #expect(message.hasPrefix("Newly-taken snapshot does not match reference."))
        #expect(message.contains("1 pixel (1.00 %) differ, within x 2–2.5, y 1.5–2 pt"))
        #expect(message.contains("the largest channel difference is 255.0 at (2, 1.5) pt"))
    }

    @Test func precisionCountsBytesWithoutPerceptualPrecision() {
        let reference = square(0xFFFF_FFFF)
        var snapshot = reference
        snapshot.premultipliedARGB[0] = 0xFF00_0000  // 3 of 400 bytes differ: 99.25 % match
        #expect(
            SnapshotComparison.failure(reference: reference, snapshot: snapshot, precision: 0.99, perceptualPrecision: 1, scale: 1) == nil)
        let failure = SnapshotComparison.failure(
            reference: reference, snapshot: snapshot, precision: 0.995, perceptualPrecision: 1, scale: 1)
        #expect(failure?.hasPrefix("Actual image precision 0.9925 is less than required 0.995") == true)
    }

    @Test func perceptualPrecisionCountsPixelsBeyondTheThreshold() {
        let reference = square(0xFFFF_0000)
        var snapshot = square(0xFFF8_0603)  // ΔE94 1.40 from pure red everywhere
        // Every pixel within ΔE 2 (0.98) passes even at precision 1; within ΔE 1 (0.99) none do.
        #expect(
            SnapshotComparison.failure(reference: reference, snapshot: snapshot, precision: 1, perceptualPrecision: 0.98, scale: 1) == nil)
        #expect(
            SnapshotComparison.failure(reference: reference, snapshot: snapshot, precision: 1, perceptualPrecision: 0.99, scale: 1) != nil)
        snapshot = reference
        snapshot.premultipliedARGB[99] = 0xFF00_00FF  // one blue pixel of 100
        #expect(
            SnapshotComparison.failure(reference: reference, snapshot: snapshot, precision: 0.99, perceptualPrecision: 0.98, scale: 1)
                == nil)
        let failure = SnapshotComparison.failure(
            reference: reference, snapshot: snapshot, precision: 0.995, perceptualPrecision: 0.98, scale: 1)
        #expect(failure?.contains("The percentage of pixels that match 0.99 is less than required 0.995") == true)
        #expect(failure?.contains("1 pixel (1.00 %) differ, within x 9–10, y 9–10 pt") == true)
    }

    @Test func aReferenceAtAnotherScaleSaysWhichScale() {
        let message = SnapshotComparison.sizeMismatch(reference: square(0, size: 30), snapshot: square(0, size: 20), scale: 2)
        #expect(message.contains("snapshot@(10, 10) does not match reference@(15, 15)"))
        #expect(message.contains("drawn at 3x: pass traits: .init(displayScale: 3) or set FLIPBOOK_SNAPSHOT_SCALE=3"))
        let unrelated = SnapshotComparison.sizeMismatch(reference: square(0, size: 31), snapshot: square(0, size: 20), scale: 2)
        #expect(!unrelated.contains("drawn at"))
    }
}
