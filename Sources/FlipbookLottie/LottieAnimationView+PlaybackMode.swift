import FlipbookCore
import FlipbookUIKit
import Foundation

/// The view's side of lottie-ios's playback modes and layer settings (see
/// `LottieAnimationLayer+PlaybackMode.swift`): each forwards to `animationLayer`.
extension LottieAnimationView {
    /// The playback mode applied last; nil before any.
    public var currentPlaybackMode: LottiePlaybackMode? { animationLayer.currentPlaybackMode }

    /// Applies `playbackMode`: a pause, or a play whose end calls `completion`.
    public func setPlaybackMode(_ playbackMode: LottiePlaybackMode, completion: LottieCompletionBlock? = nil) {
        animationLayer.setPlaybackMode(playbackMode, completion: completion)
    }

    /// Plays as `playbackMode` says.
    public func play(_ playbackMode: LottiePlaybackMode.PlaybackMode, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(playbackMode, completion: completion)
    }

    /// Pauses as `state` says.
    public func pause(at state: LottiePlaybackMode.PausedState) { animationLayer.pause(at: state) }

    /// Removes the value providers set for keypaths `keypath` finds.
    public func removeValueProvider(for keypath: AnimationKeypath) { animationLayer.removeValueProvider(for: keypath) }

    /// Asks the image provider for every image again.
    public func reloadImages() { animationLayer.reloadImages() }

    /// Redraws the animation (nothing to refresh in the Core Animation engine).
    public func forceDisplayUpdate() { animationLayer.forceDisplayUpdate() }

    /// The engine drawing the animation: Core Animation's, once one is loaded.
    public var currentRenderingEngine: RenderingEngine? { animationLayer.currentRenderingEngine }

    /// Whether the composition is cut off at its own bounds (true by default).
    public var maskAnimationToBounds: Bool {
        get { animationLayer.maskAnimationToBounds }
        set { animationLayer.maskAnimationToBounds = newValue }
    }

    /// Not supported by the Core Animation engine (a warning when set true), as in lottie-ios.
    public var respectAnimationFrameRate: Bool {
        get { animationLayer.respectAnimationFrameRate }
        set { animationLayer.respectAnimationFrameRate = newValue }
    }

    /// Called with the view and its animation whenever one is loaded, and at once when set on
    /// a view that has one.
    public var animationLoaded: ((_ animationView: LottieAnimationView, _ animation: LottieAnimation) -> Void)? {
        get { loadedHandler }
        set {
            loadedHandler = newValue
            animationLayer.animationLoaded =
                newValue == nil
                ? nil
                : { [weak self] _, animation in
                    guard let self else { return }
                    self.loadedHandler?(self, animation)
                }
        }
    }
}
