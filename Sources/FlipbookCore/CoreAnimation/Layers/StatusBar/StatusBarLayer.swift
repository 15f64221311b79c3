import Foundation

/// A status bar to put on a stage so a scene lines up with a recording from a device (Flipbook's
/// own; iOS draws the real one outside the app). Time, carrier, signal, Wi-Fi and battery (with
/// its percentage if asked) are drawn from shapes and the system-font stand-in, in the two looks
/// recordings show: `classic` (iOS 7–10, 20 pt: five signal dots, carrier and Wi-Fi at the left,
/// the time centred, the battery at the right) and `notch` (iOS 11 and later on notched phones,
/// 44 pt: the time in the left ear, signal bars, Wi-Fi and battery in the right one).
/// The parts are sublayers, rebuilt when a setting or the bounds change.
open class StatusBarLayer: CALayer {
    public enum Style: String, Sendable, CaseIterable {
        case classic, notch
        /// The bar's height in points.
        public var height: CGFloat { self == .classic ? 20 : 44 }
        /// Signal strength steps shown: dots (classic) or bars (notch).
        public var signalSteps: Int { self == .classic ? 5 : 4 }
    }

    open var barStyle: Style = .notch { didSet { rebuild() } }
    /// The time as shown ("9:41" by default, Apple's marketing time).
    open var time = "9:41" { didSet { rebuild() } }
    /// The carrier's name (classic style only; the notch hides it).
    open var carrier = "Carrier" { didSet { rebuild() } }
    /// Signal steps lit, 0 … `barStyle.signalSteps`; nil: all.
    open var signalBars: Int? { didSet { rebuild() } }
    /// Wi-Fi arcs lit, 0 … 3 (0 hides the Wi-Fi glyph in the classic style).
    open var wifiBars = 3 { didSet { rebuild() } }
    /// The battery's charge, 0 … 1.
    open var batteryLevel: CGFloat = 1 { didSet { rebuild() } }
    /// Whether "100 %" is written beside the battery.
    open var showsBatteryPercentage = false { didSet { rebuild() } }
    /// The colour of everything drawn (black: dark content on a light app; white for light content).
    open var contentColor: CGColor = .black { didSet { rebuild() } }

    open override var bounds: CGRect { didSet { if oldValue.size != bounds.size { rebuild() } } }

