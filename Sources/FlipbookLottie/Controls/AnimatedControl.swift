import FlipbookCore
import FlipbookUIKit
import Foundation

/// A control that shows a Lottie animation (lottie-ios's `AnimatedControl`): its
/// `animationView` fills it, and its subclasses play parts of the animation as it is touched
/// (`AnimatedButton`, `AnimatedSwitch`).
open class AnimatedControl: UIControl {
    /// The view showing the animation, filling the control.
    public let animationView: LottieAnimationView

    /// A control of the animation's size showing `animation`.
    public init(animation: LottieAnimation?, configuration: LottieConfiguration = LottieConfiguration()) {
        animationView = LottieAnimationView(animation: animation, configuration: configuration)
        super.init(frame: CGRect(x: 0, y: 0, width: animation?.width ?? 0, height: animation?.height ?? 0))
        self.animation = animation
        // Touches go to the control, not the view inside it (as lottie-ios sets it up).
        animationView.isUserInteractionEnabled = false
        clipsToBounds = true
        addSubview(animationView)
        animationView.frame = bounds
    }

    public override convenience init(frame: CGRect) {
        self.init(animation: nil)
        self.frame = frame
    }

    public required init?(coder: NSCoder) { nil }

    /// The animation shown; setting it shows the new one and calls `animationDidSet()`.
    public var animation: LottieAnimation? {
        didSet {
            animationView.animation = animation
            setNeedsLayout()
            animationDidSet()
        }
    }

    /// How fast its plays run.
    public var animationSpeed: CGFloat {
        get { animationView.animationSpeed }
        set { animationView.animationSpeed = newValue }
    }

    /// Called when the animation is replaced (subclasses show their state in the new one).
    open func animationDidSet() {}

    public func setValueProvider(_ valueProvider: any AnyValueProvider, keypath: AnimationKeypath) {
        animationView.setValueProvider(valueProvider, keypath: keypath)
    }

    open override var intrinsicContentSize: CGSize {
        CGSize(width: animation?.width ?? UIView.noIntrinsicMetric, height: animation?.height ?? UIView.noIntrinsicMetric)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        animationView.frame = bounds
    }
}
