import Flipbook
import Foundation
import Testing

/// Seed 002's UIRefreshControl subclass (seed 002's blog post, docs/gallery.md), ported to today's names.
/// The `.valueChanged` target–selector pair becomes a `UIAction` (no Objective-C runtime
/// on Linux); everything else is the post's code.
@Suite("seed 002 ported")
struct Seed002PortTests {
    final class RefreshControl: UIRefreshControl {
        var labels: [UILabel] = []
        var currentLabelIndex = 0
        let refreshContents = UIView()
        var steps: [String] = []
        /// When the first cycle began (test instrumentation).
        var startedAt: Double?

        override init() {
            super.init()
            backgroundColor = backgroundColor ?? .clear
            for (i, letter) in "APPCODA".enumerated() {
                let label = UILabel(frame: CGRect(x: 60 + CGFloat(i) * 30, y: 20, width: 20, height: 20))
                label.text = String(letter)
                label.textColor = .black
                refreshContents.addSubview(label)
                labels.append(label)
            }
            addSubview(refreshContents)
            addAction(UIAction { [weak self] _ in self?.animateRefreshStep1() }, for: .valueChanged)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func layoutSubviews() {
            super.layoutSubviews()
            isHidden = (bounds.height >= 60 && frame.minY > -3)
            refreshContents.frame = bounds
        }

        override func endRefreshing() {
            super.endRefreshing()
            currentLabelIndex = 0
            for label in labels {
                label.transform = .identity
                label.textColor = .black
            }
        }

        func animateRefreshStep1() {
            if !isRefreshing { return }
            let label = labels[currentLabelIndex]
            steps.append("1:\(currentLabelIndex)")
            if startedAt == nil { startedAt = CACurrentMediaTime() }
            UIView.animate(
                withDuration: 0.1,
                animations: {
                    label.transform = CGAffineTransform(rotationAngle: .pi / 4)
                    label.textColor = .red
                },
                completion: { _ in
                    UIView.animate(
                        withDuration: 0.05,
                        animations: {
                            label.transform = .identity
                            label.textColor = .black
                        },
                        completion: { _ in
                            if !self.isRefreshing { return }
                            self.currentLabelIndex += 1
                            if self.currentLabelIndex < self.labels.count {
                                self.animateRefreshStep1()
                            } else {
                                self.animateRefreshStep2()
                            }
                        })
                })
        }

        func animateRefreshStep2() {
            if !isRefreshing { return }
            steps.append("2")
            UIView.animate(
                withDuration: 0.35,
                animations: {
                    self.labels.forEach { $0.transform = CGAffineTransform(scaleX: 1.5, y: 1.5) }
                },
                completion: { _ in
                    if !self.isRefreshing { return }
                    UIView.animate(
                        withDuration: 0.25,
                        animations: {
                            self.labels.forEach { $0.transform = .identity }
                        },
                        completion: { _ in
                            if self.isRefreshing {
                                self.currentLabelIndex = 0
                                self.animateRefreshStep1()
                            }
                        })
                })
        }
    }

    /// The repository's TableViewController (PullRefresh/TableViewController.swift in
    /// 949478479/Learning-Notes), with the AppCoda original's five 60 pt rows.
    final class TableViewController: UITableViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
            refreshControl = RefreshControl()
        }
        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 5 }
        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath)
            cell.textLabel?.text = ["One", "Two", "Three", "Four", "Five"][indexPath.row]
            return cell
        }
        override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }
    }

    /// The controller in a 320×480 window.
    static func tableWithControl() -> (Stage, UITableView, RefreshControl) {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 2)
        let controller = TableViewController()
        (stage.rootView as? UIWindow)?.rootViewController = controller
        return (stage, controller.tableView, controller.refreshControl as! RefreshControl)
    }

    @Test("a finger pull starts the letters: each tilts for 0.15 s in turn, then all grow and shrink for 0.6 s, and again")
    func letters() throws {
        let (stage, table, control) = Self.tableWithControl()
        #expect(table.visibleCells.map { $0.textLabel?.text ?? "" } == ["One", "Two", "Three", "Four", "Five"])
        table.perform(.pull(400, over: 0.6, hold: 0.3), at: 0.1)
        var frame = 0
        while control.startedAt == nil && frame < 60 {
            frame += 1
            stage.advance(to: Double(frame) / 60)
        }
        // 100 pt of content (the trigger) needs ~230 pt of finger: the cycle starts mid-drag.
        let start = try #require(control.startedAt)
        #expect(start > 0.1 && start < 0.7 && control.isRefreshing)
        // Letter k tilts from start + 0.15k; the seventh ends at start + 1.05, then step 2 runs 0.6 s.
        stage.advance(to: start + 0.15 * 3 + 0.05)
        let tilted = try #require(control.labels[3].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(tilted > 0.1 && tilted < .pi / 4 + 1e-9, "letter 3 at its mid-tilt: \(tilted)")
        #expect(control.labels[2].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat == 0)
        stage.advance(to: start + 1.05 + 0.35)
        let grown = try #require(control.labels[0].layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
        #expect(abs(grown - 1.5) < 1e-6)
        // Released at 1.0 s: the content settled with the 60 pt control showing (13.4, 13.5).
        #expect(abs(table.contentOffset.y + 60) < 0.5 && table.contentInset.top == 60)
        stage.advance(to: start + 1.05 + 0.6 + 0.01)
        #expect(control.steps.prefix(9) == ["1:0", "1:1", "1:2", "1:3", "1:4", "1:5", "1:6", "2", "1:0"])
        control.endRefreshing()
        stage.advance(to: 4)
        #expect(control.labels.allSatisfy { $0.transform == .identity })
        #expect(table.layer.presentation()?.bounds.origin.y == 0)
    }
    @Test("started at time 0 with no advance before, the letters still tilt in turn (timing-model.md 11.1)")
    func lettersFromTimeZero() throws {
        let (stage, table, control) = Self.tableWithControl()
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 400))
        table.endDragging()
        stage.advance(to: 0.05)
        let tilted = try #require(control.labels[0].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(tilted > 0.1 && tilted < .pi / 4, "letter 0 at its mid-tilt: \(tilted)")
        stage.advance(to: 0.15 * 3 + 0.05)
        #expect(control.steps.prefix(4) == ["1:0", "1:1", "1:2", "1:3"], "\(control.steps)")
        let third = try #require(control.labels[3].layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat)
        #expect(third > 0.1, "letter 3 tilting at 0.5 s: \(third)")
        stage.advance(to: 1.05 + 0.35)
        let grown = try #require(control.labels[0].layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
        #expect(abs(grown - 1.5) < 1e-6)
    }
}
