import Flipbook
import Foundation
import Testing

/// A small pull-to-refresh header in the style of the popular Swift libraries (a header hung
/// on any scroll view through an extension property stored by association, KVO on
/// contentOffset, an activity indicator, states), ported by changing only its imports, and
/// rendered through a pull.
@Suite("a ported refresh header")
struct RefreshHeaderPortTests {
    // --- the library's code, as written for iOS (imports aside) ---
    enum RefreshState { case idle, pulling, refreshing }

    final class RefreshHeader: UIView {
        let indicator = UIActivityIndicatorView(style: .medium)
        let label = UILabel()
        private(set) var state: RefreshState = .idle { didSet { stateDidChange() } }
        private var observation: NSKeyValueObservation?
        var threshold: CGFloat = 60

        override init(frame: CGRect) {
            super.init(frame: frame)
            autoresizingMask = [.flexibleWidth]
            label.textAlignment = .center
            label.text = "Pull to refresh"
            label.font = UIFont.systemFont(ofSize: 13)
            addSubview(label)
            addSubview(indicator)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func willMove(toSuperview newSuperview: UIView?) {
            super.willMove(toSuperview: newSuperview)
            observation = nil
            guard let scrollView = newSuperview as? UIScrollView else { return }
            frame = CGRect(x: 0, y: -threshold, width: scrollView.bounds.width, height: threshold)
            observation = scrollView.observe(\.contentOffset, options: [.new]) { [weak self] scrollView, _ in
                self?.scrollViewDidScroll(scrollView)
            }
        }

        override func layoutSubviews() {
            super.layoutSubviews()
            label.frame = CGRect(x: 0, y: bounds.height - 30, width: bounds.width, height: 20)
            indicator.center = CGPoint(x: bounds.midX - 60, y: bounds.height - 20)
        }

        func scrollViewDidScroll(_ scrollView: UIScrollView) {
            guard state != .refreshing else { return }
            let pulled = -scrollView.contentOffset.y
            if scrollView.isDragging { state = pulled >= threshold ? .pulling : .idle }
        }

        func beginRefreshing() { state = .refreshing }

        private func stateDidChange() {
            switch state {
            case .idle:
                label.text = "Pull to refresh"
                indicator.stopAnimating()
            case .pulling: label.text = "Release to refresh"
            case .refreshing:
                label.text = "Loading…"
                indicator.startAnimating()
            }
        }
    }
    // --- end of the library's code ---

    nonisolated(unsafe) static var headerKey: UInt8 = 0

