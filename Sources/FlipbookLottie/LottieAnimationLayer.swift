import FlipbookCore
import FlipbookUIKit
import Foundation

/// A layer that shows a Lottie animation as Core Animation layers (lottie-ios's
/// `LottieAnimationLayer`, Core Animation engine): the composition fitted into the layer's
/// bounds (aspect fit), on its own clock, paused at a frame or playing.
open class LottieAnimationLayer: CALayer {
    /// The animation shown (nil: nothing).
    public private(set) var animation: LottieAnimation?
    /// What Core Animation cannot show of this animation, one line per feature and place.
    public private(set) var warnings: [String] = []
    /// What the layer's configuration changes from what was asked (kept through rebuilds).
    private var configurationNotes: [String] = []
    /// The composition: its layers and their animations, on the animation's clock.
    var composition: CALayer?
    /// The Lottie layers the animation was built into (a scene counts them against its limit).
    package private(set) var builtLayerCount = 0
    /// The pixels of the images it shows (a scene counts them against its bound).
    package private(set) var builtImagePixels = 0

    /// How fast it plays (1: the file's own speed); a change while playing takes effect from
    /// the frame shown.
    public var animationSpeed: Double = 1 {
        didSet { if isAnimationPlaying, let plan = playbackPlan { runLeg(plan, from: currentFrame) } }
    }

    /// Whether it is playing.
    public internal(set) var isAnimationPlaying = false
    /// The playback mode applied last, by a `play` method, a pause or a seek (lottie-ios's
    /// `currentPlaybackMode`); nil before any. It stays as it was when a play runs to its end.
    public internal(set) var currentPlaybackMode: LottiePlaybackMode?
    /// Called with the layer and its animation whenever one is loaded, and at once when set on
    /// a layer that has one (lottie-ios's `animationLoaded`).
    public var animationLoaded: ((_ animationLayer: LottieAnimationLayer, _ animation: LottieAnimation) -> Void)? {
        didSet { if let animation { animationLoaded?(self, animation) } }
    }
    /// lottie-ios's `respectAnimationFrameRate` (false: the display's rate). Its Core Animation
    /// engine does not support it and says so; so does this layer, among its `warnings`.
    public var respectAnimationFrameRate = false {
        didSet {
            if respectAnimationFrameRate {
                note(
                    "respectAnimationFrameRate is not supported by the Core Animation rendering engine; the animation plays at the display's rate"
                )
            }
        }
    }
    /// Whether the composition is cut off at its own bounds (lottie-ios's
    /// `maskAnimationToBounds`, true by default): false lets layers reaching past the
    /// composition's edges show.
    public var maskAnimationToBounds = true {
        didSet {
            // At once: the composition's clock is held (speed 0) while paused, so an implicit
            // animation of the change would never end.
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            composition?.masksToBounds = maskAnimationToBounds
            CATransaction.commit()
        }
    }

    /// How `play` repeats (lottie-ios's `loopMode`; LottieAnimationLayer+Playback.swift).
    public var loopMode: LottieLoopMode = .playOnce
    /// What lottie-ios does when the app goes to the background: the Core Animation engine's
    /// default, kept for code that sets it; a Stage has no background, so it changes nothing.
    public var backgroundBehavior = LottieBackgroundBehavior.default(for: .coreAnimation)
    /// The playing range and what is left of it; nil when paused.
    var playbackPlan: PlaybackPlan?
    /// Bumped by every play, pause and seek, so the end of a leg scheduled before does nothing.
    var playbackToken = 0
    /// Called with false when a play is interrupted, with true when it ends.
    var pendingCompletion: LottieCompletionBlock?

