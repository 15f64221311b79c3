import Flipbook
import Foundation
import Testing

/// Progress views, switches, sliders and page controls as iOS draws and moves them
/// (timing-model.md 11.6), written as an iOS screen uses them.
@Suite("progress views, switches, sliders, page controls")
struct ControlsTests {
    /// The stage's picture at `time` on white, and the pixel at (x, y) as (r, g, b).
    func pixel(_ stage: Stage, at time: Double, _ x: Int, _ y: Int) throws -> [Int] {
        stage.advance(to: time)
        let picture = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let p = picture.pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    func near(_ a: [Int], _ b: [Int], within: Int = 3) -> Bool { zip(a, b).allSatisfy { abs($0 - $1) <= within } }

    static let blue = [0, 122, 255], green = [52, 199, 89]
    /// The system fill grey (120, 120, 128 at 20 %) over white.
    static let trackGrey = [228, 228, 230]

    @Test("a progress view fills its share of the track in the tint, the rest grey; values are pinned to 0…1")
    func progressView() throws {
        let stage = Stage(size: CGSize(width: 220, height: 40), scale: 1)
        let bar = UIProgressView(progressViewStyle: .default)
        bar.frame = CGRect(x: 10, y: 10, width: 200, height: 4)
        bar.progress = 0.5
        stage.rootView.addSubview(bar)
        #expect(near(try pixel(stage, at: 0, 60, 12), Self.blue))
        #expect(near(try pixel(stage, at: 0, 160, 12), Self.trackGrey))
        #expect(bar.intrinsicContentSize.height == 4)
        bar.progress = 1.7
        #expect(bar.progress == 1)
        bar.progress = -2
        #expect(bar.progress == 0)

        // Animated: the fill's edge moves as a 0.25 s ease-in-out view animation.
        bar.progress = 0.5
        bar.setProgress(0.8, animated: true)
        // Half-way through an ease-in-out: half-way along, x = 10 + 200 × 0.65 = 140.
        #expect(near(try pixel(stage, at: 0.125, 135, 12), Self.blue))
        #expect(near(try pixel(stage, at: 0.125, 145, 12), Self.trackGrey))
        #expect(near(try pixel(stage, at: 0.3, 165, 12), Self.blue))
        bar.progressTintColor = .systemGreen
        #expect(near(try pixel(stage, at: 0.4, 20, 12), Self.green))
    }

    @Test("a switch keeps its own 51 × 31 size, toggles on a tap with the thumb sliding over, and sends valueChanged")
    func switchToggles() throws {
        let stage = Stage(size: CGSize(width: 120, height: 80), scale: 1)
        let toggle = UISwitch(frame: CGRect(x: 20, y: 20, width: 100, height: 100))
        var changes: [Bool] = []
        toggle.addAction(UIAction { _ in changes.append(toggle.isOn) }, for: .valueChanged)
        stage.rootView.addSubview(toggle)
        #expect(toggle.frame.size == CGSize(width: 51, height: 31))
        // Off: the thumb (white) at the left, the track's right end grey (secondary fill).
        #expect(try pixel(stage, at: 0, 35, 35) == [255, 255, 255])
        #expect(near(try pixel(stage, at: 0, 64, 35), [233, 233, 235]))
        toggle.setOn(true, animated: false)
        #expect(near(try pixel(stage, at: 0, 26, 35), Self.green), "on: the track green where the thumb was")
        #expect(try pixel(stage, at: 0, 57, 35) == [255, 255, 255], "the thumb at the right")
        #expect(changes.isEmpty, "setOn sends nothing")

        stage.tap(toggle, at: 0.1)  // lifts at 0.2
        stage.advance(to: 0.21)
        #expect(!toggle.isOn && changes == [false], "the lift turned it off and sent valueChanged once")
        // The thumb slides back left over 0.25 s: mid-way it has left the right end.
        #expect(try pixel(stage, at: 0.5, 35, 35) == [255, 255, 255])
        #expect(near(try pixel(stage, at: 0.5, 64, 35), [233, 233, 235]))
    }

    @Test("a slider draws the tint up to the thumb and grey after it; values are held in the range")
    func slider() throws {
        let stage = Stage(size: CGSize(width: 200, height: 31), scale: 1)
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        slider.maximumValue = 10
        slider.value = 2.5
        stage.rootView.addSubview(slider)
        let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: 2.5)
        #expect(abs(thumb.midX - (14 + 172 * 0.25)) < 1e-9 && thumb.width == 28)
        #expect(near(try pixel(stage, at: 0, 5, 15), Self.blue))
        #expect(near(try pixel(stage, at: 0, 190, 15), Self.trackGrey))
        #expect(try pixel(stage, at: 0, Int(thumb.midX), 15) == [255, 255, 255], "the white thumb")
        slider.value = 40
        #expect(slider.value == 10)
        slider.minimumValue = 12
        #expect(slider.value == 12 && slider.maximumValue == 12, "a minimum above the maximum raises both")

        var changes = 0
        let still = UISlider(frame: CGRect(x: 0, y: 0, width: 200, height: 31))
        still.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
        still.value = 0.5
        stage.rootView.addSubview(still)
        stage.tap(still, at: 0.1)
        stage.advance(to: 0.5)
        #expect(still.value == 0.5 && changes == 0, "a finger that does not move leaves the value")
    }

