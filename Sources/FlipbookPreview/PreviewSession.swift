import Flipbook
import FlipbookCompare
import Foundation

/// One scene file being previewed: watches it, re-renders it on each change (cancelling a
/// render still running), and keeps the last good page. An invalid file leaves the last good
/// page in place and reports its errors (FILE:LINE:COLUMN) in the status.
public final class PreviewSession: @unchecked Sendable {
    // State is read by the server's tasks and written by the render queue: every access holds `lock`.

    /// What to preview.
    public struct Options: Sendable {
        public var file: String
        /// Variants side by side (nil: the default and every variant the file names).
        public var variants: [String]?
        /// `LAYER.KEYPATH`s plotted under the player.
        public var plots: [String]
        /// How often the file is checked for changes.
        public var pollInterval: Double
        /// Commands to copy, listed under the player.
        public var commands: [String]
        public init(file: String, variants: [String]? = nil, plots: [String] = [], pollInterval: Double = 0.1, commands: [String] = []) {
            self.file = file
            self.variants = variants
            self.plots = plots
            self.pollInterval = pollInterval
            self.commands = commands
        }
    }

    /// What the page polls: which render is current, whether one is running, and the errors of
    /// the last attempt.
    public struct Status: Codable, Sendable, Equatable {
        /// Counts good renders: the page reloads its player when it changes.
        public var version = 0
        public var rendering = false
        /// The running render's share of frames done, 0…1.
        public var progress = 0.0
        /// The last attempt's errors (empty when it rendered); the page shows them over the last good render.
        public var errors: [String] = []
        public var warnings: [String] = []
        /// Seconds the last good render took.
        public var renderSeconds = 0.0
        /// Counts finished attempts, good or not: `/status?after=N` answers once it passes N.
        public var attempts = 0
    }

    public let options: Options
    /// Guards the state below; signalled when an attempt finishes.
    private let lock = NSCondition()
    private var status = Status()
    private var page: [UInt8]?
    /// The last good render's frames, whose pictures the page asks for (`/frame/VERSION/INDEX.png`).
    private var frames: (version: Int, store: PageFrameStore?) = (0, nil)
    private var lastContent: WatchedFile.Reading?
    private var running: CancelFlag?
    private let renderQueue = DispatchQueue(label: "flipbook.preview.render")
    private var watcher: (any DispatchSourceTimer)?
    private var folderWatch: FolderWatch?

    /// The most error lines `/status` carries, and the longest one, in characters: a message
    /// quotes the file only as far as it takes to find the place.
    static let maximumErrorLines = 40
    static let maximumErrorLength = 300

    public init(options: Options) { self.options = options }

    public var currentStatus: Status { lock.withLock { status } }

    /// The status once an attempt after the `attempts`-th has finished, or as it is after
    /// `timeout` seconds: a client waits for the next render without polling.
    public func status(after attempts: Int, timeout: Double) -> Status {
        let deadline = Date().addingTimeInterval(timeout)
        lock.lock()
        defer { lock.unlock() }
        while status.attempts <= attempts, lock.wait(until: deadline) {}
        return status
    }

    /// Ends an attempt: counted, and whoever waits on it woken. Called holding the lock.
    private func finishAttempt() {
        status.attempts += 1
        lock.broadcast()
    }
    /// The last good render's page, if any.
    public var currentPage: [UInt8]? { lock.withLock { page } }

    /// Picture `index` (a key frame or a patch) of render `version`, while that render is the
    /// current one. Encoded when asked for if the background encoder has not reached it yet.
    public func frame(version: Int, index: Int) -> [UInt8]? {
        let store = lock.withLock { frames.version == version ? frames.store : nil }
        return try? store?.png(at: index)
    }

