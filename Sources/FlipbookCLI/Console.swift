import Flipbook
import Foundation

/// Lines for people: every line goes through `TextSafety.forTerminal` (a label or file name
/// from a scenario or golden folder must not reach a terminal as escape codes), and standard
/// output is flushed line by line so that, in a CI log that merges both streams, lines stay in
/// the order they were written.
enum Console {
    static func out(_ line: String) {
        print(TextSafety.forTerminal(line))
        fflush(nil)  // every output stream: `stdout` itself is shared mutable state to Swift 6
    }

    static func error(_ line: String) {
        fflush(nil)  // every output stream: `stdout` itself is shared mutable state to Swift 6
        FileHandle.standardError.write(Data((TextSafety.forTerminal(line) + "\n").utf8))
    }
}
