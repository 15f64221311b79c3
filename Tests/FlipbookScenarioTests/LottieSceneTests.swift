import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// `lottie` layers in scenario files, and a Lottie file loaded where a scenario goes
/// (scenario-format.md "Layers", docs/lottie.md "In scenes, suites, comparisons and the preview").
@Suite("Lottie animations in scenes")
struct LottieSceneTests {
    /// 40×20 points, 10 fps, frames 0…10: a red square moving from x = 10 to x = 30.
    static let square =
        #"{"v":"5.7","nm":"square","fr":10,"ip":0,"op":10,"w":40,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"#
        + #""ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":10,"s":[30,10]}]}},"#
        + #""shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[6,6]},"r":{"a":0,"k":0}},"#
        + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#

    /// A folder holding `square.json` and the scenario `scene.yaml` with `layers`.
    static func scene(_ layers: String, duration: Double = 2, files: [String: String] = [:]) throws -> String {
        let folder = freshFolder("flipbook-lottie-scene")
        try square.write(to: folder.appendingPathComponent("square.json"), atomically: true, encoding: .utf8)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let scene = folder.appendingPathComponent("scene.yaml")
        try "canvas: { width: 100, height: 60 }\nduration: \(duration)\nlayers:\n\(layers)\n".write(
            to: scene, atomically: true, encoding: .utf8)
        return scene.path
    }

    static func runtime(_ layers: String, duration: Double = 2) throws -> ScenarioRuntime {
        ScenarioRuntime(scenario: try ScenarioLoader.load(file: try scene(layers, duration: duration)))
    }

    static func diagnostics(_ layers: String, files: [String: String] = [:]) throws -> String {
        do {
            _ = try ScenarioLoader.load(file: try scene(layers, files: files))
        } catch let error as ScenarioError {
            return error.description
        }
        return ""
    }

    @Test("a lottie layer takes the animation's own size unless framed, and pauses at progress")
    func pausedAtProgress() throws {
        let r = try Self.runtime(
            """
              - { id: hero, type: lottie, file: square.json, progress: 0.5 }
              - { id: big, type: lottie, file: square.json, frame: [0, 20, 80, 40], progress: 1 }
            """)
        let hero = try #require(r.layers["hero"] as? LottieAnimationLayer)
        #expect(hero.frame == CGRect(x: 0, y: 0, width: 40, height: 20))
        #expect(hero.currentFrame == 5 && !hero.isAnimationPlaying)
        let big = try #require(r.layers["big"] as? LottieAnimationLayer)
        #expect(big.frame == CGRect(x: 0, y: 20, width: 80, height: 40) && big.currentFrame == 10)
        r.stage.advance(to: 1.5)
        #expect(hero.currentFrame == 5, "a paused layer stays where it was put")
    }

    /// Settings, and the frame shown at each time.
    static let playCases: [(String, [(Double, Double)])] = [
        ("", [(0.5, 5.0), (1.5, 10.0)]),
        ("loopMode: loop", [(0.5, 5.0), (1.25, 2.5)]),
        ("loopMode: autoReverse", [(0.5, 5.0), (1.25, 7.5)]),
        ("loopMode: { repeat: 1.5 }", [(1.25, 2.5), (1.75, 5.0)]),
        ("animationSpeed: 2", [(0.25, 5.0), (0.75, 10.0)]),
        ("fromProgress: 0.2, toProgress: 0.6", [(0, 2.0), (0.2, 4.0), (1, 6.0)]),
        ("fromProgress: 1, toProgress: 0", [(0.25, 7.5), (1.5, 0.0)])
    ]

    @Test("a lottie layer plays from the scene's first instant as play(fromProgress:toProgress:loopMode:) does", arguments: playCases)
    func plays(_ settings: String, _ expected: [(Double, Double)]) throws {
        let extra = settings.isEmpty ? "" : ", " + settings
        let r = try Self.runtime("  - { id: hero, type: lottie, file: square.json\(extra) }")
        let hero = try #require(r.layers["hero"] as? LottieAnimationLayer)
        for (time, frame) in expected {
            r.stage.advance(to: time)
            #expect(abs(hero.currentFrame - frame) < 1e-6, "\(settings) at \(time) s: frame \(hero.currentFrame)")
        }
    }

