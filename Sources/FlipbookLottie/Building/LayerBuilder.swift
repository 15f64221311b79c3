import FlipbookCore
import FlipbookUIKit
import Foundation

/// Turns a Lottie composition into a tree of Core Animation layers with keyframe animations,
/// as lottie-ios's Core Animation engine does: each Lottie layer becomes a visibility layer (its
/// in and out points), its parents' transforms, its own transform (position and rotation, scale,
/// anchor: one layer each, pivoting at the origin) and its content. Everything animates on the
/// composition's clock (frame = seconds × framerate).
final class LayerBuilder {
    let animation: LottieAnimation
    var animator: KeyframeAnimator
    /// What Core Animation cannot show here, one line per feature and layer (lottie-ios reports
    /// the same way).
    private(set) var warnings: [String] = []
    /// Lottie layers built so far, precompositions' as often as they are shown and parents'
    /// transforms once for each layer under them.
    private(set) var layerCount = 0
    /// Image assets read, by id (each read and counted once), and their pixels together.
    private var images: [String: LayerImage] = [:]
    private(set) var imagePixels = 0
    /// The JSON path of each Lottie layer's outermost Core Animation layer (for messages).
    private var itemPaths: [ObjectIdentifier: String] = [:]
    /// Replacement values, the last registered first to match (as lottie-ios looks them up).
    let valueProviders: [(keypath: AnimationKeypath, provider: any AnyValueProvider)]
    /// The names of the precomposition layers being built, outermost first: every keypath
    /// inside them starts with these.
    private var precompositionNames: [String] = []
    /// Every customizable property's keypath, in the order built (`allHierarchyKeypaths`).
    private(set) var keypaths: [String] = []
    /// Each Lottie layer's Core Animation layers with the name they took: its keypath
    /// (`Precomp 1.Shape Layer 1`, as lottie-ios names a layer `layerModel.name`), so traces and
    /// warnings name them as the file does.
    private(set) var names: [(layer: CALayer, name: String)] = []
    private var keypathSet = Set<String>()
    /// Every customizable property's values on the root composition's clock, in the order
    /// built (`getValue(for:atFrame:)`).
    private(set) var samples: [PropertySample] = []
    /// Inside a time-remapped precomposition: the local frame at each frame of the enclosing
    /// clock (LayerBuilder+TimeRemapping.swift); nil where layer timing does it.
    var remapping: ((Double) -> Double)?
    /// The root composition's frame at a frame of the composition being built (precompositions'
    /// `st` and `sr` applied outwards, as lottie-ios's `simpleTimeRemapping` does).
    private var rootFrame: (Double) -> Double = { $0 }

    /// Whether the font files beside the animation were registered (once, by its first text layer).
    private var fontsRegistered = false

    /// The image, text and font providers set on the animation layer.
    let providers: ContentProviders

    init(
        _ animation: LottieAnimation, valueProviders: [(keypath: AnimationKeypath, provider: any AnyValueProvider)] = [],
        providers: ContentProviders = ContentProviders()
    ) {
        self.animation = animation
        self.valueProviders = valueProviders
        self.providers = providers
        animator = KeyframeAnimator(framerate: animation.framerate)
    }

    /// The keypath of a layer of the composition being built (its name after its
    /// precompositions' names).
    func keypath(of layer: LottieLayer) -> [String] { precompositionNames + [layer.name] }

    /// A property read from the file, or the values of the last value provider whose keypath
    /// finds it (also when the file leaves the property at its default, as lottie-ios's model
    /// has every transform property).
    func property(_ property: Animated<Vector>?, _ keypath: [String]) -> Animated<Vector>? {
        let joined = keypath.joined(separator: ".")
        let isNew = keypathSet.insert(joined).inserted
        if isNew { keypaths.append(joined) }
        var shown = property
        if let provided = provider(for: keypath) { shown = Animated(provided.storage, path: property?.path ?? joined) }
        if isNew, let shown {
            samples.append(PropertySample(keypath: keypath, values: shown, localFrame: localFrameClock(), isRemapped: remapping != nil))
        }
        return shown
    }

    /// The frame of the composition being built at a frame of the root composition: `st`/`sr`
    /// undone (`rootFrame` is linear), then the time remapping inside a remapped precomposition.
    private func localFrameClock() -> (Double) -> Double {
        let root = rootFrame, origin = root(0), rate = root(1) - origin
        let clock: (Double) -> Double = { rate == 0 ? $0 : ($0 - origin) / rate }
        guard let remapping else { return clock }
        return { remapping(clock($0)) }
    }

    /// The last value provider whose keypath finds `keypath`.
    func provider(for keypath: [String]) -> (any AnyValueProvider)? {
        valueProviders.last { $0.keypath.matches(keypath) }?.provider
    }

    /// Makes the font files the animation may use drawable by their names (TextFonts), once.
    func registerFonts() {
        guard !fontsRegistered else { return }
        fontsRegistered = true
        let files = TextFonts.files(in: animation.fontDirectories)
        if !files.isEmpty { FontFaces.provider?.register(fontFiles: files) }
    }

