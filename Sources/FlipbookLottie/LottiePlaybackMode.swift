import FlipbookCore
import Foundation

/// What an animation is doing, paused somewhere or playing some way (lottie-ios's
/// `LottiePlaybackMode`): `setPlaybackMode(_:completion:)` applies one, `currentPlaybackMode`
/// reports the last one applied.
public enum LottiePlaybackMode: Hashable, Sendable {
    /// Paused at the state given.
    case paused(at: PausedState)
    /// Playing as the mode says.
    case playing(_ mode: PlaybackMode)

    @available(*, deprecated, renamed: "LottiePlaybackMode.paused(at:)", message: "Will be removed in a future major release.")
    case progress(_ progress: AnimationProgressTime)
    @available(*, deprecated, renamed: "LottiePlaybackMode.paused(at:)", message: "Will be removed in a future major release.")
    case frame(_ frame: AnimationFrameTime)
    @available(*, deprecated, renamed: "LottiePlaybackMode.paused(at:)", message: "Will be removed in a future major release.")
    case time(_ time: TimeInterval)
    @available(*, deprecated, renamed: "LottiePlaybackMode.paused(at:)", message: "Will be removed in a future major release.")
    case pause
    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    case fromProgress(_ fromProgress: AnimationProgressTime?, toProgress: AnimationProgressTime, loopMode: LottieLoopMode)
    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    case fromFrame(_ fromFrame: AnimationFrameTime?, toFrame: AnimationFrameTime, loopMode: LottieLoopMode)
    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    case fromMarker(_ fromMarker: String?, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode)
    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    case marker(_ marker: String, loopMode: LottieLoopMode)
    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    case markers(_ markers: [String])

    /// Where a paused animation stands.
    public enum PausedState: Hashable, Sendable {
        /// Wherever it is now.
        case currentFrame
        /// At this share of the animation, 0…1.
        case progress(_ progress: AnimationProgressTime)
        /// At this frame.
        case frame(_ frame: AnimationFrameTime)
        /// This many seconds from its first frame.
        case time(_ time: TimeInterval)
        /// At the start or the end of the marker named.
        case marker(_ name: String, position: LottieMarkerPosition = .start)
    }

    /// How a playing animation plays: the arguments of one of the `play` methods.
    public enum PlaybackMode: Hashable, Sendable {
        /// `play(fromProgress:toProgress:loopMode:)`.
        case fromProgress(_ fromProgress: AnimationProgressTime?, toProgress: AnimationProgressTime, loopMode: LottieLoopMode)
        /// `play(fromFrame:toFrame:loopMode:)`.
        case fromFrame(_ fromFrame: AnimationFrameTime?, toFrame: AnimationFrameTime, loopMode: LottieLoopMode)
        /// `play(fromMarker:toMarker:playEndMarkerFrame:loopMode:)`.
        case fromMarker(_ fromMarker: String?, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode)
        /// `play(marker:loopMode:)`.
        case marker(_ marker: String, loopMode: LottieLoopMode)
        /// `play(markers:)`.
        case markers(_ markers: [String])
    }
}

/// One end of a marker (lottie-ios's `LottieMarkerPosition`).
public enum LottieMarkerPosition: Hashable, Sendable {
    case start
    case end
}

extension LottiePlaybackMode {
    /// Paused where it is.
    public static var paused: Self { .paused(at: .currentFrame) }

    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    public static func toProgress(_ toProgress: AnimationProgressTime, loopMode: LottieLoopMode) -> LottiePlaybackMode {
        .playing(.fromProgress(nil, toProgress: toProgress, loopMode: loopMode))
    }

    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    public static func toFrame(_ toFrame: AnimationFrameTime, loopMode: LottieLoopMode) -> LottiePlaybackMode {
        .playing(.fromFrame(nil, toFrame: toFrame, loopMode: loopMode))
    }

    @available(*, deprecated, renamed: "LottiePlaybackMode.playing(_:)", message: "Will be removed in a future major release.")
    public static func toMarker(_ toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode) -> LottiePlaybackMode {
        .playing(.fromMarker(nil, toMarker: toMarker, playEndMarkerFrame: playEndMarkerFrame, loopMode: loopMode))
    }
}

extension LottiePlaybackMode.PlaybackMode {
    /// From the frame shown to `toProgress`.
    public static func toProgress(_ toProgress: AnimationProgressTime, loopMode: LottieLoopMode) -> Self {
        .fromProgress(nil, toProgress: toProgress, loopMode: loopMode)
    }

    /// From the frame shown to `toFrame`.
    public static func toFrame(_ toFrame: AnimationFrameTime, loopMode: LottieLoopMode) -> Self {
        .fromFrame(nil, toFrame: toFrame, loopMode: loopMode)
    }

    /// From the frame shown to the marker named `toMarker`.
    public static func toMarker(_ toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode) -> Self {
        .fromMarker(nil, toMarker: toMarker, playEndMarkerFrame: playEndMarkerFrame, loopMode: loopMode)
    }
}