    public override init() {
        super.init()
        bounds = CGRect(x: 0, y: 0, width: 375, height: barStyle.height)
        ownsParts = true
        rebuild()
    }
    /// A presentation copy: its parts are the model's, copied by the engine.
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        ownsParts = true
        rebuild()
    }

    override func makePresentationInstance() -> CALayer { StatusBarLayer(layer: self) }
    override func copyTypeSpecificProperties(from other: CALayer) {
        guard let o = other as? StatusBarLayer else { return }
        barStyle = o.barStyle
        time = o.time
        carrier = o.carrier
        signalBars = o.signalBars
        wifiBars = o.wifiBars
        batteryLevel = o.batteryLevel
        showsBatteryPercentage = o.showsBatteryPercentage
        contentColor = o.contentColor
    }

    /// Only the model layer lays its parts out; a presentation copy would add them a second time.
    private var ownsParts = false

    private var parts: [CALayer] = []

    /// Lays the parts out again for the current settings and width.
    private func rebuild() {
        guard ownsParts else { return }
        // Fresh part layers: nothing to animate implicitly (and no transaction of our own, whose
        // commit would make the bar's own first frame and position animate).
        for p in parts { p.removeFromSuperlayer() }
        parts = []
        let w = bounds.width
        guard w > 0 else { return }
        switch barStyle {
        case .classic: layOutClassic(width: w)
        case .notch: layOutNotch(width: w)
        }
        for p in parts { addSublayer(p) }
    }

    private var level: CGFloat { batteryLevel.isFinite ? min(1, max(0, batteryLevel)) : 0 }
    private var lit: Int { min(barStyle.signalSteps, max(0, signalBars ?? barStyle.signalSteps)) }
    private var percentage: String { "\(Int((level * 100).rounded()))%" }

    private func layOutClassic(width w: CGFloat) {
        let mid: CGFloat = 10
        var x: CGFloat = 6
        for i in 0..<5 {
            let dot = CGRect(x: x, y: mid - 2.75, width: 5.5, height: 5.5)
            parts.append(
                i < lit
                    ? StatusBarGlyphs.fill(CGPath(ellipseIn: dot, transform: nil), contentColor)
                    : StatusBarGlyphs.stroke(CGPath(ellipseIn: dot.insetBy(dx: 0.5, dy: 0.5), transform: nil), contentColor, width: 1))
            x += 6.5
        }
        x += 3
        if !carrier.isEmpty {
            let label = text(carrier, size: 12, bold: false)
            label.frame.origin = CGPoint(x: x, y: mid - label.frame.height / 2)
            parts.append(label)
            x += label.frame.width + 5
        }
        if wifiBars > 0 {
            parts += StatusBarGlyphs.wifi(
                in: CGRect(x: x, y: mid - 4.5, width: 13, height: 9.5), lit: min(3, wifiBars), color: contentColor,
                unlit: nil)
        }
        let clock = text(time, size: 12, bold: true)
        clock.frame.origin = CGPoint(x: ((w - clock.frame.width) / 2).rounded(), y: mid - clock.frame.height / 2)
        parts.append(clock)
        let body = CGRect(x: w - 5.5 - 1.5 - 24.5, y: mid - 5.75, width: 24.5, height: 11.5)
        parts += StatusBarGlyphs.battery(body, level: level, color: contentColor, outlineAlpha: 1, radius: 2.5)
        if showsBatteryPercentage {
            let label = text(percentage, size: 12, bold: false)
            label.frame.origin = CGPoint(x: body.minX - 3 - label.frame.width, y: mid - label.frame.height / 2)
            parts.append(label)
        }
    }

    private func layOutNotch(width w: CGFloat) {
        let mid: CGFloat = 23
        let clock = text(time, size: 15, bold: true)
        // Centred in the left "ear" beside a 209 pt notch.
        let earCentre = (w - 209) / 4 + 12.5
        clock.frame.origin = CGPoint(x: (earCentre - clock.frame.width / 2).rounded(), y: mid - clock.frame.height / 2)
        parts.append(clock)
        let body = CGRect(x: w - 14 - 1.5 - 24.5, y: mid - 6, width: 24.5, height: 12)
        parts += StatusBarGlyphs.battery(body, level: level, color: contentColor, outlineAlpha: 0.35, radius: 4)
        var right = body.minX - 5
        if showsBatteryPercentage {
            let label = text(percentage, size: 12, bold: false)
            label.frame.origin = CGPoint(x: right - label.frame.width, y: mid - label.frame.height / 2)
            parts.append(label)
            right = label.frame.minX - 4
        }
        let wifi = CGRect(x: right - 15.5, y: mid - 5.5, width: 15.5, height: 11)
        parts += StatusBarGlyphs.wifi(in: wifi, lit: min(3, max(0, wifiBars)), color: contentColor, unlit: 0.3)
        parts += StatusBarGlyphs.signalBars(rightEdge: wifi.minX - 5, bottom: mid + 5.5, lit: lit, color: contentColor)
    }

    /// A one-line label in the system-font stand-in, sized to its text.
    private func text(_ string: String, size: CGFloat, bold: Bool) -> CATextLayer {
        let label = CATextLayer()
        label.string = string
        // The system font by the name UIKit gives it (`UIFont.systemFont`), as a text layer takes it.
        label.font = bold ? ".SFUI-Bold" : ".SFUI-Regular"
        label.fontSize = size
        label.foregroundColor = contentColor
        label.contentsScale = contentsScale
        var measured = CGSize(width: CGFloat(string.count) * size * 0.6, height: (size * 1.2).rounded(.up))
        if case .text(let style) = label.snapshotContent(), let measurer = TextMeasurement.measurer {
            measured = measurer.size(of: style, fontSize: Double(size), width: nil)
        }
        label.frame = CGRect(origin: .zero, size: measured)
        return label
    }
}
