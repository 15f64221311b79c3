import Foundation

/// A one-line progress bar on a terminal; silent when stderr is not a terminal, when
/// CI=true, or with --quiet.
final class ProgressReporter {
    private let enabled: Bool
    private let start = DispatchTime.now()
    private var lastDraw = DispatchTime(uptimeNanoseconds: 0)
    private var drew = false

    init(enabled: Bool) {
        let ci = ProcessInfo.processInfo.environment["CI"]?.lowercased() == "true"
        self.enabled = enabled && !ci && isatty(STDERR_FILENO) == 1
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled else { return }
        let now = DispatchTime.now()
        guard done == total || now.uptimeNanoseconds - lastDraw.uptimeNanoseconds > 100_000_000 else { return }
        lastDraw = now
        let elapsed = Double(now.uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        let rate = elapsed > 0 ? Double(done) / elapsed : 0
        let left = rate > 0 ? Double(total - done) / rate : 0
        let width = 30, filled = total > 0 ? width * done / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let line = String(format: "\r[%@] %d/%d frames  %.1f frames/s  %.1f s left ", bar, done, total, rate, left)
        FileHandle.standardError.write(Data(line.utf8))
        drew = true
    }

    func finish() {
        if drew { Console.error("") }
    }
}
