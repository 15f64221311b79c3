import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's `DotLottieFile`: every animation of a `.lottie` archive with the loop mode and
/// speed its manifest gives, loaded by file, name or bytes, shown by `LottieAnimationView`.
@Suite("dotLottie files")
struct DotLottieFileTests {
    static func json(width: Int) -> [UInt8] {
        Array(#"{"v":"5.7","fr":10,"ip":0,"op":20,"w":\#(width),"h":\#(width),"layers":[]}"#.utf8)
    }

    /// `x.lottie` in a fresh folder: "wide" (100 pt, loops at twice the speed) and "small"
    /// (50 pt, bounces backwards), and a manifest that may list one more.
    static func archive(listing extra: String = "") throws -> URL {
        let manifest =
            #"{"animations":[{"id":"wide","loop":true,"speed":2},{"id":"small","mode":"bounce","direction":-1}\#(extra)],"version":"1.0"}"#
        let data = ZipArchiveTests.zip([
            ("manifest.json", Array(manifest.utf8)), ("animations/wide.json", json(width: 100)), ("animations/small.json", json(width: 50))
        ])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dotlottie-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("x.lottie")
        try data.write(to: url)
        return url
    }

    @Test("every animation of the manifest, with its loop mode and speed times direction")
    func readsEveryAnimation() async throws {
        let url = try Self.archive()
        let file = try DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: url.path).get()
        #expect(file.animations.map(\.configuration.id) == ["wide", "small"])
        #expect(file.animations.map(\.animation.width) == [100, 50])
        #expect(file.animations[0].configuration.loopMode == .loop && file.animations[0].configuration.speed == 2)
        #expect(file.animations[1].configuration.loopMode == .autoReverse && file.animations[1].configuration.speed == -1)
        let named = try await DotLottieFile.named("x", subdirectory: url.deletingLastPathComponent().path)
        #expect(named.animations.count == 2)
        let bytes = try await DotLottieFile.loadedFrom(data: Data(contentsOf: url), filename: "x")
        #expect(bytes.animations.map(\.configuration.id) == ["wide", "small"])
    }

    @Test("a view of one animation by id takes its size, loop mode and speed; its completion runs before the view returns")
    func viewByID() throws {
        let url = try Self.archive()
        var completed: (any Error)?? = .none
        let view = LottieAnimationView(dotLottieFilePath: url.path, animationId: "small") { _, error in completed = .some(error) }
        #expect(completed != nil && completed! == nil)
        #expect(view.animation?.width == 50)
        #expect(view.loopMode == .autoReverse && view.animationSpeed == -1)
        let first = LottieAnimationView(dotLottieName: "x", subdirectory: url.deletingLastPathComponent().path)
        #expect(first.animation?.width == 100 && first.loopMode == .loop && first.animationSpeed == 2)
        first.loadAnimation(atIndex: 1, from: try DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: url.path).get())
        #expect(first.animation?.width == 50)
    }

    @Test("a missing file, or a manifest naming an animation the archive lacks, is an error naming it; the view stays empty")
    func errors() throws {
        var error: (any Error)?
        let view = LottieAnimationView(dotLottieFilePath: "/nonexistent/y.lottie") { _, e in error = e }
        #expect(view.animation == nil)
        #expect("\(error.map { "\($0)" } ?? "")".contains("/nonexistent/y.lottie"))
        let broken = try Self.archive(listing: #",{"id":"gone"}"#)
        let result = DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: broken.path)
        #expect(throws: LottieError.self) { try result.get() }
        if case .failure(let failure) = result { #expect("\(failure)".contains("animation 'gone'"), "\(failure)") }
    }

    @Test("a manifest listing one animation 20,000 times is refused; listing it twice reads its file once")
    func boundedManifest() throws {
        let many = String(repeating: #",{"id":"wide"}"#, count: 20_000)
        let refused = DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: try Self.archive(listing: many).path)
        #expect(throws: LottieError.self) { try refused.get() }
        let twice = try DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(
            filepath: try Self.archive(listing: #",{"id":"wide"}"#).path
        )
        .get()
        #expect(twice.animations.map(\.configuration.id) == ["wide", "small", "wide"])
    }

    @Test("backgroundBehavior is kept as set, the Core Animation engine's default first")
    func backgroundBehavior() {
        let view = LottieAnimationView(animation: nil)
        #expect(view.backgroundBehavior == .continuePlaying)
        #expect(LottieBackgroundBehavior.default(for: .mainThread) == .pauseAndRestore)
        view.backgroundBehavior = .pause
        #expect(view.backgroundBehavior == .pause && view.animationLayer.backgroundBehavior == .pause)
    }
}