    func warn(_ path: String, _ message: String) {
        let line = "\(path): \(message)"
        if !warnings.contains(line) { warnings.append(line) }
    }

    /// The composition's layers, in a container of its size.
    func build() throws -> CALayer {
        let root = CALayer()
        root.anchorPoint = .zero
        root.bounds = CGRect(x: 0, y: 0, width: animation.width, height: animation.height)
        root.masksToBounds = true
        // Building recurses as deep as the file's JSON nests.
        try NestedWalk.run(levels: animation.nesting) { () throws -> Void in
            for layer in try composition(animation.composition.layers, depth: 0, size: root.bounds.size) {
                root.addSublayer(layer)
            }
        }
        try checkNesting(root)
        return root
    }

    /// Refuses a composition whose layers nest deeper than `Limits.maximumLayerDepth`, naming the
    /// innermost Lottie layer on the deepest path.
    private func checkNesting(_ root: CALayer) throws {
        var deepest: (layer: CALayer, depth: Int) = (root, 1)
        var above: [ObjectIdentifier: CALayer] = [:]
        var pending: [(CALayer, Int)] = [(root, 1)]
        while let (layer, depth) = pending.popLast() {
            if depth > deepest.depth { deepest = (layer, depth) }
            for child in (layer.sublayers ?? []) + (layer.mask.map { [$0] } ?? []) {
                above[ObjectIdentifier(child)] = layer
                pending.append((child, depth + 1))
            }
        }
        guard deepest.depth > Limits.maximumLayerDepth else { return }
        var layer: CALayer? = deepest.layer
        while let current = layer, itemPaths[ObjectIdentifier(current)] == nil { layer = above[ObjectIdentifier(current)] }
        throw LottieError(
            file: animation.file, path: layer.flatMap { itemPaths[ObjectIdentifier($0)] } ?? "layers",
            message:
                "its layers nest \(deepest.depth) levels deep as Core Animation layers (groups, parents and precompositions each "
                + "add levels); at most \(Limits.maximumLayerDepth) are drawn")
    }

    /// The layers of one composition of `size`, bottom first (Lottie lists them top first).
    func composition(_ items: [LottieLayer], depth: Int, size: CGSize) throws -> [CALayer] {
        guard depth <= LottieAnimation.maximumPrecompDepth else {
            throw LottieError(
                file: animation.file, path: items.first?.path ?? "",
                message:
                    "precompositions nest more than \(LottieAnimation.maximumPrecompDepth) deep (or refer to themselves)")
        }
        var byIndex: [Int: LottieLayer] = [:]
        for item in items { if let ind = item.index { byIndex[ind] = item } }
        try countParentTransforms(items, byIndex: byIndex)
        // Built top first, as listed (a matte before the layer it mattes), so keypaths register in
        // the file's order; paired bottom up.
        var topFirst: [CALayer] = []
        for (item, source) in Self.pairedWithMattes(items).reversed() {
            for counted in [source, item].compactMap({ $0 }) {
                layerCount += 1
                guard layerCount <= LottieAnimation.maximumLayers else {
                    throw LottieError(
                        file: animation.file, path: counted.path, message: "more than \(LottieAnimation.maximumLayers) layers")
                }
            }
            // A hidden matte is an empty one; a hidden layer draws nothing (lottie-ios builds
            // either as an empty transform layer).
            var matte: CALayer?
            if let source, !item.hidden {
                matte = source.hidden ? CALayer() : try layer(source, parents: byIndex, depth: depth)
                if let matte { itemPaths[ObjectIdentifier(matte)] = source.path }
            }
            if item.hidden { continue }
            guard let built = try layer(item, parents: byIndex, depth: depth) else { continue }
            itemPaths[ObjectIdentifier(built)] = item.path
            if let matte, let mode = item.matte { applyMatte(mode, matte, to: built, size: size, at: item.path) }
            topFirst.append(built)
        }
        return topFirst.reversed()
    }

    /// Each layer with the layer that mattes it, bottom first, as lottie-ios pairs them
    /// (`pairedLayersAndMasks`): from the bottom up, a layer with a track matte lottie-ios knows
    /// (`tt` 1 alpha, 2 inverted alpha, 3 luma, which it leaves unapplied) takes the layer listed
    /// just above it as its matte, whatever that layer's `td` says. Other `tt` values (4,
    /// inverted luma) its dictionary decoding reads as no matte: the layer above is drawn as
    /// any other.
    static func pairedWithMattes(_ items: [LottieLayer]) -> [(item: LottieLayer, matte: LottieLayer?)] {
        var pairs: [(item: LottieLayer, matte: LottieLayer?)] = []
        var rest = items[...]
        while let item = rest.popLast() {
            if let mode = item.matte, (1...3).contains(mode), let source = rest.popLast() {
                pairs.append((item, source))
            } else {
                pairs.append((item, nil))
            }
        }
        return pairs
    }