    /// The pictures of its image layers (lottie-ios's `imageProvider`); by default the image
    /// files beside the animation, in its archive or in its image folders. Setting one rebuilds
    /// the layers at the frame shown.
    public var imageProvider: any AnimationImageProvider = AnimationFilesImageProvider() {
        didSet { rebuild() }
    }
    /// The texts of its text layers (lottie-ios's `textProvider`); by default the file's.
    public var textProvider: any AnimationKeypathTextProvider = DefaultTextProvider() {
        didSet { rebuild() }
    }
    /// The fonts of its text layers (lottie-ios's `fontProvider`); by default those the file names.
    public var fontProvider: any AnimationFontProvider = DefaultFontProvider() {
        didSet { rebuild() }
    }
    /// How the animation's own images fill their layers (`flipbook --image-gravity`); an image
    /// provider's `contentsGravity(for:)` decides for its own.
    package var imageContentsGravity: CALayerContentsGravity = .resize {
        didSet { rebuild() }
    }

    /// The providers as the builder takes them: nil where the animation's own are used.
    private var contentProviders: ContentProviders {
        ContentProviders(
            image: imageProvider is AnimationFilesImageProvider ? nil : imageProvider, imageGravity: imageContentsGravity,
            text: textProvider is DefaultTextProvider ? nil : textProvider, font: fontProvider is DefaultFontProvider ? nil : fontProvider)
    }

    /// Value providers in the order set; the last whose keypath matches a property wins.
    private var valueProviders: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = []
    /// The keypath of every property a value provider can replace (`allHierarchyKeypaths()`).
    private var hierarchyKeypaths: [String] = []
    /// Those properties' values, to read at any frame (`getValue(for:atFrame:)`).
    private var propertySamples: [PropertySample] = []
    /// The composition's layers and their names from the file (`LayerBuilder.names`), prefixed
    /// with this layer's own name when it has one (a scene's `lottie` layer `pin`: `pin.Shape Layer 1`).
    private var fileNames: [(layer: CALayer, name: String)] = []

    open override var name: String? {
        didSet { applyFileNames() }
    }

    private func applyFileNames() {
        let prefix = name.map { $0 + "." } ?? ""
        for (layer, fileName) in fileNames { layer.name = prefix + fileName }
    }

    // Its frames are keyframe animations held at the frame shown: a model drawing (a snapshot
    // test's `render(in:)`) shows that frame, as lottie-ios's tests draw its presentation.
    public override init() {
        super.init()
        showsFrameInModelDrawings = true
    }

    public override init(layer: Any) {
        super.init(layer: layer)
        showsFrameInModelDrawings = true
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        showsFrameInModelDrawings = true
    }

    /// A layer showing `animation` paused at its first frame; throws what cannot be built
    /// (precompositions nested too deep, too many layers).
    public init(animation: LottieAnimation) throws {
        super.init()
        showsFrameInModelDrawings = true
        try load(animation)
    }

    /// Shows `animation`, paused at its first frame.
    public func load(_ animation: LottieAnimation) throws {
        composition?.removeFromSuperlayer()
        let builder = LayerBuilder(animation, valueProviders: valueProviders, providers: contentProviders)
        let root: CALayer
        do { root = try builder.build() } catch let error as LottieError { throw animation.located(error) }
        self.animation = animation
        warnings = configurationNotes + animation.decodingNotes + builder.warnings
        builtLayerCount = builder.layerCount
        builtImagePixels = builder.imagePixels
        hierarchyKeypaths = builder.keypaths
        propertySamples = builder.samples
        fileNames = builder.names
        applyFileNames()
        root.masksToBounds = maskAnimationToBounds
        composition = root
        if bounds.isEmpty { bounds = CGRect(x: 0, y: 0, width: animation.width, height: animation.height) }
        addSublayer(root)
        fitComposition()
        show(frame: animation.startFrame)
        animationLoaded?(self, animation)
    }

    /// Records what the layer's configuration changes from what was asked, among its warnings.
    func note(_ message: String) {
        guard !configurationNotes.contains(message) else { return }
        configurationNotes.append(message)
        warnings.insert(message, at: 0)
    }

    /// Replaces the values of every property `keypath` finds with the provider's (lottie-ios's
    /// `setValueProvider(_:keypath:)`): `ColorValueProvider(.red)` for `"**.Fill 1.Color"`. The
    /// layers are built again, at the frame shown; a build that fails leaves the old ones.
    public func setValueProvider(_ valueProvider: any AnyValueProvider, keypath: AnimationKeypath) {
        valueProviders.removeAll { $0.keypath == keypath }
        valueProviders.append((keypath, valueProvider))
        rebuild()
    }

