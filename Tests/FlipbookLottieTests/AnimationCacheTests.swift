import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's animation caches (AnimationCache.swift): what a loader finds in one it does not
/// read again; a `DefaultAnimationCache` keeps the most recently used.
@Suite("Lottie animation caches")
struct AnimationCacheTests {
    /// A folder holding `name.json`, an animation `frames` frames long.
    static func folder(_ name: String, frames: Int) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let json = #"{"v":"5.7","fr":10,"ip":0,"op":\#(frames),"w":100,"h":100,"layers":[\#(LottieMappingTests.null("{}"))]}"#
        try json.write(to: folder.appendingPathComponent(name + ".json"), atomically: true, encoding: .utf8)
        return folder
    }

    @Test("a DefaultAnimationCache keeps cacheSize animations, dropping the least recently used")
    func leastRecentlyUsed() throws {
        let cache = DefaultAnimationCache()
        #expect(cache.cacheSize == 100)
        cache.cacheSize = 2
        let animation = try LottieMappingTests.animation("[]")
        cache.setAnimation(animation, forKey: "a")
        cache.setAnimation(animation, forKey: "b")
        #expect(cache.animation(forKey: "a") != nil, "a is now the most recent")
        cache.setAnimation(animation, forKey: "c")
        #expect(cache.animation(forKey: "b") == nil && cache.animation(forKey: "a") != nil && cache.animation(forKey: "c") != nil)
        cache.cacheSize = 1
        #expect(cache.animation(forKey: "a") == nil && cache.animation(forKey: "c") != nil, "shrinking drops the oldest")
        cache.clearCache()
        #expect(cache.animation(forKey: "c") == nil)
    }

    @Test("a loader given a cache reads a file once: the second load is the cached animation, even with the file changed")
    func loadersUseTheCache() throws {
        let folder = try Self.folder("pulse", frames: 20)
        let path = folder.appendingPathComponent("pulse.json").path
        let cache = DefaultAnimationCache()
        #expect(LottieAnimation.filepath(path, animationCache: cache)?.endFrame == 20)
        try FileManager.default.removeItem(atPath: path)
        #expect(LottieAnimation.filepath(path, animationCache: cache)?.endFrame == 20, "from the cache")
        #expect(LottieAnimation.filepath(path, animationCache: nil) == nil, "without it the file is read, and it is gone")
        #expect(LottieAnimationView(filePath: path, animationCache: cache).animation?.endFrame == 20)
        #expect(LottieAnimationCache.shared == nil, "no process-wide cache")
    }

    @Test("init(name:subdirectory:configuration:) finds the file in the folder given and applies the configuration")
    func namedInitializer() throws {
        let folder = try Self.folder("spin", frames: 30)
        let view = LottieAnimationView(
            name: "spin", subdirectory: folder.path, configuration: LottieConfiguration(renderingEngine: .mainThread))
        #expect(view.animation?.endFrame == 30)
        #expect(view.animationLayer.warnings.contains { $0.contains("main-thread rendering engine") })
        #expect(LottieAnimationView(name: "spin", subdirectory: folder.path).animationLayer.warnings.isEmpty)
        #expect(LottieConfiguration.shared.renderingEngine == .automatic)
    }
}