    /// Each layer's parents' transforms are built again under it (as lottie-ios builds them), so
    /// a chain of parents costs its length for every layer on it: counted before anything is
    /// built, against the layer limit, and each chain's levels against the nesting limit.
    private func countParentTransforms(_ items: [LottieLayer], byIndex: [Int: LottieLayer]) throws {
        for item in items where !item.hidden {
            var seen = Set<Int>()
            var parent = item.parent
            while let p = parent, let parentItem = byIndex[p], seen.insert(p).inserted {
                layerCount += 1
                guard layerCount <= LottieAnimation.maximumLayers else {
                    throw LottieError(
                        file: animation.file, path: item.path,
                        message: "more than \(LottieAnimation.maximumLayers) layers, counting the parents of each layer once more for it")
                }
                guard seen.count <= Self.maximumParentChain else {
                    throw LottieError(
                        file: animation.file, path: item.path,
                        message:
                            "its parents chain more than \(Self.maximumParentChain) layers deep; the transform of each parent is a level "
                            + "of layers, and layers nest at most \(Limits.maximumLayerDepth) levels")
                }
                parent = parentItem.parent
            }
        }
    }

    /// Parents one layer may have above it: each is up to three levels of layers (docs/limits.md).
    static let maximumParentChain = (Limits.maximumLayerDepth - 16) / 3

    /// A track matte: alpha (`tt` 1) masks by the matte layer; inverted alpha (2), as
    /// lottie-ios's Core Animation engine, by an opaque plane of the composition's size with the
    /// matte cut out of it (`destinationOut`). Luma mattes (3, 4) it does not support.
    func applyMatte(_ mode: Int, _ source: CALayer, to target: CALayer, size: CGSize, at path: String) {
        switch MatteMode(rawValue: mode) {
        case .alpha?:
            target.mask = source
        case .invertedAlpha?:
            let plane = CALayer()
            plane.anchorPoint = .zero
            plane.bounds = CGRect(origin: .zero, size: size)
            plane.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
            source.compositingFilter = "destinationOut"
            plane.addSublayer(source)
            target.mask = plane
        default:
            warn(path, "track matte mode \(mode) (luma) is not supported by Core Animation; drawn without its matte")
        }
    }

    /// One Lottie layer: visibility → parents' transforms → own transform → content.
    func layer(_ item: LottieLayer, parents: [Int: LottieLayer], depth: Int) throws -> CALayer? {
        let content: CALayer
        switch item.kind {
        case .precomposition(let settings): content = try precomposition(item, settings, depth: depth)
        case .solid(let solid): content = self.solid(item, solid)
        case .image(let id): content = try image(item, id)
        case .null: content = CALayer()
        case .shape(let items): content = ShapeBuilder(builder: self).shapes(items, keypath: keypath(of: item))
        case .text(let text): content = TextBuilder(builder: self).layer(item, text)
        case .unsupported(let type):
            warn(item.path, "layer type \(type.map(String.init) ?? "-1") is not supported")
            return nil
        }
        content.anchorPoint = .zero
        if !item.masks.isEmpty { applyMasks(item.masks, to: content) }
        // A drop shadow goes on the layer that has the opacity, as lottie-ios sets both on its
        // contents layer: Core Animation draws a shadow apart from the opacity group it fades.
        let shadowed = item.dropShadow != nil
        if let shadow = item.dropShadow {
            applyDropShadow(shadow, to: content)
            applyOpacity(item.transform, to: content, keypath: keypath(of: item))
        }
        let transform = self.transform(item.transform, opacity: !shadowed, at: item.path + ".ks", keypath: keypath(of: item))
        transform.inner.addSublayer(content)
        var outer = transform.outer
        // Parents' transforms, nearest first, without their opacity.
        var seen = Set<Int>()
        var parent = item.parent
        while let p = parent, let parentItem = parents[p], seen.insert(p).inserted {
            let chain = self.transform(parentItem.transform, opacity: false, at: parentItem.path + ".ks", keypath: keypath(of: parentItem))
            chain.inner.addSublayer(outer)
            outer = chain.outer
            parent = parentItem.parent
        }
        let shown = visibility(item, wrapping: outer)
        name(shown, keypath(of: item).joined(separator: "."))
        if let bm = item.blendMode, bm != 0 {
            if let mode = BlendMode(rawValue: bm) {
                shown.compositingFilter = mode.compositingFilter
            } else {
                warn(item.path, "blend mode \(bm) is not one Core Animation has")
            }
        }
        return shown
    }

    /// Names `top` and the layers under it that have no name yet (a precomposition's layers
    /// were named when they were built, with all under them) `name`.
    private func name(_ top: CALayer, _ name: String) {
        var stack = [top]
        while let layer = stack.popLast() {
            guard layer.name == nil else { continue }
            layer.name = name
            names.append((layer, name))
            stack += layer.sublayers ?? []
        }
    }

