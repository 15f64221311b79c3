import Flipbook
import FlipbookComparison
import Foundation

/// What `flipbook test` does: finds scenarios, renders them at their golden instants,
/// compares with `golden/` or records, and reports.
public struct GoldenSuite: Sendable {
    public var store: GoldenStore
    public var record: RecordMode
    /// How frames are compared (default: each scenario's own tolerance).
    public var tolerance: ToleranceRule
    public var jobs: Int
    public var threads: Int
    /// Called, on the thread that tests it, as soon as a scenario's frames are known to fail and
    /// it is to be reported failed (not re-recorded): with its name, file, loaded scenario and
    /// compared frames (as the outcome will hold them). `flipbook test` starts the failing
    /// render's animation and the frames' pictures here, beside the rest of the check.
    public var whenFramesFail: (@Sendable (_ name: String, _ file: String, _ scenario: Scenario, _ frames: [FrameOutcome]) -> Void)?
    /// Called, on the thread that renders it, when a scenario's first frame fails, while the rest
    /// still render (unless it is to be re-recorded): with its name, file and loaded scenario.
    /// `flipbook test` starts the failing render's animation here, on the core the comparison
    /// leaves free. (A golden frame that cannot be read later makes the scenario an error.)
    public var whenAFrameFails: (@Sendable (_ name: String, _ file: String, _ scenario: Scenario) -> Void)?

    public init(
        store: GoldenStore, record: RecordMode, tolerance: ToleranceRule = .scenario, jobs: Int = 1,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.store = store
        self.record = record
        self.tolerance = tolerance
        self.jobs = max(1, jobs)
        self.threads = max(1, threads)
    }

