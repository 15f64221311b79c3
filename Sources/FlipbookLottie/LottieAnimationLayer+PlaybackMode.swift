import FlipbookCore
import Foundation

/// lottie-ios's playback modes (`LottiePlaybackMode`) over the `play` methods and seeks, and
/// what else its layer offers around them: removing a value provider, reloading images, the
/// engine in use.
extension LottieAnimationLayer {
    /// Pauses as `state` says: where it is, at a progress, frame or time, or at either end of
    /// a marker (a marker that is not there changes nothing).
    public func pause(at state: LottiePlaybackMode.PausedState) {
        switch state {
        case .currentFrame:
            if isAnimationPlaying { show(frame: currentFrame) }
        case .progress(let progress):
            currentProgress = Double(progress)
        case .frame(let frame):
            currentFrame = Double(frame)
        case .time(let time):
            currentTime = time
        case .marker(let name, let position):
            guard let from = animation?.frameTime(forMarker: name), let duration = animation?.durationFrameTime(forMarker: name) else {
                return
            }
            currentFrame = Double(position == .start ? from : from + duration)
        }
        currentPlaybackMode = .paused(at: state)
    }

    /// Applies `playbackMode`: a pause, or a play whose end calls `completion`.
    public func setPlaybackMode(_ playbackMode: LottiePlaybackMode, completion: LottieCompletionBlock? = nil) {
        switch playbackMode {
        case .paused(at: let state): pause(at: state)
        case .playing(let mode): play(mode, completion: completion)
        default: (self as any DeprecatedPlaybackModes).setDeprecatedPlaybackMode(playbackMode, completion: completion)
        }
    }

    /// Plays as `playbackMode` says: the `play` method of the same arguments.
    public func play(_ playbackMode: LottiePlaybackMode.PlaybackMode, completion: LottieCompletionBlock? = nil) {
        switch playbackMode {
        case .fromProgress(let from, let to, let loopMode):
            play(fromProgress: from, toProgress: to, loopMode: loopMode, completion: completion)
        case .fromFrame(let from, let to, let loopMode):
            play(fromFrame: from, toFrame: to, loopMode: loopMode, completion: completion)
        case .fromMarker(let from, let to, let playEndMarkerFrame, let loopMode):
            play(fromMarker: from, toMarker: to, playEndMarkerFrame: playEndMarkerFrame, loopMode: loopMode, completion: completion)
        case .marker(let name, let loopMode):
            play(marker: name, loopMode: loopMode, completion: completion)
        case .markers(let names):
            play(markers: names, completion: completion)
        }
    }

    /// Removes the value providers set for keypaths `keypath` finds (wildcards included), and
    /// draws the animation's own values again at the frame shown.
    public func removeValueProvider(for keypath: AnimationKeypath) {
        removeValueProviders { keypath.matches($0.keys) }
    }

    /// Asks the image provider for every image again (it may answer differently now) and
    /// redraws at the frame shown.
    public func reloadImages() { rebuild() }

    /// Redraws the animation at the frame shown (lottie-ios's `forceDisplayUpdate()`); the
    /// Core Animation engine has nothing cached to refresh, so nothing changes.
    public func forceDisplayUpdate() {}

    /// The engine drawing the animation: Core Animation's, once one is loaded (lottie-ios's
    /// `.automatic` reports nil before then).
    public var currentRenderingEngine: RenderingEngine? { animation == nil ? nil : .coreAnimation }
}

/// The deprecated spellings of `LottiePlaybackMode`, reached through a protocol so that
/// applying them (which names them) does not make every `setPlaybackMode` call deprecated.
private protocol DeprecatedPlaybackModes {
    func setDeprecatedPlaybackMode(_ playbackMode: LottiePlaybackMode, completion: LottieCompletionBlock?)
}

extension LottieAnimationLayer: DeprecatedPlaybackModes {
    /// Each deprecated mode as the mode it was renamed to.
    @available(*, deprecated, message: "lottie-ios's deprecated playback modes")
    fileprivate func setDeprecatedPlaybackMode(_ playbackMode: LottiePlaybackMode, completion: LottieCompletionBlock?) {
        switch playbackMode {
        case .paused(at: let state): pause(at: state)
        case .playing(let mode): play(mode, completion: completion)
        case .progress(let progress): pause(at: .progress(progress))
        case .frame(let frame): pause(at: .frame(frame))
        case .time(let time): pause(at: .time(time))
        case .pause: pause(at: .currentFrame)
        case .fromProgress(let from, let to, let loopMode):
            play(.fromProgress(from, toProgress: to, loopMode: loopMode), completion: completion)
        case .fromFrame(let from, let to, let loopMode): play(.fromFrame(from, toFrame: to, loopMode: loopMode), completion: completion)
        case .fromMarker(let from, let to, let playEndMarkerFrame, let loopMode):
            play(.fromMarker(from, toMarker: to, playEndMarkerFrame: playEndMarkerFrame, loopMode: loopMode), completion: completion)
        case .marker(let name, let loopMode): play(.marker(name, loopMode: loopMode), completion: completion)
        case .markers(let names): play(.markers(names), completion: completion)
        }
    }
}