    /// Shown from the layer's in point to its out point (frames of the containing composition).
    func visibility(_ item: LottieLayer, wrapping inner: CALayer) -> CALayer {
        let inPoint = item.inPoint ?? animation.startFrame
        let outPoint = item.outPoint ?? animation.endFrame
        // A layer of the root composition shown from its first frame to its last needs no wrapper
        // (unless a track matte masks it: the mask must not move with its transform).
        if remapping == nil, precompositionNames.isEmpty, inPoint <= animation.startFrame, outPoint >= animation.endFrame, item.matte == nil
        {
            return inner
        }
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.addSublayer(inner)
        if remapping != nil {
            if let show = remappedVisibility(in: inPoint, out: outPoint) { layer.add(show, forKey: "visibility") }
            return layer
        }
        let show = CAKeyframeAnimation(keyPath: "hidden")
        // Discrete: one key time more than values (timing-model.md 6.4), each value from its own.
        // A layer visible in the last frame stays visible at the very end (progress 1), as in
        // lottie-ios, whose out point there is the end of the animation's time: its out point on
        // the root composition's clock (a precomposition's layer's out point is in its own frames).
        let first = min(inPoint, animation.startFrame) - 1, last = max(outPoint, animation.endFrame) + 1
        // Each change a billionth of a frame before or after its frame, as iOS shows that exact
        // frame (`changesBy`): away from the boundary, rounding here cannot decide it.
        func time(_ frame: Double) -> NSNumber {
            let nudged = changesBy(frame) ? frame - 1e-9 : frame + 1e-9
            return NSNumber(value: (nudged - first) / (last - first))
        }
        if rootFrame(outPoint) >= animation.endFrame {
            show.values = [true, false]
            show.keyTimes = [0, time(inPoint), 1]
        } else {
            show.values = [true, false, true]
            show.keyTimes = [0, time(inPoint), time(outPoint), 1]
        }
        show.calculationMode = .discrete
        animator.place(show, from: first, to: last)
        layer.add(show, forKey: "visibility")
        return layer
    }

    /// Whether iOS already shows a layer's in or out point at exactly that frame (paused there,
    /// as `currentFrame` and `currentProgress` pause). lottie-ios pauses a layer tree whose
    /// animations last one frame longer than the composition, puts each change at key time
    /// `(frame − ip) / (duration × framerate)` and the layer's clock at
    /// `(frame − ip) / framerate` seconds; Core Animation compares `time / duration` with the
    /// key time, so whether the change is shown there depends on how both round in doubles
    /// (at 9 fps, frames 3 and 6 still show the layer before; frame 9 the one after).
    func changesBy(_ frame: Double) -> Bool {
        let global = rootFrame(frame)
        let start = animation.startFrame, framerate = animation.framerate
        let duration = (animation.endFrame + 1 - start) / framerate
        let keyTime = (global - start) / (duration * framerate)
        return (global - start) / framerate / duration >= keyTime
    }

    /// Whether iOS shows a hold's step at exactly its frame. Keyframes that are all holds become
    /// one discrete animation whose key times lottie-ios rounds to `Float`, so a key time can
    /// land after the instant (TypeFace-O's holds at frame 19 of 38 still show frame 17's values
    /// at 50 %); with other keyframes among them lottie-ios times each run in doubles relative
    /// to the run, and the step shows.
    func holdStepShown<Value>(_ keyframes: [LottieKeyframe<Value>]) -> (Double) -> Bool {
        guard keyframes.allSatisfy(\.hold) else { return { _ in true } }
        return { frame in
            let global = self.rootFrame(frame)
            let start = self.animation.startFrame, framerate = self.animation.framerate
            let duration = (self.animation.endFrame + 1 - start) / framerate
            let keyTime = Double(Float((global - start) / (duration * framerate)))
            return (global - start) / framerate / duration >= keyTime
        }
    }

    /// A precomposition's clock: its layers run `st` frames late and `sr` times slower (the
    /// layer's own transform and in/out points stay on the containing composition's clock, as
    /// in lottie-ios). Not used when the content is remapped (`contentClock`).
    ///
    /// Core Animation holds a layer's parent time at or after the layer's begin time (timing-model
    /// 1.6), so a clock that ran before 0 would hold every layer inside at its frame 0 before `st`;
    /// lottie-ios maps the frames onto the root clock instead, where those layers are before their
    /// in points, hidden. So the clock runs `shift` seconds ahead, never below 0, and the
    /// animations inside begin that much later (`KeyframeAnimator.timeShift`).
    func timeLayer(_ item: LottieLayer) -> (layer: CALayer, shift: Double) {
        let layer = CALayer()
        layer.anchorPoint = .zero
        let start = item.startTime / animation.framerate
        let stretch = item.stretch > 0 ? item.stretch : 1
        let outer = animator.timeShift
        // The local time at the enclosing clock's time t (itself `outer` ahead): (t − outer − start) / stretch.
        let shift = max(0, (outer + start) / stretch)
        let offset = (-outer - start) / stretch + shift
        if stretch != 1 || offset != 0 {
            layer.speed = Float(1 / stretch)
            layer.timeOffset = offset
        }
        return (layer, shift)
    }

