import Flipbook
import Foundation
import Testing

/// docs/porting.md's Linux-side lines compile as written (they are copied here verbatim, and the
/// test checks the guide still holds them) and do what the guide says.
@Suite("docs/porting.md's snippets")
struct PortingGuideSnippetTests {
    final class Header: UIView {
        var control = UIRefreshControl()
        var displayLink: CADisplayLink?
        var timer: Timer?
        var calls: [String] = []
        func refresh() { calls.append("refresh") }
        func tick() { calls.append("tick") }
        func step() { calls.append("step") }
        func handlePan(_ pan: UIPanGestureRecognizer) { calls.append("pan") }

        func attach() -> UIPanGestureRecognizer {
            control.addTarget(self, action: Header.refresh, for: .valueChanged)
            displayLink = CADisplayLink(target: self, selector: Header.tick)
            timer = Timer.scheduledTimer(timeInterval: 0.01, target: self, selector: Header.step, userInfo: nil, repeats: true)
            let pan = UIPanGestureRecognizer(target: self, action: Header.handlePan(_:))
            return pan
        }
    }

    static let guideLines = [
        "control.addTarget(self, action: Header.refresh, for: .valueChanged)",
        "displayLink = CADisplayLink(target: self, selector: Header.tick)",
        "timer = Timer.scheduledTimer(timeInterval: 0.01, target: self, selector: Header.step, userInfo: nil, repeats: true)",
        "let pan = UIPanGestureRecognizer(target: self, action: Header.handlePan(_:))",
        "table.perform(.pull(150, over: 0.5, hold: 0.2, x: 120), at: 0.3)",
        "stage.drag(card, by: CGPoint(x: 120, y: 0), over: 0.4, release: CGPoint(x: 600, y: 0), at: 0.2)",
        "stage.drag(from: CGPoint(x: 5, y: 300), by: CGPoint(x: 200, y: 0), over: 0.3, at: 1)",
        "stage.pinch(photo, scale: 2, rotation: .pi / 2, over: 0.5, at: 3)"
    ]

    @Test("the guide holds these lines")
    func guideHoldsThem() throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) { root.deleteLastPathComponent() }
        let guide = try String(contentsOf: root.appendingPathComponent("docs/porting.md"), encoding: .utf8)
        for line in Self.guideLines { #expect(guide.contains(line), "\(line)") }
    }

    @Test("the method references act as the selectors did, on the Stage clock")
    func methodReferencesAct() {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let header = Header()
        let pan = header.attach()
        header.displayLink?.add(to: .main, forMode: .common)
        header.control.sendActions(for: .valueChanged)
        stage.advance(to: 0.035)
        #expect(header.calls.filter { $0 == "refresh" }.count == 1)
        #expect(header.calls.filter { $0 == "tick" }.count == 2, "ticks at 1/60 and 2/60 s")
        #expect(header.calls.filter { $0 == "step" }.count == 3, "0.01, 0.02, 0.03 s")
        _ = pan
    }

    @Test("the guide's fingers: a card dragged, a screen-edge pan, a long press dragged, a photo pinched and turned")
    func fingersSnippet() {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1)
        let card = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        let photo = UIView(frame: CGRect(x: 60, y: 200, width: 200, height: 200))
        stage.rootView.addSubview(card)
        stage.rootView.addSubview(photo)
        var heard: [String] = []
        let pan = UIPanGestureRecognizer { r in if r.state == .ended { heard.append("pan") } }
        card.addGestureRecognizer(pan)
        let edge = UIScreenEdgePanGestureRecognizer { r in if r.state == .began { heard.append("edge") } }
        edge.edges = .left
        stage.rootView.addGestureRecognizer(edge)
        let press = UILongPressGestureRecognizer { r in if r.state == .ended { heard.append("press") } }
        stage.rootView.addGestureRecognizer(press)
        let pinch = UIPinchGestureRecognizer { r in if r.state == .ended { heard.append("pinch") } }
        photo.addGestureRecognizer(pinch)
        stage.drag(card, by: CGPoint(x: 120, y: 0), over: 0.4, release: CGPoint(x: 600, y: 0), at: 0.2)
        stage.drag(from: CGPoint(x: 5, y: 300), by: CGPoint(x: 200, y: 0), over: 0.3, at: 1)
        stage.perform(
            TouchScript([
                .touchDownAt(CGPoint(x: 140, y: 140)), .hold(0.6),
                .move(by: CGPoint(x: 0, y: 60), duration: 0.2, curve: .init(name: .linear)),
                .release(velocity: nil)
            ]), at: 2)
        stage.pinch(photo, scale: 2, rotation: .pi / 2, over: 0.5, at: 3)
        stage.advance(to: 4)
        #expect(heard == ["pan", "edge", "press", "pinch"], "\(heard)")
    }

    @Test("the guide's touch script: the finger pulls at x 120, holds, and lifts at 1.0 s")
    func touchSnippet() {
        let stage = Stage(size: CGSize(width: 320, height: 480), scale: 1)
        let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
        stage.rootView.addSubview(table)
        table.perform(.pull(150, over: 0.5, hold: 0.2, x: 120), at: 0.3)
        stage.advance(to: 0.9)
        #expect(table.isDragging && table.panGestureRecognizer.location(in: nil).x == 120)
        stage.advance(to: 1.0)
        #expect(!table.isDragging)
    }
}
