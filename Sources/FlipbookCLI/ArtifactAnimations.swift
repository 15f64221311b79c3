import Flipbook
import FlipbookGolden
import Foundation

/// The failed scenarios' whole renders, for their artifact folders and the report, made one
/// after another on a queue of their own. Each starts as soon as the suite knows a scenario's
/// frames fail, so it renders while the suite goes on (the fonts' check, other scenarios)
/// instead of after it; `finished()` waits for them.
final class ArtifactAnimations: @unchecked Sendable {
    private let format: OutputFormat
    private let root: URL
    private let queue = DispatchQueue(label: "flipbook.artifact-animations")
    private let group = DispatchGroup()
    // Guards the three below (filled on the queue, read after `group.wait()`).
    private let lock = NSLock()
    private var started: Set<String> = []
    private var made: [String: GoldenArtifacts.Animation] = [:]
    private var failures: [String: String] = [:]

    /// `format` must animate.
    init(format: OutputFormat, root: URL) {
        self.format = format
        self.root = root
    }

    /// Starts rendering `name` (from `scenario`, or its `file` loaded again) unless it was started.
    func start(name: String, file: String, scenario: Scenario? = nil) {
        lock.lock()
        let fresh = started.insert(name).inserted
        lock.unlock()
        guard fresh else { return }
        queue.async(group: group) { [self] in
            let result = Result { try render(name: name, file: file, scenario: scenario) }
            lock.lock()
            switch result {
            case .success(let animation): made[name] = animation
            case .failure(let error): failures[name] = "\(error)"
            }
            lock.unlock()
        }
    }

    /// Waits for every render started: the animations made, and why the others were not.
    func finished() -> (animations: [String: GoldenArtifacts.Animation], failures: [String: String]) {
        group.wait()
        lock.lock()
        defer { lock.unlock() }
        return (made, failures)
    }

    private func render(name: String, file: String, scenario: Scenario?) throws -> GoldenArtifacts.Animation {
        let fileName = "actual.\(format.name)"
        let folder = root.appendingPathComponent(GoldenArtifacts.folderName(for: name), isDirectory: true)
        let url = folder.appendingPathComponent(fileName)
        try GoldenArtifacts.makeFolder(folder)
        let loaded = try scenario ?? ScenarioLoader.load(file: file, imageLoader: { try ImageFile.read($0) })
        var request = OutputFormat.SinkRequest(url: url, inputs: [URL(fileURLWithPath: file)])
        request.favoursSpeed = true
        _ = try ScenarioRuntime(scenario: loaded).render(sinks: [try format.sink(request)], threads: 1)
        return GoldenArtifacts.Animation(fileName: fileName, bytes: try InputFile.read(url.path), mediaType: format.mediaType)
    }
}
