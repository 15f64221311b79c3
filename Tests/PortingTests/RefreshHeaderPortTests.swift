import Foundation
import Testing
import Flipbook

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
            case .idle: label.text = "Pull to refresh"; indicator.stopAnimating()
            case .pulling: label.text = "Release to refresh"
            case .refreshing: label.text = "Loading…"; indicator.startAnimating()
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
        _ = try stage.render(duration: 0.5, fps: 10, outputs: RenderOutputs(filmstrip: url), background: RGBA(red: 1, green: 1, blue: 1, alpha: 1))
        let strip = try PNGCodec.read(url)
        #expect(strip.width > 0)
    }
}
