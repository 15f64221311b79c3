import ArgumentParser
import Flipbook
import FlipbookCompare
import FlipbookGolden
import Foundation

struct Compare: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Show variants of an animation on one clock: a grid GIF, a filmstrip and numbers.",
        discussion: """
            Variants come from one file's `variants` (`default` is the file without overrides) or \
            from several files. Every variant runs for the longest one's duration; shorter ones hold \
            their last frame. Prints per variant its duration, its last animationDidStop, and the \
            mean and largest share of pixels per frame that differ from the first variant.

            With --against, a recording (GIF, APNG, WebP, or a video read through ffmpeg) is decoded \
            as the clock reaches it and shown first (its frame at t is the one it shows at t minus \
            --offset), and the differences are measured against it: how the seed gallery compares \
            itself with the blog GIFs. The figures are then also printed per second (or per \
            --phase), and --ignore leaves regions such as a status bar out of them.

            Examples:
              flipbook compare scenarios/demo.yaml --variants default,slow \\
                -o out/compare.gif
              flipbook compare a.yaml b.yaml --layout overlay -o out/ab.gif \\
                --filmstrip out/ab.png --json
              flipbook compare seed.yaml --against original.gif -o out/vs.gif \\
                --filmstrip out/vs.png --filmstrip-times 1.2,3.3
              flipbook compare header.yaml --against sim.mp4 --crop 0,0,1170,600 \\
                --scale 0.6667 --ignore 0,0,780,94 --phase pull=0-1.2 --phase spin=1.2-3 \\
                -o out/vs.mp4
            """
    )

    @Argument(help: "Scenario or Lottie files, or recordings (GIF, APNG, WebP, MP4, …) played as recorded.")
    var files: [String]

    @Option(help: "Variants of the (single) file, comma-separated; default: default and every variant it defines.")
    var variants: String?

    @Option(name: [.short, .customLong("output")], help: "The comparison to write: \(OutputFormat.animatedExtensions) (.png is an APNG).")
    var output: String

    @Option(help: "Also write a filmstrip PNG of the same instants.")
    var filmstrip: String?

    @Option(help: "row, column, grid or overlay (onion skin over the first).")
    var layout: String = "row"

    @Option(help: "Frames per second (default: the first scenario's).")
    var fps: Double?

    @Option(help: ArgumentHelp("Plot LAYER.KEYPATH over time, one curve per variant; repeatable.", valueName: "LAYER.KEYPATH"))
    var plot: [String] = []

    @Option(name: .customLong("plot-file"), help: "Where the plots go (PNG; default: the GIF's name with -plot.png).")
    var plotFile: String?

    @Flag(help: "Print the summary as JSON.")
    var json = false

    @Option(
        help: ArgumentHelp(
            "A recording (GIF, animated WebP, or an MP4/MOV/WebM read through ffmpeg) to show first and measure the variants against.",
            valueName: "RECORDING"))
    var against: String?

    // Unconditional: `--offset -0.66` is a negative number, not an option named -0.66.
    @Option(
        parsing: .unconditional,
        help: ArgumentHelp(
            "Seconds into the comparison at which the recording starts (negative: it starts earlier; default: found from "
                + "both sides' change profiles)."))
    var offset: Double?

    @Option(
        help: ArgumentHelp(
            "Follow what moves in a region (the compared frame's pixels) in the recording (else the first input) and the "
                + "first scene: start, overshoot, settling and their differences; @#rrggbb follows that colour; repeatable.",
            valueName: "NAME=x,y,w,h[@#rrggbb]"))
    var track: [String] = []

    @Option(help: ArgumentHelp("Compare from this time of the scene's clock (default 0).", valueName: "TIME"))
    var from: TimeArgument?

    @Option(help: ArgumentHelp("Compare until this time (default: the scene's end, however long the recording).", valueName: "TIME"))
    var until: TimeArgument?

    @Option(
        help: ArgumentHelp(
            "The part of the recording that shows the scene, in its pixels (a simulator recording is the whole screen).",
            valueName: "x,y,w,h"))
    var crop: String?

    @Option(
        help: ArgumentHelp(
            "Scene pixels per recording pixel, applied after --crop (a 3× recording of a 2× scene: 0.6667).",
            valueName: "S"))
    var scale: Double?

    @Option(
        help: ArgumentHelp(
            "A rectangle of the compared frame (the scene's pixels) left out of the difference figures, "
                + "such as a status bar the scene does not draw; repeatable.", valueName: "x,y,w,h"))
    var ignore: [String] = []

    @Option(
        help: ArgumentHelp(
            "Also print the differences between two times, under a name; repeatable (default with --against: "
                + "per second).", valueName: "NAME=START-END"))
    var phase: [String] = []

    @Option(
        name: .customLong("filmstrip-times"),
        help: ArgumentHelp("Exact instants for the filmstrip, comma-separated (0.2,0.35s,500ms).", valueName: "TIMES"))
    var filmstripTimes: String?

    @Option(name: .customLong("filmstrip-columns"), help: "Cells per filmstrip row (default 4).")
    var filmstripColumns: Int = 4

    @Option(
        help: ArgumentHelp(
            "Also write one page: the grid under a time scrubber, the plots and the summary (frames past 1.5 MB go into OUT-frames/ beside it).",
            valueName: "OUT.html"))
    var html: String?

    @OptionGroup var options: OutputOptions

    /// Inputs one comparison shows side by side (each a column of the grid and a curve of each plot).
    static let maximumInputs = 16

    func validate() throws {
        guard VariantGrid.Layout(rawValue: layout) != nil else { throw ValidationError("--layout must be row, column, grid or overlay") }
        if let fps, !Limits.framesPerSecond.contains(fps) { throw ValidationError("--fps must be between 1 and 100") }
        if variants != nil && files.count != 1 { throw ValidationError("--variants takes one scenario file") }
        if files.isEmpty { throw ValidationError("name at least one scenario file") }
        let inputs = files.count + (variants?.split(separator: ",").count ?? 0) + (against == nil ? 0 : 1)
        if inputs > Self.maximumInputs {
            throw ValidationError(
                "compare shows at most \(Self.maximumInputs) inputs side by side (variants and the recording included); found \(inputs)")
        }
        for (name, given, most) in [
            ("--track", track.count, 16), ("--plot", plot.count, 16), ("--phase", phase.count, 100), ("--ignore", ignore.count, 100)
        ]
        where given > most {
            throw ValidationError("\(name) is given \(given) times; at most \(most) are followed")
        }
        if let offset, !offset.isFinite || abs(offset) > Limits.maximumDuration {
            throw ValidationError("--offset must be a number of seconds")
        }
        if against == nil && offset != nil { throw ValidationError("--offset needs --against RECORDING") }
        for (name, time) in [("--from", from), ("--until", until)] {
            guard let time else { continue }
            if time.progress != nil { throw ValidationError("\(name) takes a time such as 1.2s or 500ms") }
            try time.requireNonNegative(name)
            if time.seconds > Limits.maximumDuration { throw ValidationError("\(name) must be at most \(Int(Limits.maximumDuration)) s") }
        }
        if let from, let until, from.seconds >= until.seconds { throw ValidationError("--from must come before --until") }
        if against == nil && (crop != nil || scale != nil) {
            throw ValidationError("--crop and --scale apply to a recording: they need --against RECORDING")
        }
        for p in phase where DifferencePeriod.parse(p) == nil {
            throw ValidationError(
                "--phase expects NAME=START-END with START before END, such as pull=0-1.2s or spin=1200ms-3s; found '\(p)'")
        }
        for r in ignore { _ = try RectangleArgument.parse(r, option: "--ignore") }
        for t in track where TrackedRegion.parse(t) == nil {
            throw ValidationError("--track expects NAME=x,y,w,h (pixels of the compared frame), optionally @#rrggbb; found '\(t)'")
        }
        if filmstripTimes != nil && filmstrip == nil { throw ValidationError("--filmstrip-times needs --filmstrip OUT.png") }
        if !(1...50).contains(filmstripColumns) { throw ValidationError("--filmstrip-columns must be between 1 and 50") }
    }

    func run() throws {
        let inputs = try comparisonInputs()
        let inputURLs = files.map { URL(fileURLWithPath: $0) } + (against.map { [URL(fileURLWithPath: $0)] } ?? [])
        let plotPath =
            plot.isEmpty && track.isEmpty ? nil : plotFile ?? URL(fileURLWithPath: output).deletingPathExtension().path + "-plot.png"
        try OutputFile.refuseSharedTargets([("-o", output), ("--filmstrip", filmstrip), ("--html", html), ("--plot-file", plotPath)])
        let sinks = try outputSinks(inputs: inputURLs)
        var comparison = VariantComparison(inputs: inputs, layout: VariantGrid.Layout(rawValue: layout)!, fps: fps, plots: plot)
        comparison.ignored = IgnoredRegions(try ignore.map { try RectangleArgument.parse($0, option: "--ignore") })
        if !phase.isEmpty { comparison.periods = phase.compactMap(DifferencePeriod.parse) }
        comparison.against = try recording()
        comparison.tracks = track.compactMap(TrackedRegion.parse)
        comparison.from = from?.seconds
        comparison.until = until?.seconds
        let summaries: [VariantComparison.Summary]
        do {
            summaries =
                try html.map { try runWithPage(&comparison, sinks: sinks, page: $0, inputs: inputURLs) }
                ?? comparison.run(sinks: sinks)
        } catch let e as CompareError {
            Console.error("flipbook compare: error: \(e)")
            throw ExitCode(Exit.input)
        }
        for note in comparison.notes { Console.error("note: " + TextSafety.forTerminal(note)) }
        if !comparison.propertyPlots.isEmpty {
            let url = ScenarioArguments.outputURL(plotPath ?? "")
            try PNGCodec.write(try PropertyPlot.stack(comparison.plotImages), to: url, inputs: inputURLs)
        }
        if json {
            print(String(decoding: try ReadableJSON.encode(summaries), as: UTF8.self))
        } else {
            printTable(summaries)
        }
    }

    /// The scene's variants (one file) or the files' default scenes, each labelled.
    private func comparisonInputs() throws -> [VariantComparison.Input] {
        guard files.count == 1, !RecordingFile.isRecording(files[0]) else {
            return files.map {
                .init(file: $0, variant: "default", label: URL(fileURLWithPath: $0).deletingPathExtension().lastPathComponent)
            }
        }
        let scenario = try ScenarioLoader.load(file: files[0])
        let names =
            variants.map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            ?? ["default"] + scenario.variantNames
        if names.contains(where: \.isEmpty) {
            throw ValidationError("--variants expects names separated by commas, such as default,slow; found '\(variants ?? "")'")
        }
        guard names.count + (against == nil ? 0 : 1) <= Self.maximumInputs else {
            throw ValidationError(
                "\(files[0]) has \(names.count) variants; compare shows at most \(Self.maximumInputs) inputs side by side: "
                    + "name some with --variants")
        }
        return try names.map { name in
            guard name == "default" || scenario.variantNames.contains(name) else {
                throw ValidationError(
                    "--variants: '\(name)' is not a variant of \(files[0]) (it has: \((["default"] + scenario.variantNames).joined(separator: ", ")))"
                )
            }
            return .init(file: files[0], variant: name, label: name)
        }
    }

    /// The comparison's animation (always animated: a .png name is an APNG) and filmstrip.
    private func outputSinks(inputs: [URL]) throws -> [any RenderSink] {
        let format = try OutputFormat.of(output: output, format: nil, animated: true, formatOptions: false)
        var sinks: [any RenderSink] = [
            try format.sink(VariantComparison.outputRequest(url: ScenarioArguments.outputURL(output), inputs: inputs))
        ]
        if let filmstrip {
            let times = try filmstripTimes.map { try TimeArgument.list($0, option: "--filmstrip-times") }
            sinks.append(
                try FilmstripSink(url: ScenarioArguments.outputURL(filmstrip), times: times, columns: filmstripColumns, inputs: inputs))
        }
        return sinks
    }

    /// `--against` with its offset, crop and scale.
    private func recording() throws -> VariantComparison.Recording? {
        guard let against else { return nil }
        guard FileManager.default.fileExists(atPath: against) else { throw ValidationError("--against: no such file: \(against)") }
        var recording = VariantComparison.Recording(url: URL(fileURLWithPath: against), offset: offset)
        if let crop { recording.crop = try RectangleArgument.parse(crop, option: "--crop") }
        if let scale {
            guard scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]") }
            recording.scale = scale
        }
        return recording
    }

    /// Runs the comparison and writes its page (`--html`).
    private func runWithPage(
        _ comparison: inout VariantComparison, sinks: [any RenderSink], page path: String,
        inputs: [URL]
    ) throws -> [VariantComparison.Summary] {
        let names = (files + (against.map { [$0] } ?? [])).map { URL(fileURLWithPath: $0).lastPathComponent }
        let title = "Flipbook compare: " + names.joined(separator: ", ")
        let pageURL = ScenarioArguments.outputURL(path)
        let folder = PageFrameFolder(page: pageURL)
        let result = try comparison.runWithPage(
            sinks: sinks, title: title, pictureURL: folder.relativeURL, inlineUpTo: PageFrameFolder.inlineLimit)
        let page = try OutputFile(pageURL, inputs: inputs)
        do {
            // The frames first: the page never names a frame that is not there yet.
            if result.framesInlined {
                folder.removeStale(keeping: 0)
            } else {
                try folder.write(try result.frames.encodedPictures(), inputs: inputs)
            }
            try page.write(Array(result.html.utf8))
            try page.commit()
        } catch {
            page.cancel()
            throw error
        }
        if !result.framesInlined {
            Console.error(
                "note: "
                    + TextSafety.forTerminal(
                        "the page's \(result.frames.count) frames (\(result.frames.pictureCount) pictures) are in \(folder.url.lastPathComponent)/ beside it (inline they would make it over \(String(format: "%.1f", Double(PageFrameFolder.inlineLimit) / 1e6)) MB); keep the two together"
                    ))
        }
        return result.summaries
    }

    /// The summary for people: a row per variant, its property lines and phases under it.
    private func printTable(_ summaries: [VariantComparison.Summary]) {
        for line in SummaryTable.lines(summaries) { print(line) }
    }
}
