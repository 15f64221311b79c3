import Flipbook
import Foundation

/// On SIGINT or SIGTERM, removes the temporary files of the outputs being written and exits 3,
/// so an interrupted render leaves every existing output as it was. Writes past a file-size
/// limit (SIGXFSZ) fail with an error instead of killing the process.
final class InterruptionGuard {
    private let sources: [any DispatchSourceSignal]

    /// `files` are output paths; `directories` hold one temporary file per frame being written.
    init(files: [String], directories: [String] = []) {
        signal(SIGXFSZ, SIG_IGN)
        let temporary = files.compactMap { OutputFile.temporaryPath(forOutput: $0) }
        let suffix = ".\(ProcessInfo.processInfo.processIdentifier).tmp"
        let queue = DispatchQueue(label: "flipbook.interruption")
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                for path in temporary { unlink(path) }
                for dir in directories {
                    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? [] where name.hasSuffix(suffix) {
                        unlink(dir + "/" + name)
                    }
                }
                let message = "flipbook: interrupted; no output was replaced\n"
                _ = message.withCString { Foundation.write(STDERR_FILENO, $0, strlen($0)) }
                _exit(Exit.render)
            }
            source.resume()
            return source
        }
    }

    deinit { for s in sources { s.cancel() } }
}
