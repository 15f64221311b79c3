import Flipbook
import Foundation
import Testing

/// Seed 001's news banner bounce (seed 001's blog post, docs/gallery.md), ported from Objective-C: a
/// label fades in while scaling, then its completion scales it to the reciprocal.
@Suite("seed 001 ported")
struct Seed001PortTests {
    final class NewsView: UIView {
        let label = UILabel(frame: CGRect(x: 20, y: 10, width: 200, height: 24))

        override init(frame: CGRect) {
            super.init(frame: frame)
            label.text = "为您推荐10条新闻"
            addSubview(label)
        }

        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        func animation(with view: UILabel, scale: CGFloat, alpha: CGFloat, stop: Bool) {
            view.alpha = alpha
            view.layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
            UIView.animate(
                withDuration: 0.25, delay: 0, options: .curveEaseIn,
                animations: {
                    view.transform = CGAffineTransform(scaleX: scale, y: scale)
                    view.alpha = 1
                },
                completion: { finished in
                    if !stop && finished {
                        self.animation(with: view, scale: 1 / scale, alpha: 1, stop: true)
                    }
                })
        }
    }

    @Test("the banner fades in growing to 1.2, then settles at 1/1.2, ease-in each way (11.1)")
    func bounce() throws {
        let stage = Stage(size: CGSize(width: 240, height: 44), scale: 2)
        let news = NewsView(frame: CGRect(x: 0, y: 0, width: 240, height: 44))
        stage.rootView.addSubview(news)
        stage.advance(to: 0.1)
        news.animation(with: news.label, scale: 1.2, alpha: 0, stop: false)
        stage.advance(to: 0.1 + 0.125)
        let layer = news.label.layer
        let opacity = try #require(layer.presentation()?.opacity)
        let scale = try #require(layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
        // Ease-in is slow at first: less than half way at half time.
        #expect(opacity > 0 && opacity < 0.5, "opacity \(opacity)")
        #expect(scale > 1 && scale < 1.1, "scale \(scale)")
        stage.advance(to: 0.1 + 0.25)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1.2) < 1e-6)
        stage.advance(to: 0.1 + 0.5)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1 / 1.2) < 1e-6)
        #expect(layer.presentation()?.opacity == 1)
        #expect(news.label.transform == CGAffineTransform(scaleX: 1 / 1.2, y: 1 / 1.2))
    }
    @Test("started at time 0 with no advance before, the banner still grows then settles (timing-model.md 11.1)")
    func bounceFromTimeZero() throws {
        let stage = Stage(size: CGSize(width: 240, height: 44), scale: 2)
        let news = NewsView(frame: CGRect(x: 0, y: 0, width: 240, height: 44))
        stage.rootView.addSubview(news)
        news.animation(with: news.label, scale: 1.2, alpha: 0, stop: false)
        stage.advance(to: 0.125)
        let layer = news.label.layer
        let opacity = try #require(layer.presentation()?.opacity)
        #expect(opacity > 0 && opacity < 0.5, "fading in with ease-in: \(opacity)")
        stage.advance(to: 0.25)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1.2) < 1e-6)
        stage.advance(to: 0.375)
        let settling = layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0
        #expect(settling < 1.2 && settling > 1 / 1.2, "between the two stages at 0.375 s: \(settling)")
        stage.advance(to: 0.5)
        #expect(abs((layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0) - 1 / 1.2) < 1e-6)
    }
}