    /// Removes the value providers whose keypath `shouldRemove` picks; redraws when any went.
    func removeValueProviders(where shouldRemove: (AnimationKeypath) -> Bool) {
        let before = valueProviders.count
        valueProviders.removeAll { shouldRemove($0.keypath) }
        if valueProviders.count != before { rebuild() }
    }

    /// Builds the layers again at the frame shown (a provider changed); a build that fails
    /// leaves the old ones.
    func rebuild() {
        guard let animation else { return }
        let frame = currentFrame, playing = isAnimationPlaying, mode = currentPlaybackMode
        try? load(animation)
        show(frame: frame)
        if playing { play() }
        currentPlaybackMode = mode
    }

    /// The keypath of every property a value provider can replace, as built (lottie-ios's
    /// `allHierarchyKeypaths()`; `logHierarchyKeypaths()` prints them).
    public func allHierarchyKeypaths() -> [String] { hierarchyKeypaths }

    /// Prints `allHierarchyKeypaths()`, one per line.
    public func logHierarchyKeypaths() { for keypath in hierarchyKeypaths { print(keypath) } }

    /// The value of the first property `keypath` finds (in `allHierarchyKeypaths()` order) at
    /// frame `atFrame` of the animation, or at the frame shown now when nil, as the animation
    /// draws it: the file's keyframes, eased, or a value provider's value. A colour is a
    /// `LottieColor`, one number a `CGFloat` (degrees, percent, points as the file has them), a
    /// vector a `CGPoint` of its x and y; nil when no property matches. lottie-ios's Main Thread
    /// engine answers this; its Core Animation engine returns nil.
    public func getValue(for keypath: AnimationKeypath, atFrame: AnimationFrameTime?) -> Any? {
        guard let sample = propertySamples.first(where: { keypath.matches($0.keypath) }) else { return nil }
        let frame = atFrame.map(Double.init) ?? frame(atStageTime: CACurrentMediaTime())
        return sample.value(atRootFrame: frame)
    }

    open override var bounds: CGRect {
        didSet { fitComposition() }
    }

    /// The part of the composition shown, in its points (lottie-ios's `viewportFrame`): it is
    /// fitted into the bounds instead of the whole composition, and what lies outside is cut
    /// off. Nil: the whole composition.
    public var viewportFrame: CGRect? {
        didSet { fitComposition() }
    }

    /// How the composition is placed in the bounds, as lottie-ios's `LottieAnimationView` lays
    /// it out for its `contentMode` (its view sets it): scaled to fit (the default), to fill,
    /// stretched, or at its own size against an edge or corner. A `viewportFrame` is always fitted.
    package var contentMode: UIView.ContentMode = .scaleAspectFit {
        didSet { fitComposition() }
    }

    /// Places the composition (or its `viewportFrame`) in the bounds as `contentMode` says; the
    /// composition clips to itself (`maskAnimationToBounds`).
    private func fitComposition() {
        guard let animation, let composition else { return }
        let whole = CGRect(x: 0, y: 0, width: animation.width, height: animation.height)
        let viewport = viewportFrame.flatMap { $0.width > 0 && $0.height > 0 && $0.width.isFinite && $0.height.isFinite ? $0 : nil }
        let shown = viewport ?? whole
        composition.bounds = shown
        // lottie-ios fits a viewport whatever the content mode.
        let mode = viewport == nil ? contentMode : .scaleAspectFit
        let fit = min(bounds.width / shown.width, bounds.height / shown.height)
        let fill = max(bounds.width / shown.width, bounds.height / shown.height)
        let (sx, sy): (Double, Double) =
            switch mode {
            case .scaleAspectFit: (fit, fit)
            case .scaleAspectFill: (fill, fill)
            case .scaleToFill: (bounds.width / shown.width, bounds.height / shown.height)
            default: (1, 1)
            }
        let w = shown.width * sx, h = shown.height * sy
        // Where the placed composition's centre goes.
        let x: Double, y: Double
        switch mode {
        case .left, .topLeft, .bottomLeft, .redraw: x = bounds.minX + w / 2
        case .right, .topRight, .bottomRight: x = bounds.maxX - w / 2
        default: x = bounds.midX
        }
        switch mode {
        case .top, .topLeft, .topRight, .redraw: y = bounds.minY + h / 2
        case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - h / 2
        default: y = bounds.midY
        }
        composition.position = CGPoint(x: x - w / 2, y: y - h / 2)
        composition.transform = CATransform3DMakeScale(sx, sy, 1)
    }

