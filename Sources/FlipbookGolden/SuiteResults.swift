import Flipbook
import FlipbookComparison
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
            Scenario(
                name: o.name, file: o.file, status: o.status.rawValue, environmentNotes: o.environmentNotes, messages: o.messages,
                traceDifference: o.traceDifference, renderSeconds: o.renderSeconds, compareSeconds: o.compareSeconds,
                frames: o.frames.map { f in
                    let d = f.difference
                    return Frame(
                        index: f.index, time: f.time, passed: f.passed, differingPixels: d.differingPixels,
                        totalPixels: d.totalPixels, largestDistance: d.largestDistance,
                        largestAt: [d.largestAt.x, d.largestAt.y],
                        bounds: d.bounds.map { [$0.x, $0.y, $0.width, $0.height] }, sizeMismatch: d.sizeMismatch)
                })
        }
    }

    public func encoded() throws -> [UInt8] {
        try ReadableJSON.encode(self) + [10]
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
        var budget = PictureBudget()
        return outcomes(readingPicturesFrom: folder, budget: &budget)
    }

    /// As `outcomes(readingPicturesFrom:)`, reading pictures while `budget` lasts (a merge
    /// shares one across its shards): a shard naming one huge pair of files in every entry is
    /// read up to the budget, not once per entry.
    package func outcomes(readingPicturesFrom folder: URL, budget: inout PictureBudget) -> [ScenarioOutcome] {
        scenarios.map { s in
            let dir = folder.appendingPathComponent(GoldenArtifacts.folderName(for: s.name), isDirectory: true)
            // No link anywhere between the shard and the pictures: a linked scenario folder would
            // make the report show (and the merge copy) files from elsewhere.
            let linkFree = Self.isLinkFree(GoldenArtifacts.folderName(for: s.name), under: folder)
            var pictures = 0, skipped = 0
            let frames = s.frames.map { f -> FrameOutcome in
                let b = f.bounds
                let difference = FrameDifference(
                    differingPixels: f.differingPixels, totalPixels: f.totalPixels,
                    largestDistance: f.largestDistance, largestAt: (f.largestAt[0], f.largestAt[1]),
                    bounds: b.map { ($0[0], $0[1], $0[2], $0[3]) }, sizeMismatch: f.sizeMismatch)
                var outcome = FrameOutcome(index: f.index, time: f.time, difference: difference, passed: f.passed)
                if !f.passed && linkFree {
                    guard pictures < GoldenArtifacts.maximumPictureFrames else { return outcome }
                    let base = dir.appendingPathComponent(String(format: "frame-%03d", f.index)).path
                    // Links are not followed: a downloaded folder must not make the report show files from elsewhere.
                    let expected = budget.read(base + "-expected.png")
                    let actual = expected == nil ? nil : budget.read(base + "-actual.png")
                    if let expected, let actual {
                        outcome.expected = expected
                        outcome.actual = actual
                        pictures += 1
                    } else if budget.isSpent {
                        skipped += 1
                    }
                }
                return outcome
            }
            var o = ScenarioOutcome(name: s.name, file: s.file, status: ScenarioOutcome.Status(rawValue: s.status) ?? .error)
            o.environmentNotes = s.environmentNotes
            o.messages = s.messages
            o.traceDifference = s.traceDifference
            o.renderSeconds = s.renderSeconds
            o.compareSeconds = s.compareSeconds
            o.frames = frames
            if skipped > 0 {
                o.messages.append(
                    "pictures of \(skipped) failing frames not shown: the merge reads at most \(PictureBudget.maximumPixels) pixels of pictures"
                )
            }
            return o
        }
    }

    /// Whether no component of `relative` under `folder` (the folder itself excluded) is a
    /// symbolic link.
    static func isLinkFree(_ relative: String, under folder: URL) -> Bool {
        var path = folder.path
        for part in relative.split(separator: "/") {
            path += "/" + part
            var st = stat()
            if lstat(path, &st) == 0, st.st_mode & S_IFMT == S_IFLNK { return false }
        }
        return true
    }
}

/// The pixels of pictures a merge may still read from its shards (their frames as PNGs).
package struct PictureBudget: Sendable {
    /// 256 Mi pixels: 1 GB decoded; 800 failing 400×400 frames' pairs.
    public static let maximumPixels = 256 << 20
    public private(set) var remaining: Int
    public private(set) var isSpent = false

    public init(pixels: Int = maximumPixels) { remaining = pixels }

    /// The PNG at `path` (not through a link), if it is there and fits what is left.
    mutating func read(_ path: String) -> PixelBuffer? {
        guard !isSpent, let bytes = try? InputFile.read(path, followingLinks: false),
            let size = try? PNGCodec.declaredSize(bytes, name: path)
        else { return nil }
        guard size.width * size.height <= remaining else {
            isSpent = true
            return nil
        }
        guard let image = try? PNGCodec.decode(bytes, name: path) else { return nil }
        remaining -= image.width * image.height
        return image
    }
}
