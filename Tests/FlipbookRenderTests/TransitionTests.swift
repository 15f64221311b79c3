import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// CATransition and UIView transitions, with pixels worked from timing-model.md 7.
@Suite("transitions")
struct TransitionTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A 100 × 20 red layer that turns blue under `transition`, drawn at `time`.
    func frame(_ configure: (CATransition) -> Void, at time: Double) throws -> PixelBuffer {
        try render(CGSize(width: 100, height: 20), at: time) { stage in
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            layer.backgroundColor = self.red
            stage.rootLayer.addSublayer(layer)
            stage.advance(to: 0)
            let t = CATransition()
            t.duration = 1
            t.timingFunction = CAMediaTimingFunction(name: .linear)
            configure(t)
            layer.add(t, forKey: "anything")
            #expect(layer.animationKeys() == ["transition"])
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            layer.backgroundColor = self.blue
            CATransaction.commit()
        }
    }

    @Test("fade is a cross-dissolve: old × (1 − p) + new × p (7.2)")
    func fade() throws {
        let px = try frame({ $0.type = .fade }, at: 0.5)
        let c = px.rgb(50, 10)
        #expect(abs(c[0] - 128) <= 1 && c[1] == 0 && abs(c[2] - 128) <= 1)
        let after = try frame({ $0.type = .fade }, at: 1.5)
        #expect(after.rgb(50, 10) == [0, 0, 255])
    }

    @Test("the picture left is the layer as last committed, also when the new content is set before the transition is added (7.1)")
    func pictureFromLastCommit() throws {
        let px = try render(CGSize(width: 100, height: 20), at: 0.5) { stage in
            let layer = CALayer()
            layer.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
            layer.backgroundColor = self.red
            stage.rootLayer.addSublayer(layer)
            stage.advance(to: 0)
            // iOS code's usual order: the new content first, the transition after.
            layer.backgroundColor = self.blue
            let t = CATransition()
            t.type = .fade
            t.duration = 1
            t.timingFunction = CAMediaTimingFunction(name: .linear)
            layer.add(t, forKey: nil)
        }
        let c = px.rgb(50, 10)
        #expect(abs(c[0] - 128) <= 1 && c[1] == 0 && abs(c[2] - 128) <= 1, "half red, half blue: \(c)")
        // A text layer's string set first: half way, the old text's ink is still there.
        func ink(_ text: String?) throws -> Int {
            let frame = try render(CGSize(width: 120, height: 40), at: 0.5) { stage in
                let label = CATextLayer()
                label.frame = CGRect(x: 0, y: 0, width: 120, height: 40)
                label.fontSize = 30
                label.foregroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
                label.string = "MM"
                stage.rootLayer.addSublayer(label)
                stage.advance(to: 0)
                label.string = text
                let t = CATransition()
                t.type = .fade
                t.duration = 1
                t.timingFunction = CAMediaTimingFunction(name: .linear)
                label.add(t, forKey: nil)
            }
            // Half way through the fade the old picture is at half strength: its ink is grey.
            let rgba = frame.rgba
            return (0..<(frame.width * frame.height)).filter { rgba[$0 * 4 + 3] > 128 && rgba[$0 * 4] < 200 }.count
        }
        #expect(try ink("") > 50, "the old string fades out")
    }

    @Test("push from the right: the old picture leaves left as the new one enters (7.2)")
    func push() throws {
        let px = try frame(
            {
                $0.type = .push
                $0.subtype = .fromRight
            }, at: 0.5)
        #expect(px.rgb(25, 10) == [255, 0, 0])
        #expect(px.rgb(75, 10) == [0, 0, 255])
    }

    @Test("moveIn from the left slides the new picture over the old one; reveal uncovers it (7.2)")
    func moveInAndReveal() throws {
        let moveIn = try frame(
            {
                $0.type = .moveIn
                $0.subtype = .fromLeft
            }, at: 0.25)
        // New picture offset −75: covers 0…25.
        #expect(moveIn.rgb(10, 10) == [0, 0, 255])
        #expect(moveIn.rgb(60, 10) == [255, 0, 0])
        let reveal = try frame(
            {
                $0.type = .reveal
                $0.subtype = .fromLeft
            }, at: 0.25)
        // Old picture moves right by 25 (new comes from the left, old leaves the other way... to
        // the right): it covers 25…125; the new one shows at 0…25.
        #expect(reveal.rgb(10, 10) == [0, 0, 255])
        #expect(reveal.rgb(60, 10) == [255, 0, 0])
    }

    @Test("startProgress and endProgress bound the progress (7.2)")
    func progressRange() throws {
        let px = try frame(
            {
                $0.type = .push
                $0.subtype = .fromRight
                $0.startProgress = 0.5
            }, at: 0)
        #expect(px.rgb(25, 10) == [255, 0, 0])
        #expect(px.rgb(75, 10) == [0, 0, 255])
    }

    @Test("UIView.transition cross-dissolves a view's change and calls completion at the end (7.3)")
    func viewTransition() throws {
        let stage = Stage(size: CGSize(width: 40, height: 40), scale: 1)
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        stage.rootView.addSubview(view)
        stage.advance(to: 0)
        var finished: Bool?
        UIView.transition(
            with: view, duration: 0.4, options: [.transitionCrossDissolve, .curveLinear],
            animations: {
                view.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
            }, completion: { finished = $0 })
        #expect(view.layer.animationKeys() == ["transition"])
        stage.advance(to: 0.2)
        let mid = try FrameRasterizer.rasterize(stage.snapshot()).rgb(20, 20)
        #expect(abs(mid[0] - 128) <= 1 && abs(mid[2] - 128) <= 1)
        stage.advance(to: 0.5)
        #expect(finished == true)
    }

    @Test("transition(from:to:) swaps the views and flips the container's picture (7.3)")
    func fromTo() throws {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: container.bounds), back = UIView(frame: container.bounds)
        front.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        back.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        container.addSubview(front)
        stage.rootView.addSubview(container)
        stage.advance(to: 0)
        UIView.transition(from: front, to: back, duration: 1, options: [.transitionFlipFromLeft, .curveLinear])
        #expect(front.superview == nil && back.superview === container)
        // A quarter of the way the old face has turned 45°: narrower than the container.
        stage.advance(to: 0.25)
        let quarter = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let ink = quarter.inkBounds!
        #expect(ink.maxX - ink.minX < 90 && ink.maxX - ink.minX > 50)
        #expect(quarter.rgb(50, 50) == [255, 0, 0])
        // Three quarters: the new face, turning in.
        stage.advance(to: 0.75)
        #expect(try FrameRasterizer.rasterize(stage.snapshot()).rgb(50, 50) == [0, 0, 255])
    }
}
