import FlipbookCore
import Foundation

/// A view showing a `StatusBarLayer` (its settings forwarded), for Swift scenes:
/// `view.addSubview(StatusBarView(style: .notch, width: 375))`.
open class StatusBarView: UIView {
    open override class var layerClass: AnyClass { StatusBarLayer.self }
    /// The bar's layer.
    public var statusBarLayer: StatusBarLayer { layer as! StatusBarLayer }

    /// A bar of `style`'s height across `width` points, at the top left.
    public convenience init(style: StatusBarLayer.Style, width: CGFloat = 375) {
        self.init(frame: CGRect(x: 0, y: 0, width: width, height: style.height))
        statusBarLayer.barStyle = style
    }

    public override init(frame: CGRect) { super.init(frame: frame) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    open var barStyle: StatusBarLayer.Style {
        get { statusBarLayer.barStyle }
        set { statusBarLayer.barStyle = newValue }
    }
    open var time: String {
        get { statusBarLayer.time }
        set { statusBarLayer.time = newValue }
    }
    open var carrier: String {
        get { statusBarLayer.carrier }
        set { statusBarLayer.carrier = newValue }
    }
    open var signalBars: Int? {
        get { statusBarLayer.signalBars }
        set { statusBarLayer.signalBars = newValue }
    }
    open var wifiBars: Int {
        get { statusBarLayer.wifiBars }
        set { statusBarLayer.wifiBars = newValue }
    }
    open var batteryLevel: CGFloat {
        get { statusBarLayer.batteryLevel }
        set { statusBarLayer.batteryLevel = newValue }
    }
    open var showsBatteryPercentage: Bool {
        get { statusBarLayer.showsBatteryPercentage }
        set { statusBarLayer.showsBatteryPercentage = newValue }
    }
    /// The colour of the bar's content (`.black` by default; `.white` for light content).
    open var contentColor: UIColor {
        get { UIColor(cgColor: statusBarLayer.contentColor) }
        set { statusBarLayer.contentColor = newValue.cgColor }
    }
}
