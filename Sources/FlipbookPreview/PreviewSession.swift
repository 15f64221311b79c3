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
        public init(file: String, variants: [String]? = nil, plots: [String] = [], pollInterval: Double = 0.1) {
            self.file = file; self.variants = variants; self.plots = plots; self.pollInterval = pollInterval
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
    }

    public let options: Options
    private let lock = NSLock()
    private var status = Status()
    private var page: String?
    private var lastContent: [UInt8]?
    private var running: CancelFlag?
    private let renderQueue = DispatchQueue(label: "flipbook.preview.render")
    private var watcher: (any DispatchSourceTimer)?

    public init(options: Options) { self.options = options }

    public var currentStatus: Status { lock.withLock { status } }
    /// The last good render's page, if any.
    public var currentPage: String? { lock.withLock { page } }

    /// Starts watching (the first check renders at once).
    public func start() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "flipbook.preview.watch"))
        timer.schedule(deadline: .now(), repeating: options.pollInterval)
        timer.setEventHandler { [weak self] in self?.checkForChange() }
        lock.withLock { watcher = timer }
        timer.resume()
    }

    public func stop() {
        lock.withLock {
            watcher?.cancel(); watcher = nil
            running?.cancel()
        }
    }

    /// Reads the file (polling: editors that save by writing a new file and renaming it would
    /// leave an inotify watch on the old one) and starts a render when its bytes changed.
    func checkForChange() {
        let content = (try? InputFile.read(options.file)) ?? []
        let flag: CancelFlag? = lock.withLock {
            guard content != lastContent else { return nil }
            lastContent = content
            running?.cancel()
            let flag = CancelFlag()
            running = flag
            return flag
        }
        guard let flag else { return }
        renderQueue.async { [weak self] in self?.render(flag) }
    }

    /// Renders the file's current text unless a newer change has cancelled this one already.
    func render(_ flag: CancelFlag) {
        guard !flag.isCancelled else { return }
        lock.withLock { status.rendering = true; status.progress = 0 }
        let start = DispatchTime.now()
        do {
            let scenario = try ScenarioLoader.load(file: options.file, fontCheck: FontCatalog.substitute(for:),
                                                   imageLoader: { try PNGCodec.readImage($0) })
            let names = options.variants ?? ["default"] + scenario.variantNames
            for name in names where name != "default" && !scenario.variantNames.contains(name) {
                throw PreviewError("'\(name)' is not a variant of \(options.file) (it has: "
                    + (["default"] + scenario.variantNames).joined(separator: ", ") + ")")
            }
            var comparison = VariantComparison(inputs: names.map { .init(file: options.file, variant: $0, label: $0) },
                                               plots: options.plots)
            let progress = ProgressSink(flag: flag) { [weak self] done in self?.lock.withLock { self?.status.progress = done } }
            let title = "Flipbook preview: " + URL(fileURLWithPath: options.file).lastPathComponent
            let result = try comparison.runWithPage(sinks: [progress], title: title, pageFrameLimit: 1800)
            guard !flag.isCancelled else { return }
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            lock.withLock {
                page = result.html
                status.version += 1
                status.rendering = false
                status.progress = 1
                status.errors = []
                status.warnings = scenario.warnings.map(\.description)
                status.renderSeconds = (seconds * 1000).rounded() / 1000   // milliseconds: the page shows it
            }
        } catch is CancellationError {
            // A newer change is queued behind this render.
        } catch {
            guard !flag.isCancelled else { return }
            lock.withLock {
                status.rendering = false
                status.errors = "\(error)".split(separator: "\n").map(String.init)
            }
        }
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

    init(flag: CancelFlag, report: @escaping (Double) -> Void) { self.flag = flag; self.report = report }

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