    @Test("the scene draws the animation as the Lottie layer alone draws it at that frame")
    func drawsAsStill() throws {
        let r = try Self.runtime("  - { id: hero, type: lottie, file: square.json }")
        r.stage.advance(to: 0.7)
        let scene = try FrameRasterizer.rasterize(r.stage.snapshot(), background: nil)
        let animation = try LottieAnimation.load(
            file: URL(fileURLWithPath: r.scenario.file).deletingLastPathComponent().path + "/square.json")
        let (stage, _) = try LottieAnimationLayer.stage(showing: animation, at: 7, size: CGSize(width: 40, height: 20), scale: 2)
        let alone = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let (sceneRGBA, aloneRGBA) = (scene.rgba, alone.rgba)
        var same = true
        for y in 0..<alone.height {
            for x in 0..<alone.width * 4 where sceneRGBA[y * scene.width * 4 + x] != aloneRGBA[y * alone.width * 4 + x] { same = false }
        }
        #expect(same, "the scene's top-left 80×40 px equal the Lottie layer's own still at frame 7")
        // The square's centre at frame 7 is x = 24 pt: red there, not at x = 14 (frame 2).
        func red(atPoint x: Int) -> UInt8 { sceneRGBA[(20 * scene.width + x * 2) * 4] }
        #expect(red(atPoint: 24) > 200 && red(atPoint: 10) < 50)
    }

    @Test("bad lottie layers name the line, the column and what was expected")
    func badLayers() throws {
        let missing = try Self.diagnostics("  - { id: a, type: lottie, file: nowhere.json }")
        #expect(missing.contains("scene.yaml:4:") && missing.contains("Lottie file 'nowhere.json' not found"), "\(missing)")
        let noFile = try Self.diagnostics("  - { id: a, type: lottie }")
        #expect(noFile.contains("a lottie layer needs 'file'"), "\(noFile)")
        let mode = try Self.diagnostics("  - { id: a, type: lottie, file: square.json, loopMode: loops }")
        #expect(mode.contains("unknown loopMode 'loops'") && mode.contains("did you mean 'loop'?"), "\(mode)")
        let share = try Self.diagnostics("  - { id: a, type: lottie, file: square.json, progress: 1.5 }")
        #expect(share.contains("progress is a share of the animation, 0…1; found 1.5"), "\(share)")
        let both = try Self.diagnostics("  - { id: a, type: lottie, file: square.json, progress: 0.5, loopMode: loop }")
        #expect(both.contains("'loopMode' plays the animation, but 'progress' pauses it"), "\(both)")
        let times = try Self.diagnostics("  - { id: a, type: lottie, file: square.json, loopMode: { repeat: 0 } }")
        #expect(times.contains("repeat takes a number of times above 0"), "\(times)")
        let key = try Self.diagnostics("  - { id: a, type: lottie, file: square.json, loopmode: loop }")
        #expect(key.contains("unknown key 'loopmode'") && key.contains("did you mean 'loopMode'?"), "\(key)")
    }

