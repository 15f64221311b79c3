import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation

/// A scenario built into a live Stage: layers, scheduled script events and chains.
public final class ScenarioRuntime {
    public let scenario: Scenario
    public let stage: Stage
    /// Layers by id.
    public private(set) var layers: [String: CALayer] = [:]
    /// Views by id: the scroll views and tables the file declares.
    public private(set) var views: [String: UIView] = [:]
    /// The rows of each table, by id.
    var tableRows: [String: ScenarioRows] = [:]
    /// The pull-to-refresh behaviour, when the file declares one.
    var refreshDriver: PullRefreshDriver?
    private var chainRunner: ChainRunner?
    let viewStyleDelegate = ViewStyleLayerDelegate()
    /// Property animators made so far, by name.
    var animators: [String: UIViewPropertyAnimator] = [:]
    /// The `lottie` layers, in file order, with how each plays.
    var lottieLayers: [(layer: LottieAnimationLayer, spec: LottieLayerSpec)] = []

    /// The key under which an animation's chain tag is stored (`value(forKey:)`).
    public static let tagKey = "flipbook.tag"
    /// The key under which a tagged animation's layer id is stored.
    static let layerKey = "flipbook.layer"
    /// The key under which a tagged animation's animation key is stored.
    static let slotKey = "flipbook.key"
    /// How often chains may fire for early stops under one layer and key at one instant before
    /// they are stopped there: chains that replace what they stop loop at one instant.
    public static let maximumChainFiringsPerInstant = 4
    private var replacementFirings: (time: Double, counts: [String: Int]) = (-.infinity, [:])
    private var warnedLoops: Set<String> = []

    public init(scenario: Scenario) {
        self.scenario = scenario
        stage = Stage(size: CGSize(width: scenario.canvas.width, height: scenario.canvas.height), scale: scenario.canvas.scale)
        // Building recurses once per level of the file's layers.
        NestedWalk.run(levels: LayerSpec.nestingDepth(of: scenario.layers)) {
            for spec in scenario.layers {
                if spec.type.isScrollView {
                    stage.rootView.addSubview(makeScrollView(spec))
                } else {
                    stage.rootLayer.addSublayer(makeLayer(spec))
                }
            }
        }
        startScrollScenes()
        startTaps()
        startLottieLayers()
        let runner = ChainRunner(runtime: self)
        chainRunner = runner
        for event in scenario.script {
            let label = event.label ?? event.actions.map(Self.describe).joined(separator: "; ")
            stage.schedule(at: event.at, label: label) { [unowned self] in perform(event.actions) }
        }
        // Commit the initial tree at time 0, as the first run-loop turn would.
        stage.advance(to: 0)
    }

    static func describe(_ a: ScenarioAction) -> String {
        switch a {
        case .add(let t, let ls, let key, let tag):
            return "add \(t) to \(ls.joined(separator: ","))" + (key.map { " key \($0)" } ?? "") + (tag.map { " tag \($0)" } ?? "")
        case .remove(let key, let ls): return "remove \(key) from \(ls.joined(separator: ","))"
        case .removeAll(let ls): return "removeAll \(ls.joined(separator: ","))"
        case .set(let sets, let settings, _, _, _, _):
            return "set " + (sets.map { "\($0.layer).\($0.keyPath)" } + settings.map { "\($0.layer) settings" }).joined(separator: ",")
        case .animate(let b, let sets, let settings, _):
            return "animate \(b.duration) s "
                + (sets.map { "\($0.layer).\($0.keyPath)" } + settings.map { "\($0.layer) settings" })
                .joined(separator: ",")
        case .log(let s): return s
        case .insertRows(let table, let texts, let at, _): return "insert \(texts.count) row(s) into \(table) at \(at)"
        case .beginRefreshing: return "begin refreshing"
        case .endRefreshing: return "end refreshing"
        case .scrollTo(let scroll, let p, let animated): return "scroll \(scroll) to \(p.x),\(p.y)" + (animated ? " animated" : "")
        case .animator(let name, let call): return "animator \(name): \(call)"
        case .keyframes(let b, let frames, _): return "keyframes \(b.duration) s, \(frames.count) frame(s)"
        case .transition(let t, _, _): return "transition \(t.type) on \(t.layer)"
        }
    }

    func register(_ view: UIView, as id: String) {
        views[id] = view
        layers[id] = view.layer
    }

    // MARK: - Layers

