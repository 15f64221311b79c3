import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// What a Lottie file may ask for (issue 63, items 9 and 14; docs/limits.md "Lottie"), refused at
/// the JSON path where it passes a bound, before anything is built. Files are made here.
@Suite("Lottie work bounds")
struct LottieWorkCheckTests {
    /// One shape layer holding `shapes` (JSON), 10 frames long.
    static func file(shapes: String, transform: String = "{}") -> String {
        #"{"v":"5.7.0","fr":10,"ip":0,"op":10,"w":20,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"ks":"#
            + transform + #","shapes":["# + shapes + "]}]}"
    }

    func refusal(_ json: String) -> LottieError? {
        do {
            _ = try LottieAnimation.load(data: Data(json.utf8), file: "work.json")
            return nil
        } catch { return error as? LottieError }
    }

    @Test("more than 500,000 keyframes are refused at the property that passes the bound, with its line and column")
    func keyframes() {
        let half = LottieWorkCheck.maximumKeyframes / 2
        let frames = { (n: Int) in (0..<n).map { #"{"t":\#($0),"s":[0]}"# }.joined(separator: ",") }
        let opacity = #"{"o":{"a":1,"k":["# + frames(half) + #"]},"r":{"a":1,"k":["# + frames(half + 1) + "]}}"
        let error = refusal(Self.file(shapes: "", transform: opacity))
        #expect(error?.path == "layers[0].ks.r.k" && error?.line == 1 && error?.column != nil, "\(String(describing: error))")
        #expect(error?.message.contains("more than \(LottieWorkCheck.maximumKeyframes) keyframes") == true)
        #expect(refusal(Self.file(shapes: "", transform: #"{"o":{"a":1,"k":["# + frames(1000) + "]}}")) == nil)
    }

    /// A path item of `count` vertices.
    static func path(_ count: Int) -> String {
        let points = String(repeating: "[1,2],", count: count - 1) + "[1,2]"
        let zero = String(repeating: "[0,0],", count: count - 1) + "[0,0]"
        return #"{"ty":"sh","ks":{"a":0,"k":{"i":["# + zero + #"],"o":["# + zero + #"],"v":["# + points + #"],"c":true}}}"#
    }

    @Test("a path of more than 100,000 vertices, or paths of more than 400,000 together, are refused as a scene's are")
    func vertices() {
        let one = refusal(Self.file(shapes: Self.path(Limits.maximumPathElements + 1)))
        #expect(one?.path == "layers[0].shapes[0].ks.k.v" && one?.message.contains("at most \(Limits.maximumPathElements)") == true)
        let each = Limits.maximumPathElements - 1
        let count = Limits.maximumScenePathElements / each + 1
        let many = refusal(Self.file(shapes: Array(repeating: Self.path(each), count: count).joined(separator: ",")))
        #expect(many?.path == "layers[0].shapes[\(count - 1)].ks.k.v", "\(String(describing: many))")
        #expect(refusal(Self.file(shapes: Self.path(1000))) == nil)
    }

    @Test("a gradient of more than 1,000 colour stops is refused, by its count or by its values")
    func gradientStops() {
        let stops = LottieWorkCheck.maximumGradientStops + 1
        let values = (0..<stops).map { "\(Double($0) / Double(stops)),1,0,0" }.joined(separator: ",")
        let gradient = { (p: Int) in
            #"{"ty":"gf","o":{"a":0,"k":100},"r":1,"s":{"a":0,"k":[0,0]},"e":{"a":0,"k":[10,0]},"t":1,"g":{"p":\#(p),"k":{"a":0,"k":["#
                + values + "]}}}"
        }
        #expect(refusal(Self.file(shapes: gradient(stops)))?.path == "layers[0].shapes[0].g.p")
        #expect(refusal(Self.file(shapes: gradient(2)))?.path == "layers[0].shapes[0].g.k.k")
    }

    /// Each keyframe's value by a linear search, as the first keyframe after the frame decides.
    static func reference(_ frames: [(Double, Double)], at frame: Double) -> Double {
        if frame <= frames[0].0 { return frames[0].1 }
        for (a, b) in zip(frames, frames.dropFirst()) where frame < b.0 {
            return a.1 + (b.1 - a.1) * (frame - a.0) / max(b.0 - a.0, 1e-9)
        }
        return frames[frames.count - 1].1
    }

    @Test("a property's value at a frame, found by bisection, is the linear search's at frames before, on, between and after keyframes")
    func bisection() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            var t = 0.0
            let frames = (0..<Int.random(in: 2...60, using: &generator)).map { _ -> (Double, Double) in
                t += [0, 0.5, 1, 3].randomElement(using: &generator)!
                return (t, Double.random(in: -100...100, using: &generator))
            }
            let json = "[" + frames.map { #"{"t":\#($0.0),"s":[\#($0.1)]}"# }.joined(separator: ",") + "]"
            var decoder = LottieDecoder(file: "test.json")
            let property = try #require(
                decoder.vector(LottieJSON(node: try JSONParser.parse(Data(#"{"k":"#.utf8) + Data(json.utf8) + Data("}".utf8)), path: "")))
            for frame in frames.map(\.0) + [-1, t + 1] + (0..<20).map({ _ in Double.random(in: -1...(t + 1), using: &generator) }) {
                let value = try #require(property.numbers(at: frame).first)
                #expect(abs(value - Self.reference(frames, at: frame)) < 1e-9, "frame \(frame) of \(frames)")
            }
        }
    }
}
