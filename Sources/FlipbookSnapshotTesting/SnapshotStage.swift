import Flipbook
import Foundation

/// Draws a view, controller or layer on a Stage of its own, as swift-snapshot-testing puts
/// one in a window of its own on iOS, and gives it back where it was.
enum SnapshotStage {
    /// Which state of the tree is drawn.
    enum Moment {
        /// Model values, animations left out, as `CALayer.render(in:)` draws on iOS.
        case model
        /// What is on screen `time` seconds after the snapshot's Stage starts.
        case presentation(at: Double)
    }

    /// `view` alone on a Stage of `size` (nil: its own), at each of `moments` in turn.
    static func images(of view: UIView, size: CGSize?, traits: UITraitCollection, moments: [Moment]) -> [UIImage] {
        let size = size ?? view.bounds.size
        return draw(size: size, safeArea: .zero, traits: traits, moments: moments) { stage in
            let superview = view.superview, index = superview?.subviews.firstIndex { $0 === view }, frame = view.frame
            UIView.performWithoutAnimation {
                stage.rootView.addSubview(view)
                view.frame = CGRect(origin: .zero, size: size)
            }
            view.setNeedsLayout()
            view.layoutIfNeeded()
            return {
                UIView.performWithoutAnimation {
                    view.removeFromSuperview()
                    view.frame = frame
                    if let superview, let index { superview.insertSubview(view, at: min(index, superview.subviews.count)) }
                }
            }
        }
    }

    /// `controller` as its window's root on the device `config` describes: its size (or
    /// `size`), its safe area, a navigation controller below the status bar as swift-snapshot-
    /// testing lays one out.
    static func images(
        of controller: UIViewController, config: ViewImageConfig, size: CGSize?, traits: UITraitCollection, moments: [Moment]
    ) -> [UIImage] {
        controller.loadViewIfNeeded()
        var screen = size ?? config.size ?? controller.view.bounds.size
        var safeArea = config.safeArea
        if controller is UINavigationController {
            screen.height -= safeArea.top
            safeArea.top = 0
        }
        let merged = UITraitCollection(traitsFrom: [config.traits, traits])
        return draw(size: screen, safeArea: safeArea, traits: merged, moments: moments) { stage in
            guard let window = stage.rootView as? UIWindow else { return {} }
            window.rootViewController = controller
            controller.view.setNeedsLayout()
            controller.view.layoutIfNeeded()
            return { window.rootViewController = nil }
        }
    }

    /// `layer` in its own coordinates (its bounds at the origin, its own transform left out),
    /// as `render(in:)` draws a layer.
    static func images(of layer: CALayer, traits: UITraitCollection, moments: [Moment]) -> [UIImage] {
        let size = layer.bounds.size
        return draw(size: size, safeArea: .zero, traits: traits, moments: moments) { stage in
            let superlayer = layer.superlayer, index = superlayer?.sublayers?.firstIndex { $0 === layer }
            let position = layer.position, transform = layer.transform
            CATransaction.begin()
            CATransaction.setDisableActions(true)
            stage.rootLayer.addSublayer(layer)
            layer.position = CGPoint(x: size.width * layer.anchorPoint.x, y: size.height * layer.anchorPoint.y)
            layer.transform = CATransform3DIdentity
            CATransaction.commit()
            return {
                CATransaction.begin()
                CATransaction.setDisableActions(true)
                layer.removeFromSuperlayer()
                layer.position = position
                layer.transform = transform
                if let superlayer, let index { superlayer.insertSublayer(layer, at: UInt32(min(index, superlayer.sublayers?.count ?? 0))) }
                CATransaction.commit()
            }
        }
    }

    /// A Stage of `size` at the traits' scale, with `place` putting the subject on it (and
    /// returning how to take it off), drawn at each moment; the Stage that was running
    /// before is running again after. An empty size gives empty images.
    private static func draw(
        size: CGSize, safeArea: UIEdgeInsets, traits: UITraitCollection, moments: [Moment], place: (Stage) -> () -> Void
    ) -> [UIImage] {
        guard size.width.isFinite, size.height.isFinite, size.width >= 0.5, size.height >= 0.5 else {
            return moments.map { _ in UIImage() }
        }
        let previous = Stage.active
        defer { Stage.active = previous }
        let scale = SnapshotScale.resolve(traits)
        let stage = Stage(size: size, scale: scale)
        stage.safeAreaInsets = safeArea
        let takeOff = place(stage)
        defer { takeOff() }
        return moments.map { moment in
            let frame: FrameSnapshot
            switch moment {
            case .model:
                stage.advance(to: stage.currentTime)
                // render(in:) draws a layer turned in 3D flat, as if it had no transform.
                var model = stage.modelSnapshot()
                model.root = model.root.flatteningThreeDTransforms()
                frame = model
            case .presentation(let time):
                stage.advance(to: time)
                frame = stage.snapshot()
            }
            guard let pixels = try? FrameRasterizer.rasterize(frame) else { return UIImage() }
            return SnapshotPixels.image(pixels, scale: scale)
        }
    }
}
