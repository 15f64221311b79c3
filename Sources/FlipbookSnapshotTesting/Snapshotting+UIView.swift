import Flipbook
import Foundation

extension Snapshotting where Value == UIView, Format == UIImage {
    /// A view compared pixel for pixel.
    public static var image: Snapshotting { .image() }

    /// A view drawn as iOS's `layer.render(in:)` draws it (model values: animations in flight
    /// are shown at their end, as on iOS) and compared as `Diffing.image` compares.
    ///
    /// - Parameters:
    ///   - drawHierarchyInKeyWindow: on iOS, draw what the screen shows; here, the
    ///     presentation at the Stage's start instead of the model.
    ///   - size: the view's size for the snapshot (nil: its own).
    ///   - traits: `displayScale` sets the pixels per point (`SnapshotScale`).
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let moment: SnapshotStage.Moment = drawHierarchyInKeyWindow ? .presentation(at: 0) : .model
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { view in
                SnapshotStage.images(of: view, size: size, traits: traits, moments: [moment])[0]
            }
    }

    /// The view as it is on screen `time` seconds after the snapshot starts a Stage clock: its
    /// animations (added before the snapshot, starting at 0) run to that instant, delegates and
    /// completions firing on the way, as `flipbook test` renders a scene.
    public static func image(
        at time: TimeInterval, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { view in
                SnapshotStage.images(of: view, size: size, traits: traits, moments: [.presentation(at: time)])[0]
            }
    }

    /// The view at each of `times` (seconds of one Stage clock, in increasing order), side by
    /// side in one image, `columns` to a row (nil: all in one row), one reference file for an
    /// animation's key moments.
    public static func frames(
        at times: [TimeInterval], columns: Int? = nil, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { view in
                let moments = times.sorted().map { SnapshotStage.Moment.presentation(at: $0) }
                let images = SnapshotStage.images(of: view, size: size, traits: traits, moments: moments)
                return SnapshotImages.strip(images, columns: columns ?? max(images.count, 1))
            }
    }
}

extension Snapshotting where Value == UIViewController, Format == UIImage {
    /// A controller's view compared pixel for pixel.
    public static var image: Snapshotting { .image() }

    /// A controller laid out on a device (`.iPhone13`, `.iPadPro11(.portrait)`, …): its size,
    /// safe area and traits, the controller as its window's root (appearance callbacks sent).
    public static func image(
        on config: ViewImageConfig, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config.traits, traits])
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: merged.displayScale)
            .pullback { controller in
                SnapshotStage.images(of: controller, config: config, size: size, traits: traits, moments: [.model])[0]
            }
    }

    /// A controller's view at its own size (or `size`), with no safe area.
    public static func image(
        drawHierarchyInKeyWindow: Bool = false, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let moment: SnapshotStage.Moment = drawHierarchyInKeyWindow ? .presentation(at: 0) : .model
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { controller in
                SnapshotStage.images(of: controller, config: .init(), size: size, traits: traits, moments: [moment])[0]
            }
    }

    /// A controller on a device `time` seconds after the snapshot starts a Stage clock.
    public static func image(
        on config: ViewImageConfig, at time: TimeInterval, precision: Float = 1, perceptualPrecision: Float = 1,
        size: CGSize? = nil, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let merged = UITraitCollection(traitsFrom: [config.traits, traits])
        return SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: merged.displayScale)
            .pullback { controller in
                SnapshotStage.images(of: controller, config: config, size: size, traits: traits, moments: [.presentation(at: time)])[0]
            }
    }
}

extension Snapshotting where Value == CALayer, Format == UIImage {
    /// A layer compared pixel for pixel.
    public static var image: Snapshotting { .image() }

    /// A layer drawn in its own coordinates as `render(in:)` draws it (model values).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, traits: UITraitCollection = .init()) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { layer in SnapshotStage.images(of: layer, traits: traits, moments: [.model])[0] }
    }

    /// A layer `time` seconds after the snapshot starts a Stage clock, its animations applied.
    public static func image(
        at time: TimeInterval, precision: Float = 1, perceptualPrecision: Float = 1, traits: UITraitCollection = .init()
    ) -> Snapshotting {
        SimplySnapshotting.image(precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
            .pullback { layer in SnapshotStage.images(of: layer, traits: traits, moments: [.presentation(at: time)])[0] }
    }
}