    @Test("a pull past the threshold turns the header to pulling; refreshing spins the indicator; it renders")
    func pull() throws {
        let stage = Stage(size: CGSize(width: 320, height: 200), scale: 1)
        let table = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 200))
        table.contentSize = CGSize(width: 320, height: 800)
        stage.rootView.addSubview(table)
        // The library's `scrollView.refreshHeader = …` extension property, stored by association.
        let header = RefreshHeader()
        objc_setAssociatedObject(table, &Self.headerKey, header, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
        table.addSubview(header)
        #expect(header.frame == CGRect(x: 0, y: -60, width: 320, height: 60))
        stage.advance(to: 0.1)
        table.beginDragging()
        table.drag(translation: CGPoint(x: 0, y: 40))
        #expect(header.state == .idle)
        table.drag(translation: CGPoint(x: 0, y: 400))
        #expect(header.state == .pulling && header.label.text == "Release to refresh")
        (objc_getAssociatedObject(table, &Self.headerKey) as? RefreshHeader)?.beginRefreshing()
        #expect(header.indicator.isAnimating && !header.indicator.isHidden)
        stage.advance(to: 0.2)
        table.frame.size.width = 300
        #expect(header.frame.width == 300, "flexible width follows the table")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("header-\(UUID().uuidString).png")
        _ = try stage.render(
            duration: 0.5, fps: 10, outputs: RenderOutputs(filmstrip: url), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let strip = try PNGCodec.read(url)
        // The header draws: its label and spinning indicator put dark ink on the white strip.
        let rgba = strip.rgba
        let ink = stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0] < 128 && rgba[$0 + 1] < 128 && rgba[$0 + 2] < 128 }.count
        #expect(ink > 50, "\(ink) dark pixels in the \(strip.width)×\(strip.height) strip")
    }

    // --- MJRefresh's way (../shared/reference/README.md §6): the release is noticed in the
    // offset observer, and the state change that opens the inset is deferred to the main queue.
    final class DeferringHeader: UIView {
        private(set) var state: RefreshState = .idle
        private(set) var log: [String] = []
        private weak var scrollView: UIScrollView?
        let indicator = UIActivityIndicatorView(style: .medium)

        override init(frame: CGRect) {
            super.init(frame: frame)
            addSubview(indicator)
        }
        required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

        override func willMove(toSuperview newSuperview: UIView?) {
            super.willMove(toSuperview: newSuperview)
            scrollView?.removeObserver(self, forKeyPath: "contentOffset", context: nil)
            scrollView = newSuperview as? UIScrollView
            scrollView?.addObserver(self, forKeyPath: "contentOffset", options: [.new, .initial], context: nil)
            if let scrollView { frame = CGRect(x: 0, y: -54, width: scrollView.bounds.width, height: 54) }
        }

        override func observeValue(
            forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
            context: UnsafeMutableRawPointer?
        ) {
            guard let scrollView, state != .refreshing else { return }
            let pulled = -scrollView.contentOffset.y
            if scrollView.isDragging {
                state = pulled >= 54 ? .pulling : .idle
            } else if state == .pulling {
                log.append(String(format: "release noticed %.4f", CACurrentMediaTime()))
                state = .refreshing
                // The one porting edit: `async` → `stageAsync` (docs/engine-notes.md).
                DispatchQueue.main.stageAsync {
                    self.log.append(String(format: "deferred ran %.4f", CACurrentMediaTime()))
                    self.indicator.startAnimating()
                    UIView.animate(withDuration: 0.25) {
                        scrollView.contentInset.top = 54
                        scrollView.contentOffset = CGPoint(x: 0, y: -54)
                    }
                }
            }
        }
    }

    /// Pulls a table with the header at `fps` and returns the header's log and the offsets seen at 0.1 s steps.
    func deferredPull(fps: Double) -> (log: [String], offsets: [CGFloat]) {
        let stage = Stage(size: CGSize(width: 320, height: 300), scale: 1)
        let table = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        table.contentSize = CGSize(width: 320, height: 900)
        stage.rootView.addSubview(table)
        let header = DeferringHeader()
        table.addSubview(header)
        stage.advance(to: 0)
        table.perform(.pull(200, over: 0.4, hold: 0.1), at: 0.1)
        var offsets: [CGFloat] = []
        for k in 0...Int(fps * 1.5) {
            let t = Double(k) / fps
            stage.advance(to: t)
            if abs(t * 10 - (t * 10).rounded()) < 1e-9 { offsets.append(table.layer.presentation()?.bounds.origin.y ?? .nan) }
        }
        return (header.log, offsets)
    }

    @Test("state changes deferred with DispatchQueue.main.stageAsync run on the Stage at the instant they were queued, for any frame rate")
    func deferredStateChange() throws {
        let at30 = deferredPull(fps: 30), at10 = deferredPull(fps: 10)
        // Released at 0.6; the bounce's first display frame (0.6 + 1/60) notices it; the block
        // runs at that same instant, after the observer returns.
        #expect(at30.log == ["release noticed 0.6167", "deferred ran 0.6167"], "\(at30.log)")
        #expect(at10.log == at30.log)
        #expect(at10.offsets == at30.offsets && at30.offsets.count == 16)
        #expect(abs((at30.offsets.last ?? 0) + 54) < 1e-6, "settled with the header open")
    }

    @Test("stageAsync queues for the Stage's next instant, in order; stageAsyncAfter waits Stage time")
    func stageQueue() {
        let stage = Stage(size: CGSize(width: 10, height: 10))
        stage.advance(to: 0)
        var log: [String] = []
        DispatchQueue.main.stageAsync { log.append("first \(CACurrentMediaTime())") }
        DispatchQueue.main.stageAsyncAfter(0.5) { log.append("later \(CACurrentMediaTime())") }
        DispatchQueue.main.stageAsync { log.append("second \(CACurrentMediaTime())") }
        #expect(log.isEmpty, "queued, not run inline")
        stage.advance(to: 0.1)
        #expect(log == ["first 0.0", "second 0.0"])
        stage.advance(to: 1)
        #expect(log.last == "later 0.5")
    }
}
