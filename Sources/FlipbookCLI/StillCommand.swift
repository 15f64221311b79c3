import ArgumentParser
import Flipbook
import Foundation

struct Still: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "still",
        abstract: "Render one frame of a scenario to a PNG.",
        discussion: """
            Given a recording (.gif, .png/.apng, .webp, .mp4, .mov, .m4v, .webm, .mkv) instead of a \
            scenario, writes the recording's frame at that time, cut to --crop and resized by --scale: \
            the picture compare --against would use.

            Examples:
              flipbook still scenarios/demo.yaml --at 0.35s -o dot.png
              flipbook still scenarios/demo.yaml --at 175ms --scale 3
              flipbook still sim.mp4 --at 1.2 --crop 0,0,1170,600 --scale 0.6667 \\
                -o sim-1.2.png
            """
    )

    @OptionGroup var scenario: ScenarioArguments

    // Unconditional: `--at -1` is a (negative) time, not an option named -1.
    @Option(parsing: .unconditional, help: "The time to show: seconds, with an optional s or ms suffix.")
    var at: TimeArgument

    @Option(name: [.short, .customLong("output")], help: "The PNG to write (default: the scenario's name with -still.png).")
    var output: String?

    @Option(help: "Backing scale (pixels per point), overriding the scenario's; for a recording, the factor it is resized by.")
    var scale: Double?

    @Option(help: ArgumentHelp("For a recording: the part of the frame to keep, in its pixels.", valueName: "x,y,w,h"))
    var crop: String?

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        try at.requireNonNegative("--at")
        if crop != nil && !RecordingFile.isRecording(scenario.file) {
            throw ValidationError("--crop applies to a recording, not a scenario file")
        }
        if scenario.variant != nil && RecordingFile.isRecording(scenario.file) {
            throw ValidationError("--variant applies to a scenario file, not a recording")
        }
    }

    private func runOnRecording() throws {
        var (pixels, index, stream) = try RecordingFile.frame(of: scenario.file, at: at.seconds)
        if let crop {
            let c = try RectangleArgument.parse(crop, option: "--crop")
            guard c.x + c.width <= pixels.width, c.y + c.height <= pixels.height,
                let cut = pixels.cropped(x: c.x, y: c.y, width: c.width, height: c.height)
            else {
                throw ValidationError("--crop \(crop) is not inside the \(pixels.width)×\(pixels.height) px recording")
            }
            pixels = cut
        }
        if let scale, scale != 1 {
            pixels = try pixels.resized(
                width: max(1, Int((Double(pixels.width) * scale).rounded())), height: max(1, Int((Double(pixels.height) * scale).rounded()))
            )
        }
        let url = ScenarioArguments.outputURL(output ?? "\(scenario.baseName)-still.png")
        let interruption = InterruptionGuard(files: [url.path])
        defer { withExtendedLifetime(interruption) {} }
        try PNGCodec.write(pixels, to: url, inputs: [scenario.inputURL])
        let line =
            "wrote \(url == OutputFile.standardOutput ? "standard output" : url.path) (frame \(index), shown from "
            + String(format: "%g", stream.starts[index]) + " s, \(pixels.width)×\(pixels.height) px)\n"
        if url == OutputFile.standardOutput { FileHandle.standardError.write(Data(line.utf8)) } else { print(line, terminator: "") }
    }

    func run() throws {
        if RecordingFile.isRecording(self.scenario.file) { return try runOnRecording() }
        var scenario = try self.scenario.load()
        if let scale { scenario.canvas.scale = scale }
        if at.seconds > scenario.duration {
            Console.error(
                "\(self.scenario.file): warning: --at \(String(format: "%g", at.seconds)) s is past the scene's end "
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
        let line =
            "wrote \(url == OutputFile.standardOutput ? "standard output" : url.path) (t = \(String(format: "%g", at.seconds)) s, \(pixels.width)×\(pixels.height) px)\n"
        if url == OutputFile.standardOutput { FileHandle.standardError.write(Data(line.utf8)) } else { print(line, terminator: "") }
    }
}