    /// The frame shown (while playing, the one shown now); setting it pauses there
    /// (`currentFrame` in lottie-ios), and a play in progress ends with `completion(false)`.
    public var currentFrame: Double {
        get {
            guard let animation, let composition else { return 0 }
            if isAnimationPlaying { return composition.convertTime(CACurrentMediaTime(), from: nil) * animation.framerate }
            return composition.timeOffset * animation.framerate
        }
        set {
            guard animation != nil else { return }
            show(frame: newValue)
            currentPlaybackMode = .paused(at: .frame(CGFloat(newValue)))
        }
    }

    /// Pauses on `frame`; a play in progress ends with `completion(false)`. The playback mode
    /// is left as it is (a play that ends pauses here, as does a rebuild).
    func show(frame: Double) {
        guard let animation, let composition else { return }
        interruptPlayback()
        isAnimationPlaying = false
        composition.speed = 0
        composition.beginTime = 0
        composition.timeOffset = frame / animation.framerate
    }

    /// The frame shown at stage time `time` within the pass playing now (`currentFrame` reads
    /// it at the present; the next pass starts at a Stage event): what `compare --plot
    /// pin.currentFrame` samples between frames.
    package func frame(atStageTime time: Double) -> Double {
        guard let animation, let composition else { return 0 }
        if isAnimationPlaying {
            let frame = composition.convertTime(time, from: nil) * animation.framerate
            return min(max(frame, min(animation.startFrame, animation.endFrame)), max(animation.startFrame, animation.endFrame))
        }
        return composition.timeOffset * animation.framerate
    }

    /// The share of the animation shown, 0…1; setting it pauses there.
    public var currentProgress: Double {
        get {
            guard let animation else { return 0 }
            return (currentFrame - animation.startFrame) / (animation.endFrame - animation.startFrame)
        }
        set {
            guard let animation else { return }
            show(frame: animation.frame(atProgress: newValue))
            currentPlaybackMode = .paused(at: .progress(CGFloat(newValue)))
        }
    }

    /// Seconds from the first frame to the frame shown.
    public var currentTime: Double {
        get { animation.map { (currentFrame - $0.startFrame) / $0.framerate } ?? 0 }
        set {
            guard let animation else { return }
            show(frame: animation.startFrame + newValue * animation.framerate)
            currentPlaybackMode = .paused(at: .time(newValue))
        }
    }

    /// A Stage showing `animation` fitted into `size` points at `scale`, paused at `frame` (what
    /// `flipbook still` and the snapshot tests draw). A fractional size in pixels gets a canvas
    /// rounded up with the view at its top-left, as an image renderer draws a view on iOS (a
    /// 500 × 223.05 pt view at 2x is 1000 × 447 px, its last row partly empty).
    public static func stage(
        showing animation: LottieAnimation, at frame: Double, size: CGSize, scale: Double,
        valueProviders: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = [], viewportFrame: CGRect? = nil
    ) throws -> (stage: Stage, layer: LottieAnimationLayer) {
        func whole(_ points: Double) -> Double { (points * scale - 1e-6).rounded(.up) / scale }
        let stage = Stage(size: CGSize(width: whole(size.width), height: whole(size.height)), scale: scale)
        let layer = LottieAnimationLayer()
        layer.valueProviders = valueProviders
        try layer.load(animation)
        layer.viewportFrame = viewportFrame
        layer.anchorPoint = .zero
        layer.frame = CGRect(origin: .zero, size: size)
        stage.rootLayer.addSublayer(layer)
        layer.currentFrame = frame
        stage.advance(to: 0)
        return (stage, layer)
    }
}
