import Flipbook
import Foundation
import Testing

/// Alerts and action sheets (timing-model.md 11.10), as an iOS screen asks before deleting.
@Suite("alerts and action sheets")
struct AlertTests {
    final class PhotoScreen: UIViewController {
        var log: [String] = []
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
        }

        // ---- iOS code (no edits) ----
        func confirmDelete() {
            let alert = UIAlertController(title: "Delete photo?", message: "This cannot be undone.", preferredStyle: .alert)
            alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { _ in self.log.append("deleted") })
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
            present(alert, animated: true)
        }

        func share() {
            let sheet = UIAlertController(title: nil, message: nil, preferredStyle: .actionSheet)
            for title in ["Copy", "Save", "Print"] {
                sheet.addAction(UIAlertAction(title: title, style: .default) { action in self.log.append(action.title ?? "") })
            }
            sheet.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            present(sheet, animated: true)
        }
        // ---- end ----
    }

    func stage(_ root: UIViewController) -> Stage {
        Stage.hosting(root, size: CGSize(width: 320, height: 480), scale: 1)
    }

    /// The alert's box (its view's one subview) in the window.
    func boxFrame(_ alert: UIAlertController) -> CGRect {
        let box = alert.view.subviews[0]
        return box.convert(box.bounds, to: nil)
    }

    /// The screen on a stage, `show` called on it, the alert it presents, and the stage at 0.2 s.
    func presenting(_ show: (PhotoScreen) -> Void) throws -> (PhotoScreen, Stage, UIAlertController) {
        let screen = PhotoScreen()
        let stage = stage(screen)
        show(screen)
        let alert = try #require(screen.presentedViewController as? UIAlertController)
        stage.advance(to: 0.2)
        return (screen, stage, alert)
    }

    func picture(_ stage: Stage, at time: Double) throws -> PixelBuffer {
        stage.advance(to: time)
        return try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
    }

    @Test("an alert grows in, centred over a window dimmed to 80 %; a tap on its destructive button dismisses it, then runs the handler")
    func alert() throws {
        let (screen, stage, alert) = try presenting { $0.confirmDelete() }
        let scale = alert.view.layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0
        #expect(scale > 1.02 && scale < 1.18, "growing back to its size: \(scale)")
        let box = boxFrame(alert)
        #expect(box.width == 270 && abs(box.midX - 160) < 1e-9 && abs(box.midY - 240) < 1e-9)
        let settled = try picture(stage, at: 0.5)
        #expect(settled.pixel(x: 10, y: 10).r == 204, "white under black at 20 %")
        // The buttons: Cancel on the left, Delete (red) on the right, 44 pt high at the bottom.
        let row = Int(box.maxY - 22)
        let red = (Int(box.midX)..<Int(box.maxX)).contains { x in
            let p = settled.pixel(x: x, y: row)
            return p.r > 200 && p.g < 120 && p.b < 120
        }
        #expect(red, "the destructive title is red")

        stage.tap(CGPoint(x: box.midX + 60, y: box.maxY - 22), at: 1)
        stage.advance(to: 1.2)
        #expect(screen.log.isEmpty, "the handler waits for the dismissal")
        stage.advance(to: 1.5)
        #expect(screen.log == ["deleted"] && screen.presentedViewController == nil && alert.view.superview == nil)
        #expect(try picture(stage, at: 1.6).pixel(x: 10, y: 10).r == 255)
    }

    @Test("an action sheet sits 8 pt above the bottom with its cancel button apart, slides up, and answers taps")
    func actionSheet() throws {
        let (screen, stage, sheet) = try presenting { $0.share() }
        let offset = sheet.view.layer.presentation()?.value(forKeyPath: "transform.translation.y") as? CGFloat ?? 0
        #expect(offset > 10, "still sliding up: \(offset)")
        stage.advance(to: 0.5)
        let box = boxFrame(sheet)
        // Three buttons of 57 pt, 8 pt, the cancel button's 57 pt.
        #expect(box == CGRect(x: 8, y: 480 - 8 - (3 * 57 + 8 + 57), width: 304, height: 3 * 57 + 8 + 57))
        stage.tap(CGPoint(x: 160, y: box.minY + 57 + 28), at: 1)
        stage.advance(to: 1.6)
        #expect(screen.log == ["Save"] && screen.presentedViewController == nil)
    }

    @Test("three actions stack; text fields sit under the message; a disabled action takes no tap")
    func stackedAndFields() throws {
        let screen = PhotoScreen()
        let stage = stage(screen)
        let alert = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
        alert.addTextField { $0.placeholder = "Name" }
        let go = UIAlertAction(title: "Go", style: .default) { _ in screen.log.append("go") }
        go.isEnabled = false
        alert.addAction(go)
        alert.addAction(UIAlertAction(title: "Later", style: .default))
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.preferredAction = go
        screen.present(alert, animated: false)
        stage.advance(to: 0.1)
        let box = boxFrame(alert)
        let field = try #require(alert.textFields?.first)
        #expect(field.placeholder == "Name" && field.isDescendant(of: alert.view))
        let fieldFrame = field.convert(field.bounds, to: nil)
        #expect(fieldFrame.minY > box.minY + 19 && box.maxY - fieldFrame.maxY == 8 + 3 * 44 + 4)
        stage.tap(CGPoint(x: 160, y: box.maxY - 3 * 44 + 22), at: 0.2)
        stage.advance(to: 1)
        #expect(screen.log.isEmpty && screen.presentedViewController === alert, "Go is disabled")
    }
}
