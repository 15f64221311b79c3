import ArgumentParser
import Flipbook
import Foundation

struct Inspect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Print a scenario's event trace, or sample properties over time as CSV.",
        discussion: """
            The trace lists every scripted event and every animation start and stop with its time, \
            layer and key; in scenes with scroll views, also touches, refresh states and a line at \
            each frame where an offset moved (offset, pull, inset, state). With --sample, prints \
            one CSV row per frame instead.

            Given a recording (.gif, .png/.apng, .webp or a video) instead, lists its frames: when \
            each starts, how long it shows and how much of it changed from the frame before (to find \
            the --offset at which motion starts for compare --against).

            Examples:
              flipbook inspect scenarios/demo.yaml
              flipbook inspect sim.mp4 --until 2s
              flipbook inspect scenarios/demo.yaml --sample dot1.transform.scale \\
                --sample dot1.fillColor
              flipbook inspect scenarios/demo.yaml --sample dot2.opacity --fps 10 --until 1s
              flipbook inspect anim.json --keypaths
              flipbook inspect scene.yaml --sample "pin.**.Ellipse 1.Position"
            """
    )

    @OptionGroup var scenario: ScenarioArguments

    @Option(help: "Sample LAYER.KEYPATH (presentation value; in a lottie layer a lottie-ios keypath) at every frame; repeatable.")
    var sample: [String] = []

    @Option(help: "Frames per second for --sample (default: the scenario's).")
    var fps: Double?

    @Option(parsing: .unconditional, help: "Stop at this time instead of the scenario's duration.")
    var until: TimeArgument?

    @Flag(help: "For a Lottie animation: list the keypath of every property --value can replace.")
    var keypaths = false

    func validate() throws {
        if let fps, !Limits.sampleRate.contains(fps) { throw ValidationError("--fps must be between 1 and 1000") }
        try until?.requireNonNegative("--until")
    }

    /// The trace; a scene with scroll views also gets a line at each frame where an offset
    /// moved (offset, pull and refresh state), between the events in time order.
    private func printTrace(_ runtime: ScenarioRuntime, until end: Double, fps: Double) {
        guard runtime.hasScrollViews else {
            runtime.stage.advance(to: end)
            for event in runtime.stage.trace { print(TextSafety.forTerminal(event.description)) }
            return
        }
        var printed = 0
        var lastSample: [String] = []
        let frames = Int((end * fps).rounded(.down))
        for k in 0...max(0, frames) {
            runtime.stage.advance(to: min(end, Double(k) / fps))
            let trace = runtime.stage.trace
            while printed < trace.count {
                print(TextSafety.forTerminal(trace[printed].description))
                printed += 1
            }
            let sample = runtime.scrollStates
            if sample != lastSample {
                for line in sample { print(String(format: "%.4f ", runtime.stage.currentTime) + line) }
                lastSample = sample
            }
        }
        runtime.stage.advance(to: end)
        let trace = runtime.stage.trace
        while printed < trace.count {
            print(TextSafety.forTerminal(trace[printed].description))
            printed += 1
        }
    }

    func run() throws {
        if LottieFile.isLottie(self.scenario.file) {
            guard sample.isEmpty, fps == nil, until == nil, self.scenario.variant == nil else {
                throw ValidationError("--sample, --fps, --until and --variant apply to a scenario file, not a Lottie animation")
            }
            let scenario = try self.scenario.load()
            guard let animation = LottieFile.animation(of: scenario) else {
                throw ValidationError("\(self.scenario.file) shows no animation")
            }
            if keypaths {
                for keypath in try LottieAnimationLayer(animation: animation).allHierarchyKeypaths() {
                    print(TextSafety.forTerminal(keypath))
                }
                return
            }
            return try LottieFile.printSummary(of: animation)
        }
        if keypaths { throw ValidationError("--keypaths applies to a Lottie animation (.json, .lottie)") }
        if RecordingFile.isRecording(self.scenario.file) {
            guard sample.isEmpty, fps == nil, self.scenario.variant == nil else {
                throw ValidationError("--sample, --fps and --variant apply to a scenario file, not a recording")
            }
            if until?.progress != nil { throw ValidationError("--until for a recording takes seconds, not a share") }
            return try RecordingFile.printFrames(of: self.scenario.file, until: until?.seconds)
        }
        let scenario = try self.scenario.load()
        let runtime = ScenarioRuntime(scenario: scenario)
        let end = until?.seconds(of: scenario.duration) ?? scenario.duration
        if sample.isEmpty {
            printTrace(runtime, until: end, fps: fps ?? scenario.fps)
            self.scenario.reportWarnings(of: runtime.stage)
            return
        }
        for s in sample where runtime.sampledValue(s) == nil {
            guard let dot = s.firstIndex(of: "."), runtime.layers[String(s[..<dot])] != nil else {
                throw ValidationError("--sample expects LAYER.KEYPATH with a layer id of the scenario, found '\(s)'")
            }
            throw ValidationError("unknown key path '\(s[s.index(after: dot)...])' in --sample \(s)")
        }
        var noted = Set<String>()
        print((["time"] + sample).joined(separator: ","))
        let rate = fps ?? scenario.fps
        guard let frames = Int(exactly: (end * rate).rounded()), frames <= Limits.maximumSamples else {
            throw ValidationError("--until \(end) s at \(rate) fps is too many samples")
        }
        for k in 0...max(0, frames) {
            let t = Double(k) / rate
            runtime.stage.advance(to: t)
            let values = sample.map { name -> String in
                // One animation driving the key path: its own value, unwrapped (an angle past π
                // stays past π); the presentation reads angles back from the transform in (−π, π].
                let read = runtime.sampledValue(name)
                if read?.fromAnimation == true, noted.insert(name).inserted {
                    Console.error("note: \(name) is sampled from the animation that drives it (unwrapped) while one does")
                }
                return Self.format(read?.value)
            }
            print(([String(format: "%.4f", t)] + values).joined(separator: ","))
        }
        self.scenario.reportWarnings(of: runtime.stage)
    }

    /// A CSV cell: numbers plainly, structs and colours as space-separated components.
    static func format(_ value: Any?) -> String {
        func n(_ x: Double) -> String { String(format: "%.6g", x) }
        switch value {
        case let v as CGFloat: return n(Double(v))
        case let v as Double: return n(v)
        case let v as Bool: return v ? "1" : "0"
        case let p as CGPoint: return "\(n(p.x)) \(n(p.y))"
        case let s as CGSize: return "\(n(s.width)) \(n(s.height))"
        case let r as CGRect: return "\(n(r.minX)) \(n(r.minY)) \(n(r.width)) \(n(r.height))"
        case let c as CGColor:
            func byte(_ v: Double) -> Int { v.isFinite ? Int((min(1, max(0, v)) * 255).rounded()) : 0 }
            return String(format: "#%02x%02x%02x%02x", byte(c.rgba.red), byte(c.rgba.green), byte(c.rgba.blue), byte(c.rgba.alpha))
        case let t as CATransform3D: return t.entries.map { n(Double($0)) }.joined(separator: " ")
        case nil: return ""
        case let other?: return "\"\(other)\""
        }
    }
}
