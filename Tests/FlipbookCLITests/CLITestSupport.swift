import ArgumentParser
import Flipbook
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookCLI

/// The subcommand a path of names leads to (`["test", "merge"]` is `TestMerge`), found through
/// the configurations, as `flipbook help` finds it.
func subcommand(_ path: [String]) throws -> any ParsableCommand.Type {
    var current: any ParsableCommand.Type = FlipbookCommand.self
    for name in path {
        current = try #require(
            current.configuration.subcommands.first { $0.configuration.commandName?.split(separator: " ").last.map(String.init) == name },
            "no subcommand \(name)")
    }
    return current
}

/// What parsing `arguments` fails with: the full message and the exit code (nil when it parses).
func parseFailure(_ arguments: [String]) -> (message: String, code: Int32)? {
    do {
        _ = try FlipbookCommand.parseAsRoot(arguments)
        return nil
    } catch {
        return (FlipbookCommand.fullMessage(for: error), FlipbookCommand.exitCode(for: error).rawValue)
    }
}

/// The demo scenario every test reads.
let demo = packageRoot.appendingPathComponent("scenarios/demo.yaml").path

/// How many pixels of the PNG at `path` are more than half opaque (what a drawing covers).
func inkedPixels(_ path: String) throws -> Int {
    let rgba = try PNGCodec.read(URL(fileURLWithPath: path)).rgba
    return stride(from: 3, to: rgba.count, by: 4).filter { rgba[$0] > 128 }.count
}
