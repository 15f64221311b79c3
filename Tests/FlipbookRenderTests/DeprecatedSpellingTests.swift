import Foundation
import Testing

@testable import FlipbookRender

/// 0.3.0's `RenderOutputs` spellings, exactly as that release declared them. A program written
/// against them must keep compiling (CHANGELOG.md, Deprecated): the conformance below fails to
/// build if any of them goes or changes shape. Reached through the protocol, they are used here
/// without deprecation warnings.
protocol RenderOutputs030 {
    init(gif: URL?, filmstrip: URL?, framesDirectory: URL?)
    var gif: URL? { get set }
    var apng: URL? { get set }
    var webp: URL? { get set }
    var webpQuality: Double? { get set }
    var video: (url: URL, container: VideoSink.Container)? { get set }
    var filmstrip: URL? { get set }
}

extension RenderOutputs: RenderOutputs030 {}

@Suite("deprecated spellings")
struct DeprecatedSpellingTests {
    static let folder = URL(fileURLWithPath: "/tmp/outputs")

    func make<Outputs: RenderOutputs030>(_ type: Outputs.Type, gif: URL?) -> Outputs {
        Outputs(gif: gif, filmstrip: Self.folder.appendingPathComponent("strip.png"), framesDirectory: nil)
    }

    @Test("RenderOutputs(gif:filmstrip:framesDirectory:) makes a GIF animation and the filmstrip")
    func oldInitializer() {
        let outputs = make(RenderOutputs.self, gif: Self.folder.appendingPathComponent("a.gif"))
        #expect(outputs.animations.map(\.format) == [.gif])
        #expect(outputs.animations.first?.url.lastPathComponent == "a.gif")
        #expect(outputs.filmstrip?.lastPathComponent == "strip.png")
        #expect(make(RenderOutputs.self, gif: nil).animations.isEmpty)
    }

    /// The old setters, as a 0.3.0 program calls them.
    func setOld<Outputs: RenderOutputs030>(_ outputs: inout Outputs) {
        outputs.gif = Self.folder.appendingPathComponent("a.gif")
        outputs.webp = Self.folder.appendingPathComponent("a.webp")
        outputs.webpQuality = 80
        outputs.video = (Self.folder.appendingPathComponent("a.webm"), .webm)
    }

    func replaceAndClear<Outputs: RenderOutputs030>(_ outputs: inout Outputs) -> (String?, Int) {
        outputs.gif = Self.folder.appendingPathComponent("b.gif")
        let replaced = outputs.gif?.lastPathComponent
        outputs.gif = nil
        outputs.video = nil
        return (replaced, outputs.apng == nil ? 0 : 1)
    }

    func readVideo<Outputs: RenderOutputs030>(_ outputs: Outputs) -> VideoSink.Container? { outputs.video?.container }

    @Test("gif, apng, webp, webpQuality and video read and write the animations list")
    func oldProperties() {
        var outputs = make(RenderOutputs.self, gif: nil)
        setOld(&outputs)
        #expect(outputs.animations.map(\.format) == [.gif, .webp, .webm])
        #expect(outputs.quality == 80)
        #expect(readVideo(outputs) == .webm)
        let (replaced, apngs) = replaceAndClear(&outputs)
        #expect(replaced == "b.gif" && apngs == 0)
        #expect(outputs.animations.map(\.format) == [.webp], "nil removes; a new URL replaces in place")
    }
}