    /// A Lottie transform as three layers pivoting at the origin: position and rotation
    /// (outer), scale, anchor (inner); opacity on the inner one when asked. Its properties'
    /// keypaths are `owner.Transform.Position` and so on. A shape group's skew (`group`), or an
    /// animated negative x scale, makes it one layer with the whole matrix (LayerBuilder+Skew.swift).
    /// A turn about x or y (`rx`, `ry`) makes it the layers lottie-ios makes (LayerBuilder+Turn.swift).
    func transform(
        _ ks: LottieTransform?, opacity: Bool, at path: String, keypath owner: [String], group: Bool = false
    ) -> (outer: CALayer, inner: CALayer) {
        if group, let ks, ks.hasSkew {
            let layer = skewedTransform(ks, opacity: opacity, keypath: owner)
            return (layer, layer)
        }
        if let ks, ks.turnsInThreeD, !ks.hasNegativeXScale {
            if ks.hasSkew { warn(path, "a layer's skew is not applied (lottie-ios skews shape groups only)") }
            return turnedTransform(ks, opacity: opacity, keypath: owner)
        }
        if let ks, let still = stillTransform(ks, opacity: opacity, at: path, keypath: owner) { return (still, still) }
        if let ks, ks.hasNegativeXScale {
            // Core Animation does not apply a negative x scale animated as transform.scale.x
            // beside transform.scale.y (FB9862872: the picture turns upside down), so lottie-ios
            // animates the whole matrix instead.
            let layer = skewedTransform(ks, opacity: opacity, keypath: owner, skews: group)
            if !group, ks.hasSkew { warn(path, "a layer's skew is not applied (lottie-ios skews shape groups only)") }
            if ks.turnsInThreeD { warn(path, "a turn about x or y is not applied with a mirrored scale") }
            return (layer, layer)
        }
        let move = CALayer(), scale = CALayer(), anchor = CALayer()
        for l in [move, scale, anchor] { l.anchorPoint = .zero }
        move.addSublayer(scale)
        scale.addSublayer(anchor)
        guard let ks else { return (move, anchor) }
        let keypath = owner + ["Transform"]
        applyPosition(ks, to: move, keypath: keypath + ["Position"])
        if let r = property(ks.rotation, keypath + ["Rotation"]) {
            set(r, on: move, keyPath: "transform.rotation.z") { $0.first.map { NSNumber(value: $0 * .pi / 180) } }
        }
        if let s = property(ks.scale, keypath + ["Scale"]) {
            set(s, on: scale, keyPath: "transform.scale.x") { $0.first.map { NSNumber(value: $0 / 100) } }
            set(s, on: scale, keyPath: "transform.scale.y") { v in v.first.map { NSNumber(value: (v.count > 1 ? v[1] : $0) / 100) } }
        }
        if let a = property(ks.anchor, keypath + ["Anchor Point"]) {
            set(a, on: anchor, keyPath: "position") { v in CGPoint(x: -(v.first ?? 0), y: -(v.count > 1 ? v[1] : 0)) }
        }
        if opacity { applyOpacity(ks, to: anchor, keypath: owner) }
        if ks.hasSkew { warn(path, "a layer's skew is not applied (lottie-ios skews shape groups only)") }
        return (move, anchor)
    }

    /// A transform none of whose parts moves as one layer: its position, and rotation, scale and
    /// anchor as one matrix (the same mapping as the three layers, with two fewer layers to
    /// snapshot and draw each frame). Nil when a part moves, the position is split or skewed.
    private func stillTransform(_ ks: LottieTransform, opacity: Bool, at path: String, keypath owner: [String]) -> CALayer? {
        let keypath = owner + ["Transform"]
        guard !ks.isPositionSplit, ks.positionX == nil, !ks.hasSkew else { return nil }
        let p = property(ks.position, keypath + ["Position"]), r = property(ks.rotation, keypath + ["Rotation"])
        let s = property(ks.scale, keypath + ["Scale"]), a = property(ks.anchor, keypath + ["Anchor Point"])
        guard ![p, r, s, a].contains(where: { $0?.isAnimated == true }) else { return nil }
        let position = p?.initial ?? [0, 0], scale = s?.initial ?? [100, 100], anchor = a?.initial ?? [0, 0]
        let layer = CALayer()
        layer.anchorPoint = .zero
        layer.position = CGPoint(x: position.first ?? 0, y: position.count > 1 ? position[1] : 0)
        var t = CATransform3DMakeRotation((r?.initial.first ?? 0) * .pi / 180, 0, 0, 1)
        t = CATransform3DScale(t, (scale.first ?? 100) / 100, (scale.count > 1 ? scale[1] : scale.first ?? 100) / 100, 1)
        layer.transform = CATransform3DTranslate(t, -(anchor.first ?? 0), -(anchor.count > 1 ? anchor[1] : 0), 0)
        if opacity { applyOpacity(ks, to: layer, keypath: owner) }
        return layer
    }

    /// A Lottie transform's opacity (`owner.Transform.Opacity`) as `layer`'s.
    func applyOpacity(_ ks: LottieTransform?, to layer: CALayer, keypath owner: [String]) {
        guard let ks, let o = property(ks.opacity, owner + ["Transform", "Opacity"]) else { return }
        set(o, on: layer, keyPath: "opacity") { $0.first.map { NSNumber(value: $0 / 100) } }
    }

