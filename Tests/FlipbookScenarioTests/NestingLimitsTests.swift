import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookScenario

/// How deep layers may nest and how many a Lottie file adds (docs/limits.md): refused at the
/// file's position, never a crash; inputs made here, not committed.
@Suite("nesting limits")
struct NestingLimitsTests {
    let head = "canvas: { width: 20, height: 20, scale: 1 }\nduration: 0.2\nfps: 10\nlayers:\n"

    /// `levels` layers, each the only sublayer of the one before (flow style, one line).
    static func chain(_ levels: Int, innermost: String = "{ id: deepest, frame: [0, 0, 5, 5], backgroundColor: \"#ff0000\" }")
        -> String
    {
        var layer = innermost
        for level in (1..<levels).reversed() { layer = "{ id: l\(level), frame: [0, 0, 20, 20], sublayers: [\(layer)] }" }
        return "  - " + layer + "\n"
    }

    func diagnostics(_ yaml: String, folder: URL = packageRoot) -> [Diagnostic] {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "deep.yaml", baseDirectory: folder)
            return []
        } catch let e as ScenarioError { return e.diagnostics } catch { return [] }
    }

    @Test("layers nested 256 levels load, build and snapshot every level on an 8 MB stack in a debug build")
    func atTheLimit() throws {
        let scenario = try ScenarioLoader.load(
            yaml: head + Self.chain(Limits.maximumLayerDepth), file: "deep.yaml", baseDirectory: packageRoot)
        let runtime = ScenarioRuntime(scenario: scenario)
        let snapshot = runtime.stage.snapshot()
        // The Stage's root above the file's 256 levels.
        #expect(snapshot.root.nestingDepth == Limits.maximumLayerDepth + 1)
        #expect(runtime.stage.warnings.isEmpty)
    }

    @Test("a layer at level 257 is refused at its own line and column, once, however much deeper the file goes")
    func pastTheLimit() {
        for levels in [Limits.maximumLayerDepth + 1, 480] {
            let text = head + Self.chain(levels)
            let d = diagnostics(text)
            let line = text.split(separator: "\n")[4]
            let first = levels == Limits.maximumLayerDepth + 1 ? "{ id: deepest" : "{ id: l\(Limits.maximumLayerDepth + 1),"
            let column = line.range(of: first).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
            #expect(d.count == 1, "\(d.map(\.message))")
            #expect(d.first?.message.contains("layers nest more than \(Limits.maximumLayerDepth) levels deep") == true)
            #expect(d.first?.line == 5 && d.first?.column == (column ?? -2) + 1, "\(d.first.map { "\($0.line):\($0.column)" } ?? "")")
        }
    }

    @Test("masks count as a level: a mask at level 257 is refused")
    func masksCount() {
        let mask = "{ id: m, frame: [0, 0, 5, 5], backgroundColor: \"#000000\" }"
        let innermost = "{ id: deepest, frame: [0, 0, 5, 5], backgroundColor: \"#ff0000\", mask: \(mask) }"
        #expect(diagnostics(head + Self.chain(Limits.maximumLayerDepth - 1, innermost: innermost)).isEmpty)
        let d = diagnostics(head + Self.chain(Limits.maximumLayerDepth, innermost: innermost))
        #expect(d.count == 1 && d[0].message.contains("levels deep"), "\(d.map(\.message))")
    }

    // MARK: - Lottie

    /// A Lottie file of one shape layer whose rectangle sits in `groups` nested groups.
    static func nestedGroups(_ groups: Int) -> String {
        let transform =
            #"{"ty":"tr","p":{"a":0,"k":[0,0]},"a":{"a":0,"k":[0,0]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0},"o":{"a":0,"k":100}}"#
        var group =
            #"{"ty":"gr","it":[{"ty":"rc","p":{"a":0,"k":[10,10]},"s":{"a":0,"k":[8,8]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}},"# + transform + "]}"
        for _ in 1..<groups { group = #"{"ty":"gr","it":["# + group + "," + transform + "]}" }
        return #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":{},"shapes":["#
            + group + "]}]}"
    }

    /// `count` null layers, each the parent of the next, and a solid under the last.
    static func parentChain(_ count: Int, solids: Int = 1) -> String {
        var layers = (1...count).map { i in
            #"{"ty":3,"ind":\#(i),"ip":0,"op":10,"st":0,"ks":{"p":{"a":0,"k":[1,0]}}\#(i > 1 ? ",\"parent\":\(i - 1)" : "")}"#
        }
        for s in 0..<solids {
            layers.append(
                ##"{"ty":1,"ind":\##(count + 1 + s),"parent":\##(count),"ip":0,"op":10,"st":0,"ks":{},"sw":5,"sh":5,"sc":"#ff0000"}"##)
        }
        return #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"layers":["# + layers.joined(separator: ",") + "]}"
    }

    func lottieError(_ json: String) -> LottieError? {
        do {
            _ = try LottieAnimationLayer(animation: try LottieAnimation.load(data: Data(json.utf8), file: "deep.json"))
            return nil
        } catch { return error as? LottieError }
    }

    @Test("a Lottie file of 240 nested groups is refused at its shape layer, with line and column, as too deep")
    func deepGroups() {
        let error = lottieError(Self.nestedGroups(240))
        #expect(error?.path == "layers[0]" && error?.line == 1 && error?.message.contains("nest") == true, "\(String(describing: error))")
        #expect(lottieError(Self.nestedGroups(20)) == nil)
    }

    @Test("a parent chain longer than the nesting allows is refused at the first layer past it, before anything is built")
    func longParentChains() {
        let error = lottieError(Self.parentChain(2000))
        let limit = (Limits.maximumLayerDepth - 16) / 3
        #expect(
            error?.path == "layers[\(limit + 1)]" && error?.message.contains("parents chain more than \(limit)") == true,
            "\(String(describing: error))")
        #expect(lottieError(Self.parentChain(60)) == nil)
    }

    @Test("parents' transforms count as layers for every layer under them: 200 layers under a 60-layer chain are too many")
    func parentTransformsCount() {
        let error = lottieError(Self.parentChain(60, solids: 200))
        #expect(error?.message.contains("more than \(LottieAnimation.maximumLayers) layers") == true, "\(String(describing: error))")
    }

    @Test("lottie layers count their animation's layers toward the scene's 10,000, and its levels toward 256")
    func lottieLayersCount() throws {
        let folder = freshFolder("flipbook-nesting")
        // 2,001 Lottie layers: five instances pass the scene's bound.
        let many = (1...2001).map { ##"{"ty":1,"ind":\##($0),"ip":0,"op":10,"st":0,"ks":{},"sw":5,"sh":5,"sc":"#ff0000"}"## }
        let json = #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"layers":["# + many.joined(separator: ",") + "]}"
        try json.write(to: folder.appendingPathComponent("many.json"), atomically: true, encoding: .utf8)
        let instances = (0..<5).map { "  - { id: a\($0), type: lottie, file: many.json }" }.joined(separator: "\n")
        let d = diagnostics(head + instances + "\n", folder: folder)
        #expect(d.count == 1, "\(d.map(\.message))")
        #expect(d.first?.message.contains("the scene has more than \(Limits.maximumLayers) layers") == true && d.first?.line == 9)
        #expect(diagnostics(head + instances.split(separator: "\n").prefix(4).joined(separator: "\n") + "\n", folder: folder).isEmpty)
        // A lottie layer whose own levels reach the bound exactly at some depth in the scene.
        let deep = Self.nestedGroups(30)
        try deep.write(to: folder.appendingPathComponent("deep.json"), atomically: true, encoding: .utf8)
        let levels = try LottieAnimationLayer(animation: LottieAnimation.load(data: Data(deep.utf8))).nestingDepth
        #expect(levels > 60 && levels < Limits.maximumLayerDepth)
        let lottie = "{ id: a, type: lottie, file: deep.json }"
        let fits = diagnostics(head + Self.chain(Limits.maximumLayerDepth - levels + 1, innermost: lottie), folder: folder)
        #expect(fits.isEmpty, "\(fits.map(\.message))")
        let nested = diagnostics(head + Self.chain(Limits.maximumLayerDepth - levels + 2, innermost: lottie), folder: folder)
        #expect(nested.count == 1 && nested[0].message.contains("the layers of the Lottie animation nest"), "\(nested.map(\.message))")
    }
}
