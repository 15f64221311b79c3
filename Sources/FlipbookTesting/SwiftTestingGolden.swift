import Flipbook
import Foundation
import Testing

/// Checks `stage` at `times` (seconds from now) against `golden/<name>/`, recording an issue at
/// the caller's line when a frame or the event trace differs (Swift Testing).
///
/// ```swift
/// @Test func banner() {
///     let stage = Stage(size: CGSize(width: 240, height: 44))
///     …
///     expectGolden(stage, named: "banner", times: [0, 0.125, 0.25, 0.5])
/// }
/// ```
public func expectGolden(
    _ stage: Stage, named name: String, times: [Double], tolerance: GoldenSpec.Tolerance? = nil,
    goldenDirectory: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let result = GoldenAssertion.check(
        stage, named: name, times: times, tolerance: tolerance, goldenDirectory: goldenDirectory,
        artifacts: artifacts, record: record, callerFile: filePath)
    report(result, at: sourceLocation)
}

/// Checks a scenario file against its goldens (Swift Testing).
public func expectGolden(
    scenarioFile path: String, goldenDirectory: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil,
    filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let result = GoldenAssertion.check(
        scenarioFile: path, goldenDirectory: goldenDirectory, artifacts: artifacts, record: record, callerFile: filePath)
    report(result, at: sourceLocation)
}

/// A failure as an issue at the caller's line; a recording as a warning there (the test passes,
/// and the log says the goldens were written rather than compared).
private func report(_ result: GoldenAssertion.Result, at sourceLocation: SourceLocation) {
    if let failure = result.failure { Issue.record(Comment(rawValue: failure), sourceLocation: sourceLocation) }
    if let note = result.note { Issue.record(Comment(rawValue: note), severity: .warning, sourceLocation: sourceLocation) }
}