    /// Position as one point (with spatial tangents as a path) or as separate x and y.
    private func applyPosition(_ ks: LottieTransform, to layer: CALayer, keypath: [String]) {
        if ks.isPositionSplit {
            if let x = ks.positionX { set(x, on: layer, keyPath: "position.x") { $0.first.map { NSNumber(value: $0) } } }
            if let y = ks.positionY { set(y, on: layer, keyPath: "position.y") { $0.first.map { NSNumber(value: $0) } } }
            return
        }
        guard var p = property(ks.position, keypath) else { return }
        // Inside a remapped precomposition lottie-ios samples every frame from the keyframes'
        // values instead (no runs of holds), so each value is shown there.
        if remapping == nil, case .keyframes(let frames) = p.storage { p.storage = .keyframes(Self.positionAsPathShows(frames)) }
        let point: (Vector) -> Any? = { v in CGPoint(x: v.first ?? 0, y: v.count > 1 ? v[1] : 0) }
        if remapping == nil, case .keyframes(let frames) = p.storage,
            frames.contains(where: { k in
                (k.spatialOut ?? []).contains { $0 != 0 } || (k.spatialIn ?? []).contains { $0 != 0 }
            }), let animation = positionPath(frames)
        {
            if let initial = point(p.initial) as? CGPoint { layer.position = initial }
            layer.add(animation, forKey: "position")
            return
        }
        if setRemapped(p, on: layer, keyPath: "position", convert: point) { return }
        setKeyframed(p, on: layer, keyPath: "position", convert: point, loneHoldsDrawn: true)
    }

    /// A layer's position keyframes as lottie-ios's animation of them shows them: it moves
    /// along a path of the keyframes' points, without the end key times its other animations
    /// get, so a discrete run (holds) has as many key times as points. When the keyframes end in
    /// such a run (the last keyframe a hold too, as After Effects exports a layer that stops
    /// moving), Core Animation never reaches its last point: the one before holds to the end
    /// (timing-model 6.4; iOS's TypeFace-Y snapshot). A last keyframe that is not a hold starts
    /// a run of its own and is shown (the positionhold probe). A lone hold is a run of two points
    /// and is drawn (`loneHoldsDrawn`).
    static func positionAsPathShows(_ frames: [LottieKeyframe<Vector>]) -> [LottieKeyframe<Vector>] {
        guard frames.count >= 2, frames[frames.count - 2].hold, frames[frames.count - 1].hold else { return frames }
        var shown = frames
        shown[frames.count - 1].value = frames[frames.count - 2].value
        return shown
    }

    /// Spatial tangents: the keyframes' points joined by cubic curves, a path Core Animation
    /// moves along with the keyframes' timing.
    private func positionPath(_ frames: [LottieKeyframe<Vector>]) -> CAKeyframeAnimation? {
        let path = CGMutablePath()
        var times: [NSNumber] = [], functions: [CAMediaTimingFunction] = []
        let first = frames[0].frame, last = frames[frames.count - 1].frame
        guard last > first else { return nil }
        func point(_ v: Vector?) -> CGPoint? { v.map { CGPoint(x: $0.first ?? 0, y: $0.count > 1 ? $0[1] : 0) } }
        guard let start = point(frames[0].value) else { return nil }
        path.move(to: start)
        times.append(0)
        var current = start
        for (a, b) in zip(frames, frames.dropFirst()) {
            guard let end = point(a.end ?? b.value) else { return nil }
            if a.hold {
                path.addLine(to: current)
                times.append(NSNumber(value: (b.frame - first) / (last - first) - 1e-7))
                functions.append(CAMediaTimingFunction(name: .linear))
                path.addLine(to: end)
            } else if !(a.spatialOut ?? []).contains(where: { $0 != 0 }) && !(a.spatialIn ?? []).contains(where: { $0 != 0 }) {
                // No tangents: a line, as lottie-ios draws it (a curve with its controls on its
                // ends would ease the move along it a second time).
                path.addLine(to: end)
            } else {
                let to = a.spatialOut ?? [0, 0], ti = a.spatialIn ?? [0, 0]
                path.addCurve(
                    to: end, control1: CGPoint(x: current.x + (to.first ?? 0), y: current.y + (to.count > 1 ? to[1] : 0)),
                    control2: CGPoint(x: end.x + (ti.first ?? 0), y: end.y + (ti.count > 1 ? ti[1] : 0)))
            }
            times.append(NSNumber(value: (b.frame - first) / (last - first)))
            if let o = a.out, let i = a.into, !a.hold {
                functions.append(
                    CAMediaTimingFunction(controlPoints: Float(min(1, max(0, o.x))), Float(o.y), Float(min(1, max(0, i.x))), Float(i.y)))
            } else {
                functions.append(CAMediaTimingFunction(name: .linear))
            }
            current = end
        }
        let animation = CAKeyframeAnimation(keyPath: "position")
        animation.path = path
        animation.keyTimes = times
        animation.timingFunctions = functions
        animator.place(animation, from: first, to: last)
        return animation
    }

    /// Sets the property's first value on the layer and, when it changes, adds its animation.
    func set(_ property: Animated<Vector>, on layer: CALayer, keyPath: String, convert: (Vector) -> Any?) {
        if setRemapped(property, on: layer, keyPath: keyPath, convert: convert) { return }
        setKeyframed(property, on: layer, keyPath: keyPath, convert: convert)
    }

