import FlipbookCore
import FlipbookUIKit
import Foundation

extension ScenarioRuntime {
    /// Whether the file declares scroll views or tables.
    public var hasScrollViews: Bool { scenario.layers.contains { $0.type.isScrollView } }

    /// One line per scroll view: its offset as shown (an animated open or close moves it on
    /// screen while the model value has already jumped: the presentation's, as a frame draws
    /// it), and for the refresh scroll view the pull and the refresh state, for traces.
    public var scrollStates: [String] {
        scenario.layers.filter { $0.type.isScrollView }.compactMap { spec in
            guard let view = views[spec.id] as? UIScrollView else { return nil }
            let shown = view.layer.presentation()?.bounds.origin.y ?? view.contentOffset.y
            var line = String(format: "offset %@ y=%.2f", spec.id, shown + 0)
            if let driver = refreshDriver, driver.scrollView === view {
                line += String(
                    format: " pull=%.2f inset=%.2f %@%@", driver.measures[.pull]! + 0, view.contentInset.top, driver.state.rawValue,
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
        view.showsVerticalScrollIndicator = settings.showsVerticalScrollIndicator
        view.showsHorizontalScrollIndicator = settings.showsHorizontalScrollIndicator
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
    convenience init(rgba c: RGBA) {
        self.init(red: CGFloat(c.red), green: CGFloat(c.green), blue: CGFloat(c.blue), alpha: CGFloat(c.alpha))
    }
}
