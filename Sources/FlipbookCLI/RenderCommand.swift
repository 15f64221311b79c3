import ArgumentParser
import Flipbook
import Foundation

struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a scenario to an animated GIF, PNG frames and/or a filmstrip.",
        discussion: """
            Examples:
              flipbook render scenarios/demo.yaml -o out/demo.gif
              flipbook render scenarios/demo.yaml --filmstrip out/demo.png --fps 10
              flipbook render scenarios/demo.yaml --frames out/frames --scale 1
              flipbook render scenarios/demo.yaml --variant slow -o out/slow.gif
              flipbook render scenarios/demo.yaml --filmstrip out/key.png \\
                --filmstrip-times 0.1,0.175,0.35
            """
    )

    @OptionGroup var scenario: ScenarioArguments

    @Option(
        name: [.short, .customLong("output")],
        help:
            "The animation to write: \(OutputFormat.animatedExtensions) (.png with --animated is an APNG; default: the scenario's name with .gif)."
    )
    var output: String?

    @Option(help: ArgumentHelp("The output's format, whatever its name says: \(OutputFormat.animatedNames).", valueName: "format"))
    var format: String?

    @Option(help: ArgumentHelp("Quality 0…100 of a format that has one (\(OutputFormat.qualityMeanings)).", valueName: "Q"))
    var quality: Double?

    @Flag(help: "With -o NAME.png: write an animated PNG (APNG) rather than refuse the name.")
    var animated = false

    @Option(help: "Also write a filmstrip of sampled frames: a PNG, or a JPEG named .jpg.")
    var filmstrip: String?

    @Option(name: .customLong("filmstrip-frames"), help: "How many evenly spaced frames the filmstrip shows (default 12).")
    var filmstripFrames: Int?

    @Option(
        name: .customLong("filmstrip-times"),
        help: ArgumentHelp(
            "Exact instants for the filmstrip, comma-separated (0.2,0.35s,500ms); they need not fall on a frame.",
            valueName: "times"))
    var filmstripTimes: String?

    @Option(name: .customLong("filmstrip-columns"), help: "Frames per filmstrip row (default 4).")
    var filmstripColumns: Int?

    @Option(help: "Also write every frame as a picture (frame-0000.png, …) into this directory.")
    var frames: String?

    @Option(
        name: .customLong("frames-format"),
        help: ArgumentHelp("The pictures --frames writes: \(OutputFormat.pictureNames) (default png).", valueName: "format"))
    var framesFormat: String?

    @Option(help: "Frames per second (1…100), overriding the scenario's.")
    var fps: Double?

    @Option(help: "Backing scale (pixels per point), overriding the scenario's (a Lottie file's default: 2, less past 1000 px).")
    var scale: Double?

    @Option(help: ArgumentHelp("For a Lottie animation: the size to fit it into, in points (default its own).", valueName: "WxH"))
    var size: String?

    @OptionGroup var appearance: LottieAppearanceArguments

    @Flag(help: "Ordered (Bayer) dithering for frames with more than 255 colours.")
    var dither = false

    @Option(
        name: .customLong("min-psnr"),
        help: ArgumentHelp(
            "Quality floor for GIF frames with more than 256 colours, in dB (default 64; 99 = no table reuse).", valueName: "dB"))
    var minimumPSNR = 64.0

    @Option(help: "How many times the GIF loops (0 = forever).")
    var loop = 0

    @Option(
        help: ArgumentHelp(
            "Threads the render may use (default: the machine's cores): frames drawn beside the GIF's coding when that saves time, GIF frames coded ahead; the output does not depend on it.",
            valueName: "N"))
    var threads: Int?

    @OptionGroup var options: OutputOptions

    func validate() throws {
        if let fps, !Limits.framesPerSecond.contains(fps) { throw ValidationError("--fps must be between 1 and 100") }
        if !(0...65535).contains(loop) { throw ValidationError("--loop must be between 0 and 65535") }
        if let threads, !(1...256).contains(threads) { throw ValidationError("--threads must be between 1 and 256") }
        if let scale, !(scale > 0 && scale <= 8) { throw ValidationError("--scale must be in (0, 8]") }
        if let quality, !(quality >= 0 && quality <= 100) { throw ValidationError("--quality must be between 0 and 100") }
        if !(minimumPSNR >= 20 && minimumPSNR <= 99) { throw ValidationError("--min-psnr must be between 20 and 99 dB") }
        if let n = filmstripFrames, !(1...200).contains(n) { throw ValidationError("--filmstrip-frames must be between 1 and 200") }
        if let n = filmstripColumns, !(1...50).contains(n) { throw ValidationError("--filmstrip-columns must be between 1 and 50") }
        if filmstripFrames != nil && filmstripTimes != nil {
            throw ValidationError("--filmstrip-frames and --filmstrip-times cannot be used together")
        }
        if (filmstripFrames != nil || filmstripTimes != nil || filmstripColumns != nil) && filmstrip == nil {
            throw ValidationError("--filmstrip-frames, --filmstrip-times and --filmstrip-columns need --filmstrip OUT.png")
        }
        _ = try parsedFilmstripTimes()
        if let framesFormat {
            guard frames != nil else { throw ValidationError("--frames-format needs --frames DIRECTORY") }
            guard OutputFormat.forPicture(framesFormat) != nil else {
                throw ValidationError("--frames-format expects one of \(OutputFormat.pictureNames); found '\(framesFormat)'")
            }
        }
    }

    /// `--filmstrip-times` as seconds.
    func parsedFilmstripTimes() throws -> [Double]? {
        guard let filmstripTimes else { return nil }
        return try TimeArgument.list(filmstripTimes, option: "--filmstrip-times")
    }

    func run() throws {
        let isLottie = LottieFile.isLottie(self.scenario.file)
        if !isLottie, size != nil || !appearance.isEmpty {
            throw ValidationError(
                "--size, --fonts, --value, --text, --viewport and --image-gravity apply to a Lottie animation (.json, .lot, .lottie)")
        }
        // A Lottie file is a scene of one lottie layer, its size and scale from the options.
        let lottie = isLottie ? try LottieFile.options(size: size, scale: scale, appearance: appearance) : LottieScenario.Options()
        var scenario = try self.scenario.load(lottie: lottie)
        if let scale, !isLottie {
            try CanvasCheck.check(
                width: scenario.canvas.width, height: scenario.canvas.height, scale: scale, limit: ScenarioLoader.maximumPixels)
            scenario.canvas.scale = scale
        }
        let outputs = try renderOutputs(duration: scenario.duration)
        let runtime = ScenarioRuntime(scenario: scenario)
        let progress = ProgressReporter(enabled: !options.quiet)
        let result = try runtime.render(
            outputs: outputs, fps: fps, threads: threads ?? ProcessInfo.processInfo.activeProcessorCount,
            progress: progress.update)
        progress.finish()
        self.scenario.reportWarnings(of: runtime.stage)
        report(result, outputs: outputs, rate: fps ?? scenario.fps)
    }

    /// The outputs the options ask for, checked before anything is drawn.
    private func renderOutputs(duration: Double) throws -> RenderOutputs {
        var outputs = RenderOutputs()
        let name = self.scenario.baseName
        if output != nil || (filmstrip == nil && frames == nil) {
            let url = ScenarioArguments.outputURL(output ?? "\(name).gif")
            let chosen: OutputFormat
            do {
                chosen = try OutputFormat.of(output: output, format: format, animated: animated)
            } catch {
                // A target refused for what it is (the scenario itself, a directory) says so first.
                if url != OutputFile.standardOutput { try OutputFile(url, inputs: [self.scenario.inputURL]).cancel() }
                throw error
            }
            outputs.animations = [RenderOutputs.Animation(url: url, format: chosen)]
        }
        outputs.framesFormat = framesFormat.flatMap(OutputFormat.forPicture) ?? .png
        if let quality {
            let filmstripFormat = filmstrip.flatMap { OutputFormat.forPicture(URL(fileURLWithPath: $0).pathExtension) }
            let pictures = [filmstripFormat, frames == nil ? nil : outputs.framesFormat].compactMap { $0 }
            guard (outputs.animations.map(\.format) + pictures).contains(where: \.acceptsQuality) else {
                throw ValidationError("--quality applies to an output of a format that has one (\(OutputFormat.qualityExtensions))")
            }
            outputs.quality = quality
        }
        outputs.filmstrip = filmstrip.map(ScenarioArguments.outputURL)
        try OutputFile.refuseSharedTargets([("-o", outputs.animations.first?.url.path), ("--filmstrip", outputs.filmstrip?.path)])
        if frames == "-" { throw ValidationError("--frames names a directory; standard output cannot hold one") }
        outputs.framesDirectory = frames.map { URL(fileURLWithPath: $0, isDirectory: true) }
        outputs.inputs = [self.scenario.inputURL]
        outputs.dithering = dither
        outputs.loopCount = loop
        outputs.minimumPSNR = minimumPSNR
        if let n = filmstripFrames { outputs.filmstripSamples = n }
        if let n = filmstripColumns { outputs.filmstripColumns = n }
        if let times = try parsedFilmstripTimes() {
            if let late = times.first(where: { $0 > duration }) {
                throw ValidationError("--filmstrip-times: \(late) s is past the scenario's end (\(duration) s)")
            }
            outputs.filmstripTimes = times
        }
        return outputs
    }

    /// The note on a GIF's frame rate, and what was written.
    private func report(_ result: RenderResult, outputs: RenderOutputs, rate: Double) {
        let animation = outputs.animations.first?.url
        if let capped = outputs.animations.first(where: { rate > $0.format.maximumFramesPerSecond ?? .infinity }),
            let cap = capped.format.maximumFramesPerSecond
        {
            Console.error(
                "note: the GIF is composed at \(Int(cap)) fps (20 ms a frame): browsers slow "
                    + "GIF frames of 10 ms or less to about 100 ms"
                    + (outputs.framesDirectory != nil ? "; the frames keep \(rate.formatted()) fps" : ""))
        }
        var written: [String] = []
        func shown(_ url: URL) -> String { url == OutputFile.standardOutput ? "standard output" : url.path }
        if let g = animation { written.append(shown(g)) }
        if let f = outputs.filmstrip { written.append(shown(f)) }
        if let d = outputs.framesDirectory { written.append(d.path + "/") }
        guard !options.quiet else { return }
        // Messages stay off standard output when it carries the image.
        let line = "wrote \(written.joined(separator: ", ")) (\(result.frameCount) frames, \(result.width)×\(result.height) px)\n"
        if animation == OutputFile.standardOutput || outputs.filmstrip == OutputFile.standardOutput {
            FileHandle.standardError.write(Data(line.utf8))
        } else {
            print(line, terminator: "")
        }
    }
}
