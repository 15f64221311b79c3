import Flipbook
import Foundation

extension Snapshotting where Value == UIView, Format == UIImage {
    /// The view's animations over `duration` seconds from a Stage clock started by the
    /// snapshot, `fps` frames a second (the first at 0, the last at or before `duration`),
    /// stored as one animated PNG (it plays in a browser) and compared frame by frame as
    /// `Diffing.image` compares one; a failure names each frame that differs and its instant.
    public static func animation(
        duration: TimeInterval, fps: Double = 10, precision: Float = 1, perceptualPrecision: Float = 1, size: CGSize? = nil,
        traits: UITraitCollection = .init()
    ) -> Snapshotting {
        let rate = fps.isFinite && fps > 0 ? min(fps, 120) : 10
        let count = duration.isFinite && duration > 0 ? min(Int((duration * rate + 1e-9).rounded(.down)) + 1, 1_200) : 1
        let times = (0..<count).map { Double($0) / rate }
        return SimplySnapshotting<UIImage>(
            pathExtension: "png",
            diffing: .animation(fps: rate, precision: precision, perceptualPrecision: perceptualPrecision, scale: traits.displayScale)
        ).pullback { view in
            let frames = SnapshotStage.images(of: view, size: size, traits: traits, moments: times.map { .presentation(at: $0) })
            return UIImage.animatedImage(with: frames, duration: Double(frames.count) / rate) ?? UIImage()
        }
    }
}

extension Diffing where Value == UIImage {
    /// Animated images as animated PNGs (`fps` frames a second), compared frame by frame with
    /// `image(precision:perceptualPrecision:scale:)`'s rule.
    public static func animation(fps: Double, precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        let readScale = scale.flatMap { $0 > 0 ? $0 : nil } ?? SnapshotScale.resolve(nil)
        return .diff(
            toData: { image in
                let frames = (image.images ?? [image]).compactMap { SnapshotPixels.pixels(of: $0) }
                return (try? APNGEncoder.encode(frames, fps: fps)).map { Data($0) } ?? SnapshotImages.emptySnapshotPNG()
            },
            fromData: { data in
                guard let stream = try? APNGFrameStream(bytes: [UInt8](data), name: "the reference animation"),
                    let frames = try? stream.allFrames(name: "the reference animation"), !frames.isEmpty
                else { return UIImage() }
                let images = frames.map { SnapshotPixels.image($0, scale: readScale) }
                return UIImage.animatedImage(with: images, duration: Double(images.count) / fps) ?? UIImage()
            },
            diffV2: { reference, snapshot in
                animationFailure(reference, snapshot, fps: fps, precision: precision, perceptualPrecision: perceptualPrecision).map {
                    ($0, [])
                }
            })
    }

    /// Why the animation `snapshot` does not match `reference`, frame by frame, or nil.
    static func animationFailure(_ reference: UIImage, _ snapshot: UIImage, fps: Double, precision: Float, perceptualPrecision: Float)
        -> String?
    {
        let old = reference.images ?? [reference], new = snapshot.images ?? [snapshot]
        guard old.count == new.count else {
            return "The animation has \(new.count) frames; its reference has \(old.count) (at \(SnapshotComparison.format(fps)) fps)."
        }
        var failures: [String] = []
        for (k, (a, b)) in zip(old, new).enumerated() {
            guard let message = imageFailure(a, b, precision: precision, perceptualPrecision: perceptualPrecision) else { continue }
            let time = String(format: "%.3f", Double(k) / fps)
            failures.append("frame \(k) (t = \(time) s): " + message.replacingOccurrences(of: "\n", with: "\n  "))
        }
        guard !failures.isEmpty else { return nil }
        return "\(failures.count) of \(new.count) frames differ from the reference.\n" + failures.joined(separator: "\n")
    }
}
