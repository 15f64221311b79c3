import Flipbook
import FlipbookTesting
import Foundation
import Testing

/// The Swift Testing front end: records, passes, and reports a difference at the caller's line.
@Suite("golden assertions in Swift")
struct AssertionTests {
    func stage(x: CGFloat) -> Stage {
        let stage = Stage(size: CGSize(width: 60, height: 30), scale: 1)
        let box = CALayer()
        box.backgroundColor = UIColor.systemBlue.cgColor
        box.frame = CGRect(x: x, y: 5, width: 20, height: 20)
        stage.rootLayer.addSublayer(box)
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.byValue = 20
        slide.duration = 0.4
        box.add(slide, forKey: "slide")
        return stage
    }

    @Test("a Stage checked at given times: recorded, then passing, then failing at the caller's line")
    func stageAssertions() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("assert-\(UUID().uuidString)")
        let golden = dir.appendingPathComponent("golden"), artifacts = dir.appendingPathComponent("artifacts")
        let first = GoldenAssertion.check(
            stage(x: 5), named: "box", times: [0, 0.2, 0.4], goldenDirectory: golden,
            record: .missing, callerFile: #filePath)
        #expect(first.recorded && first.failure == nil)
        #expect(first.note?.contains("box: recorded its goldens in \(golden.path)/box") == true, "\(first.note ?? "no note")")
        expectGolden(stage(x: 5), named: "box", times: [0, 0.2, 0.4], goldenDirectory: golden, artifacts: artifacts, record: .never)
        let line = #line + 2
        withKnownIssue {
            expectGolden(stage(x: 6), named: "box", times: [0, 0.2, 0.4], goldenDirectory: golden, artifacts: artifacts, record: .never)
        } matching: { issue in
            issue.sourceLocation?.line == line && "\(issue)".contains("box: frame 0 (t = 0.000 s)")
        }
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report.html").path))
    }
}
