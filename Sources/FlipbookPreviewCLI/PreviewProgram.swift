import ArgumentParser
import Flipbook
import Foundation

/// A line for people, through `TextSafety.forTerminal`, flushed at once.
func say(_ line: String) {
    print(TextSafety.forTerminal(line))
    fflush(nil)  // every output stream: `stdout` itself is shared mutable state to Swift 6
}

func complain(_ line: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((TextSafety.forTerminal(line) + "\n").utf8))
}

/// `flipbook-preview`, which `flipbook preview` runs: a program of its own so that the preview's
/// server and page code load with the preview only, not at the start of every other flipbook
/// command (docs/benchmarks.md: the server library used before cost 11 ms each start).
public enum PreviewProgram {
    /// Runs `flipbook-preview ARGUMENTS…` until it is stopped and returns its exit code, as
    /// flipbook's (README): 0 ok, 2 usage or input error, 3 internal error.
    public static func run(_ arguments: [String]) -> Int32 {
        do {
            var command = try Preview.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as ExitCode {
            return error.rawValue
        } catch {
            if Preview.exitCode(for: error) == .success {
                let text = Preview.fullMessage(for: error)
                if !text.isEmpty { print(text) }
                return 0
            }
            complain(Preview.fullMessage(for: error))
            return 2
        }
    }
}
