import ArgumentParser
import Flipbook
import FlipbookGolden
import Foundation

/// `flipbook test`: runs the suite (`test run`, the default) or merges shards (`test merge`).
struct Test: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Render scenarios at their golden instants and compare them with golden/ (or record goldens).",
        subcommands: [TestRun.self, TestMerge.self],
        defaultSubcommand: TestRun.self
    )
}

struct TestRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Render scenarios at their golden instants and compare them with golden/ (or record goldens).",
        discussion: """
            Frames are compared as decoded PNGs, exactly unless a tolerance is set, and the event \
            trace is compared too. A failure names the scenario, the frame and time, the share of \
            pixels off, the largest distance and where; artifacts (expected/actual/difference PNGs, \
            report.html, junit.xml, summary.json) go to --artifacts. Exit 1 when anything fails.

            Record modes: missing (default; on CI, never) records scenarios without goldens; \
            failed also re-records failures; all records everything; never writes nothing.

            Examples:
              flipbook test                              # every scenario under scenarios/
              flipbook test scenarios/loaders --record missing
              CI=true flipbook test --shard 2/4 --artifacts out/artifacts
              flipbook test --filter orbit --threshold 0.1 --share 0.005 \\
                --ignore-antialiasing

            A sharded run always writes its artifacts (results.json among them), passed or not, for \
            `flipbook test merge SHARD-DIR... --artifacts DIR` to join into one report; the merge \
            also writes timings.json, which kept as golden/timings.json balances later shards.
            """
    )

    @Argument(help: "Scenario files or folders (default: scenarios).")
    var paths: [String] = []

    @Option(
        help: ArgumentHelp(
            "When to write goldens: missing, failed, all or never (default: FLIPBOOK_RECORD, else never on CI, else missing).",
            valueName: "mode"))
    var record: String?

    @Option(
        name: .customLong("golden-dir"),
        help: ArgumentHelp(
            "The goldens' folder (default: golden/ beside the scenarios/ folder the scenarios are in, "
                + "found from their location, not the working directory).", valueName: "DIR"))
    var goldenDirectory: String?

    @Option(help: "Where failure artifacts and reports go.")
    var artifacts = ".artifacts"

    @Option(
        name: .customLong("artifact-animation"),
        help: ArgumentHelp(
            "Each failing scenario's whole render as it is now, beside its frames and in the report: "
                + "\(OutputFormat.animatedNames) or none (default: apng, exact; webp is exact and smaller).",
            valueName: "FORMAT"))
    var artifactAnimation = "apng"

    @Option(
        help: ArgumentHelp(
            "Run shard I of N (1-based), e.g. 2/4: every scenario in exactly one shard, shards balanced by the scenes' "
                + "times in --timings, else by instants × pixels.", valueName: "I/N"))
    var shard: String?

    @Option(
        help: ArgumentHelp(
            "The scenes' times that balance --shard: a timings.json from `flipbook test merge` (default: the golden "
                + "folder's timings.json when there is one).", valueName: "FILE"))
    var timings: String?

    @Option(help: "Only scenarios whose name contains this text.")
    var filter: String?

    @Option(help: "Scenarios rendered at once (default 1).")
    var jobs = 1

    @Option(help: "Threads rasterizing frames, shared by the jobs (default: the machine's cores). Results do not depend on it.")
    var threads: Int?

    @Option(help: "Per-pixel YIQ distance (0…1) above which a pixel differs; turns on the perceptual tolerance.")
    var threshold: Double?

    @Option(help: "Share of pixels (0…1) allowed to differ (with --threshold; default 0).")
    var share: Double?

    @Flag(name: .customLong("ignore-antialiasing"), help: "Do not count anti-aliased edge pixels (with --threshold).")
    var ignoreAntialiasing = false

    @Flag(help: "Exact comparison whatever the scenarios say.")
    var exact = false

    func validate() throws {
        if !(1...64).contains(jobs) { throw ValidationError("--jobs must be between 1 and 64") }
        if let threads, !(1...64).contains(threads) { throw ValidationError("--threads must be between 1 and 64") }
        if let threshold, !(0...1).contains(threshold) { throw ValidationError("--threshold must be between 0 and 1") }
        if let share, !(0...1).contains(share) { throw ValidationError("--share must be between 0 and 1") }
        if exact && (threshold != nil || share != nil || ignoreAntialiasing) {
            throw ValidationError("--exact cannot be combined with --threshold, --share or --ignore-antialiasing")
        }
        _ = try parsedShard()
        guard artifactAnimation == "none" || OutputFormat.named(artifactAnimation)?.animates == true else {
            throw ValidationError("--artifact-animation must be one of: \(OutputFormat.animatedNames), none")
        }
    }

    /// The golden folder for `files`: `golden/` in the nearest folder up from each file that
    /// holds a `scenarios/` folder containing it (or a `golden/` folder), so the goldens are the
    /// project's wherever the command runs; `golden/` here when no such folder is found. Files of
    /// two projects need `--golden-dir`.
    static func goldenFolder(for files: [String]) throws -> String {
        var roots = Set<String>()
        for file in files {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            var folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            var found: String?
            while found == nil {
                var isDirectory: ObjCBool = false
                let golden = folder.appendingPathComponent("golden").path
                if path.hasPrefix(folder.appendingPathComponent("scenarios").path + "/")
                    || (FileManager.default.fileExists(atPath: golden, isDirectory: &isDirectory) && isDirectory.boolValue)
                {
                    found = golden
                }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
            roots.insert(found ?? URL(fileURLWithPath: "golden").standardizedFileURL.path)
        }
        guard roots.count <= 1 else {
            throw ValidationError(
                "the scenarios belong to different projects (\(roots.sorted().joined(separator: ", "))); "
                    + "test them one project at a time, or name one folder with --golden-dir")
        }
        return roots.first ?? "golden"
    }

    /// The timings that balance the shards: `--timings`, else the golden folder's, else none.
    func shardTimings(for files: [String]) throws -> SceneTimings? {
        if let timings {
            do { return try SceneTimings.read(timings) } catch { throw ValidationError("\(error)") }
        }
        guard let root = try? goldenDirectory ?? Self.goldenFolder(for: files) else { return nil }
        let path = URL(fileURLWithPath: root, isDirectory: true).appendingPathComponent(SceneTimings.fileName).path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        do { return try SceneTimings.read(path) } catch { throw ValidationError("\(error)") }
    }

    func parsedShard() throws -> (index: Int, count: Int)? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let i = parts[0], let n = parts[1], n >= 1, (1...n).contains(i) else {
            throw ValidationError("--shard expects I/N with 1 ≤ I ≤ N, such as 2/4; found '\(shard)'")
        }
        return (i, n)
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        let mode: RecordMode
        do { mode = try RecordMode.resolve(record, environment: environment) } catch { throw ValidationError("\(error)") }
        let (files, all) = try selectedFiles()
        let goldenRoot = try goldenDirectory ?? Self.goldenFolder(for: files)
        var suite = GoldenSuite(
            store: GoldenStore(root: URL(fileURLWithPath: goldenRoot, isDirectory: true)), record: mode,
            tolerance: toleranceRule, jobs: jobs, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount)
        let root = URL(fileURLWithPath: artifacts, isDirectory: true)
        // A failing scenario's pictures and animation are made from the moment its frames fail,
        // on other threads, while the suite goes on.
        let animations = OutputFormat.named(artifactAnimation).flatMap { $0.animates ? ArtifactAnimations(format: $0, root: root) : nil }
        let pictures = StartedPictures(GoldenArtifacts(root: root))
        suite.whenAFrameFails = { name, file, scenario in animations?.start(name: name, file: file, scenario: scenario) }
        suite.whenFramesFail = { name, file, scenario, frames in
            pictures.start(name: name, frames: frames)
            animations?.start(name: name, file: file, scenario: scenario)
        }
        // No picture or render outlives the command (an error below leaves none half-written).
        defer {
            for started in pictures.all.values { _ = try? started.wait() }
            _ = animations?.finished()
        }
        let start = DispatchTime.now()
        let outcomes = suite.run(files, among: all)
        // Orphans only make sense for the whole suite (no filter, no shard, default paths).
        let orphans = paths.isEmpty && filter == nil && shard == nil ? suite.orphans(among: all) : []
        // One stream, in order: a scenario's heading, then what it says (CI logs read top to bottom).
        for o in outcomes { Self.report(o, store: suite.store) }
        for orphan in orphans {
            Console.out("warning: \(suite.store.folder(for: orphan).path) has goldens but no scenario named \(TextSafety.quoted(orphan))")
        }
        let failed = outcomes.filter(\.failed)
        // A shard's artifacts are always written: the merge needs every shard's results.
        if !failed.isEmpty || !orphans.isEmpty || shard != nil {
            try writeArtifacts(outcomes, orphans: orphans, root: root, animations: animations, pictures: pictures)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let recorded = outcomes.filter { $0.status == .recorded || $0.status == .rerecorded }.count
        Console.out(
            "golden: \(outcomes.count - failed.count - recorded) passed, \(failed.count) failed, \(recorded) recorded"
                + String(format: " (%.1f s)", seconds))
        if outcomes.contains(where: { $0.status == .error }) { throw ExitCode(Exit.input) }
        if !failed.isEmpty { throw ExitCode(Exit.comparisonFailed) }
    }

    /// The scenario files this run tests (`--filter`, `--shard`), and all it found (orphans and
    /// shards are judged among them).
    private func selectedFiles() throws -> (files: [String], all: [String]) {
        var files: [String]
        do { files = try GoldenSuite.discover(paths.isEmpty ? ["scenarios"] : paths) } catch { throw ValidationError("\(error)") }
        if let filter { files = files.filter { GoldenSuite.name(of: $0).contains(filter) } }
        let all = files
        if let (i, n) = try parsedShard() {
            files = GoldenSuite.shard(files, index: i, count: n, costs: GoldenSuite.costs(of: files, timings: try shardTimings(for: files)))
        }
        return (files, all)
    }

    /// The tolerance the options ask for: each scenario's own, none (`--exact`), or `--threshold`.
    private var toleranceRule: GoldenSuite.ToleranceRule {
        if let threshold {
            return .override(GoldenSpec.Tolerance(threshold: threshold, share: share ?? 0, ignoreAntialiasing: ignoreAntialiasing))
        }
        return exact ? .exact : .scenario
    }

    /// A scenario's heading and what it says: a failure's causes first (the trace, other
    /// messages), then its first failing frame, the rest folded into one line.
    private static func report(_ o: ScenarioOutcome, store: GoldenStore) {
        switch o.status {
        case .passed:
            // Frames are compared while they render (in the sink's `prepare`): one figure.
            Console.out("✔ \(o.name)" + String(format: " (render and compare %.2f s)", o.renderSeconds + o.compareSeconds))
        case .recorded: Console.out("● \(o.name): recorded \(store.folder(for: o.name).path)")
        case .rerecorded:
            Console.out("● \(o.name): re-recorded (it had failed)")
            for m in o.messages { Console.out("    \(m)") }
        case .failed, .missing, .error:
            Console.out("✘ \(o.name)")
            for note in o.environmentNotes { Console.out("  \(o.file): note: \(note)") }
            let frameLines = Set(o.frames.filter { !$0.passed }.map { "\(o.name): frame \($0.index) " })
            let isFrame = { (m: String) in frameLines.contains { m.hasPrefix($0) } }
            let frames = o.messages.filter(isFrame)
            for m in o.messages where !isFrame(m) { Console.out("  \(m)") }
            if let first = frames.first { Console.out("  \(first)") }
            if frames.count > 1 {
                let times = o.frames.filter { !$0.passed }.dropFirst().map { String(format: "%.3f", $0.time) }
                let shown = times.prefix(8).joined(separator: ", ") + (times.count > 8 ? ", …" : "")
                Console.out(
                    "  … and \(frames.count - 1) more failing frame\(frames.count == 2 ? "" : "s") (t = \(shown) s; each in report.html)"
                )
            }
            if o.status == .failed {
                Console.out("  if the change is intended: flipbook test \(o.file) --record failed")
            }
        }
    }

    /// The report and the failures' pictures and animations under `root`.
    private func writeArtifacts(
        _ outcomes: [ScenarioOutcome], orphans: [String], root: URL, animations: ArtifactAnimations?, pictures: StartedPictures
    ) throws {
        let failed = outcomes.filter(\.failed)
        // Failures found after the frames (a changed trace) render their animations now.
        for o in failed where o.status == .failed { animations?.start(name: o.name, file: o.file) }
        try GoldenArtifacts(root: root).write(
            outcomes, orphans: orphans,
            animationsWhenDone: {
                guard let made = animations?.finished() else { return [:] }
                for o in failed where o.status == .failed {
                    if let why = made.failures[o.name] { Console.out("  note: \(o.name): its animation was not written (\(why))") }
                }
                return made.animations.filter { name, _ in failed.contains { $0.name == name && $0.status == .failed } }
            }, picturesStarted: pictures.all)
        Console.out("artifacts: \(artifacts)/report.html")
    }
}
