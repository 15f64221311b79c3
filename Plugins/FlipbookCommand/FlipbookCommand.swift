import Foundation
import PackagePlugin

/// `swift package flipbook <command> …` in a package that depends on Flipbook: runs the
/// `flipbook` command built from that dependency, in the package's folder, with the arguments
/// given (`test`, `render`, `compare`, `still`, …). Writing goldens, artifacts or renders into
/// the package needs `--allow-writing-to-package-directory` (SwiftPM asks for it otherwise).
@main
struct FlipbookCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        // The executable product's name; SwiftPM names a target's tool by the target in some versions.
        let tool = try (try? context.tool(named: "flipbook")) ?? context.tool(named: "FlipbookMain")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FlipbookCommandFailure(arguments: arguments, status: process.terminationStatus)
        }
    }
}

/// The command's own exit: its messages were already printed; this one says which status.
struct FlipbookCommandFailure: Error, CustomStringConvertible {
    var arguments: [String]
    var status: Int32
    var description: String { "flipbook \(arguments.first ?? "") exited with status \(status)" }
}
