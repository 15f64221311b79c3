import FlipbookCore
import Foundation

/// Where loaded animations are kept by key (a file path, or a bundle, folder and name), so that
/// loading the same one again does not read and decode its file again (lottie-ios's
/// `AnimationCacheProvider`).
public protocol AnimationCacheProvider: AnyObject, Sendable {
    func animation(forKey: String) -> LottieAnimation?
    func setAnimation(_ animation: LottieAnimation, forKey: String)
    func clearCache()
}

/// A cache of at most `cacheSize` animations (100 by default), the least recently used going
/// first (lottie-ios's `DefaultAnimationCache`). Safe to use from several threads.
public final class DefaultAnimationCache: AnimationCacheProvider, @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: LottieAnimation] = [:]
    /// Keys from the least to the most recently used.
    private var recency: [String] = []
    private var limit = 100

    public init() {}

    /// How many animations it keeps; lowering it drops the least recently used.
    public var cacheSize: Int {
        get { lock.withLock { limit } }
        set {
            lock.withLock {
                limit = max(0, newValue)
                trim()
            }
        }
    }

    public func animation(forKey key: String) -> LottieAnimation? {
        lock.withLock {
            guard let animation = entries[key] else { return nil }
            touch(key)
            return animation
        }
    }

    public func setAnimation(_ animation: LottieAnimation, forKey key: String) {
        lock.withLock {
            entries[key] = animation
            touch(key)
            trim()
        }
    }

    public func clearCache() {
        lock.withLock {
            entries.removeAll()
            recency.removeAll()
        }
    }

    /// Marks `key` the most recently used (the lock held).
    private func touch(_ key: String) {
        recency.removeAll { $0 == key }
        recency.append(key)
    }

    /// Drops the least recently used past the limit (the lock held).
    private func trim() {
        while recency.count > limit { entries[recency.removeFirst()] = nil }
    }
}

@available(*, deprecated, message: "Use DefaultAnimationCache instead, which is thread-safe and automatically responds to memory pressure.")
public typealias LRUAnimationCache = DefaultAnimationCache

/// The cache loaders use when given none (lottie-ios's `LottieAnimationCache`). There is no
/// process-wide cache here (a Stage's renders share no state), so `shared` is nil and every load
/// reads its file; pass a `DefaultAnimationCache` of your own to keep animations between loads.
public enum LottieAnimationCache {
    public static var shared: (any AnimationCacheProvider)? { nil }
}

extension LottieAnimation {
    /// Reads the file at `filepath` (`.json`, or a `.lottie`'s first animation), from
    /// `animationCache` when it holds it under that path (and into it when read).
    public static func filepath(_ filepath: String, animationCache: (any AnimationCacheProvider)?) -> LottieAnimation? {
        if let cached = animationCache?.animation(forKey: filepath) { return cached }
        guard let animation = Self.filepath(filepath) else { return nil }
        animationCache?.setAnimation(animation, forKey: filepath)
        return animation
    }
}
