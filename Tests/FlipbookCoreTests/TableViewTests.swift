import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// UITableView: rows laid out from the data source, separators, reuse, updates, controllers.
@Suite("table view")
struct TableViewTests {
    final class Rows: NSObject, UITableViewDataSource, UITableViewDelegate {
        var titles: [String]
        var made = 0
        var heights: [Int: CGFloat] = [:]
        var displayed: [Int] = []
        init(_ count: Int) { titles = (0..<count).map { "Row \($0)" } }
        func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { titles.count }
        func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            cell.textLabel?.text = titles[indexPath.row]
            return cell
        }
        func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
            heights[indexPath.row] ?? UITableView.automaticDimension
        }
        func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
            displayed.append(indexPath.row)
        }
    }

    final class CountingCell: UITableViewCell {
        nonisolated(unsafe) static var made = 0
        required init(style: CellStyle, reuseIdentifier: String?) {
            super.init(style: style, reuseIdentifier: reuseIdentifier)
            CountingCell.made += 1
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
    }

    func makeTable(rows: Int, height: CGFloat = 480, cellClass: UITableViewCell.Type = UITableViewCell.self) -> (Stage, UITableView, Rows) {
        let stage = Stage(size: CGSize(width: 320, height: height))
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: height), style: .plain)
        let rows = Rows(rows)
        table.register(cellClass, forCellReuseIdentifier: "cell")
        table.dataSource = rows
        table.delegate = rows
        stage.rootView.addSubview(table)
        stage.advance(to: 0)
        return (stage, table, rows)
    }

    @Test("rows lay out at 44 pt, text 15 pt in, hairline separators inset 15 pt, only the screenful exists")
    func layout() throws {
        let (_, table, rows) = makeTable(rows: 100)
        #expect(table.numberOfSections == 1 && table.numberOfRows(inSection: 0) == 100)
        #expect(table.contentSize.height == 4400)
        #expect(table.rectForRow(at: IndexPath(row: 3, section: 0)) == CGRect(x: 0, y: 132, width: 320, height: 44))
        let visible = try #require(table.indexPathsForVisibleRows)
        #expect(visible.map(\.row) == Array(0...10))  // 480 / 44 = 10.9
        #expect(rows.displayed == Array(0...10))
        let cell = try #require(table.cellForRow(at: IndexPath(row: 2, section: 0)))
        #expect(cell.frame == CGRect(x: 0, y: 88, width: 320, height: 44))
        #expect(cell.textLabel?.text == "Row 2" && cell.textLabel?.frame.minX == 15)
        #expect(cell.separatorView.frame == CGRect(x: 15, y: 43.5, width: 305, height: 0.5) && !cell.separatorView.isHidden)
        #expect(table.cellForRow(at: IndexPath(row: 50, section: 0)) == nil)
        #expect(table.indexPathForRow(at: CGPoint(x: 10, y: 100)) == IndexPath(row: 2, section: 0))
    }

    @Test("rows a thousandth of a point tall: at most Limits.maximumVisibleRows cells exist, with one warning")
    func visibleRowsAreBounded() {
        let (stage, table, rows) = makeTable(rows: 100_000)
        for i in 0..<100_000 { rows.heights[i] = 0.001 }
        table.reloadData()
        stage.advance(to: 0.1)
        #expect(table.visibleCells.count == Limits.maximumVisibleRows)
        #expect(
            stage.warnings.filter { $0.contains("more than 1000 rows of a table are on screen at once") }.count == 1, "\(stage.warnings)")
        stage.advance(to: 0.2)
        #expect(stage.warnings.count == 1)
    }

    @Test("an animated insert slides the rows it pushes off the bottom down and out, as UIKit's do")
    func insertSlidesRowsOut() throws {
        let (stage, table, rows) = makeTable(rows: 30)
        let bottom = try #require(table.cellForRow(at: IndexPath(row: 10, section: 0)))  // 440…484, partly on screen
        rows.titles.insert(contentsOf: ["New A", "New B"], at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0), IndexPath(row: 1, section: 0)], with: .automatic)
        stage.advance(to: 0.15)  // half way through the 0.3 s slide
        let shown = try #require(bottom.layer.presentation())
        #expect(!bottom.isHidden && bottom.textLabel?.text == "Row 10", "the bottom row still shows while it slides")
        #expect(shown.position.y > 440 + 22 && shown.position.y < 528 + 22, "between its old and new places: \(shown.position.y)")
        stage.advance(to: 0.4)
        #expect(bottom.isHidden || bottom.textLabel?.text != "Row 10", "recycled once the slide is over")
        #expect(table.indexPathsForVisibleRows?.map(\.row) == Array(0...10))
    }

    @Test("scrolling reuses cells: 10,000 rows scrolled through make no more cells than a screenful and one")
    func reuse() {
        CountingCell.made = 0
        let (stage, table, rows) = makeTable(rows: 10_000, cellClass: CountingCell.self)
        defer { withExtendedLifetime(rows) {} }  // the table holds its data source weakly
        for frame in 1...600 {
            table.contentOffset.y = CGFloat(frame) * 700
            stage.advance(to: Double(frame) / 60)
            if frame % 100 == 0 {
                let first = Int(table.contentOffset.y / 44)
                #expect(table.visibleCells.first?.textLabel?.text == "Row \(first)")
            }
        }
        #expect(CountingCell.made <= 13, "\(CountingCell.made) cells made")
        #expect(table.subviews.count <= 14)
    }

    @Test("heightForRowAt sets each row's height; reloadData asks again")
    func heights() {
        let (stage, table, rows) = makeTable(rows: 5)
        rows.heights = [1: 100, 3: 10]
        table.reloadData()
        stage.advance(to: 0.1)
        #expect(table.rectForRow(at: IndexPath(row: 2, section: 0)).minY == 144)
        #expect(table.rectForRow(at: IndexPath(row: 4, section: 0)) == CGRect(x: 0, y: 198, width: 320, height: 44))
        #expect(table.contentSize.height == 242)
    }

    @Test("inserting a row slides the rows below down and fades the new one in over 0.3 s")
    func insertAnimated() throws {
        let (stage, table, rows) = makeTable(rows: 3)
        let oldFirst = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        rows.titles.insert("103", at: 0)
        table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        #expect(table.numberOfRows(inSection: 0) == 4)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0)) === oldFirst)
        #expect(oldFirst.frame.minY == 44)
        let new = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
        #expect(new.textLabel?.text == "103" && new.alpha == 1)
        stage.advance(to: 0.15)
        let slid = try #require(oldFirst.layer.presentation()?.position.y)
        #expect(slid > 22 && slid < 66, "half way down: \(slid)")
        let fade = try #require(new.layer.presentation()?.opacity)
        #expect(fade > 0.1 && fade < 0.9, "half faded in: \(fade)")
        stage.advance(to: 0.4)
        #expect(oldFirst.layer.presentation()?.position.y == 66 && new.layer.presentation()?.opacity == 1)
        rows.titles.remove(at: 1)
        table.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
        #expect(table.numberOfRows(inSection: 0) == 3 && table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Row 1")
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.frame.minY == 44)
    }

    @Test("a plain table draws separators on below its last row; a footer view hides them")
    func extraSeparators() throws {
        let (stage, table, rows) = makeTable(rows: 2, height: 300)
        defer { withExtendedLifetime(rows) {} }
        let shape = try #require(table.layer.sublayers?.compactMap { $0 as? CAShapeLayer }.first)
        let moves = try #require(shape.path).elements.filter { if case .moveTo = $0 { return true } else { return false } }
        #expect(moves.count == 4)  // rows end at 88; lines at 132, 176, 220 and 264 (308 is off screen)
        table.tableFooterView = UIView()
        stage.advance(to: 0.1)
        #expect(shape.path == nil)
    }

    @Test("a table view controller loads its table, feeds it and holds the refresh control")
    func controller() throws {
        final class Controller: UITableViewController {
            var loaded = false
            override func viewDidLoad() {
                super.viewDidLoad()
                loaded = true
                tableView.register(UITableViewCell.self, forCellReuseIdentifier: "c")
                refreshControl = UIRefreshControl()
            }
            override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 20 }
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                cell.textLabel?.text = "\(indexPath.row)"
                return cell
            }
            override func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 60 }
        }
        let stage = Stage(size: CGSize(width: 320, height: 480))
        let controller = Controller()
        (stage.rootView as? UIWindow)?.rootViewController = controller
        stage.advance(to: 0)
        #expect(controller.loaded && controller.tableView.frame == CGRect(x: 0, y: 0, width: 320, height: 480))
        #expect(controller.tableView.refreshControl === controller.refreshControl && controller.refreshControl != nil)
        #expect(controller.tableView.visibleCells.count == 8)
        #expect(controller.tableView.cellForRow(at: IndexPath(row: 7, section: 0))?.frame.minY == 420)
    }
}
