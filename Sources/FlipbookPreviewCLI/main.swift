import ArgumentParser
import Flipbook
import Foundation

// `flipbook-preview`, which `flipbook preview` runs: a program of its own so that the preview's
// server and page code load with the preview only, not at the start of every other flipbook
// command (docs/benchmarks.md: the server library used before cost 11 ms each start).

/// A line for people, through `TextSafety.forTerminal`, flushed at once.
func say(_ line: String) {
    print(TextSafety.forTerminal(line))
    fflush(nil)   // every output stream: `stdout` itself is shared mutable state to Swift 6
}

func complain(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((TextSafety.forTerminal(line) + "\n").utf8))
}

// Exit codes as flipbook's (README): 0 ok, 2 usage or input error, 3 internal error.
do {
    var command = try Preview.parseAsRoot()
    try command.run()
} catch let error as ExitCode {
    exit(error.rawValue)
} catch {
    if Preview.exitCode(for: error) == .success { Preview.exit(withError: error) }
    complain(Preview.fullMessage(for: error))
    exit(2)
}
