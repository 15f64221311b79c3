// Drives the ported header on a Stage: a table, a finger that pulls 150 pt at 120 pt from the
// left and lets go, and what the header does about it, printed at the instants it happens.
// With a path argument it also writes a GIF and a filmstrip (`swift run PortingExample out.gif`).
import Flipbook
import Foundation

let stage = Stage(size: CGSize(width: 320, height: 480), scale: 2)
let table = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 480), style: .plain)
stage.rootView.addSubview(table)
let refresh = PulseRefreshController(scrollView: table)
table.tintColor = UIColor(red: 0, green: 0.6, blue: 0.6, alpha: 1)  // the ring is teal, inherited
refresh.onStateChange = { state in
    print(String(format: "%.4f %@ inset %.0f offset %.2f", CACurrentMediaTime(), "\(state)", table.contentInset.top, table.contentOffset.y))
}
table.perform(.pull(150, over: 0.5, x: 120), at: 0.2)

if let path = CommandLine.arguments.dropFirst().first {
    var outputs = RenderOutputs(animation: URL(fileURLWithPath: path))
    outputs.filmstrip = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("png")
    outputs.filmstripTimes = [0.3, 0.5, 0.7, 0.8, 1.0, 1.4, 2.0, 2.4]
    _ = try stage.render(duration: 2.6, fps: 30, outputs: outputs)
} else {
    for k in 0...78 { stage.advance(to: Double(k) / 30) }
}
// (+ 0 turns a resting −0.0 into 0.)
print(
    String(
        format: "%.4f done: spun %.0f ticks, inset %.0f offset %.2f", stage.currentTime, refresh.spinAngle / (.pi / 30),
        table.contentInset.top, table.contentOffset.y + 0))
