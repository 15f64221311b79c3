import FlipbookCore
import FlipbookRender
import Foundation
import Testing

@testable import FlipbookLottie

/// An image layer enlarged by its transform is drawn as iOS's snapshots of lottie-ios show it
/// (docs/lottie.md, "solid, image"): between two image pixels a smoothstep, not a straight line.
@Suite("Lottie image scaling")
struct LottieImageScalingTests {
    /// A 2×1 PNG, black then white, embedded as a data URI: with an alpha channel, and without
    /// (decoded to Cairo's RGB24, whose top byte is unspecified).
    static let blackWhitePNGs = [
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAYAAAD0In+KAAAAEUlEQVR4nGNkYGD4////fwYADgQD/um/jRoAAAAASUVORK5CYII=",
        "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAD0lEQVR4nGNgYGD4//8/AAYBAv4CsjmuAAAAAElFTkSuQmCC"
    ]

    @Test(
        "an image layer scaled 800 %, with or without alpha, blends its two pixels by a smoothstep: 3, 59, 151, 231 (a straight line: 16, 80, 143, 207)"
    )
    func enlargedImage() throws {
        for png in Self.blackWhitePNGs {
            try expectSmoothstep(png)
        }
    }

    func expectSmoothstep(_ png: String) throws {
        let assets = #"[{"id":"bw","w":2,"h":1,"e":1,"u":"","p":"\#(png)"}]"#
        let layer = #"{"ty":2,"refId":"bw","ind":1,"ip":0,"op":20,"st":0,"ks":{"s":{"a":0,"k":[800,800]}}}"#
        let scene = try LottieStageSupport(layer, assets: assets)
        let px = try scene.drawn(at: 0)
        for (x, want) in [(4, 3), (6, 59), (8, 151), (10, 231)] {
            let got = Int(px.pixel(x: x, y: 4).r)
            #expect(px.pixel(x: x, y: 4).a == 255, "opaque")
            #expect(abs(got - want) <= 1, "x \(x): \(got), expected \(want)")
        }
    }
}
