import Flipbook
import Foundation

/// On SIGINT, SIGTERM or SIGHUP (a closed terminal), removes the temporary files of the outputs being written and exits 3,
/// so an interrupted render leaves every existing output as it was. Writes past a file-size
/// limit (SIGXFSZ) fail with an error instead of killing the process.
final class InterruptionGuard {
    private let sources: [any DispatchSourceSignal]

    /// `files` are output paths; `directories` hold one temporary file per frame being written.
    init(files: [String], directories: [String] = []) {
        signal(SIGXFSZ, SIG_IGN)
        let temporary = files.compactMap { OutputFile.temporaryFiles(forOutput: $0) }
        let queue = DispatchQueue(label: "flipbook.interruption")
        sources = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                // Unlinking removes a name, never what a link points to.
                for (dir, prefix) in temporary + directories.map({ ($0, "") }) {
                    for name in (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
                    where OutputFile.isTemporaryName(name, prefix: prefix) {
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
