import Flipbook
import Foundation

/// On SIGINT, SIGTERM or SIGHUP (a closed terminal), whatever the command: removes what it has
/// half written (`PendingWrites`: temporary files of outputs, staging folders of goldens) and
/// exits 3, so an interrupted command leaves every existing output and golden as it was. Writes
/// past a file-size limit (SIGXFSZ) fail with an error instead of killing the process.
enum Interruption {
    /// Installs the handling for the rest of the process (the `flipbook` program's, not tests').
    static func install() { _ = installed }

    /// The signal sources, made on first use and alive as long as the process.
    private static let installed = Sources()

    private final class Sources: @unchecked Sendable {
        let all: [any DispatchSourceSignal]

        init() {
            signal(SIGXFSZ, SIG_IGN)
            let queue = DispatchQueue(label: "flipbook.interruption")
            all = [SIGINT, SIGTERM, SIGHUP].map { number in
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
                source.setEventHandler {
                    PendingWrites.shared.removeAll()
                    let message = "flipbook: interrupted; no output was replaced\n"
                    _ = message.withCString { Foundation.write(STDERR_FILENO, $0, strlen($0)) }
                    _exit(Exit.render)
                }
                source.resume()
                return source
            }
        }
    }
}
