import FlipbookCore
import FlipbookUIKit
import Foundation

/// A view showing a Lottie animation, lottie-ios's `LottieAnimationView`: its `animationLayer`
/// (a `LottieAnimationLayer`) fills the view with the composition fitted (`scaleAspectFit`),
/// and the view takes lottie-ios's playback names, so iOS code that shows one ports unchanged.
open class LottieAnimationView: UIView {
    /// The layer that shows the animation, filling the view.
    public let animationLayer = LottieAnimationLayer()
    /// `animationLoaded` as set (the layer's calls it with this view).
    var loadedHandler: ((_ animationView: LottieAnimationView, _ animation: LottieAnimation) -> Void)?

    /// A view of `animation`'s own size (zero without one), paused on its first frame; its
    /// pictures, texts and fonts from the providers given (lottie-ios's), else the file's own.
    public init(
        animation: LottieAnimation?, imageProvider: (any AnimationImageProvider)? = nil,
        textProvider: any AnimationKeypathTextProvider = DefaultTextProvider(),
        fontProvider: any AnimationFontProvider = DefaultFontProvider()
    ) {
        let size = animation.map { CGSize(width: $0.width, height: $0.height) } ?? .zero
        super.init(frame: CGRect(origin: .zero, size: size))
        if let imageProvider { animationLayer.imageProvider = imageProvider }
        animationLayer.textProvider = textProvider
        animationLayer.fontProvider = fontProvider
        layer.addSublayer(animationLayer)
        setUpLikeLottie()
        self.animation = animation
        fillBounds()
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        layer.addSublayer(animationLayer)
        setUpLikeLottie()
        fillBounds()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        layer.addSublayer(animationLayer)
        setUpLikeLottie()
        fillBounds()
    }

    /// The animation `name`.json in `bundle`'s resources (its `subdirectory` when given), else
    /// in the current directory (lottie-ios's `LottieAnimationView(name:)`); an empty view when
    /// there is none. Its images from `imageProvider` when given; `animationCache` is asked
    /// first and keeps what is read; `configuration` as `init(animation:configuration:)` takes it.
    public convenience init(
        name: String, bundle: Bundle = .main, subdirectory: String? = nil, imageProvider: (any AnimationImageProvider)? = nil,
        animationCache: (any AnimationCacheProvider)? = LottieAnimationCache.shared, configuration: LottieConfiguration = .shared
    ) {
        let found =
            LottieAnimation.named(name, bundle: bundle, subdirectory: subdirectory, animationCache: animationCache)
            ?? LottieAnimation.named(name, subdirectory: subdirectory ?? ".")
        self.init(animation: found, configuration: configuration)
        if let imageProvider { animationLayer.imageProvider = imageProvider }
    }

    /// The animation in the file at `filePath` (`.json` or `.lottie`); an empty view when it
    /// cannot be read. Providers, cache and configuration as `init(name:…)` takes them.
    public convenience init(
        filePath: String, imageProvider: (any AnimationImageProvider)? = nil,
        animationCache: (any AnimationCacheProvider)? = LottieAnimationCache.shared, configuration: LottieConfiguration = .shared
    ) {
        self.init(animation: LottieAnimation.filepath(filePath, animationCache: animationCache), configuration: configuration)
        if let imageProvider { animationLayer.imageProvider = imageProvider }
    }

    /// The animation shown; setting one shows it paused on its first frame.
    public var animation: LottieAnimation? {
        get { animationLayer.animation }
        set { if let newValue { try? animationLayer.load(newValue) } }
    }

    open override var frame: CGRect {
        didSet { fillBounds() }
    }

    open override var bounds: CGRect {
        didSet { fillBounds() }
    }

    /// How the composition is placed in the view (lottie-ios's layout for each `contentMode`):
    /// `.scaleAspectFit` by default, `.scaleAspectFill`, `.scaleToFill`, or at its own size in
    /// the centre, against an edge or in a corner (`.redraw`: the top-left corner).
    open override var contentMode: ContentMode {
        didSet { animationLayer.contentMode = contentMode }
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        fillBounds()
    }

