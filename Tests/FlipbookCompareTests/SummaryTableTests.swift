import Flipbook
import Foundation
import Testing

@testable import FlipbookCompare

/// docs/compare.md: the table compare prints fits any label, lines its figures up, and shows the
/// worst frame and when it is shown before the mean.
@Suite("compare's table")
struct SummaryTableTests {
    @Test("a 40-character label is whole, the figures line up, the worst frame and its instant come before the mean")
    func fitsAnyLabel() {
        let long = "a-very-long-recording-name-from-a-phone.mp4"
        var scene = VariantComparison.Summary(
            label: "default", duration: 2, lastEvent: 0.45, meanDifference: 0.0068, largestDifference: 0.0405)
        scene.worstAt = 1.88
        scene.periods = [DifferencePeriod(label: "second 2", start: 1, end: 2, meanDifference: 0.01, largestDifference: 0.0405, frames: 30)]
        scene.periods[0].worstAt = 1.88
        let recording = VariantComparison.Summary(label: long, duration: 5.79, meanDifference: 0, largestDifference: 0)
        let lines = SummaryTable.lines([recording, scene])
        #expect(lines.count == 4, "\(lines)")
        #expect(lines[1].hasPrefix(long + "  "), "\(lines[1])")
        #expect(lines[2].contains("4.05 %  1.880 s     0.68 %"), "\(lines[2])")
        #expect(lines[3].hasPrefix("  second 2 (1.00–2.00 s)") && lines[3].contains("4.05 %  1.880 s     1.00 %"), "\(lines[3])")
        // Every figure column ends where its header does.
        let end = lines[0].count
        #expect(lines.dropFirst().allSatisfy { $0.count == end }, "\(lines)")
        let duration = lines[0].range(of: "duration")!.upperBound
        let offset = lines[0].distance(from: lines[0].startIndex, to: duration)
        for line in lines.dropFirst(1).prefix(2) {
            #expect(line[line.index(line.startIndex, offsetBy: offset - 1)] == "s", "duration column: \(line)")
        }
    }
}
