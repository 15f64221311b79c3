import ArgumentParser
import Flipbook
import FlipbookGolden
import Foundation

/// Exit codes (README): 0 ok, 1 a comparison failed, 2 usage or input error, 3 render or internal error.
enum Exit {
    static let ok: Int32 = 0
    static let comparisonFailed: Int32 = 1
    static let input: Int32 = 2
    static let render: Int32 = 3
}

/// The `flipbook` command and its subcommands. Every command names itself (`commandName`):
/// without a name, ArgumentParser derives one from the type's name at run time, demangling it
/// on every start (2–3 ms of each `flipbook` call).
public struct FlipbookCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "flipbook",
        abstract: "Render Core-Animation-style scenarios headlessly to GIFs and PNGs.",
        version: versionText,
        subcommands: [Render.self, Still.self, Validate.self, Inspect.self, Test.self, Compare.self, Preview.self],
        defaultSubcommand: nil
    )

    public init() {}
}

/// `flipbook --version`: this program's version and the compiler and Cairo it was built with
/// and runs on (what decides its pixels besides the fonts, which `test` reports).
let versionText: String = {
    #if compiler(>=6.4)
        let swift = "6.4 or later"
    #elseif compiler(>=6.3)
        let swift = "6.3"
    #elseif compiler(>=6.2)
        let swift = "6.2"
    #else
        let swift = "6.1 or earlier"
    #endif
    return "flipbook \(GoldenManifest.flipbookVersion) (Swift \(swift), Cairo \(FontCatalog.cairoVersion))"
}()

/// The scenario a subcommand works on, and which variant of it.
struct ScenarioArguments: ParsableArguments {
    @Argument(help: "The scenario file (YAML), or a Lottie animation (.json, .lot, .lottie).")
    var file: String

    @Option(help: "A named variant of the scenario's parameters.")
    var variant: String?

    /// Loads the scenario (a Lottie file as a scene, as `lottie` says) and prints its warnings
    /// (fonts that are not installed, what Core Animation cannot show, …).
    func load(lottie: LottieScenario.Options = LottieScenario.Options()) throws -> Scenario {
        let scenario = try ScenarioLoader.load(
            file: file, variant: variant, fontCheck: FontCatalog.substitute(for:),
            imageLoader: { try ImageFile.read($0) }, lottie: lottie)
        for w in scenario.warnings { Console.error(w.description) }
        return scenario
    }
    var baseName: String { URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent }
    /// The scenario file, which no output may replace.
    var inputURL: URL { URL(fileURLWithPath: file) }

    /// An output path as given on the command line: `-` is standard output.
    static func outputURL(_ path: String) -> URL {
        path == "-" ? OutputFile.standardOutput : URL(fileURLWithPath: path)
    }

    /// Prints what the engine worked around while running the scenario, one line each (fonts
    /// were already reported with their line by `load()`).
    func reportWarnings(of stage: Stage) {
        for w in stage.warningLog where w.kind != .fontSubstituted {
            Console.error("\(file): warning: \(w)")
        }
    }
}

/// Options every rendering subcommand shares.
struct OutputOptions: ParsableArguments {
    @Flag(name: .long, help: "No progress output.")
    var quiet = false
}