    /// Scenario files under `paths` (files as given; folders searched for `.yaml` scenarios and
    /// `.json`/`.lottie` Lottie animations), sorted.
    public static func discover(_ paths: [String]) throws -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw GoldenError.usage("\(path): no such file or folder")
            }
            if isDirectory.boolValue {
                let found = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).filter(Self.isScene)
                files += found.map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
            } else {
                files.append(path)
            }
        }
        return Array(Set(files)).sorted()
    }

    /// Whether a file found in a folder is a scene: a scenario or a Lottie animation.
    static func isScene(_ name: String) -> Bool { name.hasSuffix(".yaml") || LottieAnimation.isLottieFile(name) }

    /// Shard `index` (1-based) of `count`: every file lands in exactly one shard.
    public static func shard(_ files: [String], index: Int, count: Int) -> [String] {
        files.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }

    /// The golden folder name of a scenario file: its name without `.yaml`.
    public static func name(of file: String) -> String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }

    /// Runs every file; outcomes come back in the files' order whatever `jobs` is. `among` is
    /// every file of the suite when `files` is one shard of it: a name shared with a file of
    /// another shard is refused too (both would record into one folder).
    ///
    /// Recordings are one transaction: each scene's new goldens are staged as it renders and
    /// swapped in only when the whole run has no error; otherwise every staged set is removed,
    /// the old ones left as they were, and the scenes say they were not recorded.
    public func run(_ files: [String], among all: [String]? = nil) -> [ScenarioOutcome] {
        let results = ParallelResults<ScenarioOutcome>(count: files.count)
        let names = files.map(Self.name(of:))
        let allNames = (all ?? files).map(Self.name(of:))
        let perJob = max(1, threads / min(jobs, max(1, files.count)))
        let staged = StagedRecordings()
        @Sendable func runFile(_ i: Int) {
            let others = Set((all ?? files).filter { $0 != files[i] && Self.name(of: $0) == names[i] })
            if allNames.filter({ $0 == names[i] }).count > 1 {
                results.set(
                    i,
                    value: ScenarioOutcome(
                        name: names[i], file: files[i], status: .error,
                        messages: [
                            "\(files[i]): another scenario is also named '\(names[i])' (\(others.sorted().joined(separator: ", "))); "
                                + "golden folders are named by file name"
                        ]))
            } else {
                results.set(i, value: runOne(files[i], name: names[i], threads: perJob, staged: staged))
            }
        }
        // One job runs on this thread: a render run from Dispatch's pool leaves its own frame
        // batches one pool thread to draw on (on 2 cores, the pool's two), so they ran one frame
        // at a time.
        if jobs > 1 {
            let queue = DispatchQueue(label: "flipbook.golden", attributes: .concurrent)
            let group = DispatchGroup()
            let gate = DispatchSemaphore(value: jobs)
            for i in files.indices {
                gate.wait()
                queue.async(group: group) {
                    defer { gate.signal() }
                    runFile(i)
                }
            }
            group.wait()
        } else {
            files.indices.forEach(runFile)
        }
        return staged.settle(results.filled)
    }

    /// Golden folders whose scenario is not among `files` (recorded for a file that is gone).
    public func orphans(among files: [String]) -> [String] {
        let names = Set(files.map(Self.name(of:)))
        return store.recordedNames().filter { !names.contains($0) }
    }

    func runOne(_ file: String, name: String, threads: Int, staged: StagedRecordings) -> ScenarioOutcome {
        var outcome = ScenarioOutcome(name: name, file: file, status: .passed)
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(file: file, imageLoader: { try ImageFile.read($0) })
        } catch {
            outcome.status = .error
            outcome.messages = ["\(error)"]
            return outcome
        }
        if record == .all || (!store.exists(name) && record != .never) {
            return streamed(scenario, name: name, outcome: outcome, threads: threads, staged: staged, recording: .recorded)
        }
        guard store.exists(name) else {
            outcome.status = .missing
            outcome.messages = [
                "\(name): no goldens in \(store.folder(for: name).path); record them with `flipbook test --record missing \(file)`"
            ]
            return outcome
        }
        let golden: GoldenStore.Recorded
        do { golden = try store.load(name) } catch {
            outcome.status = .error
            outcome.messages = ["\(name): cannot read the goldens: \(error)"]
            return outcome
        }
        return streamed(scenario, name: name, outcome: outcome, threads: threads, staged: staged, comparingWith: golden)
    }

    /// Renders a scenario at its golden instants and compares each frame with `golden` as it comes
    /// (`GoldenStreamSink`), or records each as it comes when `golden` is nil.
    private func streamed(
        _ scenario: Scenario, name: String, outcome start: ScenarioOutcome, threads: Int, staged: StagedRecordings,
        comparingWith golden: GoldenStore.Recorded? = nil, recording status: ScenarioOutcome.Status = .recorded
    ) -> ScenarioOutcome {
        var outcome = start
        let times = scenario.golden.times(duration: scenario.duration)
        let began = DispatchTime.now()
        let mode: GoldenStreamSink.Mode
        var sameInstants = true
        if let golden {
            sameInstants =
                golden.manifest.times.count == times.count
                && !zip(golden.manifest.times, times).contains(where: { abs($0 - $1) > 1e-9 })
            mode = .compare(golden, tolerance: self.tolerance.resolve(scenario.golden.tolerance))
        } else {
            do { mode = .record(try store.beginRecording(name)) } catch {
                outcome.status = .error
                outcome.messages.append("\(name): cannot record the goldens: \(error)")
                return outcome
            }
        }
        let sink = GoldenStreamSink(times: times, fps: scenario.golden.fps, mode: mode, name: name, scale: scenario.canvas.scale)
        if golden != nil, record != .failed, let hook = whenAFrameFails {
            let file = outcome.file
            sink.whenAFrameFails = { hook(name, file, scenario) }
        }
        let runtime = ScenarioRuntime(scenario: scenario)
        do { _ = try runtime.render(sinks: sameInstants ? [sink] : [], fps: scenario.golden.fps, threads: threads) } catch {
            outcome.status = .error
            outcome.messages.append("\(name): cannot render: \(error)")
            return outcome
        }
        outcome.renderSeconds = seconds(since: began)
        let trace = GoldenCapture.trace(of: runtime.stage, until: scenario.duration)
        let checksums = sink.pixelChecksums.map { $0 ?? "" }
        if golden != nil, record != .failed, sink.outcomes.contains(where: { $0?.passed == false }),
            !zip(sink.outcomes, sink.messages).contains(where: { $0.0 == nil && $0.1 != nil })
        {
            whenFramesFail?(name, outcome.file, scenario, sink.outcomes.compactMap { $0 })
        }
        let manifest = GoldenManifest.current(
            width: sink.size.width, height: sink.size.height, scale: scenario.canvas.scale,
            times: times, pixelChecksums: checksums, spec: scenario.golden)
        guard let golden else {
            guard case .record(let recording) = mode else { return outcome }
            // Staged: swapped in with the run's other recordings.
            return Self.recorded(outcome, as: status, name: name) {
                try recording.finish(trace: trace, manifest: manifest)
                staged.add(recording)
            }
        }
        outcome.environmentNotes = manifest.differences(from: golden.manifest)
        if !sameInstants {
            outcome.messages.append(
                "\(name): the golden instants changed: recorded \(golden.manifest.times.count), here \(times.count); re-record")
        }
        outcome = judged(outcome, sink: sink, goldenTrace: golden.trace, trace: trace, name: name)
        guard outcome.status == .failed else { return outcome }
        if record == .failed {
            var again = streamed(scenario, name: name, outcome: outcome, threads: threads, staged: staged, recording: .rerecorded)
            again.renderSeconds += outcome.renderSeconds
            return again
        }
        if outcome.frames.contains(where: { !$0.passed }) { outcome.messages += Self.fontNotes(scenario, name: name) }
        return outcome
    }

    /// The comparison's verdict: the frames' outcomes and messages, the trace's first
    /// difference first; an error when a golden frame could not be read (exit 2,
    /// docs/golden-tests.md: an error in the goldens, not a difference in the render).
    private func judged(
        _ start: ScenarioOutcome, sink: GoldenStreamSink, goldenTrace: String, trace: String, name: String
    ) -> ScenarioOutcome {
        var outcome = start
        outcome.frames = sink.outcomes.compactMap { $0 }
        outcome.messages += sink.messages.compactMap { $0 }
        if zip(sink.outcomes, sink.messages).contains(where: { $0.0 == nil && $0.1 != nil }) {
            outcome.status = .error
            return outcome
        }
        if let line = Self.firstDifference(goldenTrace, trace) {
            outcome.traceDifference = line
            // The trace first: a changed event is the cause of the pixel differences after it.
            outcome.messages.insert("\(name): the event trace differs \(line)", at: 0)
        }
        guard !outcome.messages.isEmpty else { return outcome }
        outcome.status = .failed
        return outcome
    }

    /// Compares (or records) one capture under `name`, as the record mode says.
    package func evaluate(
        name: String, file: String, capture: GoldenCapture, spec: GoldenSpec,
        outcome start: ScenarioOutcome? = nil
    ) -> ScenarioOutcome {
        var outcome = start ?? ScenarioOutcome(name: name, file: file, status: .passed)
        let tolerance = self.tolerance.resolve(spec.tolerance)
        if record == .all || (!store.exists(name) && record != .never) {
            return recorded(name, capture: capture, spec: spec, into: outcome, status: .recorded)
        }
        guard store.exists(name) else {
            outcome.status = .missing
            outcome.messages = [
                "\(name): no goldens in \(store.folder(for: name).path); record them with `flipbook test --record missing \(file)`"
            ]
            return outcome
        }
        let compareStart = DispatchTime.now()
        let golden: GoldenStore.Recorded
        do { golden = try store.load(name) } catch {
            outcome.status = .error
            outcome.messages = ["\(name): cannot read the goldens: \(error)"]
            return outcome
        }
        outcome.environmentNotes = GoldenManifest.current(for: capture, spec: spec).differences(from: golden.manifest)
        if golden.manifest.times.count != capture.times.count
            || zip(golden.manifest.times, capture.times).contains(where: { abs($0 - $1) > 1e-9 })
        {
            outcome.messages.append(
                "\(name): the golden instants changed: recorded \(golden.manifest.times.count), here \(capture.times.count); re-record")
        } else {
            // Frames are independent: check them on every core, report them in order.
            let slots = ParallelResults<(FrameOutcome?, String?)>(count: capture.times.count)
            DispatchQueue.concurrentPerform(iterations: capture.times.count) { i in
                slots.set(
                    i,
                    value: Self.compareFrame(
                        i, time: capture.times[i], actual: capture.frames[i], golden: golden,
                        tolerance: tolerance, name: name, scale: capture.scale))
            }
            for (frame, message) in slots.filled {
                if let frame { outcome.frames.append(frame) }
                if let message { outcome.messages.append(message) }
            }
            if slots.filled.contains(where: { $0.0 == nil && $0.1 != nil }) {
                outcome.status = .error
                return outcome
            }
        }
        if let line = Self.firstDifference(golden.trace, capture.trace) {
            outcome.traceDifference = line
            // The trace first: a changed event is the cause of the pixel differences after it.
            outcome.messages.insert("\(name): the event trace differs \(line)", at: 0)
        }
        outcome.compareSeconds = seconds(since: compareStart)
        guard !outcome.messages.isEmpty else { return outcome }
        if record == .failed { return recorded(name, capture: capture, spec: spec, into: outcome, status: .rerecorded) }
        outcome.status = .failed
        return outcome
    }

    private func recorded(
        _ name: String, capture: GoldenCapture, spec: GoldenSpec, into outcome: ScenarioOutcome,
        status: ScenarioOutcome.Status
    ) -> ScenarioOutcome {
        Self.recorded(outcome, as: status, name: name) { try store.record(name, capture: capture, spec: spec) }
    }

    /// `start` with `status` once `write` has recorded the goldens, or an error saying why not.
    private static func recorded(
        _ start: ScenarioOutcome, as status: ScenarioOutcome.Status, name: String, _ write: () throws -> Void
    ) -> ScenarioOutcome {
        var outcome = start
        do {
            try write()
            outcome.status = status
        } catch {
            outcome.status = .error
            outcome.messages.append("\(name): cannot record the goldens: \(error)")
        }
        return outcome
    }

    /// Frame `i` against its golden: without decoding when the checksums say it is the same.
    /// No outcome with a message: the golden frame could not be read.
    static func compareFrame(
        _ i: Int, time t: Double, actual: PixelBuffer, golden: GoldenStore.Recorded,
        tolerance: GoldenSpec.Tolerance?, name: String, scale: Double = 1, pixelChecksum: String? = nil
    ) -> (FrameOutcome?, String?) {
        // The golden file is read once: for its checksum, and decoded only when that cannot tell.
        let file: [UInt8], expected: PixelBuffer
        do {
            file = try golden.frameFile(i)
            if golden.matchesWithoutDecoding(i, actual, file: file, pixelChecksum: pixelChecksum) == true {
                let same = FrameDifference(
                    differingPixels: 0, totalPixels: actual.width * actual.height, largestDistance: 0,
                    largestAt: (0, 0), bounds: nil, sizeMismatch: false)
                return (FrameOutcome(index: i, time: t, difference: same, passed: true), nil)
            }
            expected = try PNGCodec.decode(file, name: golden.frameURL(i).path)
        } catch { return (nil, "\(name): cannot read golden frame \(i): \(error)") }
        let d = ImageComparison.compare(expected, actual, tolerance: tolerance)
        let ok = d.passes(tolerance)
        return (
            FrameOutcome(
                index: i, time: t, difference: d, passed: ok, expected: ok ? nil : expected, actual: ok ? nil : actual,
                expectedPNG: ok ? nil : file),
            ok ? nil : describe(name, index: i, time: t, d, scale: scale)
        )
    }

    /// One failing frame, in words: where (in points, as the scene is written, with the pixels
    /// of the images in brackets), how much, how far, and the box that changed.
    static func describe(_ name: String, index: Int, time: Double, _ d: FrameDifference, scale: Double = 1) -> String {
        if d.sizeMismatch { return "\(name): frame \(index) (t = \(String(format: "%.3f", time)) s) has a different size" }
        func pt(_ px: Int) -> String { String(format: "%g", (Double(px) / scale * 100).rounded() / 100) }
        var s = "\(name): frame \(index) (t = \(String(format: "%.3f", time)) s): "
        s += String(
            format: "%.2f%% of pixels differ (%d of %d), largest distance %.3f", d.share * 100, d.differingPixels, d.totalPixels,
            d.largestDistance)
        s += " at (\(pt(d.largestAt.x)), \(pt(d.largestAt.y))) pt [\(d.largestAt.x), \(d.largestAt.y) px]"
        if let b = d.bounds {
            s +=
                ", within x \(pt(b.x))…\(pt(b.x + b.width)), y \(pt(b.y))…\(pt(b.y + b.height)) pt"
                + " [x \(b.x)…\(b.x + b.width - 1), y \(b.y)…\(b.y + b.height - 1) px]"
        }
        return s
    }

    /// Where two traces first differ, or nil when they are the same.
    static func firstDifference(_ expected: String, _ actual: String) -> String? {
        guard expected != actual else { return nil }
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false),
            a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(e.count, a.count) {
            let x = i < e.count ? String(e[i]) : "(end)", y = i < a.count ? String(a[i]) : "(end)"
            if x != y { return "at line \(i + 1): expected \"\(x)\", got \"\(y)\"" }
        }
        return "in its line endings"
    }

    private func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}

