import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Colour values as lottie-ios decodes them (`LottieColor`): 0…255 only when red, green and
/// blue are all over 1, scaled per keyframe before anything interpolates, so an eased overshoot
/// past 1 is a bright colour, not a 0…255 one.
@Suite("Lottie colours")
struct LottieColorTests {
    /// A 100×100 square filled with the colour property `color`.
    static func square(_ color: String) throws -> LottieStageSupport {
        let shapes =
            #"[{"ty":"rc","p":{"a":0,"k":[50,50]},"s":{"a":0,"k":[100,100]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":\#(color),"o":{"a":0,"k":100}}]"#
        return try LottieStageSupport(#"{"ty":4,"ind":1,"ip":0,"op":20,"st":0,"ks":{},"shapes":\#(shapes)}"#)
    }

    static func rgb(_ scene: LottieStageSupport, frame: Double) throws -> [Int] {
        Array(LottieCompositingTests.pixel(try scene.drawn(at: frame), 50, 50).prefix(3))
    }

    @Test("0…255 values are scaled only when red, green and blue are all over 1")
    func byteColors() throws {
        #expect(try Self.rgb(Self.square(#"{"a":0,"k":[255,128,64,255]}"#), frame: 0) == [255, 128, 64])
        let clamped = try Self.rgb(Self.square(#"{"a":0,"k":[2,0.5,0.25,1]}"#), frame: 0)
        #expect(clamped == [255, 128, 64], "one channel over 1 is clamped, not rescaled")
    }

    @Test("an eased overshoot past 1 stays a bright colour at every frame")
    func overshoot() throws {
        // White to grey, eased out with a dip below 0 (the value first rises past 1).
        let color =
            #"{"a":1,"k":[{"t":0,"s":[1,1,1,1],"o":{"x":[0.2],"y":[-1.5]},"i":{"x":[0.7],"y":[1]}},{"t":10,"s":[0.5,0.5,0.5,1]}]}"#
        let scene = try Self.square(color)
        for frame in [1.0, 2, 3] {
            let rgb = try Self.rgb(scene, frame: frame)
            #expect(rgb.allSatisfy { $0 > 200 }, "frame \(frame): \(rgb)")
        }
        #expect(try Self.rgb(scene, frame: 10).allSatisfy { abs($0 - 128) <= 1 })
    }
}
