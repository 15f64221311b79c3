import Foundation

/// An immutable render tree: everything a rasterizer needs to draw one frame.
public struct FrameSnapshot: Sendable, Equatable {
    /// Global time of the frame, in seconds.
    public var time: Double
    /// Canvas size in points.
    public var size: CGSize
    /// Pixels per point.
    public var scale: Double
    public var root: LayerSnapshot
}

/// One layer's presentation values and its (sorted) sublayers.
public struct LayerSnapshot: Sendable, Equatable {
    /// What kind of content the layer draws beyond background, border and sublayers.
    public enum Content: Sendable, Equatable {
        case plain
        case shape(ShapeStyle)
        case text(TextStyle)
        case gradient(GradientStyle)
        case replicator(ReplicatorStyle)
        case emitter(EmitterStyle)
        /// A `CATransformLayer`: its sublayers placed in 3D through it, drawn by depth.
        case transformLayer
    }

    public var state: LayerState
    public var content: Content = .plain
    public var name: String?
    public var maskedCorners: CACornerMask = [.layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner]
    public var cornerCurve: CALayerCornerCurve = .circular
    public var allowsGroupOpacity = true
    public var contentsGravity: CALayerContentsGravity = .resize
    public var magnificationFilter: CALayerContentsFilter = .linear
    public var minificationFilter: CALayerContentsFilter = .linear
    /// The layer's `compositingFilter` name; nil: source over.
    public var compositingFilter: String?
    /// Custom drawing recorded from `draw(in:)` / `draw(_:)`.
    public var drawing: DrawingRecording?
    /// Sublayers in draw order (stable-sorted by zPosition).
    public var sublayers: [LayerSnapshot] = []
    /// A replicator's copies after the first (timing-model.md 12.5): instance i + 1's
    /// sublayers, evaluated i + 1 instance delays earlier; empty when the delay is zero (every
    /// instance then draws `sublayers`) or the layer is no replicator.
    public var replicas: [[LayerSnapshot]] = []
    /// An emitter's live particles, in draw order (timing-model.md 12.6).
    public var particles: [ParticleSnapshot] = []
    /// A transition in progress on this layer (timing-model.md 7), drawn instead of the plain layer.
    public var transition: TransitionSnapshot? {
        get { transitionBox.first }
        set { transitionBox = newValue.map { [$0] } ?? [] }
    }
    /// Held in an array: a struct cannot contain itself directly.
    private var transitionBox: [TransitionSnapshot] = []
    /// The mask layer, when there is one (0 or 1 element).
    public var maskLayers: [LayerSnapshot] = []

    public var mask: LayerSnapshot? { maskLayers.first }

    public init(state: LayerState) { self.state = state }

    /// Levels of layers from this one down (1: nothing below it), counting sublayers, masks,
    /// replicator copies and a transition's picture, without recursion: walks of the snapshot
    /// run where their stack holds this many levels (`NestedWalk`).
    public var nestingDepth: Int {
        var deepest = 1
        var pending: [(layers: [LayerSnapshot], depth: Int)] = [([self], 1)]
        while let (layers, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            for layer in layers {
                if !layer.sublayers.isEmpty { pending.append((layer.sublayers, depth + 1)) }
                if !layer.maskLayers.isEmpty { pending.append((layer.maskLayers, depth + 1)) }
                for copy in layer.replicas where !copy.isEmpty { pending.append((copy, depth + 1)) }
                if let picture = layer.transition?.picture { pending.append(([picture], depth)) }
            }
        }
        return deepest
    }
}

/// Non-animatable shape layer settings.
public struct ShapeStyle: Sendable, Equatable {
    public var fillRule: CAShapeLayerFillRule
    public var lineCap: CAShapeLayerLineCap
    public var lineJoin: CAShapeLayerLineJoin
    public var lineDashPattern: [Double]?

    public init(fillRule: CAShapeLayerFillRule, lineCap: CAShapeLayerLineCap, lineJoin: CAShapeLayerLineJoin, lineDashPattern: [Double]?) {
        self.fillRule = fillRule
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.lineDashPattern = lineDashPattern
    }
}

