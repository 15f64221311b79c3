import Flipbook
import Foundation
import Testing

/// `UIVisualEffectView` as app screens use it (issue 60 item 4): a blur drawn as its material's
/// translucent tint (Flipbook's stand-in, docs/porting.md), content in `contentView`, an
/// effect faded in inside `UIView.animate`.
@Suite("visual effect views")
struct VisualEffectViewTests {
    /// A red screen with `view` on it, drawn at `time`.
    static func draw(_ view: UIView, on stage: Stage, at time: Double) throws -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        stage.advance(to: time)
        let frame = try FrameRasterizer.rasterize(stage.snapshot(), background: RGBA(red: 1, green: 0, blue: 0, alpha: 1))
        return frame.pixel(x: 10, y: 10)
    }

    @Test("A material blur tints what is behind by its opacity; the content view fills the view and draws above it")
    func materialTint() throws {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let blur = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        blur.frame = CGRect(x: 0, y: 0, width: 100, height: 50)
        let dot = UIView(frame: CGRect(x: 40, y: 10, width: 10, height: 10))
        dot.backgroundColor = .blue
        blur.contentView.addSubview(dot)
        stage.rootView.addSubview(blur)
        let tinted = try Self.draw(blur, on: stage, at: 0.1)
        #expect(tinted.r > 240 && tinted.g > 170 && tinted.g < 200, "75 % of near-white over red")
        #expect(blur.contentView.frame == blur.bounds)
        stage.advance(to: 0.2)
        let frame = try FrameRasterizer.rasterize(stage.snapshot())
        let p = frame.pixel(x: 45, y: 15)
        #expect(p.b == 255 && p.r == 0, "the content is drawn over the material")
        #expect(frame.pixel(x: 10, y: 70).a == 0, "nothing below the view")
        let dark = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterialDark))
        #expect(dark.layer.backgroundColor.map { $0.rgba.red < 0.2 } == true, "the dark material is near black")
        let vibrancy = UIVisualEffectView(effect: UIVibrancyEffect(blurEffect: UIBlurEffect(style: .light)))
        #expect(vibrancy.layer.backgroundColor?.alpha == 0, "vibrancy draws no backdrop of its own")
    }

    @Test("An effect set inside UIView.animate fades in; nil removes it")
    func animatedEffect() throws {
        let stage = Stage(size: CGSize(width: 100, height: 100), scale: 1)
        let blur = UIVisualEffectView(effect: nil)
        blur.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        stage.rootView.addSubview(blur)
        #expect(try Self.draw(blur, on: stage, at: 0.1).g == 0, "no effect: the red shows")
        stage.schedule(at: 0.2) {
            UIView.animate(withDuration: 1) { blur.effect = UIBlurEffect(style: .light) }
        }
        let halfway = try Self.draw(blur, on: stage, at: 0.7).g
        let done = try Self.draw(blur, on: stage, at: 1.5).g
        #expect(halfway > 10 && halfway < done - 10, "fading in")
        #expect(done > 130 && done < 160, "60 % of near-white over red")
        blur.effect = nil
        #expect(blur.layer.backgroundColor?.alpha == 0, "no effect: the material at no opacity")
    }
}
