import Flipbook
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookCLI

/// `--value KEYPATH=VALUE` (docs/lottie.md, "Value providers"): the provider the value's form
/// and the keypath's last name ask for, and a clear refusal of anything else.
@Suite("--value for Lottie animations")
struct ValueProviderArgumentTests {
    private func values(_ text: String) throws -> (String, ValueProviderStorage) {
        let (keypath, provider) = try ValueProviderArgument.parse(text)
        return (keypath.fullPath, provider.storage)
    }

    @Test("a colour, a number, a point, keyframes and gradient colours")
    func forms() throws {
        let (keypath, color) = try values("**.Fill 1.Color=#FF000080")
        #expect(keypath == "**.Fill 1.Color")
        guard case .value(let c) = color else {
            Issue.record("a single value")
            return
        }
        #expect(c.count == 4 && c[0] == 1 && c[1] == 0 && abs(c[3] - 128.0 / 255) < 1e-9)
        guard case .value(let n) = try values("Layer.Transform.Opacity=10").1 else {
            Issue.record("a single value")
            return
        }
        #expect(n == [10])
        guard case .value(let p) = try values("H2.Transform.Scale=200,150").1 else {
            Issue.record("a single value")
            return
        }
        #expect(p == [200, 150])
        guard case .keyframes(let frames) = try values("S.Fill 1.Color=#000000@0 #FFFFFF@75").1 else {
            Issue.record("keyframes")
            return
        }
        #expect(frames.map(\.time) == [0, 75] && frames[1].value == [1, 1, 1, 1])
        let gradient = try ValueProviderArgument.parse("**.Colors=#0000FF@0.1 #00FF00@0.5").provider
        guard case .value(let g) = gradient.storage else {
            Issue.record("a single value")
            return
        }
        #expect(g == [0.1, 0, 0, 1, 0.5, 0, 1, 0], "location, r, g, b per colour; no alpha stops when all are opaque")
        #expect((gradient as? GradientValueProvider)?.colorCount == 2)
    }

    @Test(
        "what is not a value is refused, saying what was expected",
        arguments: [
            "no-equals-sign", "=#FF0000", "**.Color=reddish", "**.Color=#12345", "X.Opacity=ten", "X.Opacity=1,2,3",
            "X.Opacity=1@0 2", "X.Scale=1@0 1,2@5", "**.Colors=#FF0000@0 bleu@1", "X.Opacity="
        ])
    func refused(_ text: String) {
        #expect(throws: (any Error).self) { try ValueProviderArgument.parse(text) }
        let failure = parseFailure(["still", "anim.json", "--at", "0", "--value", text])
        #expect(failure?.message.contains("--value") == true && failure?.message.contains("KEYPATH=VALUE") == true, "\(failure as Any)")
    }

    @Test("still --value recolours the square; a scenario file refuses --value")
    func still() throws {
        let file = try LottieCommandTests.file()
        let out = freshFolder("flipbook-lottie-value").appendingPathComponent("green.png").path
        #expect(FlipbookProgram.run(["still", file, "--at", "0", "--scale", "1", "--value", "**.Color=#00FF00", "-o", out]) == Exit.ok)
        let pixels = try PNGCodec.read(URL(fileURLWithPath: out))
        let i = (10 * pixels.width + 10) * 4
        #expect(Array(pixels.rgba[i..<i + 4]) == [0, 255, 0, 255], "the square's centre at (10, 10) is green")
        let failure = parseFailure(["still", "scene.yaml", "--at", "0", "--value", "**.Color=#00FF00"])
        #expect(failure?.message.contains("apply to a Lottie animation") == true, "\(failure as Any)")
        #expect(FlipbookProgram.run(["still", file, "--at", "0", "--value", "**.Color=greenish", "-o", out]) == Exit.input)
        // The colour grammar of scenario files (ColorText): a UIKit name and #rgb too.
        for value in ["**.Color=green", "**.Color=#0f0"] {
            #expect(FlipbookProgram.run(["still", file, "--at", "0", "--scale", "1", "--value", value, "-o", out]) == Exit.ok)
            let named = try PNGCodec.read(URL(fileURLWithPath: out))
            #expect(Array(named.rgba[i..<i + 4]) == [0, 255, 0, 255], "\(value)")
        }
    }
}