/// Non-animatable text layer settings.
public struct TextStyle: Sendable, Equatable {
    public var string: String
    public var fontName: String?
    public var alignment: CATextLayerAlignmentMode
    public var isWrapped: Bool
    public var truncation: CATextLayerTruncationMode
    /// A `UILabel` centres its lines vertically in its bounds; a `CATextLayer` draws from the top.
    public var centersVertically = false
    /// Lines shown at most (0: as many as fit); the last one is truncated per `truncation`.
    public var maximumLines = 0
    /// Points added after each character (`NSAttributedString.Key.kern`).
    public var kerning = 0.0
    /// The glyphs' outline stroke, in percent of the font size (`NSAttributedString.Key.strokeWidth`):
    /// positive strokes without filling, negative fills and strokes; 0 fills only.
    public var strokeWidth = 0.0
    /// The outline's colour (`.strokeColor`; nil: the fill colour).
    public var strokeColor: RGBA?
    /// An attributed string's own font size and colour (its first character's `.font` and
    /// `.foregroundColor`), which a text layer draws instead of its `fontSize` and
    /// `foregroundColor`, as Core Animation does; nil: the layer's.
    public var attributedFontSize: Double?
    public var attributedColor: RGBA?
    /// How the paragraph style spaces the lines (the font's own spacing by default).
    public var lineSpacing = LineSpacing()
    /// An attributed string's runs where its attributes change along it (or decorate it); empty:
    /// the whole string in the style's attributes. A text layer then draws each run in its own
    /// font, size and colour, not the first character's (`attributedFontSize`, `attributedColor`).
    public var runs: [TextRun] = []

    public init(
        string: String, fontName: String?, alignment: CATextLayerAlignmentMode, isWrapped: Bool,
        truncation: CATextLayerTruncationMode, centersVertically: Bool = false, maximumLines: Int = 0
    ) {
        self.string = string
        self.fontName = fontName
        self.alignment = alignment
        self.isWrapped = isWrapped
        self.truncation = truncation
        self.centersVertically = centersVertically
        self.maximumLines = maximumLines
    }
}

/// How a paragraph style spaces lines (`NSParagraphStyle`'s values, 0 meaning the font's own),
/// as Core Text applies them (timing-model.md 12.11): a line's natural height is multiplied by
/// `lineHeightMultiple` when positive, then held between `minimumLineHeight` and
/// `maximumLineHeight` (0: no limit), the difference from the natural height going above the
/// glyphs; `lineSpacing` (never negative) is added between lines.
public struct LineSpacing: Sendable, Hashable {
    public var lineSpacing = 0.0
    public var lineHeightMultiple = 0.0
    public var minimumLineHeight = 0.0
    public var maximumLineHeight = 0.0

    public init(lineSpacing: Double = 0, lineHeightMultiple: Double = 0, minimumLineHeight: Double = 0, maximumLineHeight: Double = 0) {
        self.lineSpacing = lineSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.minimumLineHeight = minimumLineHeight
        self.maximumLineHeight = maximumLineHeight
    }

    /// Whether every value is the default (lines spaced by the font alone).
    public var isNatural: Bool { self == LineSpacing() }

    /// Line heights (past the font's own) and spacing past this many points are drawn as this
    /// many (a frame's text stays a finite distance away, whatever a style asks).
    public static let largest = 1_000_000.0

    /// The height of a line whose font sets it `natural` points high.
    public func lineHeight(natural: Double) -> Double {
        var height = lineHeightMultiple > 0 && lineHeightMultiple.isFinite ? natural * lineHeightMultiple : natural
        if minimumLineHeight > 0 && minimumLineHeight.isFinite { height = max(height, minimumLineHeight) }
        if maximumLineHeight > 0 && maximumLineHeight.isFinite { height = min(height, maximumLineHeight) }
        // A font's own height stands, however large (a font of a billion points).
        return height.isNaN ? natural : min(height, max(natural, Self.largest))
    }

    /// From one baseline to the next.
    public func pitch(natural: Double) -> Double {
        lineHeight(natural: natural) + (lineSpacing.isFinite ? min(max(0, lineSpacing), Self.largest) : 0)
    }
}

/// A transition on a layer at one instant: the picture it leaves and how far it has gone.
public struct TransitionSnapshot: Sendable, Equatable {
    public var type: CATransitionType
    public var subtype: CATransitionSubtype?
    /// 0 shows the old picture, 1 the new one.
    public var progress: Double
    /// The layer as it looked when the transition was added.
    public var picture: LayerSnapshot
}

/// Non-animatable replicator settings.
public struct ReplicatorStyle: Sendable, Equatable {
    /// Instances are drawn back to front by their z translation instead of in index order.
    public var preservesDepth: Bool

    public init(preservesDepth: Bool) { self.preservesDepth = preservesDepth }
}

/// Non-animatable gradient layer settings.
public struct GradientStyle: Sendable, Equatable {
    public var type: CAGradientLayerType

    public init(type: CAGradientLayerType) { self.type = type }
}

extension CALayer {
    /// The snapshot of this layer and its subtree at global `time`, no deeper than
    /// `Limits.maximumDrawnLayerDepth` levels (`Stage.snapshot()` warns when layers lie deeper).
    /// `depth` is the subtree's `nestingDepth` when the caller has counted it.
    package func snapshot(at time: Double, depth: Int? = nil) -> LayerSnapshot {
        NestedWalk.run(levels: min(depth ?? nestingDepth, Limits.maximumDrawnLayerDepth)) {
            SnapshotBudget.reset()
            return snapshot(parentTime: superlayer?.evaluationTime(forGlobal: time) ?? time, levels: Limits.maximumDrawnLayerDepth)
        }
    }

