import Flipbook
import Foundation
import Testing

/// Swipe actions on table rows, as a mail list writes them (timing-model.md 11.13).
@Suite("table swipe actions")
struct SwipeActionsTests {
    // ---- iOS code (no edits) ----
    final class InboxController: UITableViewController {
        var messages = (1...20).map { "Message \($0)" }
        var log: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
        }

        override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }

        override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
            let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
            cell.textLabel?.text = messages[indexPath.row]
            return cell
        }

        override func tableView(_ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath)
            -> UISwipeActionsConfiguration?
        {
            let delete = UIContextualAction(style: .destructive, title: "Delete") { _, _, completion in
                self.log.append("delete \(self.messages[indexPath.row])")
                self.messages.remove(at: indexPath.row)
                tableView.deleteRows(at: [indexPath], with: .automatic)
                completion(true)
            }
            let archive = UIContextualAction(style: .normal, title: "Archive") { _, _, completion in
                self.log.append("archive")
                completion(true)
            }
            archive.backgroundColor = .systemBlue
            return UISwipeActionsConfiguration(actions: [delete, archive])
        }
    }
    // ---- end ----

    func inbox() -> (Stage, InboxController) {
        let controller = InboxController()
        let stage = Stage.hosting(controller, size: CGSize(width: 320, height: 480))
        stage.advance(to: 0.1)
        return (stage, controller)
    }

    /// Row 1's centre in the window (rows 44 pt high from the top).
    let row1 = CGPoint(x: 200, y: 44 + 22)

    @Test("swiped 100 pt left and let go, the row stays open on its two buttons, Delete outermost; a tap on Delete deletes it")
    func openThenDelete() throws {
        let (stage, controller) = inbox()
        let table = controller.tableView!
        stage.drag(from: row1, by: CGPoint(x: -100, y: 0), over: 0.3, hold: 0.1, at: 0.2)
        stage.advance(to: 1.2)
        let cell = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
        let buttons = cell.subviews.compactMap { $0 as? UIButton } + cell.subviews.flatMap { $0.subviews.compactMap { $0 as? UIButton } }
        let delete = try #require(buttons.first { $0.currentTitle == "Delete" })
        let archive = try #require(buttons.first { $0.currentTitle == "Archive" })
        let full = delete.frame.width + archive.frame.width
        #expect(abs(cell.contentView.frame.minX + full) < 1e-9 && full > 120, "open on its buttons: \(cell.contentView.frame) \(full)")
        #expect(delete.frame.minX > archive.frame.minX && delete.backgroundColor == .systemRed, "Delete at the edge")
        #expect(table.contentOffset.y == 0, "a sideways drag does not scroll")
        stage.tap(delete, at: 1.5)
        stage.advance(to: 2.5)
        #expect(controller.log == ["delete Message 2"] && controller.messages.count == 19)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.textLabel?.text == "Message 3")
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView.frame.minX == 0)
    }

    @Test("a short swipe closes again; a tap elsewhere closes an open row; a swipe across most of the row performs Delete")
    func closeAndFullSwipe() throws {
        let (stage, controller) = inbox()
        let table = controller.tableView!
        stage.drag(from: row1, by: CGPoint(x: -30, y: 0), over: 0.2, hold: 0.1, at: 0.2)
        stage.advance(to: 1)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView.frame.minX == 0)
        stage.drag(from: row1, by: CGPoint(x: -100, y: 0), over: 0.3, hold: 0.1, at: 1.2)
        stage.advance(to: 2.2)
        #expect((table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView.frame.minX ?? 0) < -100)
        stage.tap(CGPoint(x: 100, y: 300), at: 2.3)
        stage.advance(to: 3)
        #expect(table.cellForRow(at: IndexPath(row: 1, section: 0))?.contentView.frame.minX == 0 && controller.log.isEmpty)
        stage.drag(from: CGPoint(x: 300, y: 3 * 44 + 22), by: CGPoint(x: -260, y: 0), over: 0.3, hold: 0.1, at: 3.2)
        stage.advance(to: 4.5)
        #expect(controller.log == ["delete Message 4"], "\(controller.log)")
    }

    @Test("a vertical drag on a row scrolls the table and opens nothing")
    func verticalScrolls() {
        let (stage, controller) = inbox()
        let table = controller.tableView!
        stage.drag(from: row1, by: CGPoint(x: -20, y: -150), over: 0.3, release: .zero, at: 0.2)
        stage.advance(to: 1)
        #expect(table.contentOffset.y > 100 && table.visibleCells.allSatisfy { $0.contentView.frame.minX == 0 })
    }
}