    /// The same for a property that is not numbers (a path): never remapped.
    /// `loneHoldsDrawn`: lottie-ios animates the property so that a lone hold is drawn (a
    /// position's path), else the layer's own value shows through it (`KeyframeAnimator.loneHold`).
    func setKeyframed<Value>(
        _ property: Animated<Value>, on layer: CALayer, keyPath: String, convert: (Value) -> Any?, loneHoldsDrawn: Bool = false
    ) {
        if let initial = convert(property.initial) { layer.setValue(initial, forKeyPath: keyPath) }
        guard case .keyframes(let frames) = property.storage else { return }
        // The layer's own value, as lottie-ios leaves it (a fresh layer's for a key path's part).
        let own: Any? =
            loneHoldsDrawn
            ? nil : keyPath.contains(".") ? CALayer().value(forKeyPath: keyPath) : type(of: layer).defaultValue(forKey: keyPath)
        guard
            let animation = animator.animation(
                keyPath, frames, convert: convert, holdStepShown: holdStepShown(frames), unheld: own,
                firstHoldCovered: startsWithComposition(frames[0].frame))
        else { return }
        layer.add(animation, forKey: keyPath)
    }

    /// Whether a keyframe at `frame` of the composition being built is at or before the root
    /// composition's start (a first hold there counts as lone: `KeyframeAnimator.loneHold`).
    func startsWithComposition(_ frame: Double) -> Bool { rootFrame(frame) <= animation.startFrame }

    // MARK: - Other layer types

