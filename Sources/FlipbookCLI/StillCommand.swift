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

            Given a Lottie animation (.json), draws it through the Core Animation engine as iOS's Core \
            Animation does: --at 50% is lottie-ios's currentProgress = 0.5, --at 1.2s a time, --frame 30 \
            its currentFrame; --size fits it into that many points (aspect fit; default its own size), at \
            --scale pixels per point (default 2, less when the longer side would pass 1000 px).

            Examples:
              flipbook still scenarios/demo.yaml --at 0.35s -o dot.png
              flipbook still scenarios/demo.yaml --at 175ms --scale 3
              flipbook still sim.mp4 --at 1.2 --crop 0,0,1170,600 --scale 0.6667 \\
                -o sim-1.2.png
              flipbook still anim.json --at 50% -o anim-50.png
              flipbook still anim.json --frame 30 --size 563x1000 -o anim-30.png
              flipbook still anim.json --at 0 --value '**.Fill 1.Color=#FF0000' -o red.png
            """
    )

    @OptionGroup var scenario: ScenarioArguments

    // Unconditional: `--at -1` is a (negative) time, not an option named -1.
    @Option(parsing: .unconditional, help: "The time to show: seconds, with an optional s or ms suffix, or a share such as 50%.")
    var at: TimeArgument?

    @Option(help: "For a Lottie animation: the frame to show (lottie-ios's currentFrame), instead of --at.")
    var frame: Double?

    @Option(help: ArgumentHelp("For a Lottie animation: the size to fit it into, in points.", valueName: "WxH"))
    var size: String?

    @Option(help: ArgumentHelp("For a Lottie animation: a folder its images may be in, besides its own.", valueName: "DIR"))
    var images: String?

    @OptionGroup var appearance: LottieAppearanceArguments

    @Option(
        name: [.short, .customLong("output")],
        help: "The picture to write: a PNG, or a JPEG named .jpg (default: the scenario's name with -still.png).")
    var output: String?

    @Option(help: "Backing scale (pixels per point), overriding the scenario's; for a recording, the factor it is resized by.")
    var scale: Double?

    @Option(help: ArgumentHelp("For a recording: the part of the frame to keep, in its pixels.", valueName: "x,y,w,h"))
    var crop: String?

    func validate() throws {
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        guard (at == nil) != (frame == nil) else { throw ValidationError("give the instant with --at or, for a Lottie file, --frame") }
        try at?.requireNonNegative("--at")
        if !LottieFile.isLottie(scenario.file) && (frame != nil || size != nil || images != nil || !appearance.isEmpty) {
            throw ValidationError(
                "--frame, --size, --images, --fonts, --value, --text, --viewport and --image-gravity apply to a Lottie animation (.json, .lot, .lottie)"
            )
        }
        if crop != nil && !RecordingFile.isRecording(scenario.file) {
            throw ValidationError("--crop applies to a recording, not a scenario file")
        }
        if scenario.variant != nil && RecordingFile.isRecording(scenario.file) {
            throw ValidationError("--variant applies to a scenario file, not a recording")
        }
    }

    private func runOnRecording() throws {
        guard let at, at.progress == nil else { throw ValidationError("--at for a recording takes seconds, not a share") }
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
        try write(pixels, detail: "frame \(index), shown from " + String(format: "%g", stream.starts[index]) + " s")
    }

    /// A Lottie file as a scene of one lottie layer, paused at the frame asked for, drawn as
    /// lottie-ios's snapshot tests draw it.
    private func runOnLottie() throws {
        let options = try LottieFile.options(size: size, scale: scale, appearance: appearance, images: images)
        var scenario = try self.scenario.load(lottie: options)
        guard let animation = LottieFile.animation(of: scenario) else { throw ValidationError("\(self.scenario.file) shows no animation") }
        let shown = frame ?? at.map { animation.startFrame + $0.seconds(of: animation.duration) * animation.framerate } ?? 0
        scenario.layers[0].lottie?.pausedFrame = shown
        let runtime = ScenarioRuntime(scenario: scenario)
        self.scenario.reportWarnings(of: runtime.stage)
        // As lottie-ios's snapshots take a view (`render(in:)`): a layer turned about x or y is
        // drawn flat, as if it had no transform (on screen, and in `render`, it turns).
        var frame = runtime.stage.snapshot()
        frame.root = frame.root.flatteningThreeDTransforms()
        let pixels = try FrameRasterizer.rasterize(frame, background: scenario.canvas.background)
        try write(pixels, detail: "frame \(String(format: "%g", shown))")
    }

    /// Writes the picture (`-o`, default NAME-still.png) and says so.
    private func write(_ pixels: PixelBuffer, detail: String) throws {
        let url = ScenarioArguments.outputURL(output ?? "\(scenario.baseName)-still.png")
        let format = OutputFormat.forPicture(url.pathExtension) ?? .png
        try OutputFile.write(try format.picture(pixels), to: url, inputs: [scenario.inputURL])
        let line =
            "wrote \(url == OutputFile.standardOutput ? "standard output" : url.path) (\(detail), \(pixels.width)×\(pixels.height) px)\n"
        if url == OutputFile.standardOutput { FileHandle.standardError.write(Data(line.utf8)) } else { print(line, terminator: "") }
    }

    func run() throws {
        if RecordingFile.isRecording(self.scenario.file) { return try runOnRecording() }
        if LottieFile.isLottie(self.scenario.file) { return try runOnLottie() }
        guard let at else { throw ValidationError("give the instant with --at") }
        var scenario = try self.scenario.load()
        if let scale {
            try CanvasCheck.check(
                width: scenario.canvas.width, height: scenario.canvas.height, scale: scale, limit: ScenarioLoader.maximumPixels)
            scenario.canvas.scale = scale
        }
        if at.seconds(of: scenario.duration) > scenario.duration {
            Console.error(
                "\(self.scenario.file): warning: --at \(String(format: "%g", at.seconds)) s is past the scene's end "
                    + "(\(String(format: "%g", scenario.duration)) s); the frame shows the scene held at that time")
        }
        let seconds = at.seconds(of: scenario.duration)
        let runtime = ScenarioRuntime(scenario: scenario)
        runtime.stage.advance(to: seconds)
        self.scenario.reportWarnings(of: runtime.stage)
        let pixels = try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: scenario.canvas.background)
        try write(pixels, detail: "t = \(String(format: "%g", seconds)) s")
    }
}
