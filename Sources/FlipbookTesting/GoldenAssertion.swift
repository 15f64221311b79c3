import Flipbook
@_exported import FlipbookGolden
import Foundation

/// Golden assertions for test code, shared by the Swift Testing and XCTest front ends: the
/// same record modes (`FLIPBOOK_RECORD`, `never` when `CI=true`), tolerance, artifacts and
/// messages as `flipbook test`.
public enum GoldenAssertion {
    /// What a check found: a failure to report at the caller's line, or goldens recorded (then
    /// `note` says where, for the test log: a first run records, it does not pass unseen).
    public struct Result: Sendable {
        public var failure: String?
        public var recorded: Bool
        public var note: String?
    }

    /// The outcome of checking `stage` at `times` against `golden/<name>/`; nil when it passed
    /// or was recorded (then `recorded` says so).
    public static func check(
        _ stage: Stage, named name: String, times: [Double], tolerance: GoldenSpec.Tolerance? = nil,
        goldenDirectory: URL? = nil, artifacts: URL? = nil, record: RecordMode? = nil,
        callerFile: String
    ) -> Result {
        let capture: GoldenCapture
        do { capture = try GoldenCapture.run(stage, times: times) } catch {
            return Result(failure: "\(name): cannot render: \(error)", recorded: false)
        }
        let spec = GoldenSpec(fps: 10, instants: capture.times, tolerance: tolerance)
        return finish(
            name: name, file: callerFile, capture: capture, spec: spec, goldenDirectory: goldenDirectory,
            artifacts: artifacts, record: record, callerFile: callerFile)
    }

    /// The outcome of checking a scenario file (its own golden settings) against `golden/`.
    public static func check(
        scenarioFile path: String, goldenDirectory: URL? = nil, artifacts: URL? = nil,
        record: RecordMode? = nil, callerFile: String
    ) -> Result {
        let scenario: Scenario
        do { scenario = try ScenarioLoader.load(file: path, imageLoader: { try ImageFile.read($0) }) } catch {
            return Result(failure: "\(error)", recorded: false)
        }
        let capture: GoldenCapture
        do { capture = try GoldenCapture.run(scenario) } catch {
            return Result(failure: "\(path): cannot render: \(error)", recorded: false)
        }
        return finish(
            name: GoldenSuite.name(of: path), file: path, capture: capture, spec: scenario.golden,
            goldenDirectory: goldenDirectory, artifacts: artifacts, record: record, callerFile: callerFile)
    }

    static func finish(
        name: String, file: String, capture: GoldenCapture, spec: GoldenSpec, goldenDirectory: URL?,
        artifacts: URL?, record: RecordMode?, callerFile: String
    ) -> Result {
        let root = packageRoot(from: callerFile)
        let mode: RecordMode
        if let record {
            mode = record
        } else {
            do { mode = try RecordMode.resolve(nil, environment: ProcessInfo.processInfo.environment) } catch {
                return Result(failure: "\(error)", recorded: false)
            }
        }
        let suite = GoldenSuite(store: GoldenStore(root: goldenDirectory ?? root.appendingPathComponent("golden")), record: mode)
        let outcome = suite.evaluate(name: name, file: file, capture: capture, spec: spec)
        switch outcome.status {
        case .passed: return Result(failure: nil, recorded: false)
        case .recorded, .rerecorded:
            let verb = outcome.status == .recorded ? "recorded its goldens" : "re-recorded its goldens (they had failed)"
            return Result(
                failure: nil, recorded: true,
                note: "\(name): \(verb) in \(suite.store.folder(for: name).path); later runs compare with them")
        case .failed, .missing, .error:
            let dir = artifacts ?? root.appendingPathComponent(".artifacts")
            try? GoldenArtifacts(root: dir).write([outcome], orphans: [])
            let lines = outcome.environmentNotes + outcome.messages + ["artifacts: \(dir.path)/report.html"]
            return Result(failure: lines.joined(separator: "\n"), recorded: false)
        }
    }

    /// The folder holding `Package.swift` above the calling test file (else the working folder).
    static func packageRoot(from file: String) -> URL {
        var dir = URL(fileURLWithPath: file).deletingLastPathComponent()
        while dir.path != "/" {
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent("Package.swift").path) { return dir }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}
