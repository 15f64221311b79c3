import FlipbookCore
import FlipbookUIKit
import Foundation

extension Reader {
    /// One key of a `statusBar` layer.
    func readStatusBarKey(_ k: String, _ v: YAMLNode, into s: inout StatusBarSpec) {
        switch k {
        case "style":
            if let x = enumValue(v, StatusBarLayer.Style.allCases.map(\.rawValue)) { s.style = StatusBarLayer.Style(rawValue: x)! }
        case "time": if let x = v.string("a time as shown, such as \"9:41\"") { s.time = x }
        case "carrier": if let x = v.string("a carrier name") { s.carrier = x }
        case "signal", "wifi":
            let most = k == "wifi" ? 3 : 5
            guard let x = v.number("a whole number 0…\(most)") else { return }
            guard x == x.rounded(), x >= 0, x <= Double(most) else {
                sink.error("\(k) is a whole number of bars 0…\(most), found \(formatted(x))", at: v.mark)
                return
            }
            if k == "wifi" { s.wifi = Int(x) } else { s.signal = Int(x) }
        case "battery":
            guard let x = v.number("a charge 0…1") else { return }
            guard x >= 0, x <= 1 else {
                sink.error("battery is a charge 0…1, found \(formatted(x))", at: v.mark)
                return
            }
            s.battery = x
        case "batteryPercentage": if let x = v.bool("true or false") { s.batteryPercentage = x }
        default:
            if let c = values.color(v) { s.contentColor = c }
        }
    }
}
