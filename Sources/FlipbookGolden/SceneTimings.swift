import Flipbook
import Foundation

/// How long each scene of a suite took (render and compare, seconds): `timings.json`, which
/// `flipbook test merge` writes beside its report and `flipbook test --shard` reads to give
/// every shard about the same work (as pytest-split's and Knapsack's durations files). Kept
/// with the goldens (`golden/timings.json`) it is read by default. Read from other machines:
/// untrusted, bounded.
public struct SceneTimings: Codable, Sendable, Equatable {
    public static let fileName = "timings.json"
    public static let currentFormat = 1
    /// A timings file larger than this is refused (about 20,000 scenes).
    public static let maximumBytes = 1 << 20

    public var format = currentFormat
    /// Seconds per scene name (the golden folder's name).
    public var seconds: [String: Double]

    public init(seconds: [String: Double]) { self.seconds = seconds }

    /// The time each scene that ran took; scenes that could not be read (errors) are left out.
    public init(_ outcomes: [ScenarioOutcome]) {
        seconds = Dictionary(
            outcomes.filter { $0.status != .error }.map { ($0.name, $0.renderSeconds + $0.compareSeconds) },
            uniquingKeysWith: { a, _ in a })
    }

    public func encoded() throws -> [UInt8] { try ReadableJSON.encode(self) + [10] }

    /// The timings in the file at `path`, checked: its format, and every figure a number of
    /// seconds in 0…86,400.
    public static func read(_ path: String) throws -> SceneTimings {
        let bytes: [UInt8]
        do { bytes = try InputFile.read(path, maximumBytes: maximumBytes) } catch { throw GoldenError.usage("\(error)") }
        let timings: SceneTimings
        do { timings = try JSONDecoder().decode(SceneTimings.self, from: Data(bytes)) } catch {
            throw GoldenError.usage("\(path): not a timings file of flipbook test merge (\(error))")
        }
        guard timings.format == currentFormat else {
            throw GoldenError.usage("\(path): timings format \(timings.format), expected \(currentFormat) (written by another version)")
        }
        for (name, s) in timings.seconds where !(s.isFinite && (0...86_400).contains(s)) {
            throw GoldenError.usage("\(path): \(TextSafety.quoted(name)) has \(s) seconds; expected 0…86400")
        }
        return timings
    }
}

extension GoldenSuite {
    /// Shard `index` (1-based) of `count`, balanced by `costs` (one per file): files taken from
    /// the costliest (ties by name) each go to the shard with the least cost so far (ties: the
    /// lowest), as the longest-processing-time rule schedules. Every file lands in exactly one
    /// shard, the same one on every machine given the same costs; a shard keeps the suite's order.
    public static func shard(_ files: [String], index: Int, count: Int, costs: [Double]) -> [String] {
        guard costs.count == files.count, count > 0 else { return shard(files, index: index, count: count) }
        var load = [Double](repeating: 0, count: count)
        var assigned = [Int](repeating: 0, count: files.count)
        let order = files.indices.sorted { costs[$0] != costs[$1] ? costs[$0] > costs[$1] : files[$0] < files[$1] }
        for i in order {
            let lightest = load.indices.min { load[$0] != load[$1] ? load[$0] < load[$1] : $0 < $1 } ?? 0
            assigned[i] = lightest
            load[lightest] += max(costs[i], 0)
        }
        return files.indices.filter { assigned[$0] == index - 1 }.map { files[$0] }
    }

    /// Each file's expected cost in seconds: its time in `timings`, else an estimate from its
    /// golden instants × canvas pixels, in seconds at the rate the timed scenes ran (units as
    /// they are when none is timed). A file that cannot be read costs the median.
    public static func costs(of files: [String], timings: SceneTimings?) -> [Double] {
        let known = files.map { timings?.seconds[name(of: $0)] }
        // Every scene timed: nothing is loaded (a shard's start stays quick).
        if !known.contains(where: { $0 == nil }) { return known.map { $0 ?? 0 } }
        let work = files.map(estimatedWork(of:))
        let rates = zip(known, work).compactMap { time, work -> Double? in
            guard let time, let work, time > 0, work > 0 else { return nil }
            return time / work
        }
        let rate = rates.isEmpty ? 1 : rates.sorted()[rates.count / 2]
        let costs = zip(known, work).map { time, work in time ?? work.map { $0 * rate } }
        let present = costs.compactMap { $0 }.sorted()
        let median = present.isEmpty ? 1 : present[present.count / 2]
        return costs.map { $0 ?? median }
    }

    /// Golden instants × canvas pixels (points × scale²): what rendering and comparing a scene
    /// is proportional to; nil when the file cannot be read.
    static func estimatedWork(of file: String) -> Double? {
        guard let scenario = try? ScenarioLoader.load(file: file, imageLoader: { _ in LayerImage(width: 1, height: 1, rgba: [0, 0, 0, 0]) })
        else { return nil }
        let instants = Double(scenario.golden.times(duration: scenario.duration).count)
        let scale = scenario.canvas.scale
        return instants * scenario.canvas.width * scenario.canvas.height * scale * scale
    }
}
