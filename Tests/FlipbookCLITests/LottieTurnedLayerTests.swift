import Flipbook
import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookCLI

/// A Lottie layer turned about x or y (`rx`, `ry`; docs/lottie.md "The mapping"): on screen
/// (`render`) it turns as lottie-ios's layers turn it; `still` draws it as lottie-ios's
/// snapshots do, through `render(in:)`: lottie-ios holds the position, rotations and scale in
/// one `transform`, which `render(in:)` leaves out when it is not affine, so only the anchor's
/// offset places the layer.
@Suite("Lottie layers turned about x or y")
struct LottieTurnedLayerTests {
    @Test("still draws a layer turned 60° about x without its position, scale and turn; render shows it scaled and half as tall")
    func turned() throws {
        let folder = freshFolder("flipbook-lottie-turned")
        let file = folder.appendingPathComponent("turned.json").path
        // A 20 × 10 pt rectangle at (40, 30), scaled 200 % and turned 60° about x.
        try
            (#"{"v":"5.7","fr":10,"ip":0,"op":10,"w":80,"h":60,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"#
            + #""ks":{"p":{"a":0,"k":[40,30,0]},"s":{"a":0,"k":[200,200,100]},"rx":{"a":0,"k":60}},"shapes":["#
            + #"{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[20,10]},"r":{"a":0,"k":0}},"#
            + #"{"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}"#).write(toFile: file, atomically: true, encoding: .utf8)
        let still = folder.appendingPathComponent("still.png").path
        #expect(FlipbookProgram.run(["still", file, "--at", "0", "--scale", "1", "-o", still]) == Exit.ok)
        let frames = folder.appendingPathComponent("frames").path
        #expect(FlipbookProgram.run(["render", file, "--scale", "1", "--frames", frames, "--quiet"]) == Exit.ok)
        let flat = try inkedPixels(still), turned = try inkedPixels(frames + "/frame-0000.png")
        #expect(abs(flat - 50) <= 12, "20 × 10 pt centred on the origin: a quarter of it shows: \(flat)")
        #expect(abs(turned - 400) <= 45, "40 × 20 pt, half as tall: 40 × 10: \(turned)")
    }
}
