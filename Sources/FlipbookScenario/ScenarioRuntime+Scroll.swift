import FlipbookCore
import Foundation

extension ScenarioRuntime {
    /// Whether the file declares scroll views or tables.
    public var hasScrollViews: Bool { scenario.layers.contains { $0.type.isScrollView } }

    /// One line per scroll view: its offset, and for the refresh scroll view the pull and the
    /// refresh state, for traces.
    public var scrollStates: [String] {
        scenario.layers.filter { $0.type.isScrollView }.compactMap { spec in
            guard let view = views[spec.id] as? UIScrollView else { return nil }
            var line = String(format: "offset %@ y=%.2f", spec.id, view.contentOffset.y + 0)
            if let driver = refreshDriver, driver.scrollView === view {
                line += String(format: " pull=%.2f inset=%.2f %@%@", driver.measures[.pull]! + 0, view.contentInset.top, driver.state.rawValue,
                               view.isDragging ? " dragging" : view.isDecelerating ? " decelerating" : "")
            }
            return line
        }
    }

    /// The scroll view (or table) a `scroll`/`table` layer declares; its sublayers are content.
    func makeScrollView(_ spec: LayerSpec) -> UIScrollView {
        let settings = spec.scroll ?? ScrollSpec()
        let view: UIScrollView
        if spec.type == .table {
            let table = UITableView(frame: spec.frame ?? .zero, style: .plain)
            let rows = ScenarioRows(spec: settings.rows ?? RowsSpec())
            table.register(UITableViewCell.self, forCellReuseIdentifier: ScenarioRows.identifier)
            table.dataSource = rows
            table.rowHeight = CGFloat(rows.spec.height)
            table.separatorStyle = rows.spec.separators ? .singleLine : .none
            if let c = rows.spec.separatorColor { table.separatorColor = UIColor(rgba: c) }
            table.separatorInset.left = CGFloat(rows.spec.separatorInset)
            if !rows.spec.separatorsBelowRows { table.tableFooterView = UIView() }
            tableRows[spec.id] = rows
            view = table
        } else {
            view = UIScrollView(frame: spec.frame ?? .zero)
        }
        view.layer.name = spec.id
        if let f = spec.frame { view.frame = f }
        for (kp, value) in spec.properties { view.layer.setValue(value.bridged, forKeyPath: kp.description) }
        Self.apply(spec.options, to: view.layer)
        if let size = settings.contentSize { view.contentSize = size }
        view.bounces = settings.bounces
        view.alwaysBounceVertical = settings.alwaysBounceVertical
        view.decelerationRate = UIScrollView.DecelerationRate(rawValue: CGFloat(settings.decelerationRate))
        view.contentInset = settings.contentInset
        view.contentOffset = CGPoint(x: -settings.contentInset.left, y: -settings.contentInset.top)
        for sub in spec.sublayers { view.layer.addSublayer(makeLayer(sub)) }
        register(view, as: spec.id)
        return view
    }

    /// Hands the scroll views their touches and the refresh behaviour its scroll view.
    func startScrollScenes() {
        if let refresh = scenario.refresh, let scroll = views[refresh.scrollView] as? UIScrollView {
            let driver = PullRefreshDriver(runtime: self, spec: refresh, scrollView: scroll)
            refreshDriver = driver
            scroll.delegate = driver
            driver.scrollViewDidScroll(scroll)
        }
        for touch in scenario.touches {
            (views[touch.scrollView] as? UIScrollView)?.perform(touch.script, at: touch.start)
        }
    }

    func insertRows(_ texts: [String], into table: String, at index: Int, animated: Bool) {
        guard let view = views[table] as? UITableView, let rows = tableRows[table] else { return }
        let at = min(max(0, index), rows.texts.count)
        if at != index {
            // UIKit raises for a row past the end; a scene gets the rows at the end and a warning.
            stage.warn("insertRows at row \(index) of \(table), which has \(rows.texts.count) rows: inserted at the end (row \(at))")
        }
        rows.texts.insert(contentsOf: texts, at: at)
        view.insertRows(at: (0..<texts.count).map { IndexPath(row: at + $0, section: 0) }, with: animated ? .automatic : .none)
    }
}

extension UIColor {
    convenience init(rgba c: RGBA) { self.init(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha)) }
}

/// A scenario table's rows.
final class ScenarioRows: NSObject, UITableViewDataSource {
    static let identifier = "row"
    let spec: RowsSpec
    var texts: [String]

    init(spec: RowsSpec) {
        self.spec = spec
        texts = spec.texts
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { texts.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.identifier, for: indexPath)
        let label = cell.textLabel
        label?.text = texts[indexPath.row]
        cell.layer.name = "\(tableView.layer.name ?? "table").row\(indexPath.row)"
        label?.font = spec.font.flatMap { UIFont(name: $0, size: CGFloat(spec.fontSize)) } ?? UIFont.systemFont(ofSize: CGFloat(spec.fontSize))
        label?.textColor = UIColor(rgba: spec.textColor)
        cell.backgroundColor = spec.background.map { UIColor(rgba: $0) }
        return cell
    }
}

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
            if state == .idle, now[.pull]! >= spec.trigger { change(to: .pulling) }
            else if state == .pulling, now[.pull]! < spec.trigger { change(to: .idle) }
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
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for b in spec.bindings where b.always || state == .idle || state == .pulling {
            guard let layer = runtime.layers[b.layer] else { continue }
            let u = min(1, max(0, (now[b.source]! - b.input.0) / (b.input.1 - b.input.0)))
            let value = AnimatableValue.interpolating(b.output.0, b.output.1, fraction: u)
            layer.setValue(value.bridged, forKeyPath: b.keyPath.description)
        }
        CATransaction.commit()
    }

    private func fire(_ t: ThresholdSpec, measured: Double) {
        runtime.stage.record(String(format: "refresh: %@ %@ %@ (%.1f)", t.source.rawValue, t.on == .release ? "released at" : "crossed \(t.on.rawValue)",
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
            runtime.runViewBlock(open, changes: { [scrollView] in
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
        runtime.runViewBlock(r.close, changes: { [scrollView] in scrollView.contentInset.top = top }, completion: { [weak self] in
            guard let self, self.state == .closing else { return }
            self.change(to: .idle)
            self.runtime.perform(r.onClosed)
        })
    }

    private static func number(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v) }
}
