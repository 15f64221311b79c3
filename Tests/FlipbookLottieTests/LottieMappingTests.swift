import FlipbookRender
import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookLottie
@testable import FlipbookUIKit

/// Lottie files become Core Animation layers and keyframe animations (docs/lottie.md): values
/// at frames follow the file's easing, holds step, layers show only between their in and out
/// points, parents move their children, and bad files name the JSON path of the problem.
@Suite("Lottie to Core Animation")
struct LottieMappingTests {
    /// A 100×100 composition at 10 fps, frames 0…20, with `layers`.
    static func animation(_ layers: String, assets: String = "[]") throws -> LottieAnimation {
        let json = #"{"v":"5.7","fr":10,"ip":0,"op":20,"w":100,"h":100,"assets":\#(assets),"layers":\#(layers)}"#
        return try LottieAnimation.load(data: Data(json.utf8))
    }

    /// A null layer (ty 3) with the given transform, in and out points and index.
    static func null(_ ks: String, ind: Int = 1, parent: Int? = nil, ip: Double = 0, op: Double = 20) -> String {
        #"{"ty":3,"ind":\#(ind),"ip":\#(ip),"op":\#(op),"st":0,"ks":\#(ks)"# + (parent.map { #","parent":\#($0)"# } ?? "") + "}"
    }

    @Test("an eased position keyframe pair becomes one keyframe animation with the easing's timing function")
    func easedPosition() throws {
        let ks = #"{"p":{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":20,"s":[100,50]}]}}"#
        let lottie = try Self.animation("[\(Self.null(ks))]")
        let layer = try LottieAnimationLayer(animation: lottie)
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        var decoder = LottieDecoder(file: "p.json")
        let property = try #require(
            decoder.vector(
                LottieJSON(
                    try JSONSerialization.jsonObject(
                        with: Data(
                            #"{"a":1,"k":[{"t":0,"s":[0,0],"o":{"x":[0.4],"y":[0]},"i":{"x":[0.6],"y":[1]}},{"t":20,"s":[100,50]}]}"#.utf8)),
                    path: "p")))
        for frame in [0.0, 5, 10, 15, 20] {
            layer.currentFrame = frame
            stage.advance(to: stage.currentTime + 0.01)
            let move = try #require(Self.moveLayer(of: layer))
            let shown = move.presentationState(at: stage.currentTime).position
            let expected = property.numbers(at: frame)
            #expect(abs(shown.x - expected[0]) < 1e-6 && abs(shown.y - expected[1]) < 1e-6, "frame \(frame): \(shown) vs \(expected)")
        }
        // The easing is not linear: at the middle frame the value is not halfway.
        #expect(abs(property.numbers(at: 5)[0] - 25) > 1)
    }

    @Test("play runs the composition on the Stage's clock from the frame shown; pause stops it there")
    func playAndPause() throws {
        let ks = #"{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":20,"s":[100,0]}]}}"#
        let layer = try LottieAnimationLayer(animation: try Self.animation("[\(Self.null(ks))]"))
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0.3)
        layer.currentFrame = 5
        layer.play()
        #expect(layer.isAnimationPlaying)
        stage.advance(to: 0.8)  // 0.5 s later at 10 fps: frame 10
        let move = try #require(Self.moveLayer(of: layer))
        #expect(abs(move.presentationState(at: stage.currentTime).position.x - 50) < 1e-6)
        layer.pause()
        #expect(!layer.isAnimationPlaying && abs(layer.currentFrame - 10) < 1e-6)
        stage.advance(to: 2)
        #expect(abs(move.presentationState(at: stage.currentTime).position.x - 50) < 1e-6, "paused")
    }

    /// Shows a null layer of transform `ks` at each frame and expects its opacity there.
    static func expectOpacities(_ ks: String, _ expected: [(Double, Double)]) throws {
        let layer = try LottieAnimationLayer(animation: try Self.animation("[\(Self.null(ks))]"))
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        for (frame, opacity) in expected {
            layer.currentFrame = frame
            stage.advance(to: stage.currentTime + 0.01)
            let anchor = try #require(Self.anchorLayer(of: layer))
            let shown = anchor.presentationState(at: stage.currentTime).opacity
            #expect(abs(shown - opacity) < 1e-6, "frame \(frame): \(shown)")
        }
    }

