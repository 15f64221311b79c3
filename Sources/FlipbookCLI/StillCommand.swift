import ArgumentParser
import Flipbook
import Foundation

struct Still: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render one frame of a scenario to a PNG.",
        discussion: """
        Examples:
          flipbook still scenarios/demo.yaml --at 0.35s -o dot.png
          flipbook still scenarios/demo.yaml --at 175ms --scale 3
        """
    )

    @OptionGroup var scenario: ScenarioArguments

    // Unconditional: `--at -1` is a (negative) time, not an option named -1.
    @Option(parsing: .unconditional, help: "The time to show: seconds, with an optional s or ms suffix.")
    var at: TimeArgument

    @Option(name: [.short, .customLong("output")], help: "The PNG to write (default: the scenario's name with -still.png).")
    var output: String?

    @Option(help: "Backing scale (pixels per point), overriding the scenario's.")
    var scale: Double?

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        try at.requireNonNegative("--at")
    }

    func run() throws {
        var scenario = try self.scenario.load()
        if let scale { scenario.canvas.scale = scale }
        if at.seconds > scenario.duration {
            Console.error("\(self.scenario.file): warning: --at \(String(format: "%g", at.seconds)) s is past the scene's end "
                          + "(\(String(format: "%g", scenario.duration)) s); the frame shows the scene held at that time")
        }
        let runtime = ScenarioRuntime(scenario: scenario)
        runtime.stage.advance(to: at.seconds)
        self.scenario.reportWarnings(of: runtime.stage)
        let pixels = try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: scenario.canvas.background)
        let name = self.scenario.baseName
        let url = ScenarioArguments.outputURL(output ?? "\(name)-still.png")
        let interruption = InterruptionGuard(files: [url.path])
        defer { withExtendedLifetime(interruption) {} }
        try PNGCodec.write(pixels, to: url, inputs: [self.scenario.inputURL])
        let line = "wrote \(url == OutputFile.standardOutput ? "standard output" : url.path) (t = \(String(format: "%g", at.seconds)) s, \(pixels.width)×\(pixels.height) px)\n"
        if url == OutputFile.standardOutput { FileHandle.standardError.write(Data(line.utf8)) } else { print(line, terminator: "") }
    }
}