    func solid(_ item: LottieLayer, _ solid: SolidLayer) -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: solid.width, height: solid.height)
        let color = solid.color.flatMap(Self.color(hex:))
        if let color { layer.backgroundColor = color }
        guard solid.color != nil else { return layer }
        // Its colour is customizable as `Layer.Color`, as lottie-ios's solid layers are.
        let fileColor = color.map { Animated<Vector>(.constant([$0.rgba.red, $0.rgba.green, $0.rgba.blue]), path: item.path) }
        if let shown = property(fileColor, keypath(of: item) + ["Color"]), shown != fileColor {
            set(shown, on: layer, keyPath: "backgroundColor") { c in
                guard c.count >= 3 else { return nil }
                return CGColor(red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]), alpha: CGFloat(c.count > 3 ? c[3] : 1))
            }
        }
        return layer
    }

    func image(_ item: LottieLayer, _ id: String?) throws -> CALayer {
        let layer = CALayer()
        guard let id, case .image(let asset)? = animation.assets[id] else {
            warn(item.path, "its image asset is missing")
            return layer
        }
        layer.bounds = CGRect(x: 0, y: 0, width: asset.width, height: asset.height)
        let name = asset.name
        let folder = asset.folder
        if let provider = providers.image {
            // lottie-ios asks the app's provider alone: nil shows nothing.
            let described = ImageAsset(id: id, name: name, directory: folder, width: asset.width, height: asset.height)
            layer.contentsGravity = provider.contentsGravity(for: described)
            if provider.cacheEligible, let cached = images[id] {
                layer.contents = cached
                return layer
            }
            guard let image = provider.imageForAsset(asset: described) else { return layer }
            try count(image, at: item.path)
            if provider.cacheEligible { images[id] = image }
            layer.contents = image
            return layer
        }
        layer.contentsGravity = providers.imageGravity
        let shown = name.count > 40 ? name.prefix(39) + "…" : Substring(name)
        if let read = images[id] {
            layer.contents = read
            return layer
        }
        var data: Data?
        if name.hasPrefix("data:"), let comma = name.firstIndex(of: ",") {
            data = Data(base64Encoded: String(name[name.index(after: comma)...]), options: .ignoreUnknownCharacters)
        } else {
            let inArchive = [folder + name, "images/" + name, "i/" + name].map { $0.hasPrefix("/") ? String($0.dropFirst()) : $0 }
            data = inArchive.lazy.compactMap { self.animation.archiveFiles[$0] }.first
            // The file's own folder (and `u` inside it), then the --images folders: never
            // outside them, so a file from elsewhere cannot draw local pictures into an output.
            var places: [(file: String, within: URL)] = []
            if let base = animation.baseDirectory { places += [(folder + "/" + name, base), (name, base)] }
            places += animation.imageDirectories.map { (name, $0) }
            var outside = false
            for (file, directory) in places where data == nil {
                guard let url = Self.confined(file, in: directory) else {
                    outside = true
                    continue
                }
                data = try? LottieAnimation.readRegularFile(url)
            }
            if data == nil, outside {
                warn(item.path, "image '\(shown)' lies outside the folder of the animation and the image folders; not read")
                return layer
            }
        }
        guard let data, let image = LayerImage(encodedData: data) else {
            warn(item.path, "image '\(shown)' could not be read (PNG, JPEG or WebP)")
            return layer
        }
        try count(image, at: item.path)
        images[id] = image
        layer.contents = image
        return layer
    }

    /// Counts an image's pixels against the scene's bound.
    private func count(_ image: LayerImage, at path: String) throws {
        imagePixels += image.width * image.height
        guard imagePixels <= Limits.maximumSceneImagePixels else {
            throw LottieError(
                file: animation.file, path: path,
                message: "its images are more than \(Limits.maximumSceneImagePixels) pixels together; use smaller images")
        }
    }

    /// `name` inside `directory`, links resolved, when it stays inside it; nil when it leaves
    /// (a `..` step, an absolute name, a link pointing elsewhere).
    static func confined(_ name: String, in directory: URL) -> URL? {
        let base = directory.resolvingSymlinksInPath().standardizedFileURL.path
        let candidate = directory.appendingPathComponent(name).standardizedFileURL.resolvingSymlinksInPath().standardizedFileURL
        let root = base.hasSuffix("/") ? base : base + "/"
        return candidate.path.hasPrefix(root) ? candidate : nil
    }

    func precomposition(_ item: LottieLayer, _ settings: PrecompositionLayer, depth: Int) throws -> CALayer {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: settings.width ?? animation.width, height: settings.height ?? animation.height)
        layer.masksToBounds = true
        guard let id = settings.referenceID, case .precomposition(let layers)? = animation.assets[id] else {
            warn(item.path, "its precomposition is missing")
            return layer
        }
        let clock = contentClock(item, settings)
        let enclosingShift = animator.timeShift
        let timed: CALayer
        if clock == nil {
            let (layer, shift) = timeLayer(item)
            timed = layer
            animator.timeShift = shift
        } else {
            timed = CALayer()
        }
        timed.anchorPoint = .zero
        timed.bounds = layer.bounds
        precompositionNames.append(item.name)
        let enclosing = remapping, enclosingRoot = rootFrame
        remapping = clock ?? remapping
        if clock == nil {
            let start = item.startTime, stretch = item.stretch > 0 ? item.stretch : 1
            rootFrame = { enclosingRoot($0 * stretch + start) }
        }
        defer {
            precompositionNames.removeLast()
            remapping = enclosing
            rootFrame = enclosingRoot
            animator.timeShift = enclosingShift
        }
        for sublayer in try composition(layers, depth: depth + 1, size: layer.bounds.size) { timed.addSublayer(sublayer) }
        layer.addSublayer(timed)
        return layer
    }

    /// A drop shadow effect (`ef`, type 25) or layer style (`sy`, type 1) as the layer's
    /// Core Animation shadow; animated values animate it (the offset, made of a direction and a
    /// distance, sampled each frame when either moves).
    func applyDropShadow(_ shadow: DropShadow, to layer: CALayer) {
        let opacityScale: Double, radiusScale: Double
        let angle: (Double) -> Double  // the Lottie angle to the shadow's direction, degrees clockwise from +x
        switch shadow.source {
        case .effect:
            (opacityScale, radiusScale) = (1.0 / 255, 1.0 / 5)
            angle = { $0 - 90 }  // direction: 0° points up, clockwise
        case .layerStyle:
            (opacityScale, radiusScale) = (1.0 / 100, 1.0 / 2)
            // The angle as lottie-ios's `DropShadowStyle` passes it: (cos a, sin a) × distance,
            // which is not After Effects' light angle (120° falls down-left on iOS, down-right in
            // After Effects); iOS shows lottie-ios's.
            angle = { $0 }
        }
        // Without a colour the layer's own (opaque black) is kept, as lottie-ios keeps it.
        if let color = shadow.color {
            set(color, on: layer, keyPath: "shadowColor") { c in
                c.count >= 3 ? CGColor(red: CGFloat(c[0]), green: CGFloat(c[1]), blue: CGFloat(c[2]), alpha: 1) : nil
            }
        }
        if let opacity = shadow.opacity {
            set(opacity, on: layer, keyPath: "shadowOpacity") { $0.first.map { NSNumber(value: $0 * opacityScale) } }
        }
        if let radius = shadow.radius {
            set(radius, on: layer, keyPath: "shadowRadius") { $0.first.map { NSNumber(value: $0 * radiusScale) } }
        }
        let direction = shadow.direction, distance = shadow.distance
        func offset(at frame: Double) -> CGSize {
            let degrees = angle(direction?.first(at: frame, or: 0) ?? 0)
            let length = distance?.first(at: frame, or: 0) ?? 0
            return CGSize(width: length * cos(degrees * .pi / 180), height: length * sin(degrees * .pi / 180))
        }
        layer.shadowOffset = offset(at: animation.startFrame)
        let moving = [direction, distance].flatMap { $0?.keyframeTimes ?? [] }
        if !moving.isEmpty { setSampled("shadowOffset", on: layer, keyframeTimes: moving) { offset(at: $0) } }
    }

    /// A solid layer's colour (`sc`: `#rrggbb`, or its digits alone), opaque.
    static func color(hex: String) -> CGColor? {
        let rgba = hex.hasPrefix("#") ? ColorText.parse(hex) : ColorText.hex(hex)
        return rgba.map { CGColor(red: $0.red, green: $0.green, blue: $0.blue, alpha: 1) }
    }
}