    @Test("a hold keyframe keeps its value until the next keyframe, then steps")
    func hold() throws {
        let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[100],"h":1},{"t":10,"s":[20],"h":1},{"t":20,"s":[60]}]}}"#
        try Self.expectOpacities(ks, [(0.0, 1.0), (9.9, 1.0), (10.0, 0.2), (19.9, 0.2), (20.0, 0.6)])
    }

    /// Keyframes that are all holds are one discrete animation whose key times lottie-ios rounds
    /// to `Float`: at 10 fps over frames 0…20 (paused: 21 frames long), 10/21 and 20/21 round
    /// up, so iOS still shows the held value at exactly frames 10 and 20 (LayerBuilder.holdStepShown;
    /// iOS's TypeFace-C, -H and -O snapshots show the same). The test above, whose last
    /// keyframe is not a hold, steps at the frame.
    @Test("all-hold keyframes step just after their frame, as iOS rounds their key times")
    func holdRounding() throws {
        let ks = #"{"o":{"a":1,"k":[{"t":0,"s":[100],"h":1},{"t":10,"s":[20],"h":1},{"t":20,"s":[60],"h":1}]}}"#
        try Self.expectOpacities(ks, [(9.9, 1.0), (10.0, 1.0), (10.001, 0.2), (19.9, 0.2), (20.0, 0.2)])
    }

    /// Among eased keyframes lottie-ios gives each run of holds its own discrete animation; a
    /// run of one hold leaves a single value, which Core Animation does not draw, so the layer's
    /// own opacity (1) shows through it (KeyframeAnimator.loneHold; iOS's pr_1632 snapshots).
    @Test(
        "a lone hold among eased keyframes shows the layer's own value, as iOS shows it",
        arguments: [
            (
                #"[{"t":0,"s":[0],"h":1},{"t":10,"s":[100]},{"t":20,"s":[0]}]"#,
                [(0.0, 1.0), (5.0, 1.0), (10.0, 1.0), (15.0, 0.5), (20.0, 0.0)]
            ),
            (#"[{"t":0,"s":[100]},{"t":5,"s":[0],"h":1},{"t":10,"s":[0]},{"t":20,"s":[100]}]"#, [(2.5, 0.5), (7.0, 1.0), (15.0, 0.5)]),
            (
                #"[{"t":0,"s":[100]},{"t":5,"s":[0],"h":1},{"t":8,"s":[50],"h":1},{"t":10,"s":[0]},{"t":20,"s":[100]}]"#,
                [(6.0, 0.0), (9.0, 0.5)]
            )
        ])
    func loneHold(_ keyframes: String, _ expected: [(Double, Double)]) throws {
        let ks = #"{"o":{"a":1,"k":\#(keyframes)}}"#
        try Self.expectOpacities(ks, expected)
    }

    /// A lone hold in the transform's parts lottie-ios animates apart (`transform.scale.x`,
    /// `.y`, `transform.rotation.z`) shows their layer's own values, scale 1, as opacity's does.
    @Test("a lone hold in a scale shows the layer's own scale, 100 %")
    func loneHoldInScale() throws {
        let scene = try LottieStageSupport(LottieNegativeScaleTests.mirrored(LottieNegativeScaleTests.loneHold("[50,50,100]")))
        // At half size the square (15…45) is at 32.5…47.5; at its own size, 15…45.
        let eased2 = try scene.drawn(at: 2), held = try scene.drawn(at: 10)
        #expect(
            LottieNegativeScaleTests.alpha(eased2, 20, 20) == 0 && LottieNegativeScaleTests.alpha(eased2, 40, 40) == 255,
            "half size while eased")
        #expect(LottieNegativeScaleTests.alpha(held, 20, 20) == 255, "its own size through the lone hold")
    }

    /// lottie-ios moves a layer's position along a path of its keyframes' points, whose discrete
    /// runs have no end key time: the last point of a final run of holds is never reached, and a lone hold
    /// is a run of two points, drawn (LayerBuilder.positionAsPathShows; iOS's TypeFace-Y).
    @Test("position: a last hold after a hold is never shown, the one before holds; a lone hold is drawn")
    func positionHolds() throws {
        func scene(_ keyframes: String) throws -> LottieStageSupport {
            let layer = LottieNegativeScaleTests.mirrored(#"{"a":0,"k":[100,100,100]}"#)
            return try LottieStageSupport(
                layer.replacingOccurrences(of: #""p":{"a":0,"k":[50,50]}"#, with: #""p":{"a":1,"k":\#(keyframes)}"#))
        }
        // The square (15…45 about an anchor at 50, 50) at position P covers P − 35 … P − 5.
        let alpha = LottieNegativeScaleTests.alpha
        let held = try scene(#"[{"t":0,"s":[50,50],"h":1},{"t":5,"s":[80,80],"h":1},{"t":10,"s":[20,20],"h":1}]"#)
        for frame in [7.0, 15] {
            let p = try held.drawn(at: frame)
            #expect(alpha(p, 60, 60) == 255 && alpha(p, 5, 5) == 0, "frame \(frame): still at 80, 80")
        }
        // A last keyframe that is not a hold starts a run of its own: its point is shown from its frame.
        let atEnd = try scene(#"[{"t":0,"s":[50,50],"h":1},{"t":10,"s":[80,80],"h":1},{"t":20,"s":[20,20]}]"#)
        let before = try atEnd.drawn(at: 15), end = try atEnd.drawn(at: 20)
        #expect(alpha(before, 60, 60) == 255 && alpha(end, 5, 5) == 255 && alpha(end, 60, 60) == 0)
        let eased = #""o":{"x":[0.3],"y":[0]},"i":{"x":[0.7],"y":[1]}"#
        let lone = try scene(
            #"[{"t":0,"s":[50,50],\#(eased)},{"t":5,"s":[80,80],"h":1},{"t":12,"s":[80,80],\#(eased)},{"t":16,"s":[50,50]}]"#)
        let p = try lone.drawn(at: 8)
        #expect(alpha(p, 60, 60) == 255, "the held point, not the layer's own position")
    }

    /// lottie-ios's position path joins keyframes without spatial tangents by a line; a curve
    /// whose controls sit on its ends would move along it eased a second time.
    @Test("position: a segment without tangents is a line along which the layer moves at the keyframes' pace")
    func positionLineSegment() throws {
        let layer = LottieNegativeScaleTests.mirrored(#"{"a":0,"k":[100,100,100]}"#)
        let keyframes =
            #"[{"t":0,"s":[20,50],"to":[0,10],"ti":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},"#
            + #"{"t":10,"s":[50,50],"to":[0,0],"ti":[0,0],"o":{"x":0,"y":0},"i":{"x":1,"y":1}},{"t":20,"s":[80,50]}]"#
        let scene = try LottieStageSupport(
            layer.replacingOccurrences(of: #""p":{"a":0,"k":[50,50]}"#, with: #""p":{"a":1,"k":\#(keyframes)}"#))
        // A quarter of the way from 50 to 80: x 57.5, so the square (x − 35 … x − 5) starts at 22.5
        // (a second ease would put x at 54.7 and its left edge at 19.7).
        let p = try scene.drawn(at: 12.5)
        #expect(LottieNegativeScaleTests.alpha(p, 21, 30) == 0 && LottieNegativeScaleTests.alpha(p, 24, 30) == 255)
    }

    @Test("a layer is hidden before its in point and from its out point")
    func inOutPoints() throws {
        let layer = try LottieAnimationLayer(animation: try Self.animation("[\(Self.null("{}", ip: 5, op: 15))]"))
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        for (frame, hidden) in [(0.0, true), (4.9, true), (5.0, false), (14.9, false), (15.0, true)] {
            layer.currentFrame = frame
            stage.advance(to: stage.currentTime + 0.01)
            let visibility = try #require(layer.sublayers?.first?.sublayers?.first)
            #expect(visibility.presentationState(at: stage.currentTime).hidden == hidden, "frame \(frame)")
        }
    }

    /// `count` one-frame null layers (layer k from frame k to k + 1) at `framerate`: at each
    /// frame, the one shown is expected.
    static func expectShown(framerate: Int, count: Int, _ expected: [(Double, Int)]) throws {
        let layers = (0..<count).map { Self.null("{}", ind: $0 + 1, ip: Double($0), op: Double($0 + 1)) }.joined(separator: ",")
        let json = #"{"v":"5.7","fr":\#(framerate),"ip":0,"op":\#(count),"w":100,"h":100,"layers":[\#(layers)]}"#
        let layer = try LottieAnimationLayer(animation: try LottieAnimation.load(data: Data(json.utf8)))
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        for (frame, shown) in expected {
            layer.currentFrame = frame
            stage.advance(to: stage.currentTime + 0.01)
            // Bottom first: the layer listed last is the first sublayer.
            let visible = (layer.sublayers?.first?.sublayers ?? []).enumerated().filter {
                !$0.element.presentationState(at: stage.currentTime).hidden
            }.map { count - 1 - $0.offset }
            #expect(visible == [shown], "frame \(frame): \(visible)")
        }
    }

    @Test("at 48 fps, frame 5.0 shows the layer that starts at 5, and 4.999 and 9.9999999 the ones before (lottie-ios issue 2209)")
    func exactBoundaries() throws {
        try Self.expectShown(framerate: 48, count: 10, [(4.999, 4), (5.0, 5), (9.9999999, 9), (7.0, 7), (3.0, 3)])
    }

    /// lottie-ios pauses a tree whose animations last one frame longer than the composition;
    /// Core Animation compares `time / duration` with each in point's key time, and in doubles
    /// (3/9 s) / (13/9 s) falls short of 3/13 (and 4/9, 6/9 theirs) while 5/9, 7/9 and 9/9 do not
    /// (LayerBuilder.changesBy; iOS's snapshots of lottie-ios's issue_2265 show the same).
    @Test("at 9 fps, frames 3 and 6 still show the layer before and frame 9 its own, as iOS rounds them")
    func iOSRounding() throws {
        try Self.expectShown(framerate: 9, count: 12, [(3.0, 2), (6.0, 5), (9.0, 9), (4.0, 3), (5.0, 5), (7.0, 7), (0.0, 0), (3.5, 3)])
    }

    @Test(
        "bad files are refused with the JSON path of the problem",
        arguments: [
            (#"{"fr":30,"ip":0,"op":10,"h":10,"layers":[]}"#, "w"),
            (#"{"w":10,"h":10,"fr":30,"ip":0,"op":0,"layers":[]}"#, "op"),
            (#"{"w":10,"h":10,"fr":30,"ip":0,"op":10,"layers":{}}"#, "layers"),
            (#"[1,2,3]"#, "")
        ])
    func refused(_ json: String, _ path: String) {
        #expect {
            try LottieAnimation.load(data: Data(json.utf8), file: "bad.json")
        } throws: { error in
            (error as? LottieError)?.path == path
        }
    }

    @Test("before a precomposition's start (st) its layers are before their in points: hidden, not frozen at frame 0")
    func precompositionBeforeStart() throws {
        let square =
            #"{"ty":4,"ind":1,"ip":0,"op":40,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"#
            + #""s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let comp = #"{"ty":0,"ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":21,"st":4,"sr":2,"ks":{}}"#
        let scene = try LottieStageSupport(comp, assets: #"[{"id":"c","layers":[\#(square)]}]"#)
        func shown(at frame: Double) throws -> Bool {
            let p = try scene.drawn(at: frame)
            return p.rgba[(50 * p.width + 50) * 4 + 3] > 0
        }
        // Root frame 2 is the precomposition's frame (2 − 4) / 2 = −1, before the square's in point.
        #expect(try !shown(at: 2), "hidden before st")
        #expect(try shown(at: 6), "its frame 1: shown")
    }

    @Test("a precomposition's layer whose out point comes before the root's end is hidden at progress 1, as in lottie-ios")
    func precompositionOutPointAtEnd() throws {
        // The square's op 20 is its precomposition's frame; with st −5 that is root frame 15.
        let square =
            #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[50,50]},"#
            + #""s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":[0,0,0,1]},"o":{"a":0,"k":100}}]}"#
        let comp = #"{"ty":0,"ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":21,"st":-5,"ks":{}}"#
        let scene = try LottieStageSupport(comp, assets: #"[{"id":"c","layers":[\#(square)]}]"#)
        func shown(at progress: Double) throws -> Bool {
            scene.layer.currentProgress = progress
            scene.stage.advance(to: scene.stage.currentTime + 0.01)
            let p = try FrameRasterizer.rasterize(scene.stage.snapshot(), background: nil)
            return p.rgba[(50 * p.width + 50) * 4 + 3] > 0
        }
        #expect(try shown(at: 0.5), "root frame 10: its frame 15")
        #expect(try !shown(at: 1), "root frame 20: its frame 25, past its out point")
    }

    @Test("a precomposition that contains itself is refused, not followed for ever")
    func precompositionCycle() throws {
        let assets = #"[{"id":"loop","layers":[{"ty":0,"refId":"loop","ind":1,"ip":0,"op":20,"st":0,"ks":{}}]}]"#
        let lottie = try Self.animation(#"[{"ty":0,"refId":"loop","ind":1,"ip":0,"op":20,"st":0,"ks":{}}]"#, assets: assets)
        #expect(throws: LottieError.self) { try LottieAnimationLayer(animation: lottie) }
    }

    @Test("a red square shape layer draws red where the square is and clear elsewhere")
    func drawsAShape() throws {
        let shapes =
            #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[40,40]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100},"r":1},"#
            + #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}]}]"#
        let layer = #"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#
        let animationLayer = try LottieAnimationLayer(animation: try Self.animation("[\(layer)]"))
        let pixels = try Self.draw(animationLayer)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels.rgba[(y * pixels.width + x) * 4..<(y * pixels.width + x) * 4 + 4]) }
        #expect(pixel(50, 50) == [255, 0, 0, 255], "inside the square")
        #expect(pixel(31, 31) == [255, 0, 0, 255] && pixel(68, 68) == [255, 0, 0, 255], "its corners")
        #expect(pixel(5, 5)[3] == 0 && pixel(95, 50)[3] == 0, "clear outside")
        #expect(animationLayer.warnings.isEmpty, "\(animationLayer.warnings)")
    }

    /// `layer` filling a 100×100 Stage at 1x, drawn at time 0.
    static func draw(_ layer: LottieAnimationLayer) throws -> PixelBuffer {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        layer.anchorPoint = .zero
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        stage.rootLayer.addSublayer(layer)
        stage.advance(to: 0)
        return try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
    }

    /// The first layer, depth first, with an animation for `key` (the tree's shape depends on
    /// what moves: a transform that does not move is one layer, three when it does).
    static func layer(in root: CALayer, animating key: String) -> CALayer? {
        if root.animation(forKey: key) != nil { return root }
        for sublayer in root.sublayers ?? [] {
            if let found = layer(in: sublayer, animating: key) { return found }
        }
        return nil
    }

    /// The layer whose position moves.
    static func moveLayer(of layer: LottieAnimationLayer) -> CALayer? { Self.layer(in: layer, animating: "position") }

    /// The layer whose opacity changes.
    static func anchorLayer(of layer: LottieAnimationLayer) -> CALayer? { Self.layer(in: layer, animating: "opacity") }
}

/// Hostile files: numbers past Int where an index or a count goes, a FIFO where the file or an
/// image goes. Each is refused or ignored; none traps or blocks.
@Suite("Lottie hostile input")
struct LottieHostileInputTests {
    @Test("indices, types, counts and frames of 1e300 neither trap nor run away")
    func hugeNumbers() throws {
        let shapes =
            #"[{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[5,5]},"s":{"a":0,"k":[4,4]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"rp","c":{"a":0,"k":1e300},"tr":{}},{"ty":"st","c":{"a":0,"k":[1,0,0,1]},"w":{"a":0,"k":1},"lc":1e300,"lj":-1e300},"#
            + #"{"ty":"gf","g":{"p":STOPS,"k":{"a":0,"k":[0,1,0,0,1,0,0,1]}},"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[1,1]}},"#
            + #"{"ty":"tr"}]}]"#
        let layers =
            #"[{"ty":1e300,"ind":1e300,"ip":0,"op":20,"ks":{}},{"ty":4,"ind":2,"parent":1e300,"tt":1e300,"ip":0,"op":20,"#
            + #""ks":{"p":{"a":1,"k":[{"t":0,"s":[0,0]},{"t":1e300,"s":[9,9]}]}},"shapes":\#(shapes)}]"#
        // A count of 1e300 gradient stops is refused before anything is built; 2^40 stops as well.
        for stops in ["1e300", "1099511627776"] {
            #expect {
                try LottieMappingTests.animation(layers.replacingOccurrences(of: "STOPS", with: stops))
            } throws: { error in
                (error as? LottieError)?.path == "layers[1].shapes[0].it[3].g.p"
            }
        }
        let lottie = try LottieMappingTests.animation(layers.replacingOccurrences(of: "STOPS", with: "-1e300"))
        #expect(lottie.layerSummaries.first == "layers[0] (unnamed) ?, frames 0.0…20.0")
        let layer = try LottieAnimationLayer(animation: lottie)
        #expect(layer.warnings.contains { $0.hasPrefix("layers[0]") }, "the unknown type is reported")
    }

    @Test("a FIFO as the animation or as its image is refused without blocking")
    func fifo() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("lottie-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let pipe = dir.appendingPathComponent("pipe.json")
        #expect(mkfifo(pipe.path, 0o600) == 0)
        #expect(throws: LottieError.self) { try LottieAnimation.load(file: pipe.path) }
        #expect(mkfifo(dir.appendingPathComponent("image.png").path, 0o600) == 0)
        let json =
            #"{"fr":10,"ip":0,"op":20,"w":10,"h":10,"assets":[{"id":"i","w":4,"h":4,"u":"","p":"image.png"}],"#
            + #""layers":[{"ty":2,"refId":"i","ind":1,"ip":0,"op":20,"ks":{}}]}"#
        try json.write(to: dir.appendingPathComponent("a.json"), atomically: true, encoding: .utf8)
        let layer = try LottieAnimationLayer(animation: try LottieAnimation.load(file: dir.appendingPathComponent("a.json").path))
        #expect(layer.warnings.contains { $0.contains("could not be read") })
    }
}

/// Time remapping (docs/lottie.md): a precomposition's `tm` (seconds, keyframed on the
/// enclosing clock) chooses which of its frames shows; its layers' animations are sampled
/// there, as lottie-ios's Core Animation engine samples them.
@Suite("Lottie time remapping")
struct LottieTimeRemappingTests {
    /// A precomposition whose one null layer moves x 0 → 100 over its frames 0…20, shown by
    /// one layer with `tm`; the composition runs at 10 fps, frames 0…20.
    static func remapped(_ tm: String, position: String = #"[{"t":0,"s":[0,0]},{"t":20,"s":[100,0]}]"#) throws -> LottieAnimation {
        let inner = LottieMappingTests.null(#"{"p":{"a":1,"k":\#(position)}}"#, ip: 0, op: 20)
        let assets = #"[{"id":"c","layers":[\#(inner)]}]"#
        let layer = #"{"ty":0,"ind":1,"refId":"c","w":100,"h":100,"ip":0,"op":20,"st":0,"ks":{},"tm":\#(tm)}"#
        return try LottieMappingTests.animation("[\(layer)]", assets: assets)
    }

    /// The inner null's x at `frame` of the composition.
    static func innerX(_ animation: LottieAnimation, at frame: Double) throws -> Double {
        let layer = try LottieAnimationLayer(animation: animation)
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        layer.currentFrame = frame
        stage.advance(to: 0)
        // visibility → precomposition transform (3) → precomposition → content → visibility → move
        var moves: [CALayer] = []
        func walk(_ l: CALayer) {
            if l.animation(forKey: "position") != nil { moves.append(l) }
            for s in l.sublayers ?? [] { walk(s) }
        }
        walk(layer)
        let move = try #require(moves.first, "the inner layer's position animation")
        return Double(move.presentationState(at: stage.currentTime).position.x)
    }

    @Test("a constant tm freezes the content at that time")
    func freeze() throws {
        let animation = try Self.remapped(#"{"a":0,"k":1.0}"#)  // 1 s = local frame 10: x = 50
        for frame in [0.0, 7, 15] { #expect(abs(try Self.innerX(animation, at: frame) - 50) < 1e-6, "frame \(frame)") }
    }

    @Test("a tm running backwards plays the content in reverse")
    func reverse() throws {
        let animation = try Self.remapped(#"{"a":1,"k":[{"t":0,"s":[2]},{"t":20,"s":[0]}]}"#)
        #expect(abs(try Self.innerX(animation, at: 0) - 100) < 1e-6, "frame 0 shows local frame 20")
        #expect(abs(try Self.innerX(animation, at: 5) - 75) < 1e-6, "frame 5 shows local frame 15")
        #expect(abs(try Self.innerX(animation, at: 10) - 50) < 1e-6)
    }

    /// Remapped, lottie-ios samples the keyframes' values each frame: a final run of holds reaches
    /// its last point there, unlike a position's path outside a remapping (`positionAsPathShows`).
    @Test("inside a remapped precomposition a position ending in holds shows its last point")
    func remappedHolds() throws {
        let holds = #"[{"t":0,"s":[0,0],"h":1},{"t":5,"s":[50,0],"h":1},{"t":10,"s":[100,0],"h":1}]"#
        let animation = try Self.remapped(#"{"a":1,"k":[{"t":0,"s":[0]},{"t":20,"s":[2]}]}"#, position: holds)
        #expect(abs(try Self.innerX(animation, at: 15) - 100) < 1e-6)
    }

    @Test("content remapped past its layers' out point is hidden")
    func pastOutPoint() throws {
        let animation = try Self.remapped(#"{"a":0,"k":2.5}"#)  // local frame 25, after op 20
        let layer = try LottieAnimationLayer(animation: animation)
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        stage.rootLayer.addSublayer(layer)
        layer.currentFrame = 5
        stage.advance(to: 0)
        var hidden: [Bool] = []
        func walk(_ l: CALayer) {
            if l.animation(forKey: "visibility") != nil { hidden.append(l.presentationState(at: stage.currentTime).hidden) }
            for s in l.sublayers ?? [] { walk(s) }
        }
        walk(layer)
        // The precomposition layer spans the whole composition, so it has no visibility animation.
        #expect(hidden == [true], "its remapped content is hidden: \(hidden)")
    }
}

/// Blend modes and track mattes (docs/lottie.md): `bm` becomes the layer's
/// `compositingFilter`; an inverted alpha matte shows the target everywhere but under the matte.
@Suite("Lottie blend modes and mattes")
struct LottieCompositingTests {
    /// A shape layer with a rectangle at (`x`, `y`) of `size`, filled with `color`; extra keys
    /// (`"bm":1`, `"td":1`, `"tt":2`) after the transform.
    static func rect(_ ind: Int, x: Int, y: Int, size: Int, color: String, extra: String = "") -> String {
        #"{"ty":4,"ind":\#(ind),"ip":0,"op":20,"st":0,"ks":{}\#(extra),"shapes":["#
            + #"{"ty":"rc","p":{"a":0,"k":[\#(x),\#(y)]},"s":{"a":0,"k":[\#(size),\#(size)]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":\#(color)},"o":{"a":0,"k":100}}]}"#
    }

    static func pixel(_ p: PixelBuffer, _ x: Int, _ y: Int) -> [Int] {
        p.rgba[(y * p.width + x) * 4..<(y * p.width + x) * 4 + 4].map(Int.init)
    }

    @Test("an inverted alpha matte (tt 2) hides the target under the matte and shows it elsewhere")
    func invertedMatte() throws {
        let matte = Self.rect(1, x: 50, y: 50, size: 20, color: "[0,0,0,1]", extra: #","td":1"#)
        let target = Self.rect(2, x: 50, y: 50, size: 80, color: "[1,0,0,1]", extra: #","tt":2"#)
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(matte),\(target)]"))
        let p = try LottieMappingTests.draw(layer)
        #expect(Self.pixel(p, 20, 20) == [255, 0, 0, 255], "outside the matte: the target")
        #expect(Self.pixel(p, 50, 50)[3] == 0, "under the matte: nothing")
        #expect(Self.pixel(p, 5, 5)[3] == 0, "outside the target: nothing")
        #expect(layer.warnings.isEmpty, "\(layer.warnings)")
    }

    @Test("mattes paired as lottie-ios pairs them: tt 1–3 take the layer above whatever its td; tt 4 and a lone td are no matte")
    func mattePairing() throws {
        func drawn(_ layers: [String]) throws -> PixelBuffer {
            try LottieMappingTests.draw(
                try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layers.joined(separator: ","))]")))
        }
        let small = Self.rect(1, x: 50, y: 50, size: 20, color: "[0,0,1,1]", extra: #","td":1"#)
        // Inverted luma (4): lottie-ios reads no matte, so the layer above is drawn as any other.
        let luma = try drawn([small, Self.rect(2, x: 50, y: 50, size: 80, color: "[1,0,0,1]", extra: #","tt":4"#)])
        #expect(Self.pixel(luma, 50, 50) == [0, 0, 255, 255], "the would-be matte, drawn")
        #expect(Self.pixel(luma, 20, 20) == [255, 0, 0, 255], "the target, unmasked")
        // A td layer with no matte below it is drawn.
        let lone = try drawn([small, Self.rect(2, x: 50, y: 50, size: 80, color: "[1,0,0,1]")])
        #expect(Self.pixel(lone, 50, 50) == [0, 0, 255, 255])
        // An alpha matte (1) takes the layer above even without td.
        let untagged = Self.rect(1, x: 50, y: 50, size: 20, color: "[0,0,1,1]")
        let alpha = try drawn([untagged, Self.rect(2, x: 50, y: 50, size: 80, color: "[1,0,0,1]", extra: #","tt":1"#)])
        #expect(Self.pixel(alpha, 50, 50) == [255, 0, 0, 255], "the target under its matte")
        #expect(Self.pixel(alpha, 20, 20)[3] == 0, "outside the matte: nothing")
        // A hidden matte is an empty one.
        let hiddenMatte = Self.rect(1, x: 50, y: 50, size: 20, color: "[0,0,1,1]", extra: #","td":1,"hd":true"#)
        let hidden = try drawn([hiddenMatte, Self.rect(2, x: 50, y: 50, size: 80, color: "[1,0,0,1]", extra: #","tt":1"#)])
        #expect(Self.pixel(hidden, 50, 50)[3] == 0 && Self.pixel(hidden, 20, 20)[3] == 0)
    }

    @Test("a layer's blend mode (bm 1, multiply) composites it onto the layers below")
    func blendMode() throws {
        let below = Self.rect(2, x: 50, y: 50, size: 100, color: "[0.5,0.5,0.5,1]")
        let above = Self.rect(1, x: 50, y: 50, size: 40, color: "[1,0,0,1]", extra: #","bm":1"#)
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(above),\(below)]"))
        let p = try LottieMappingTests.draw(layer)
        let c = Self.pixel(p, 50, 50)
        #expect(abs(c[0] - 128) <= 1 && c[1] == 0 && c[2] == 0, "red × grey: \(c)")
        #expect(Self.pixel(p, 10, 10) == [128, 128, 128, 255], "the grey alone beside it")
    }
}

/// Text layers (docs/lottie.md): lines of `CATextLayer`s, the first baseline on the layer's
/// origin, each next one `lh` lower, justified about the origin.
@Suite("Lottie text layers")
struct LottieTextTests {
    /// A text layer at (50, 40) with `text` ("\r" between lines), 20-point, justified `j`.
    static func text(_ text: String, j: Int, lh: Int = 30) -> String {
        #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":[50,40]}},"t":{"d":{"k":[{"s":{"s":20,"f":"Helvetica","#
            + #""t":"\#(text)","j":\#(j),"tr":0,"lh":\#(lh),"fc":[0,0,0]},"t":0}]},"a":[]}}"#
    }

    /// The box of opaque ink in rows `rows`: (minX, maxX, maxY).
    static func ink(_ p: PixelBuffer, rows: Range<Int>) -> (Int, Int, Int)? {
        var minX = Int.max, maxX = -1, maxY = -1
        let rgba = p.rgba  // unpremultiplied once: `rgba` converts the whole buffer on each read
        for y in rows {
            for x in 0..<p.width where rgba[(y * p.width + x) * 4 + 3] > 128 {
                minX = min(minX, x)
                maxX = max(maxX, x)
                maxY = y
            }
        }
        return maxX < 0 ? nil : (minX, maxX, maxY)
    }

    @Test("the first line sits on the layer's origin, centred on it; the next is lh lower")
    func centredLines() throws {
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.text(#"HH\rHH"#, j: 2))]"))
        let p = try LottieMappingTests.draw(layer)
        let first = try #require(Self.ink(p, rows: 0..<50)), second = try #require(Self.ink(p, rows: 50..<90))
        #expect(abs(first.2 - 39) <= 1, "H stands on the baseline y = 40: \(first)")
        #expect(abs(Double(first.0 + first.1) / 2 - 50) <= 1.5, "centred on x = 50: \(first)")
        #expect(abs(second.2 - 69) <= 1, "the second line 30 points lower: \(second)")
        #expect(layer.warnings.isEmpty, "\(layer.warnings)")
    }

    @Test("left justification starts at the origin, right ends there")
    func justified() throws {
        let left = try LottieMappingTests.draw(
            LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.text("HH", j: 0))]")))
        let right = try LottieMappingTests.draw(
            LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.text("HH", j: 1))]")))
        let l = try #require(Self.ink(left, rows: 0..<50)), r = try #require(Self.ink(right, rows: 0..<50))
        #expect(l.0 >= 50 && l.0 <= 53, "from x = 50 (the H's side bearing): \(l)")
        #expect(r.1 <= 50 && r.1 >= 47, "to x = 50: \(r)")
    }

    @Test("a colour provider for Layer.Color recolours the text")
    func recoloured() throws {
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(Self.text("HH", j: 0))]"))
        layer.setValueProvider(ColorValueProvider(.red), keypath: AnimationKeypath(keypath: "**.Color"))
        let p = try LottieMappingTests.draw(layer)
        var reds = 0
        let rgba = p.rgba
        for i in stride(from: 0, to: rgba.count, by: 4) where rgba[i + 3] == 255 {
            reds += rgba[i] == 255 && rgba[i + 1] == 0 ? 1 : 0
        }
        #expect(reds > 20, "opaque red glyph pixels: \(reds)")
    }

    @Test("a colour provider for Layer.Stroke Color strokes the text at its stroke width, as lottie-ios does")
    func strokeRecoloured() throws {
        func reds(_ provided: Bool) throws -> Int {
            let stroked = Self.text("HH", j: 0).replacingOccurrences(of: #""fc":[0,0,0]"#, with: #""fc":[0,0,0],"sw":20"#)
            let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(stroked)]"))
            if provided { layer.setValueProvider(ColorValueProvider(.red), keypath: AnimationKeypath(keypath: "**.Stroke Color")) }
            let rgba = try LottieMappingTests.draw(layer).rgba
            return stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0 + 3] > 200 && rgba[$0] > 200 && rgba[$0 + 1] < 60 }.count
        }
        #expect(try reds(false) == 0, "no stroke colour in the file: no stroke")
        #expect(try reds(true) > 20, "the provided red outlines the glyphs")
    }
}