    @Test("a fault inside the Lottie file is the scenario's error, with the JSON path; what iOS cannot show is a warning")
    func faultsInside() throws {
        let cycle =
            #"{"fr":10,"ip":0,"op":10,"w":40,"h":20,"assets":[{"id":"a","layers":[{"ty":0,"refId":"a","ip":0,"op":10}]}],"#
            + #""layers":[{"ty":0,"refId":"a","ip":0,"op":10}]}"#
        let fault = try Self.diagnostics("  - { id: a, type: lottie, file: cycle.json }", files: ["cycle.json": cycle])
        #expect(fault.contains("scene.yaml:4:") && fault.contains("cannot read Lottie file 'cycle.json'"), "\(fault)")
        #expect(fault.contains("layers[0]") && fault.contains("precompositions nest more than"), "\(fault)")
        let skewed = #"{"fr":10,"ip":0,"op":10,"w":40,"h":20,"layers":[{"ty":4,"ip":0,"op":10,"ks":{"sk":{"a":0,"k":30}},"shapes":[]}]}"#
        let scenario = try ScenarioLoader.load(
            file: try Self.scene("  - { id: a, type: lottie, file: skewed.json }", files: ["skewed.json": skewed]))
        #expect(
            scenario.warnings.map(\.description).contains {
                $0.contains("skewed.json: layers[0].ks: a layer's skew is not applied (lottie-ios skews shape groups only)")
            }, "\(scenario.warnings)")
    }

    @Test("a Lottie file loads as a scene: one lottie layer the composition's size, played once at its frame rate, 2x, clear")
    func fileAsScene() throws {
        let folder = freshFolder("flipbook-lottie-file")
        let file = folder.appendingPathComponent("square.json").path
        try Self.square.write(toFile: file, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.load(file: file)
        let canvas = scenario.canvas
        #expect(canvas.width == 40 && canvas.height == 20 && canvas.scale == 2 && canvas.background == nil)
        #expect(scenario.fps == 10 && scenario.duration == 1 && scenario.title == "square")
        #expect(scenario.layers.count == 1 && scenario.layers[0].type == .lottie && scenario.golden.fps == 10)
        let r = ScenarioRuntime(scenario: scenario)
        r.stage.advance(to: 0.5)
        #expect((r.layers["animation"] as? LottieAnimationLayer)?.currentFrame == 5)
        // Read from bytes already in hand (the preview's path), the same scene.
        let again = try ScenarioLoader.load(contents: Data(Self.square.utf8), file: file, baseDirectory: folder)
        #expect(again.canvas == scenario.canvas && again.duration == scenario.duration)
        #expect(throws: LottieError.self) { try ScenarioLoader.load(file: file, variant: "slow") }
    }

    @Test("a Lottie file's golden instants stay within the golden limits; one too long to render is refused")
    func lottieBounds() throws {
        // 3000 × 3000 pt: drawn 1000 px a side by default (1/3 x), as lottie-ios's snapshots fit
        // a composition; 2x (6000 px) asked for is past the canvas's 4096 px and refused.
        let big = #"{"fr":30,"ip":0,"op":300,"w":3000,"h":3000,"layers":[]}"#
        let folder = freshFolder("flipbook-lottie-bounds")
        let bigFile = folder.appendingPathComponent("big.json").path
        try big.write(toFile: bigFile, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.load(file: bigFile)
        #expect(scenario.canvas.scale == 1000.0 / 3000 && scenario.warnings.isEmpty)
        let instants = scenario.golden.times(duration: scenario.duration).count
        #expect(Double(instants) * 1000 * 1000 <= Double(Limits.maximumGoldenPixels) && instants >= 2, "\(instants) instants")
        #expect {
            try ScenarioLoader.load(file: bigFile, lottie: LottieScenario.Options(scale: 2))
        } throws: { error in
            "\(error)".contains("3000×3000 pt at 2x is 6000×6000 px; at most 4096 px a side are drawn")
        }
        // A small file keeps 2 pixels a point.
        let small = #"{"fr":30,"ip":0,"op":30,"w":300,"h":200,"layers":[]}"#
        try small.write(toFile: bigFile, atomically: true, encoding: .utf8)
        #expect(try ScenarioLoader.load(file: bigFile).canvas.scale == 2)
        let long = #"{"fr":1,"ip":0,"op":90000,"w":20,"h":20,"layers":[]}"#
        let longFile = folder.appendingPathComponent("long.json").path
        try long.write(toFile: longFile, atomically: true, encoding: .utf8)
        #expect {
            try ScenarioLoader.load(file: longFile)
        } throws: { error in
            "\(error)".contains("long.json: op: error: the animation lasts 90000 s")
        }
    }

    /// The colour at pixel (x, y) of the scene's frame at `time`.
    static func pixel(_ runtime: ScenarioRuntime, at time: Double, _ x: Int, _ y: Int) throws -> [UInt8] {
        runtime.stage.advance(to: time)
        let frame = try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: runtime.scenario.canvas.background)
        let i = (y * frame.width + x) * 4
        return Array(frame.rgba[i..<(i + 4)])
    }

    @Test("a lottie layer's values replace what their keypaths find, and its viewport shows a part, as the file is set in YAML")
    func valuesAndViewport() throws {
        // 40 × 20 pt at 1x, paused at frame 0: the square is at (7…13, 7…13).
        let layer = "  - { id: a, type: lottie, file: square.json, frame: [0, 0, 40, 20], progress: 0"
        let plain = try Self.runtime(layer + " }")
        #expect(try Self.pixel(plain, at: 0.1, 20, 20)[0...2] == [255, 0, 0])
        let blue = try Self.runtime(layer + #", values: ["**.Color=#0000FF"] }"#)
        #expect(try Self.pixel(blue, at: 0.1, 20, 20)[0...2] == [0, 0, 255])
        // The left half only, fitted into the layer: the square doubles, centred at x = 20 pt.
        let half = try Self.runtime(layer + ", viewport: [0, 0, 20, 20] }")
        let inside = try Self.pixel(half, at: 0.1, 40, 20), outside = try Self.pixel(half, at: 0.1, 60, 20)
        #expect(inside[0...2] == [255, 0, 0] && outside[0...2] == [255, 255, 255], "\(inside) \(outside)")
        let bad = try Self.diagnostics(layer + #", values: ["nothing here"], viewport: [0, 0, 0, 5] }"#)
        #expect(
            bad.contains("a value provider 'nothing here' is not KEYPATH=VALUE") && bad.contains("viewport needs a positive width"),
            "\(bad)")
    }

    /// Two text layers, `title` and `subtitle`, each saying "Source".
    static let titled: String = {
        func text(_ index: Int, _ name: String) -> String {
            #"{"ty":5,"ind":\#(index),"nm":"\#(name)","ip":0,"op":10,"st":0,"ks":{},"t":{"d":{"k":[{"t":0,"s":"#
                + #"{"s":8,"f":"Helvetica","t":"Source","j":0,"tr":0,"lh":10,"fc":[0,0,0]}}]},"a":[]}}"#
        }
        return #"{"v":"5.7","fr":10,"ip":0,"op":10,"w":40,"h":20,"layers":["# + text(1, "title") + "," + text(2, "subtitle") + "]}"
    }()

    @Test("a lottie layer's texts give its text layers texts by keypath, the last matching winning, as the file is set in YAML")
    func texts() throws {
        func strings(_ texts: String) throws -> [String] {
            let path = try Self.scene(
                "  - { id: a, type: lottie, file: titled.json, progress: 0, texts: \(texts) }", files: ["titled.json": Self.titled])
            let r = ScenarioRuntime(scenario: try ScenarioLoader.load(file: path))
            var found: [String] = []
            func walk(_ layer: CALayer) {
                if let text = layer as? CATextLayer, let string = text.string as? NSAttributedString { found.append(string.string) }
                for sublayer in layer.sublayers ?? [] { walk(sublayer) }
            }
            walk(try #require(r.layers["a"]))
            return found.sorted()
        }
        #expect(try strings(#"["title=Hello"]"#) == ["Hello", "Source"])
        #expect(try strings(#"["**=Everyone", "title=Hello"]"#) == ["Everyone", "Hello"])
        #expect(try strings(#"["title=Hello", "**=Everyone"]"#) == ["Everyone", "Everyone"], "the last matching wins")
        #expect(try strings(#"["nobody=Hello"]"#) == ["Source", "Source"])
        let bad = try Self.diagnostics(
            #"  - { id: a, type: lottie, file: titled.json, texts: ["no equals sign"] }"#, files: ["titled.json": Self.titled])
        #expect(bad.contains("scene.yaml:") && bad.contains("a text 'no equals sign' is not KEYPATH=TEXT"), "\(bad)")
    }

    @Test("a full-screen Lottie file is drawn 1000 px on its longer side by default, a small one at 2x; .lot reads as .json")
    func defaultScale() throws {
        let folder = freshFolder("flipbook-lottie-scale")
        let tall = folder.appendingPathComponent("tall.lot")
        try #"{"v":"5.7","fr":30,"ip":0,"op":30,"w":1080,"h":1920,"layers":[]}"#.write(to: tall, atomically: true, encoding: .utf8)
        let scenario = try ScenarioLoader.load(file: tall.path)
        #expect(
            abs(scenario.canvas.width * scenario.canvas.scale - 563) < 1
                && abs(scenario.canvas.height * scenario.canvas.scale - 1000) < 1e-6)
        let sized = try ScenarioLoader.load(file: tall.path, lottie: LottieScenario.Options(size: CGSize(width: 108, height: 192)))
        #expect(sized.canvas.scale == 2 && sized.layers[0].frame == CGRect(x: 0, y: 0, width: 108, height: 192))
    }

    @Test("a lottie layer's layers take the file's names under the scene's id, in traces too; its progress can be sampled")
    func namesAndProgress() throws {
        let named = Self.square.replacingOccurrences(of: #""ty":4,"ind":1"#, with: #""ty":4,"nm":"Square","ind":1"#)
        let r = ScenarioRuntime(
            scenario: try ScenarioLoader.load(
                file: try Self.scene("  - { id: pin, type: lottie, file: named.json, loopMode: loop }", files: ["named.json": named])))
        let pin = try #require(r.layers["pin"] as? LottieAnimationLayer)
        func names() -> Set<String> {
            var found = Set<String>(), stack = [pin as CALayer]
            while let layer = stack.popLast() {
                if let name = layer.name, layer !== pin { found.insert(name) }
                stack += layer.sublayers ?? []
            }
            return found
        }
        #expect(names().contains("pin.Square"), "\(names().sorted())")
        r.stage.advance(to: 0.25)
        let traced = r.stage.trace.compactMap(\.layer)
        #expect(traced.contains("pin.Square") && !traced.contains { $0.contains("CALayer@") }, "\(traced)")
        // 10 fps, frames 0…10, looping: at 0.25 s frame 2.5, progress 0.25; between frames of the
        // second pass (from 1.2 s, sampled at 1.25 s) its frame 2.5.
        #expect(abs((r.sampledValue("pin.currentProgress")?.value as? Double ?? -1) - 0.25) < 1e-9)
        r.stage.advance(to: 1.2)
        #expect(abs((r.sampledValue("pin.currentFrame", atTime: 1.25) as? Double ?? -1) - 2.5) < 1e-9)
        #expect(r.sampledValue("pin.currentProgress")?.fromAnimation == true, "playing")
        // Renamed, the file's names follow.
        pin.name = "hero"
        #expect(names().contains("hero.Square") && !names().contains("pin.Square"), "\(names().sorted())")
    }

    @Test("a lottie layer's properties are sampled by lottie-ios keypath, at the frame it shows; inspect prints them as numbers")
    func keypathSampling() throws {
        let r = try Self.runtime("  - { id: hero, type: lottie, file: square.json, loopMode: loop }")
        r.stage.advance(to: 0.25)
        // 10 fps: at 0.25 s frame 2.5, the square a quarter of the way from x = 10 to x = 30.
        let p = try #require(r.sampledValue("hero.**.Transform.Position")?.value as? CGPoint)
        #expect(abs(p.x - 15) < 1e-9 && abs(p.y - 10) < 1e-9, "\(p)")
        #expect(r.sampledValue("hero.**.Transform.Position")?.fromAnimation == false, "read from the file, not an animation")
        let later = try #require(r.sampledValue("hero.**.Transform.Position", atTime: 0.5) as? CGPoint)
        #expect(abs(later.x - 20) < 1e-9, "\(later)")
        let fill = try #require(r.sampledValue("hero.**.Color")?.value as? CGColor)
        #expect(fill.rgba.red == 1 && fill.rgba.green == 0 && fill.rgba.alpha == 1)
        #expect(r.sampledValue("hero.**.Nothing") == nil)

        let scene = try Self.scene("  - { id: hero, type: lottie, file: square.json, loopMode: loop }", duration: 0.5)
        let csv = try CLI.run(["inspect", scene, "--sample", "hero.currentFrame", "--sample", "hero.**.Transform.Position", "--fps", "4"])
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdout.contains("0.2500,2.5,15 10"), "\(csv.stdout)")
        let wrong = try CLI.run(["inspect", scene, "--sample", "hero.**.Nothing"])
        #expect(wrong.status != 0 && wrong.stderr.contains("unknown key path '**.Nothing'"), "\(wrong.stderr)")
    }
}