    /// Starts watching (the first check renders at once): the folder's inotify events wake it
    /// as a save lands, and a poll every `pollInterval` catches what inotify does not report.
    public func start() {
        let queue = DispatchQueue(label: "flipbook.preview.watch")
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: options.pollInterval)
        timer.setEventHandler { [weak self] in self?.checkForChange() }
        let folder = FolderWatch(file: options.file, queue: queue) { [weak self] in self?.checkForChange() }
        lock.withLock {
            watcher = timer
            folderWatch = folder
        }
        timer.resume()
    }

    public func stop() {
        lock.withLock {
            watcher?.cancel()
            watcher = nil
            folderWatch?.stop()
            folderWatch = nil
            running?.cancel()
        }
    }

    /// Reads the file (polling: editors that save by writing a new file and renaming it would
    /// leave an inotify watch on the old one) and starts a render when its bytes changed. A file
    /// that is no longer a regular file in its folder (`WatchedFile`) is not read: its error is
    /// shown over the last good render.
    func checkForChange() {
        let reading = WatchedFile.read(options.file)
        let flag: CancelFlag? = lock.withLock {
            guard reading != lastContent else { return nil }
            lastContent = reading
            running?.cancel()
            let flag = CancelFlag()
            running = flag
            return flag
        }
        guard let flag else { return }
        renderQueue.async { [weak self] in self?.render(reading, flag) }
    }

    /// Renders the file's text as read unless a newer change has cancelled this one already.
    func render(_ reading: WatchedFile.Reading, _ flag: CancelFlag) {
        guard !flag.isCancelled else { return }
        lock.withLock {
            status.rendering = true
            status.progress = 0
        }
        let start = DispatchTime.now()
        do {
            let contents: Data
            switch reading {
            case .refused(let reason): throw PreviewError(reason)
            case .contents(let bytes): contents = bytes
            }
            let base = URL(fileURLWithPath: options.file).deletingLastPathComponent()
            let scenario = try ScenarioLoader.load(
                contents: contents, file: options.file, baseDirectory: base,
                fontCheck: FontCatalog.substitute(for:), imageLoader: { try ImageFile.read($0) })
            let names = options.variants ?? ["default"] + scenario.variantNames
            for name in names where name != "default" && !scenario.variantNames.contains(name) {
                throw PreviewError(
                    "'\(name)' is not a variant of \(options.file) (it has: "
                        + (["default"] + scenario.variantNames).joined(separator: ", ") + ")")
            }
            var comparison = VariantComparison(
                inputs: names.map { .init(file: options.file, variant: $0, label: $0, contents: contents) },
                plots: options.plots)
            let progress = ProgressSink(flag: flag) { [weak self] done in self?.lock.withLock { self?.status.progress = done } }
            let title = "Flipbook preview: " + URL(fileURLWithPath: options.file).lastPathComponent
            let version = lock.withLock { status.version } + 1
            let result = try comparison.runWithPage(
                sinks: [progress], title: title, pageFrameLimit: 1800,
                pictureURL: { "/frame/\(version)/\($0).png" },
                extras: PreviewShellPage.extras(version: version, commands: options.commands))
            guard !flag.isCancelled else {
                result.frames.cancel()
                return
            }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            let pageBytes = Array(result.html.utf8)
            lock.withLock {
                page = pageBytes
                frames.store?.cancel()
                frames = (version, result.frames)
                status.version = version
                status.rendering = false
                status.progress = 1
                status.errors = []
                status.warnings = Self.bounded(scenario.warnings.map(\.description))
                status.renderSeconds = (seconds * 1000).rounded() / 1000  // milliseconds: the page shows it
                finishAttempt()
            }
        } catch is CancellationError {
            // A newer change is queued behind this render.
        } catch {
            guard !flag.isCancelled else { return }
            lock.withLock {
                status.rendering = false
                status.errors = Self.bounded("\(error)".split(separator: "\n").map(String.init))
                finishAttempt()
            }
        }
    }

    /// At most `maximumErrorLines` lines of at most `maximumErrorLength` characters.
    static func bounded(_ lines: [String]) -> [String] {
        var out = lines.prefix(maximumErrorLines).map { $0.count > maximumErrorLength ? $0.prefix(maximumErrorLength - 1) + "…" : $0 }
        if lines.count > maximumErrorLines { out.append("… and \(lines.count - maximumErrorLines) more") }
        return out
    }
}

/// A render's "stop": set by the next change, checked at every frame.
final class CancelFlag: @unchecked Sendable {
    // Written by the watcher, read by the render queue: guarded by `lock`.
    private let lock = NSLock()
    private var cancelled = false
    var isCancelled: Bool { lock.withLock { cancelled } }
    func cancel() { lock.withLock { cancelled = true } }
}

/// Reports progress and ends a render that was cancelled, at the next frame.
final class ProgressSink: RenderSink, @unchecked Sendable {
    // Used on the render loop's calling thread only.
    private let flag: CancelFlag
    private let report: (Double) -> Void
    private var total = 1

    init(flag: CancelFlag, report: @escaping (Double) -> Void) {
        self.flag = flag
        self.report = report
    }

    func begin(_ plan: RenderPlan) throws { total = max(1, plan.frameCount) }

    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws {
        if flag.isCancelled { throw CancellationError() }
        report(Double(index + 1) / Double(total))
    }

    func finish() throws {}
    func cancel() {}
}

/// A preview problem that is not the scene file's (a variant it does not have).
struct PreviewError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