extension GoldenSuite {
    /// For a scene with text whose frames differ: the fonts fontconfig gives its text on this
    /// machine, so a report from another machine says which files drew the letters.
    static func fontNotes(_ scenario: Scenario, name: String) -> [String] {
        scenario.textFontNames.map { fontName in
            let files = FontCatalog.files(forFontName: fontName).map { "\($0.family) (\($0.file))" }.joined(separator: ", ")
            return "\(name): text in \(fontName.map { "'\($0)'" } ?? "the system font") is drawn here with \(files)"
        }
    }
}

/// The goldens a run has recorded and not yet swapped in (`GoldenSuite.run`).
final class StagedRecordings: @unchecked Sendable {
    private let lock = NSLock()
    private var recordings: [GoldenStore.Recording] = []

    func add(_ recording: GoldenStore.Recording) {
        lock.lock()
        recordings.append(recording)
        lock.unlock()
    }

    /// Swaps every staged set in when no scene of `outcomes` is an error; otherwise removes them
    /// and turns the scenes that recorded into errors that say so.
    func settle(_ outcomes: [ScenarioOutcome]) -> [ScenarioOutcome] {
        lock.lock()
        let staged = recordings
        recordings = []
        lock.unlock()
        var settled = outcomes
        let recorded: Set<ScenarioOutcome.Status> = [.recorded, .rerecorded]
        guard !outcomes.contains(where: { $0.status == .error }) else {
            for recording in staged { recording.discard() }
            for i in settled.indices where recorded.contains(settled[i].status) {
                settled[i].status = .error
                settled[i].messages.append(
                    "\(settled[i].name): not recorded: another scene had an error, so no golden was replaced "
                        + "(fix it and record again)")
            }
            return settled
        }
        for recording in staged {
            do { try recording.commit() } catch {
                guard let i = settled.firstIndex(where: { $0.name == recording.name && recorded.contains($0.status) }) else { continue }
                settled[i].status = .error
                settled[i].messages.append("\(recording.name): cannot record the goldens: \(error)")
            }
        }
        return settled
    }
}
