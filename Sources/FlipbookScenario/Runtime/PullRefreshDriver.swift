import FlipbookCore
import FlipbookUIKit
import Foundation

/// Pull-to-refresh as a scenario declares it (timing-model.md 13.5): bindings follow the pull,
/// thresholds run actions when it crosses values, and a release past the trigger holds the
/// header open while refreshing, then closes it. States and crossings go to the trace.
final class PullRefreshDriver: UIScrollViewDelegate {
    enum State: String { case idle, pulling, refreshing, closing }

    unowned let runtime: ScenarioRuntime
    let spec: RefreshSpec
    let scrollView: UIScrollView
    /// The top inset without the header held open.
    let restingInsetTop: CGFloat
    private(set) var state = State.idle
    private var last: [PullSource: Double]?
    private var holding: CGFloat = 0
    /// Refreshing began under a finger; the inset opens at the lift.
    private var insetWaiting = false

    init(runtime: ScenarioRuntime, spec: RefreshSpec, scrollView: UIScrollView) {
        self.runtime = runtime
        self.spec = spec
        self.scrollView = scrollView
        restingInsetTop = scrollView.contentInset.top
    }

    /// Pull distance past the resting edge, that over the header height, and the raw offset (13.1).
    var measures: [PullSource: Double] {
        let pull = -restingInsetTop - scrollView.contentOffset.y
        return [.pull: pull, .percent: pull / spec.headerHeight, .offset: scrollView.contentOffset.y]
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        let now = measures
        applyBindings(now)
        if let last {
            for t in spec.thresholds where t.on != .release && (!t.whileDragging || scrollView.isDragging) {
                let before = last[t.source]!, after = now[t.source]!
                let crossed = t.on == .down ? before < t.value && after >= t.value : before >= t.value && after < t.value
                if crossed { fire(t, measured: after) }
            }
        }
        last = now
        if scrollView.isDragging {
            if state == .idle, now[.pull]! >= spec.trigger {
                change(to: .pulling)
            } else if state == .pulling, now[.pull]! < spec.trigger {
                change(to: .idle)
            }
        }
    }

    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        let now = measures
        for t in spec.thresholds where t.on == .release && now[t.source]! >= t.value { fire(t, measured: now[t.source]!) }
        if state == .refreshing, insetWaiting, let refreshing = spec.refreshing {
            // Refreshing began from code while the finger was down: the inset opens now.
            insetWaiting = false
            openInset(refreshing)
            return
        }
        guard state == .pulling else { return }
        if let refreshing = spec.refreshing { beginRefreshing(refreshing) } else { change(to: .idle) }
    }

    /// `beginRefreshing()` from code: refreshing starts now; the inset opens now, or when the
    /// finger lifts if one is down (an inset changing under a finger would jump the content).
    func beginRefreshingFromCode() {
        guard state != .refreshing, let refreshing = spec.refreshing else { return }
        if scrollView.isDragging {
            insetWaiting = true
            change(to: .refreshing)
            startRefreshing(refreshing)
        } else {
            beginRefreshing(refreshing)
        }
    }

    /// `endRefreshing()` from code.
    func endRefreshingFromCode() {
        guard let refreshing = spec.refreshing else { return }
        insetWaiting = false
        endRefreshing(refreshing)
    }

    private func applyBindings(_ now: [PullSource: Double]) {
        guard !spec.bindings.isEmpty else { return }
        let active = spec.bindings.filter { $0.always || state == .idle || state == .pulling }
        func value(_ b: BindingSpec) -> AnimatableValue {
            let u = min(1, max(0, (now[b.source]! - b.input.0) / (b.input.1 - b.input.0)))
            return AnimatableValue.interpolating(b.output.0, b.output.1, fraction: u)
        }
        // Animators first, outside the no-actions transaction: an animator's block records its
        // changes through the views' actions when it first becomes active (11.4 rule 1).
        for b in active {
            guard let name = b.animator, let animator = runtime.animator(named: name), !animator.isRunning,
                case .number(let f) = value(b)
            else { continue }
            animator.fractionComplete = CGFloat(f)
        }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for b in active where b.animator == nil {
            guard let layer = runtime.layers[b.layer] else { continue }
            layer.setValue(value(b).bridged, forKeyPath: b.keyPath.description)
        }
        CATransaction.commit()
    }

    private func fire(_ t: ThresholdSpec, measured: Double) {
        runtime.stage.record(
            String(
                format: "refresh: %@ %@ %@ (%.1f)", t.source.rawValue, t.on == .release ? "released at" : "crossed \(t.on.rawValue)",
                Self.number(t.value), measured))
        runtime.perform(t.actions)
    }

    private func change(to new: State) {
        state = new
        runtime.stage.record("refresh: \(new.rawValue)")
    }

    private func beginRefreshing(_ r: RefreshingSpec) {
        change(to: .refreshing)
        openInset(r)
        startRefreshing(r)
    }

    private func openInset(_ r: RefreshingSpec) {
        holding = CGFloat(spec.headerHeight)
        let top = restingInsetTop + holding
        if let open = r.open {
            runtime.runViewBlock(
                open,
                changes: { [scrollView] in
                    scrollView.contentInset.top = top
                    scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: -top)
                }, completion: {})
        } else {
            // The content springs to the new edge with the header showing (13.4).
            scrollView.contentInset.top = top
        }
    }

    private func startRefreshing(_ r: RefreshingSpec) {
        runtime.perform(r.onBegin)
        let now = CACurrentMediaTime()
        let end = r.endsAt.map { max($0, now) } ?? r.endsAfter.map { now + $0 }
        if let end { runtime.stage.schedule(at: end) { [weak self] in self?.endRefreshing(r) } }
    }

    private func endRefreshing(_ r: RefreshingSpec) {
        guard state == .refreshing else { return }
        change(to: .closing)
        runtime.perform(r.onEnd)
        let top = restingInsetTop
        runtime.runViewBlock(
            r.close, changes: { [scrollView] in scrollView.contentInset.top = top },
            completion: { [weak self] in
                guard let self, self.state == .closing else { return }
                self.change(to: .idle)
                self.runtime.perform(r.onClosed)
            })
    }

    private static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
