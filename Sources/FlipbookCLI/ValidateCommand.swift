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
            if LottieFile.isLottie(file) {
                failed = !validateLottie(file) || failed
                continue
            }
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
            }
        }
        if failed { throw ExitCode(Exit.input) }
    }

    /// A Lottie animation loads and builds into layers; what Core Animation cannot show is a warning.
    private func validateLottie(_ file: String) -> Bool {
        do {
            let animation = try LottieAnimation.load(file: file)
            let layer = try LottieAnimationLayer(animation: animation)
            for w in layer.warnings { Console.error("\(file): warning: \(w)") }
            let count = layer.warnings.count
            print("\(file): ok" + (count == 0 ? "" : " (\(count) warning\(count == 1 ? "" : "s"))"))
            return true
        } catch {
            Console.error("\(error)")
            return false
        }
    }
}
