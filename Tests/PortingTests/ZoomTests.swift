import Flipbook
import Foundation
import Testing

/// Zooming scroll views (timing-model.md 13.10): a photo viewer as iOS code writes it.
@Suite("zooming scroll views")
struct ZoomTests {
    // ---- iOS code (no edits) ----
    final class PhotoViewer: UIViewController, UIScrollViewDelegate {
        let scrollView = UIScrollView()
        let photo = UIView()
        var zooms: [CGFloat] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            scrollView.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            scrollView.delegate = self
            scrollView.minimumZoomScale = 1
            scrollView.maximumZoomScale = 4
            photo.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
            for (index, color) in [UIColor.red, .green, .blue, .yellow].enumerated() {
                let quadrant = UIView(frame: CGRect(x: CGFloat(index % 2) * 100, y: CGFloat(index / 2) * 100, width: 100, height: 100))
                quadrant.backgroundColor = color
                photo.addSubview(quadrant)
            }
            scrollView.addSubview(photo)
            scrollView.contentSize = photo.bounds.size
            view.addSubview(scrollView)
        }

        func viewForZooming(in scrollView: UIScrollView) -> UIView? { photo }
        func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) { zooms.append(scale) }

        func zoomIntoCorner() {
            scrollView.zoom(to: CGRect(x: 150, y: 150, width: 50, height: 50), animated: true)
        }
    }
    // ---- end ----

    func pixel(_ stage: Stage, at time: Double, _ x: Int, _ y: Int) throws -> [Int] {
        stage.advance(to: time)
        let p = try FrameRasterizer.rasterize(stage.snapshot(), background: nil).pixel(x: x, y: y)
        return [Int(p.r), Int(p.g), Int(p.b)]
    }

    @Test("a zoom scales the view about its corner, grows the content and keeps the middle in place; scales are held")
    func zoomScale() throws {
        let viewer = PhotoViewer()
        let stage = Stage.hosting(viewer, size: CGSize(width: 200, height: 200), scale: 1)
        let scrollView = viewer.scrollView
        scrollView.setZoomScale(2, animated: false)
        #expect(
            viewer.photo.frame == CGRect(x: 0, y: 0, width: 400, height: 400) && scrollView.contentSize == CGSize(width: 400, height: 400))
        #expect(scrollView.contentOffset == CGPoint(x: 100, y: 100), "the middle stays the middle")
        #expect(try pixel(stage, at: 0, 90, 90) == [255, 0, 0] && (try pixel(stage, at: 0, 110, 110)) == [255, 255, 0])
        scrollView.zoomScale = 10
        #expect(scrollView.zoomScale == 4)
        scrollView.zoomScale = 0.5
        #expect(scrollView.zoomScale == 1 && scrollView.contentOffset == .zero && viewer.zooms == [2, 4, 1])
    }

    @Test("zooming to a rectangle animates the scale and the offset together over 0.3 s")
    func zoomToRect() throws {
        let viewer = PhotoViewer()
        let stage = Stage.hosting(viewer, size: CGSize(width: 200, height: 200), scale: 1)
        stage.advance(to: 0.1)
        viewer.zoomIntoCorner()
        #expect(viewer.scrollView.zoomScale == 4 && viewer.scrollView.contentSize == CGSize(width: 800, height: 800))
        stage.advance(to: 0.25)
        let scale = viewer.photo.layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat ?? 0
        #expect(abs(scale - 2.5) < 0.01, "half-way between 1 and 4: \(scale)")
        #expect(abs(viewer.scrollView.contentOffset.x - 300) < 1, "the offset half-way too: \(viewer.scrollView.contentOffset.x)")
        #expect(try pixel(stage, at: 0.5, 100, 100) == [255, 255, 0], "the yellow corner fills the view")
        #expect(viewer.scrollView.contentOffset == CGPoint(x: 600, y: 600))
    }
}

/// Pinching a zooming scroll view with two Stage fingers (timing-model.md 13.10, 13.11).
@Suite("pinch to zoom")
struct PinchZoomTests {
    @Test("two fingers spread on the photo zoom it about the point between them; past the maximum it gives way and returns")
    func pinchZooms() {
        let viewer = ZoomTests.PhotoViewer()
        let stage = Stage.hosting(viewer, size: CGSize(width: 200, height: 200), scale: 1)
        stage.advance(to: 0.1)
        let scrollView = viewer.scrollView
        #expect(scrollView.pinchGestureRecognizer != nil)
        // Spread about the photo's centre to twice the distance: the centre stays the centre.
        stage.pinch(scrollView, scale: 2, over: 0.4, spread: 60, at: 0.2)
        stage.advance(to: 0.4)
        #expect(scrollView.isZooming && scrollView.zoomScale > 1 && scrollView.zoomScale < 2)
        stage.advance(to: 0.9)
        #expect(abs(scrollView.zoomScale - 2) < 1e-9 && !scrollView.isZooming, "\(scrollView.zoomScale)")
        #expect(abs(scrollView.contentOffset.x - 100) < 1e-6 && abs(scrollView.contentOffset.y - 100) < 1e-6, "\(scrollView.contentOffset)")
        #expect(viewer.zooms.last == 2)
        // Three times more (to 6 against a maximum of 4): it gives way to 4·√1.5, then returns to 4.
        stage.pinch(scrollView, scale: 3, over: 0.3, spread: 50, hold: 0.1, at: 1)
        stage.advance(to: 1.35)
        #expect(abs(scrollView.zoomScale - 4 * 1.5.squareRoot()) < 1e-9, "\(scrollView.zoomScale)")
        stage.advance(to: 2)
        #expect(scrollView.zoomScale == 4 && viewer.photo.frame.width == 800 && viewer.zooms.last == 4, "\(viewer.zooms)")
    }

    @Test("a scroll view that does not zoom has no pinch recognizer, and a pinch on it moves nothing")
    func noZoom() {
        let stage = Stage(size: CGSize(width: 200, height: 200), scale: 1)
        let scrollView = UIScrollView(frame: stage.rootView.bounds)
        scrollView.contentSize = CGSize(width: 200, height: 800)
        stage.rootView.addSubview(scrollView)
        #expect(scrollView.pinchGestureRecognizer == nil)
        stage.pinch(scrollView, scale: 2, over: 0.3, at: 0.1)
        stage.advance(to: 1)
        #expect(scrollView.zoomScale == 1 && scrollView.contentOffset == .zero)
    }
}