    func makeLayer(_ spec: LayerSpec) -> CALayer {
        let layer: CALayer
        switch spec.type {
        case .layer, .scroll, .table: layer = CALayer()
        case .shape: layer = CAShapeLayer()
        case .text:
            let t = CATextLayer()
            t.contentsScale = CGFloat(scenario.canvas.scale)
            layer = t
        case .gradient: layer = CAGradientLayer()
        case .replicator: layer = CAReplicatorLayer()
        case .transform: layer = CATransformLayer()
        case .emitter: layer = Self.makeEmitter(spec.emitter ?? EmitterSpec())
        case .statusBar: layer = makeStatusBar(spec.statusBar ?? StatusBarSpec())
        case .lottie: layer = makeLottieLayer(spec)
        }
        layer.name = spec.id
        if let f = spec.frame { layer.frame = f }
        for (kp, value) in spec.properties { layer.setValue(value.bridged, forKeyPath: kp.description) }
        Self.apply(spec.options, to: layer)
        for sub in spec.sublayers { layer.addSublayer(makeLayer(sub)) }
        if let m = spec.mask.first { layer.mask = makeLayer(m) }
        layers[spec.id] = layer
        return layer
    }

    /// A `set`'s non-animatable settings on one layer, and the scroll values of a scroll view.
    func applySetting(_ s: LayerSetting) {
        if let layer = layers[s.layer] { Self.apply(s.options, to: layer) }
        guard !s.options.scrollValues.isEmpty, let scroll = views[s.layer] as? UIScrollView else { return }
        for (key, value) in s.options.scrollValues {
            switch key {
            case "contentInset.top": scroll.contentInset.top = CGFloat(value)
            case "contentInset.left": scroll.contentInset.left = CGFloat(value)
            case "contentInset.bottom": scroll.contentInset.bottom = CGFloat(value)
            case "contentInset.right": scroll.contentInset.right = CGFloat(value)
            case "contentOffset.x": scroll.contentOffset.x = CGFloat(value)
            default: scroll.contentOffset.y = CGFloat(value)
            }
        }
    }

    /// Applies non-animatable settings; `frame` sets position and bounds (which animate
    /// implicitly inside a transaction, as on iOS).
    static func apply(_ options: LayerOptions, to layer: CALayer) {
        if let f = options.frame { layer.frame = f }
        if let s = layer as? CAShapeLayer {
            if let v = options.lineCap { s.lineCap = v }
            if let v = options.lineJoin { s.lineJoin = v }
            if let v = options.fillRule { s.fillRule = v }
            if let v = options.lineDashPattern { s.lineDashPattern = v.map { NSNumber(value: $0) } }
        }
        if let t = layer as? CATextLayer {
            if let v = options.text { t.string = v }
            if let f = options.font { t.font = f }
            if let a = options.alignment { t.alignmentMode = a }
            if let w = options.wrapped { t.isWrapped = w }
        }
        if let g = layer as? CAGradientLayer, let t = options.gradientType { g.type = t }
        if let r = layer as? CAReplicatorLayer, let d = options.preservesDepth { r.preservesDepth = d }
        if let e = layer as? CAEmitterLayer, let rate = options.birthRate { e.birthRate = Float(rate) }
        if let g = options.contentsGravity { layer.contentsGravity = g }
        if let f = options.magnificationFilter { layer.magnificationFilter = f }
        if let f = options.minificationFilter { layer.minificationFilter = f }
        if let f = options.compositingFilter { layer.compositingFilter = f }
        if let m = options.maskedCorners { layer.maskedCorners = m }
        if let c = options.cornerCurve { layer.cornerCurve = c }
        if let s = options.speed { layer.speed = Float(s) }
        if let t = options.timeOffset { layer.timeOffset = t }
        if let b = options.beginTime { layer.beginTime = b }
    }

    // MARK: - Actions

    func perform(_ actions: [ScenarioAction]) {
        for action in actions {
            switch action {
            case .add(let template, let ids, let key, let tag):
                guard let spec = scenario.animations[template] else { continue }
                for id in ids {
                    guard let layer = layers[id] else { continue }
                    let anim = AnimationFactory.make(spec)
                    if let tag {
                        anim.setValue(tag, forKey: Self.tagKey)
                        anim.setValue(id, forKey: Self.layerKey)
                        anim.setValue(key ?? template, forKey: Self.slotKey)
                        anim.delegate = chainRunner
                    }
                    layer.add(anim, forKey: key ?? template)
                }
            case .remove(let key, let ids):
                for id in ids { layers[id]?.removeAnimation(forKey: key) }
            case .removeAll(let ids):
                for id in ids { layers[id]?.removeAllAnimations() }
            case .set(let sets, let settings, let disable, let duration, let timing, let completion):
                CATransaction.begin()
                CATransaction.setDisableActions(disable)
                if let duration { CATransaction.setAnimationDuration(duration) }
                if let timing { CATransaction.setAnimationTimingFunction(timing.function) }
                if !completion.isEmpty { CATransaction.setCompletionBlock { [unowned self] in perform(completion) } }
                for s in settings { applySetting(s) }
                for (id, kp, value) in sets { layers[id]?.setValue(value.bridged, forKeyPath: kp.description) }
                CATransaction.commit()
            case .animate(let block, let sets, let settings, let completion):
                performViewBlock(block, sets: sets, settings: settings, completion: completion)
            case .log:
                break
            case .insertRows(let table, let texts, let at, let animated):
                insertRows(texts, into: table, at: at, animated: animated)
            case .beginRefreshing:
                refreshDriver?.beginRefreshingFromCode()
            case .endRefreshing:
                refreshDriver?.endRefreshingFromCode()
            case .scrollTo(let scroll, let offset, let animated):
                (views[scroll] as? UIScrollView)?.setContentOffset(offset, animated: animated)
            case .animator(let name, let call):
                perform(call, on: name)
            case .transition(let spec, let sets, let settings):
                performTransition(spec, sets: sets, settings: settings)
            case .keyframes(let block, let frames, let completion):
                performKeyframes(block, frames: frames, completion: completion)
            }
        }
    }

