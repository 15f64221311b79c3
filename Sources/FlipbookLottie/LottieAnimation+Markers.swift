import FlipbookCore
import FlipbookUIKit
import Foundation

/// Markers (`markers`: a name, a frame and a duration), with lottie-ios's names. A name given
/// twice means its last marker, as lottie-ios's `markerMap` keeps it.
extension LottieAnimation {
    /// The markers' names, in the file's order.
    public var markerNames: [String] { composition.markers.map(\.name) }

    /// The marker named `name` (the last of that name).
    func marker(named name: String) -> LottieMarker? { composition.markers.last { $0.name == name } }

    /// The frame the marker named `name` marks; nil when there is none.
    public func frameTime(forMarker name: String) -> AnimationFrameTime? { marker(named: name).map { CGFloat($0.frame) } }

    /// How many frames the marker named `name` spans; nil when there is none.
    public func durationFrameTime(forMarker name: String) -> AnimationFrameTime? { marker(named: name).map { CGFloat($0.duration) } }

    /// The progress (0…1 of the animation) the marker named `name` marks; nil when there is none.
    public func progressTime(forMarker name: String) -> AnimationProgressTime? {
        marker(named: name).map { CGFloat(progress(atFrame: $0.frame)) }
    }

    /// The share of the animation at `frame`, clamped to 0…1.
    package func progress(atFrame frame: Double) -> Double {
        guard endFrame > startFrame else { return 0 }
        return min(1, max(0, (frame - startFrame) / (endFrame - startFrame)))
    }

    /// Reads `name.json` from `bundle` (its `subdirectory` when given), as lottie-ios finds an
    /// animation in an app's bundle, from `animationCache` when it holds it (and into it when
    /// read); nil when it is not there or cannot be read.
    public static func named(
        _ name: String, bundle: Bundle, subdirectory: String? = nil,
        animationCache: (any AnimationCacheProvider)? = LottieAnimationCache.shared
    ) -> LottieAnimation? {
        let key = bundle.bundlePath + (subdirectory ?? "") + "/" + name
        if let cached = animationCache?.animation(forKey: key) { return cached }
        guard let url = bundle.url(forResource: name, withExtension: "json", subdirectory: subdirectory), let animation = filepath(url.path)
        else { return nil }
        animationCache?.setAnimation(animation, forKey: key)
        return animation
    }
}

/// Playing between markers, as lottie-ios's `play(fromMarker:toMarker:)`, `play(marker:)` and
/// `play(markers:)` do. A marker that is not there plays nothing (and `play(markers:)` skips it).
extension LottieAnimationLayer {
    /// Plays from the frame of `fromMarker` (nil: the frame shown) to the frame of `toMarker`
    /// (one frame short of it when `playEndMarkerFrame` is false: the end marker starts the next
    /// section).
    public func play(
        fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        guard let animation, let to = animation.frameTime(forMarker: toMarker) else { return }
        if let loopMode { self.loopMode = loopMode }
        let from = fromMarker.flatMap(animation.frameTime(forMarker:)) ?? CGFloat(currentFrame)
        play(fromFrame: from, toFrame: playEndMarkerFrame ? to : to - 1, loopMode: loopMode, completion: completion)
        currentPlaybackMode = .playing(
            .fromMarker(fromMarker, toMarker: toMarker, playEndMarkerFrame: playEndMarkerFrame, loopMode: loopMode ?? self.loopMode))
    }

    /// Plays the marker named `marker` from its frame through its duration.
    public func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        guard let animation, let from = animation.frameTime(forMarker: marker),
            let duration = animation.durationFrameTime(forMarker: marker)
        else { return }
        play(fromFrame: from, toFrame: from + duration, loopMode: loopMode, completion: completion)
        currentPlaybackMode = .playing(.marker(marker, loopMode: loopMode ?? self.loopMode))
    }

    /// Plays `markers` one after another, once each; another play cancels the rest (its
    /// completion gets false).
    public func play(markers: [String], completion: LottieCompletionBlock? = nil) {
        guard let first = markers.first else { return }
        let rest = Array(markers.dropFirst())
        guard animation?.frameTime(forMarker: first) != nil else {
            play(markers: rest, completion: completion)
            return
        }
        play(marker: first, loopMode: .playOnce) { [weak self] completed in
            guard completed, let self else {
                completion?(false)
                return
            }
            if rest.isEmpty {
                completion?(true)
            } else {
                self.play(markers: rest, completion: completion)
            }
        }
        currentPlaybackMode = .playing(.markers(markers))
    }
}
