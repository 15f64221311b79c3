import Flipbook
import Foundation

/// A suite run's outcomes without their pixels: `results.json` in the artifacts folder, which
/// `flipbook test merge` joins across shards (the failing frames' pictures are beside it, in
/// each scenario's folder). Read from folders made on other machines: untrusted.
public struct SuiteResults: Codable, Sendable {
    public static let fileName = "results.json"
    public static let currentFormat = 1

    public struct Frame: Codable, Sendable {
        public var index: Int
        public var time: Double
        public var passed: Bool
        public var differingPixels: Int
        public var totalPixels: Int
        public var largestDistance: Double
        public var largestAt: [Int]
        public var bounds: [Int]?
        public var sizeMismatch: Bool
    }

    public struct Scenario: Codable, Sendable {
        public var name: String
        public var file: String
        public var status: String
        public var environmentNotes: [String]
        public var messages: [String]
        public var traceDifference: String?
        public var renderSeconds: Double
        public var compareSeconds: Double
        public var frames: [Frame]
    }

    public var format = currentFormat
    public var orphans: [String]
    public var scenarios: [Scenario]

    public init(_ outcomes: [ScenarioOutcome], orphans: [String]) {
        self.orphans = orphans
        scenarios = outcomes.map { o in
            Scenario(name: o.name, file: o.file, status: o.status.rawValue, environmentNotes: o.environmentNotes, messages: o.messages,
                     traceDifference: o.traceDifference, renderSeconds: o.renderSeconds, compareSeconds: o.compareSeconds,
                     frames: o.frames.map { f in
                         let d = f.difference
                         return Frame(index: f.index, time: f.time, passed: f.passed, differingPixels: d.differingPixels,
                                      totalPixels: d.totalPixels, largestDistance: d.largestDistance,
                                      largestAt: [d.largestAt.x, d.largestAt.y],
                                      bounds: d.bounds.map { [$0.x, $0.y, $0.width, $0.height] }, sizeMismatch: d.sizeMismatch)
                     })
        }
    }

    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return Array(try encoder.encode(self)) + [10]
    }

    /// The results in `folder`, checked: a known format, names that stay inside a folder, frames in range.
    public static func read(_ folder: URL) throws -> SuiteResults {
        let path = folder.appendingPathComponent(fileName).path
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path) } catch {
            throw GoldenError.usage("\(folder.path): no \(fileName) (write one with flipbook test --shard I/N --artifacts \(folder.path))")
        }
        let results: SuiteResults
        do { results = try JSONDecoder().decode(SuiteResults.self, from: Data(bytes)) } catch {
            throw GoldenError.usage("\(path): not the results of flipbook test (\(error))")
        }
        guard results.format == currentFormat else {
            throw GoldenError.usage("\(path): results format \(results.format), expected \(currentFormat) (written by another version)")
        }
        for s in results.scenarios {
            guard isSafeName(s.name) else {
                throw GoldenError.usage("\(path): scenario name \(TextSafety.quoted(s.name)) is not a relative name inside the suite")
            }
            guard ScenarioOutcome.Status(rawValue: s.status) != nil else {
                throw GoldenError.usage("\(path): \(TextSafety.quoted(s.name)) has an unknown status \(TextSafety.quoted(s.status))")
            }
            for f in s.frames
            where !(0...Limits.maximumFrames).contains(f.index) || f.largestAt.count != 2 || (f.bounds?.count ?? 4) != 4 {
                throw GoldenError.usage("\(path): \(TextSafety.quoted(s.name)) has a frame entry out of range")
            }
        }
        return results
    }

    /// A scenario name as the suite makes them: relative, no "." or ".." parts, no control characters.
    static func isSafeName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        return !name.isEmpty && name.utf8.count < 512 && !name.unicodeScalars.contains { $0.value < 32 || $0.value == 127 }
            && parts.allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// The outcomes, each failing frame's expected and actual pictures read back from its
    /// scenario's folder under `folder`.
    /// A picture that is missing or unreadable leaves that frame without pictures in the report.
    public func outcomes(readingPicturesFrom folder: URL) -> [ScenarioOutcome] {
        scenarios.map { s in
            let dir = folder.appendingPathComponent(GoldenArtifacts.folderName(for: s.name), isDirectory: true)
            let frames = s.frames.map { f -> FrameOutcome in
                let b = f.bounds
                let difference = FrameDifference(differingPixels: f.differingPixels, totalPixels: f.totalPixels,
                                                 largestDistance: f.largestDistance, largestAt: (f.largestAt[0], f.largestAt[1]),
                                                 bounds: b.map { ($0[0], $0[1], $0[2], $0[3]) }, sizeMismatch: f.sizeMismatch)
                var outcome = FrameOutcome(index: f.index, time: f.time, difference: difference, passed: f.passed)
                if !f.passed {
                    let base = dir.appendingPathComponent(String(format: "frame-%03d", f.index)).path
                    // Links are not followed: a downloaded folder must not make the report show files from elsewhere.
                    outcome.expected = try? PNGCodec.read(URL(fileURLWithPath: base + "-expected.png"), followingLinks: false)
                    outcome.actual = try? PNGCodec.read(URL(fileURLWithPath: base + "-actual.png"), followingLinks: false)
                }
                return outcome
            }
            var o = ScenarioOutcome(name: s.name, file: s.file, status: ScenarioOutcome.Status(rawValue: s.status) ?? .error)
            o.environmentNotes = s.environmentNotes; o.messages = s.messages; o.traceDifference = s.traceDifference
            o.renderSeconds = s.renderSeconds; o.compareSeconds = s.compareSeconds; o.frames = frames
            return o
        }
    }
}