/// `--viewport x,y,w,h` (lottie-ios's `viewportFrame`, docs/lottie.md): that part of the
/// composition fitted into the picture, the rest cut off.
@Suite("--viewport for Lottie animations")
struct ViewportArgumentTests {
    @Test("the square's neighbourhood fills the picture; bad rectangles are refused")
    func viewport() throws {
        let file = try LottieCommandTests.file()  // 40×20 pt; at frame 0 a 6-point red square centred on (10, 10)
        let out = freshFolder("flipbook-lottie-viewport").appendingPathComponent("zoomed.png").path
        let arguments = ["still", file, "--frame", "0", "--scale", "1", "--size", "20x20", "--viewport", "5,5,10,10", "-o", out]
        #expect(FlipbookProgram.run(arguments) == Exit.ok)
        let pixels = try PNGCodec.read(URL(fileURLWithPath: out))
        func alpha(_ x: Int, _ y: Int) -> UInt8 { pixels.rgba[(y * pixels.width + x) * 4 + 3] }
        // Points 5…15 shown in 20 pixels: the square 7…13 lands on pixels 4…16.
        #expect(alpha(10, 10) == 255 && alpha(5, 5) == 255 && alpha(15, 15) == 255, "the square, doubled")
        #expect(alpha(2, 10) == 0 && alpha(18, 10) == 0, "beside it: nothing")
        for bad in ["1,2,3", "0,0,0,10", "0,0,nan,4", "a,b,c,d"] {
            let failure = parseFailure(["still", file, "--frame", "0", "--viewport", bad])
            #expect(failure?.message.contains("--viewport expects x,y,w,h") == true, "\(bad): \(failure as Any)")
        }
    }
}

/// `--image-gravity` (an app's image provider's `contentsGravity`): how a Lottie animation's
/// images fill their layers.
@Suite("--image-gravity for Lottie animations")
struct ImageGravityArgumentTests {
    @Test("a square picture in a 40 × 20 layer: stretched by default, fitted in the middle with resizeAspect; bad names refused")
    func imageGravity() throws {
        let folder = freshFolder("flipbook-lottie-image-gravity")
        let red = PixelBuffer(width: 10, height: 10, rgba: (0..<100).flatMap { _ in [UInt8(255), 0, 0, 255] })
        try PNGCodec.write(red, to: folder.appendingPathComponent("pic.png"))
        let json =
            #"{"v":"5.7","fr":10,"ip":0,"op":20,"w":40,"h":20,"assets":[{"id":"p","w":40,"h":20,"u":"","p":"pic.png"}],"#
            + #""layers":[{"ty":2,"refId":"p","ind":1,"ip":0,"op":20,"st":0,"ks":{}}]}"#
        let file = folder.appendingPathComponent("a.json")
        try json.write(to: file, atomically: true, encoding: .utf8)
        func alpha(_ gravity: [String], _ x: Int) throws -> UInt8 {
            let out = folder.appendingPathComponent("out.png").path
            #expect(FlipbookProgram.run(["still", file.path, "--frame", "0", "--scale", "1", "-o", out] + gravity) == Exit.ok)
            let pixels = try PNGCodec.read(URL(fileURLWithPath: out))
            return pixels.rgba[(10 * pixels.width + x) * 4 + 3]
        }
        #expect(try alpha([], 2) == 255, "stretched over the layer")
        #expect(try alpha(["--image-gravity", "resizeAspect"], 2) == 0, "a 20 × 20 square in the middle leaves the left edge")
        #expect(try alpha(["--image-gravity", "resizeAspect"], 20) == 255)
        let failure = parseFailure(["still", file.path, "--frame", "0", "--image-gravity", "fill"])
        #expect(
            failure?.message.contains("--image-gravity expects one of resize, resizeAspect, resizeAspectFill") == true, "\(failure as Any)")
    }
}

/// `--text KEYPATH=TEXT` (docs/lottie.md, "Image, text and font providers"): text layers' texts
/// from the command line; what is not KEYPATH=TEXT is refused before anything renders.
@Suite("--text for Lottie animations")
struct TextArgumentTests {
    @Test("still --text changes what a text layer draws; a text without '=' is refused, naming --text and the form")
    func text() throws {
        let folder = freshFolder("flipbook-lottie-text")
        let file = folder.appendingPathComponent("title.json").path
        // One text layer, "title", saying "I" in black at 40 pt: "WWW" covers far more of it.
        let document = #"{"s":40,"f":"Helvetica","t":"I","j":0,"tr":0,"lh":40,"fc":[0,0,0]}"#
        try
            (#"{"v":"5.7","fr":10,"ip":0,"op":10,"w":200,"h":60,"layers":[{"ty":5,"ind":1,"nm":"title","ip":0,"op":10,"st":0,"#
            + #""ks":{"p":{"a":0,"k":[10,45]}},"t":{"d":{"k":[{"t":0,"s":\#(document)}]},"a":[]}}]}"#).write(
                toFile: file, atomically: true, encoding: .utf8)
        func inked(_ extra: [String]) throws -> Int {
            let out = folder.appendingPathComponent("t.png").path
            #expect(FlipbookProgram.run(["still", file, "--at", "0", "--scale", "1", "-o", out] + extra) == Exit.ok)
            return try inkedPixels(out)
        }
        let plain = try inked([]), replaced = try inked(["--text", "title=WWW"]), everyone = try inked(["--text", "**=WWW"])
        #expect(replaced > 4 * plain && everyone == replaced, "\(plain) \(replaced) \(everyone)")
        #expect(try inked(["--text", "subtitle=WWW"]) == plain, "no text layer of that name")
        let failure = parseFailure(["still", file, "--at", "0", "--text", "WWW"])
        #expect(failure?.message.contains("--text 'WWW' is not KEYPATH=TEXT") == true, "\(failure as Any)")
    }
}
