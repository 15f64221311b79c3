import ArgumentParser
import Flipbook
import Foundation

/// `flipbook preview`: runs `flipbook-preview`, built beside this program, with the same
/// arguments. The server lives there so its libraries (FoundationNetworking, libcurl and 25
/// more) are not loaded at the start of every other command.
struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a scenario playing in the browser, re-rendered each time the file is saved.",
        discussion: """
            Runs flipbook-preview, built beside flipbook; `flipbook preview --help` shows its options:

              flipbook preview FILE [--port N] [--host ADDRESS] [--variants a,b,...]
                [--plot LAYER.KEYPATH ...]
            """)

    @Argument(parsing: .captureForPassthrough, help: "The scenario file and the preview's options.")
    var arguments: [String] = []

    func run() throws {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let helper = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("flipbook-preview").path
        guard FileManager.default.isExecutableFile(atPath: helper) else {
            throw ValidationError("\(helper) is not built: `swift build --product flipbook-preview` (make build builds it)")
        }
        let argv = ([helper] + arguments).map { strdup($0) } + [nil]
        execv(helper, argv)
        throw ValidationError("cannot run \(helper): \(String(cString: strerror(errno)))")
    }
}
