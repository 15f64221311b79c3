import Flipbook
import Foundation

extension Stage {
    /// A stage `size` points big, `scale` pixels a point, whose window's root controller is
    /// `controller` (as an app's window shows it).
    static func hosting(_ controller: UIViewController, size: CGSize, scale: CGFloat = 1) -> Stage {
        let stage = Stage(size: size, scale: scale)
        (stage.rootView as? UIWindow)?.rootViewController = controller
        return stage
    }
}
