import FlipbookCore
import Foundation

/// A visual effect (a blur or vibrancy) for a `UIVisualEffectView`.
open class UIVisualEffect: NSObject, @unchecked Sendable {
    /// The translucent colour the effect is drawn as (docs/porting.md: no blur, a stand-in).
    var material: UIColor? { nil }
}

/// A blur of what lies behind the view, drawn here as its material's translucent tint.
open class UIBlurEffect: UIVisualEffect, @unchecked Sendable {
    /// UIKit's blur styles, with its raw values. The light appearance is used for the adaptive
    /// ones (`regular`, `prominent`, the `system…Material` styles without a suffix).
    public enum Style: Int, Sendable {
        case extraLight = 0, light = 1, dark = 2, regular = 4, prominent = 5
        case systemUltraThinMaterial = 6, systemThinMaterial = 7, systemMaterial = 8, systemThickMaterial = 9
        case systemChromeMaterial = 10
        case systemUltraThinMaterialLight = 11, systemThinMaterialLight = 12, systemMaterialLight = 13
        case systemThickMaterialLight = 14, systemChromeMaterialLight = 15
        case systemUltraThinMaterialDark = 16, systemThinMaterialDark = 17, systemMaterialDark = 18
        case systemThickMaterialDark = 19, systemChromeMaterialDark = 20
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
        super.init()
    }

    /// White (or near-black for the dark styles) at the material's opacity: Flipbook's stand-ins
    /// for iOS's materials, thinner materials more transparent (docs/porting.md).
    override var material: UIColor? {
        let (dark, alpha): (Bool, CGFloat) =
            switch style {
            case .extraLight: (false, 0.8)
            case .light: (false, 0.6)
            case .dark: (true, 0.73)
            case .systemUltraThinMaterial, .systemUltraThinMaterialLight: (false, 0.35)
            case .systemThinMaterial, .systemThinMaterialLight: (false, 0.6)
            case .regular, .systemMaterial, .systemMaterialLight: (false, 0.75)
            case .prominent, .systemThickMaterial, .systemThickMaterialLight: (false, 0.88)
            case .systemChromeMaterial, .systemChromeMaterialLight: (false, 0.8)
            case .systemUltraThinMaterialDark: (true, 0.4)
            case .systemThinMaterialDark: (true, 0.6)
            case .systemMaterialDark: (true, 0.75)
            case .systemThickMaterialDark: (true, 0.9)
            case .systemChromeMaterialDark: (true, 0.8)
            }
        return UIColor(white: dark ? 0.11 : 0.97, alpha: alpha)
    }
}

/// Vibrancy over a blur: the content is drawn as it is (no vibrancy here, docs/porting.md).
open class UIVibrancyEffect: UIVisualEffect, @unchecked Sendable {
    public let blurEffect: UIBlurEffect

    public init(blurEffect: UIBlurEffect) {
        self.blurEffect = blurEffect
        super.init()
    }
}

/// A view that shows a visual effect behind its `contentView`: a blur is drawn as its
/// material's translucent colour filling the view (setting `effect` inside `UIView.animate`
/// fades it, as iOS animates a blur in).
open class UIVisualEffectView: UIView {
    /// Where the view's content goes, filling the view.
    public let contentView = UIView()

    /// The effect shown; nil shows none.
    open var effect: UIVisualEffect? { didSet { showEffect() } }

    public init(effect: UIVisualEffect?) {
        self.effect = effect
        super.init(frame: .zero)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
        showEffect()
    }

    public override convenience init(frame: CGRect) {
        self.init(effect: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        contentView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        addSubview(contentView)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        contentView.frame = bounds
    }

    /// The material shown last: no effect is it at no opacity, so an effect set inside
    /// `UIView.animate` fades in and out rather than through black.
    private var lastMaterial = UIColor(white: 0.97, alpha: 1)

    private func showEffect() {
        if let material = effect?.material { lastMaterial = material }
        layer.backgroundColor = (effect?.material ?? lastMaterial.withAlphaComponent(0)).cgColor
    }
}