    /// Runs a `UIView.animate` block over stand-alone layers by letting them answer actions
    /// as a view's layer does for the duration of the block.
    private func performViewBlock(
        _ block: ViewBlock, sets: [(layer: String, keyPath: LayerKeyPath, value: AnimatableValue)],
        settings: [LayerSetting], completion: [ScenarioAction]
    ) {
        let touched = Set(sets.map(\.layer) + settings.map(\.layer)).compactMap { layers[$0] }
        let saved = touched.map { ($0, $0.delegate) }
        for layer in touched { layer.delegate = viewStyleDelegate }
        let changes = { [unowned self] in
            for s in settings { applySetting(s) }
            for (id, kp, value) in sets { layers[id]?.setValue(value.bridged, forKeyPath: kp.description) }
        }
        runViewBlock(block, changes: changes, completion: { [unowned self] in perform(completion) })
        for (layer, delegate) in saved { layer.delegate = delegate }
    }

    /// `UIView.animate` with a scenario block's settings.
    func runViewBlock(_ block: ViewBlock, changes: @escaping () -> Void, completion: @escaping () -> Void) {
        var options: UIView.AnimationOptions = []
        switch block.curve {
        case "easeIn": options.insert(.curveEaseIn)
        case "easeOut": options.insert(.curveEaseOut)
        case "linear": options.insert(.curveLinear)
        default: break
        }
        if block.repeats { options.insert(.repeat) }
        if block.autoreverses { options.insert(.autoreverse) }
        if block.beginFromCurrentState { options.insert(.beginFromCurrentState) }
        let done: (Bool) -> Void = { _ in completion() }
        if let damping = block.damping {
            UIView.animate(
                withDuration: block.duration, delay: block.delay, usingSpringWithDamping: damping,
                initialSpringVelocity: block.velocity, options: options, animations: changes, completion: done)
        } else {
            UIView.animate(withDuration: block.duration, delay: block.delay, options: options, animations: changes, completion: done)
        }
    }

    func animationStopped(_ anim: CAAnimation, finished: Bool) {
        guard let tag = anim.value(forKey: Self.tagKey) as? String else { return }
        let now = CACurrentMediaTime()
        if !finished
            && !admitsReplacementFiring(
                tag: tag, layer: anim.value(forKey: Self.layerKey) as? String ?? "?",
                key: anim.value(forKey: Self.slotKey) as? String ?? "?", at: now)
        {
            return
        }
        for chain in scenario.chains where chain.whenStops == tag {
            if let f = chain.finished, f != finished { continue }
            if let until = chain.until, now >= until { continue }
            perform(chain.actions)
        }
    }
}

extension ScenarioRuntime {
    /// Counts chain firings caused by early stops under `key` on `layer` at `time`; past the
    /// bound the chains are stopped at that instant, with one warning per layer and key.
    fileprivate func admitsReplacementFiring(tag: String, layer: String, key: String, at time: Double) -> Bool {
        if replacementFirings.time != time { replacementFirings = (time, [:]) }
        let slot = layer + "\u{0}" + key
        let count = replacementFirings.counts[slot, default: 0] + 1
        replacementFirings.counts[slot] = count
        guard count > Self.maximumChainFiringsPerInstant else { return true }
        if warnedLoops.insert(slot).inserted {
            stage.warn(
                "chains on tag '\(tag)' stopped on layer '\(layer)' (key '\(key)'): they fired \(Self.maximumChainFiringsPerInstant) "
                    + "times at this instant, each adding an animation that replaces the one whose stop fired them; "
                    + "this happens again whenever the loop restarts, without further warnings")
        }
        return false
    }
}