    /// Levels of layers from this one down, masks included (1: a layer with neither sublayers
    /// nor a mask), counted without recursion: the count decides how deep walks may recurse.
    package var nestingDepth: Int {
        var deepest = 0
        var pending: [(layer: CALayer, depth: Int)] = [(self, 1)]
        while let (layer, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            if let mask = layer.mask { pending.append((mask, depth + 1)) }
            for sublayer in layer.sublayers ?? [] { pending.append((sublayer, depth + 1)) }
        }
        return deepest
    }

    /// The snapshot when the superlayer's local time is `parentTime`: each layer's local time
    /// is worked out once and handed down (a replicator hands its instances earlier times).
    /// `delay` holds the layer's time back by that many seconds of its own speed (a replicator
    /// copy's `i × instanceDelay`, timing-model.md 12.5); it may take the layer before its start.
    /// `levels` counts this layer and those below it that are drawn: past it, none are.
    package func snapshot(parentTime: Double, delay: Double = 0, levels: Int) -> LayerSnapshot {
        if showsFrameInModelDrawings {
            let ctx = TransactionContext.current
            if ctx.drawsModelValues {
                ctx.drawsModelValues = false
                defer { ctx.drawsModelValues = true }
                return ownSnapshot(parentTime: parentTime, delay: delay, levels: levels)
            }
        }
        return ownSnapshot(parentTime: parentTime, delay: delay, levels: levels)
    }

    private func ownSnapshot(parentTime: Double, delay: Double, levels: Int) -> LayerSnapshot {
        if contentOverride == nil, needsDisplay() { displayMarked() }
        let local = localTime(parentTime: parentTime) - delay * Double(speed)
        var s = LayerSnapshot(state: presentationState(localTime: local))
        s.name = name
        s.maskedCorners = maskedCorners
        s.cornerCurve = cornerCurve
        s.allowsGroupOpacity = allowsGroupOpacity
        s.contentsGravity = contentsGravity
        s.magnificationFilter = magnificationFilter
        s.minificationFilter = minificationFilter
        s.compositingFilter = compositingFilter as? String
        s.drawing = drawnContent
        s.content = contentOverride ?? snapshotContent()
        // Nothing under a hidden layer is drawn, so its subtree is not evaluated (a Lottie tree
        // hides most of its layers outside their in and out points); what it draws is still
        // brought up to date, as before.
        guard !s.state.hidden else {
            displaySubtree()
            return s
        }
        guard levels > 1 else { return s }
        s.sublayers = sublayerSnapshots(localTime: local, levels: levels - 1)
        if let emitter = self as? CAEmitterLayer { s.particles = emitter.particles(localTime: local) }
        if let replicator = self as? CAReplicatorLayer {
            s.replicas = replicator.replicaSnapshots(state: s.state, localTime: local, levels: levels - 1)
        }
        if let m = mask { s.maskLayers = [m.snapshot(parentTime: local, levels: levels - 1)] }
        s.transition = activeTransition(localTime: local)
        return s
    }

    /// Runs `display()` on the layers below this one that need it.
    private func displaySubtree() {
        forEachBelow { layer in if layer.needsDisplay() { layer.displayMarked() } }
    }

    /// The sublayers at this layer's local time `local`, in draw order: stable-sorted by
    /// zPosition (timing-model.md 12.3).
    func sublayerSnapshots(localTime local: Double, delay: Double = 0, levels: Int) -> [LayerSnapshot] {
        let children = (sublayers ?? []).map { $0.snapshot(parentTime: local, delay: delay, levels: levels) }
        // Already in order (equal zPositions, the usual case): the stable sort would change nothing.
        if !children.indices.dropFirst().contains(where: { children[$0 - 1].state.zPosition > children[$0].state.zPosition }) {
            return children
        }
        return children.enumerated().sorted {
            $0.element.state.zPosition != $1.element.state.zPosition
                ? $0.element.state.zPosition < $1.element.state.zPosition : $0.offset < $1.offset
        }.map(\.element)
    }

    /// The latest-added transition that applies at local time `local`, if any.
    func activeTransition(localTime local: Double) -> TransitionSnapshot? {
        for r in attachedAnimations.reversed() where r.beginResolved {
            guard let t = r.animation as? CATransition, let picture = t.picture, let p = t.progress(at: local) else { continue }
            return TransitionSnapshot(type: t.type, subtype: t.subtype, progress: p, picture: picture)
        }
        return nil
    }
}
