// A refresh header in the style of MJRefresh, ported by changing its imports: it notices the
// release in its contentOffset observer and defers the state change to the main queue with
// `DispatchQueue.main.async`. Driven from the main thread (as a script, a command or XCTest
// drives it), the Stage runs those blocks at the instant they were queued. PortingTests runs
// this program and checks what it prints.
import Flipbook

final class Header: UIView {
    private(set) var state = "idle"
    private weak var scrollView: UIScrollView?

    override func willMove(toSuperview newSuperview: UIView?) {
        super.willMove(toSuperview: newSuperview)
        scrollView?.removeObserver(self, forKeyPath: "contentOffset", context: nil)
        scrollView = newSuperview as? UIScrollView
        scrollView?.addObserver(self, forKeyPath: "contentOffset", options: [.new], context: nil)
    }

    override func observeValue(
        forKeyPath keyPath: String?, of object: Any?, change: [NSKeyValueChangeKey: Any]?,
        context: UnsafeMutableRawPointer?
    ) {
        guard let scrollView, state != "refreshing" else { return }
        if scrollView.isDragging {
            state = -scrollView.contentOffset.y >= 54 ? "pulling" : "idle"
        } else if state == "pulling" {
            print(String(format: "%.4f release noticed", CACurrentMediaTime()))
            DispatchQueue.main.async {
                self.state = "refreshing"
                print(String(format: "%.4f main queue block: refreshing", CACurrentMediaTime()))
                UIView.animate(withDuration: 0.25) {
                    scrollView.contentInset.top = 54
                    scrollView.contentOffset = CGPoint(x: 0, y: -54)
                }
            }
        }
    }
}

let stage = Stage(size: CGSize(width: 320, height: 300), scale: 1)
let table = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
table.contentSize = CGSize(width: 320, height: 900)
stage.rootView.addSubview(table)
let header = Header(frame: CGRect(x: 0, y: -54, width: 320, height: 54))
table.addSubview(header)
stage.advance(to: 0)
table.perform(.pull(200, over: 0.4, hold: 0.1), at: 0.1)
let fps = Double(CommandLine.arguments.dropFirst().first ?? "30") ?? 30
for k in 0...Int(1.5 * fps) { stage.advance(to: Double(k) / fps) }
print(
    String(format: "%.4f state %@ inset %.0f offset %.2f", stage.currentTime, header.state, table.contentInset.top, table.contentOffset.y))