    /// lottie-ios's defaults for its view: the composition fitted, nothing drawn outside.
    private func setUpLikeLottie() {
        contentMode = .scaleAspectFit
        clipsToBounds = true
    }

    private func fillBounds() {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        animationLayer.anchorPoint = .zero
        animationLayer.frame = bounds
        CATransaction.commit()
    }

    // lottie-ios's names, passed to the layer.

    public var currentProgress: AnimationProgressTime {
        get { CGFloat(animationLayer.currentProgress) }
        set { animationLayer.currentProgress = Double(newValue) }
    }
    public var currentFrame: AnimationFrameTime {
        get { CGFloat(animationLayer.currentFrame) }
        set { animationLayer.currentFrame = Double(newValue) }
    }
    public var currentTime: TimeInterval {
        get { animationLayer.currentTime }
        set { animationLayer.currentTime = newValue }
    }
    public var loopMode: LottieLoopMode {
        get { animationLayer.loopMode }
        set { animationLayer.loopMode = newValue }
    }
    public var animationSpeed: CGFloat {
        get { CGFloat(animationLayer.animationSpeed) }
        set { animationLayer.animationSpeed = Double(newValue) }
    }
    public var isAnimationPlaying: Bool { animationLayer.isAnimationPlaying }
    public var viewportFrame: CGRect? {
        get { animationLayer.viewportFrame }
        set { animationLayer.viewportFrame = newValue }
    }

    public func play(completion: LottieCompletionBlock? = nil) { animationLayer.play(completion: completion) }

    public func play(
        fromProgress: AnimationProgressTime? = nil, toProgress: AnimationProgressTime, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        animationLayer.play(fromProgress: fromProgress, toProgress: toProgress, loopMode: loopMode, completion: completion)
    }

    public func play(
        fromFrame: AnimationFrameTime? = nil, toFrame: AnimationFrameTime, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        animationLayer.play(fromFrame: fromFrame, toFrame: toFrame, loopMode: loopMode, completion: completion)
    }

    /// Plays between two markers (see `LottieAnimationLayer`).
    public func play(
        fromMarker: String? = nil, toMarker: String, playEndMarkerFrame: Bool = true, loopMode: LottieLoopMode? = nil,
        completion: LottieCompletionBlock? = nil
    ) {
        animationLayer.play(
            fromMarker: fromMarker, toMarker: toMarker, playEndMarkerFrame: playEndMarkerFrame, loopMode: loopMode, completion: completion)
    }

    /// Plays one marker through its duration.
    public func play(marker: String, loopMode: LottieLoopMode? = nil, completion: LottieCompletionBlock? = nil) {
        animationLayer.play(marker: marker, loopMode: loopMode, completion: completion)
    }

    /// Plays markers one after another.
    public func play(markers: [String], completion: LottieCompletionBlock? = nil) {
        animationLayer.play(markers: markers, completion: completion)
    }

    public func pause() { animationLayer.pause() }
    public func stop() { animationLayer.stop() }

    /// The pictures of its image layers (lottie-ios's `imageProvider`); setting one redraws them.
    public var imageProvider: any AnimationImageProvider {
        get { animationLayer.imageProvider }
        set { animationLayer.imageProvider = newValue }
    }

    /// The texts of its text layers (lottie-ios's `textProvider`).
    public var textProvider: any AnimationKeypathTextProvider {
        get { animationLayer.textProvider }
        set { animationLayer.textProvider = newValue }
    }

    /// The fonts of its text layers (lottie-ios's `fontProvider`).
    public var fontProvider: any AnimationFontProvider {
        get { animationLayer.fontProvider }
        set { animationLayer.fontProvider = newValue }
    }

    public func setValueProvider(_ valueProvider: any AnyValueProvider, keypath: AnimationKeypath) {
        animationLayer.setValueProvider(valueProvider, keypath: keypath)
    }
    public func allHierarchyKeypaths() -> [String] { animationLayer.allHierarchyKeypaths() }
    public func logHierarchyKeypaths() { animationLayer.logHierarchyKeypaths() }
    public func getValue(for keypath: AnimationKeypath, atFrame: AnimationFrameTime?) -> Any? {
        animationLayer.getValue(for: keypath, atFrame: atFrame)
    }
}