    @Test("a page control's dots: 7 pt, 16 pt apart, the current one white; a tap beside it turns a page")
    func pageControl() throws {
        let stage = Stage(size: CGSize(width: 200, height: 37), scale: 1)
        let backdrop = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 37))
        backdrop.backgroundColor = .black
        stage.rootView.addSubview(backdrop)
        let pages = UIPageControl(frame: CGRect(x: 0, y: 0, width: 200, height: 37))
        pages.numberOfPages = 5
        pages.currentPage = 2
        var turned: [Int] = []
        pages.addAction(UIAction { _ in turned.append(pages.currentPage) }, for: .valueChanged)
        backdrop.addSubview(pages)
        #expect(pages.size(forNumberOfPages: 5) == CGSize(width: 71, height: 37))
        // Dots from x = 100 − 35.5 = 64.5, every 16 pt: the current (third) one's centre at 100.
        #expect(try pixel(stage, at: 0, 100, 18) == [255, 255, 255])
        #expect(near(try pixel(stage, at: 0, 84, 18), [77, 77, 77]), "white at 30 % over black")
        #expect(try pixel(stage, at: 0, 92, 18) == [0, 0, 0], "nothing between dots")

        stage.tap(CGPoint(x: 150, y: 18), at: 0.1)
        stage.advance(to: 0.3)
        #expect(pages.currentPage == 3 && turned == [3])
        stage.tap(CGPoint(x: 20, y: 18), at: 0.4)
        stage.advance(to: 0.6)
        #expect(pages.currentPage == 2 && turned == [3, 2])
        #expect(try pixel(stage, at: 0.6, 100, 18) == [255, 255, 255])
        pages.currentPage = 9
        #expect(pages.currentPage == 4, "held within the pages")
        pages.hidesForSinglePage = true
        pages.numberOfPages = 1
        #expect(pages.isHidden && pages.currentPage == 0)
    }

    @Test("a segmented control: a grey track, a white pill on the selected segment sliding to a tapped one")
    func segmentedControl() throws {
        let stage = Stage(size: CGSize(width: 260, height: 52), scale: 1)
        let control = UISegmentedControl(items: ["One", "Two", "Three"])
        #expect(control.intrinsicContentSize.height == 32 && control.numberOfSegments == 3)
        let widest = ("Three" as NSString).size(withAttributes: [.font: UIFont.systemFont(ofSize: 13, weight: .semibold)]).width
        #expect(control.intrinsicContentSize.width == 3 * (ceil(widest) + 24), "equal segments, each the widest title and 12 pt a side")
        control.frame = CGRect(x: 10, y: 10, width: 240, height: 32)
        control.selectedSegmentIndex = 0
        var changes: [Int] = []
        control.addAction(UIAction { _ in changes.append(control.selectedSegmentIndex) }, for: .valueChanged)
        stage.rootView.addSubview(control)
        // The tertiary system fill (118, 118, 128 at 12 %) over white, and the pill 2 pt inside.
        let grey = [239, 239, 240]
        #expect(near(try pixel(stage, at: 0, 200, 14), grey))
        #expect(try pixel(stage, at: 0, 20, 14) == [255, 255, 255])

        stage.tap(CGPoint(x: 210, y: 26), at: 0.1)
        stage.advance(to: 0.21)
        #expect(control.selectedSegmentIndex == 2 && changes == [2])
        #expect(near(try pixel(stage, at: 0.7, 200, 14), [255, 255, 255]))
        #expect(near(try pixel(stage, at: 0.7, 20, 14), grey))
        // Mid-slide the pill stands between the first segment and the third.
        let stageMid = Stage(size: CGSize(width: 260, height: 52), scale: 1)
        let sliding = UISegmentedControl(items: ["One", "Two", "Three"])
        sliding.frame = CGRect(x: 10, y: 10, width: 240, height: 32)
        sliding.selectedSegmentIndex = 0
        stageMid.rootView.addSubview(sliding)
        stageMid.tap(CGPoint(x: 210, y: 26), at: 0.1)
        #expect(try pixel(stageMid, at: 0.325, 130, 14) == [255, 255, 255], "half-way: over the middle segment")
        #expect(near(try pixel(stageMid, at: 0.325, 20, 14), grey))

        control.setEnabled(false, forSegmentAt: 0)
        stage.tap(CGPoint(x: 30, y: 26), at: 1)
        stage.advance(to: 1.2)
        #expect(control.selectedSegmentIndex == 2 && changes == [2], "a disabled segment takes no tap")
        control.removeSegment(at: 0, animated: false)
        #expect(control.selectedSegmentIndex == 1 && control.titleForSegment(at: 1) == "Three")
        control.selectedSegmentIndex = 7
        #expect(control.selectedSegmentIndex == UISegmentedControl.noSegment)
    }

    @Test("a stepper keeps its 94 × 32 size, steps by a tap on either half, holds or wraps at its ends")
    func stepper() throws {
        let stage = Stage(size: CGSize(width: 120, height: 52), scale: 1)
        let stepper = UIStepper(frame: CGRect(x: 10, y: 10, width: 300, height: 300))
        stepper.maximumValue = 2
        stepper.stepValue = 0.5
        var values: [Double] = []
        stepper.addAction(UIAction { _ in values.append(stepper.value) }, for: .valueChanged)
        stage.rootView.addSubview(stepper)
        #expect(stepper.frame.size == CGSize(width: 94, height: 32))
        // The minus is grey at the minimum, the plus black: ink at the signs' middles.
        #expect(try pixel(stage, at: 0, 10 + 70, 10 + 16)[0] < 60)
        #expect(try pixel(stage, at: 0, 10 + 23, 10 + 16)[0] > 150)
        for (index, x) in [80, 80, 80, 80, 80, 20].enumerated() { stage.tap(CGPoint(x: x, y: 26), at: 0.1 + Double(index) * 0.5) }
        stage.advance(to: 4)
        #expect(values == [0.5, 1, 1.5, 2, 1.5], "held at 2, then down")
        stepper.wraps = true
        stepper.value = 2
        stage.tap(CGPoint(x: 80, y: 26), at: 4.1)
        stage.advance(to: 4.5)
        #expect(stepper.value == 0 && values.last == 0, "wrapped round")
        stepper.value = 7
        #expect(stepper.value == 2)
    }
}
