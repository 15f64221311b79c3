import FlipbookCore
import Foundation

/// The app, as far as a Stage has one: `UIApplication.shared` exists so libraries that watch its
/// lifecycle notifications (to stop an animation in the background) build and register. A Stage
/// never goes to the background, so nothing posts them unless the scene does.
open class UIApplication: @unchecked Sendable {
    /// The one application (it holds no state: every Stage shares it).
    public static let shared = UIApplication()

    public enum State: Int, Sendable { case active, inactive, background }
    /// Always active on a Stage.
    open var applicationState: State { .active }
    open var isIdleTimerDisabled = false
    /// The Stage's root view's window, as the app's key window.
    open var keyWindow: UIWindow? { Stage.current?.rootView as? UIWindow }
    open var windows: [UIWindow] { keyWindow.map { [$0] } ?? [] }

    public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    public static let didFinishLaunchingNotification = Notification.Name("UIApplicationDidFinishLaunchingNotification")
    /// Posted on iOS when memory runs low; a Stage never posts it (caches that drop on it keep
    /// what they hold) unless the scene does.
    public static let didReceiveMemoryWarningNotification = Notification.Name("UIApplicationDidReceiveMemoryWarningNotification")
}
