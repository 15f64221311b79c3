import Flipbook
import Foundation
import XCTest

/// Checks `stage` at `times` against `golden/<name>/`, failing at the caller's line (XCTest).
public func XCTAssertGolden(
    _ stage: Stage, named name: String, times: [Double], tolerance: GoldenSpec.Tolerance? = nil,
    goldenDirectory: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil, file: StaticString = #filePath, line: UInt = #line
) {
    let result = GoldenAssertion.check(
        stage, named: name, times: times, tolerance: tolerance, goldenDirectory: goldenDirectory,
        artifacts: artifacts, record: record, callerFile: "\(file)")
    report(result, file: file, line: line)
}

/// Checks a scenario file against its goldens (XCTest).
public func XCTAssertGolden(
    scenarioFile path: String, goldenDirectory: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil,
    file: StaticString = #filePath, line: UInt = #line
) {
    let result = GoldenAssertion.check(
        scenarioFile: path, goldenDirectory: goldenDirectory, artifacts: artifacts, record: record, callerFile: "\(file)")
    report(result, file: file, line: line)
}

/// A failure at the caller's line; a recording printed as a note in the test log (XCTest has no
/// warnings), with the caller's place so an editor can jump there.
private func report(_ result: GoldenAssertion.Result, file: StaticString, line: UInt) {
    if let failure = result.failure { XCTFail(failure, file: file, line: line) }
    if let note = result.note { print("\(file):\(line): note: \(note)") }
}
