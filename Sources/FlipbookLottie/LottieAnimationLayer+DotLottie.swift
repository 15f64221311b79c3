import FlipbookCore
import FlipbookUIKit
import Foundation

/// What lottie-ios does when the app goes to the background (`LottieBackgroundBehavior`). A
/// Stage has no background: the value is kept for code that sets or reads it, and changes nothing.
public enum LottieBackgroundBehavior: Hashable, Sendable {
    case stop
    case pause
    case pauseAndRestore
    case forceFinish
    case continuePlaying

    /// lottie-ios's default for an engine: the Core Animation engine keeps playing.
    public static func `default`(for renderingEngine: RenderingEngine) -> LottieBackgroundBehavior {
        renderingEngine == .mainThread ? .pauseAndRestore : .continuePlaying
    }
}

extension LottieAnimationLayer {
    /// Shows the animation `animationId` of `dotLottieFile` (nil: its first) with the loop mode
    /// and speed its manifest gives; nothing changes when there is no such animation.
    public func loadAnimation(_ animationId: String? = nil, from dotLottieFile: DotLottieFile) {
        guard let chosen = dotLottieFile.animation(for: animationId) else { return }
        load(chosen)
    }

    /// The same for the animation at `index` in the file.
    public func loadAnimation(atIndex index: Int, from dotLottieFile: DotLottieFile) {
        guard let chosen = dotLottieFile.animation(at: index) else { return }
        load(chosen)
    }

    private func load(_ chosen: DotLottieFile.Animation) {
        loopMode = chosen.configuration.loopMode
        animationSpeed = chosen.configuration.speed
        do { try load(chosen.animation) } catch { note("\(error)") }
    }
}

extension LottieAnimationView {
    /// A view of `name.lottie`'s animation `animationId` (nil: its first), from `bundle` or the
    /// current directory, with the manifest's loop mode and speed; `completion` gets the view
    /// and the error when the file could not be read (then the view is empty). Loaded before
    /// this returns.
    public convenience init(
        dotLottieName name: String, bundle: Bundle = .main, subdirectory: String? = nil, animationId: String? = nil,
        configuration: LottieConfiguration = LottieConfiguration(), completion: ((LottieAnimationView, (any Error)?) -> Void)? = nil
    ) {
        self.init(animation: nil, configuration: configuration)
        finishLoading(
            DotLottieFile.SynchronouslyBlockingCurrentThread.named(name, bundle: bundle, subdirectory: subdirectory), animationId,
            completion)
    }

    /// The same for the `.lottie` file at `filePath`.
    public convenience init(
        dotLottieFilePath filePath: String, animationId: String? = nil, configuration: LottieConfiguration = LottieConfiguration(),
        completion: ((LottieAnimationView, (any Error)?) -> Void)? = nil
    ) {
        self.init(animation: nil, configuration: configuration)
        finishLoading(DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: filePath), animationId, completion)
    }

    private func finishLoading(
        _ result: Result<DotLottieFile, any Error>, _ animationId: String?, _ completion: ((LottieAnimationView, (any Error)?) -> Void)?
    ) {
        switch result {
        case .success(let file):
            loadAnimation(animationId, from: file)
            completion?(self, nil)
        case .failure(let error):
            completion?(self, error)
        }
    }

    /// Shows the animation `animationId` of `dotLottieFile` (nil: its first), with its loop
    /// mode and speed, sized as `animation` is.
    public func loadAnimation(_ animationId: String? = nil, from dotLottieFile: DotLottieFile) {
        animationLayer.loadAnimation(animationId, from: dotLottieFile)
    }

    /// The same for the animation at `index` in the file.
    public func loadAnimation(atIndex index: Int, from dotLottieFile: DotLottieFile) {
        animationLayer.loadAnimation(atIndex: index, from: dotLottieFile)
    }

    /// What lottie-ios would do in the background; kept, with no effect on a Stage.
    public var backgroundBehavior: LottieBackgroundBehavior {
        get { animationLayer.backgroundBehavior }
        set { animationLayer.backgroundBehavior = newValue }
    }
}
