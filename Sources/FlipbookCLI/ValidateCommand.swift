import ArgumentParser
import Flipbook
import Foundation

struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check scenario files without rendering.",
        discussion: """
            Examples:
              flipbook validate scenarios/*.yaml
            """
    )

    @Argument(help: "Scenario files.")
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                let scenario = try ScenarioLoader.load(
                    file: file, fontCheck: FontCatalog.substitute(for:),
                    imageLoader: { try ImageFile.read($0) })
                for w in scenario.warnings { Console.error(w.description) }
                print(
                    "\(file): ok"
                        + (scenario.warnings.isEmpty
                            ? "" : " (\(scenario.warnings.count) warning\(scenario.warnings.count == 1 ? "" : "s"))"))
            } catch let e as ScenarioError {
                Console.error(e.description)
                failed = true
            } catch let e as LottieError {
                Console.error(e.description)
                failed = true
            }
        }
        if failed { throw ExitCode(Exit.input) }
    }
}
