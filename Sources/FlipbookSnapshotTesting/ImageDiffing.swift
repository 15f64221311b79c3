import Flipbook
import Foundation

extension Diffing where Value == UIImage {
    /// Pixel diffing that requires every byte to match.
    public static var image: Diffing { .image() }

    /// Pixel diffing as swift-snapshot-testing's on iOS: PNG files, `precision` the share of
    /// pixels that must match, `perceptualPrecision` how close a pixel's colour must be to
    /// match (CIE94 ΔE ≤ (1 − perceptualPrecision) × 100; 0.98–0.99 is about what an eye tells
    /// apart). A reference recorded on an iOS simulator is read like one written here. On
    /// failure the message also says how many pixels differ and where (in points), and the
    /// reference, the new snapshot and a difference image are attached.
    ///
    /// - Parameter scale: the pixels per point references are read at; nil or 0: the scale
    ///   snapshots are drawn at (`SnapshotScale`).
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Diffing {
        let readScale = scale.flatMap { $0 > 0 ? $0 : nil } ?? SnapshotScale.resolve(nil)
        return .diff(
            toData: { SnapshotPixels.pngData(of: $0) ?? SnapshotImages.emptySnapshotPNG() },
            fromData: { UIImage(data: $0, scale: readScale) ?? UIImage() },
            diffV2: { reference, snapshot in
                imageFailure(reference, snapshot, precision: precision, perceptualPrecision: perceptualPrecision).map {
                    ($0, attachments(reference, snapshot))
                }
            })
    }

    /// The reference, the new snapshot and their difference, as swift-snapshot-testing attaches them.
    static func attachments(_ reference: UIImage, _ snapshot: UIImage) -> [DiffAttachment] {
        var attachments: [DiffAttachment] = []
        for (name, image) in [("reference.png", reference), ("failure.png", snapshot)] {
            if let data = SnapshotPixels.pngData(of: image) { attachments.append(.data(data, name: name)) }
        }
        if let a = SnapshotPixels.pixels(of: reference), let b = SnapshotPixels.pixels(of: snapshot),
            let difference = SnapshotImages.difference(a, b), let data = try? PNGCodec.encode(difference)
        {
            attachments.append(.data(Data(data), name: "difference.png"))
        }
        return attachments
    }

    /// Why `snapshot` does not match `reference`, or nil when it does.
    static func imageFailure(_ reference: UIImage, _ snapshot: UIImage, precision: Float, perceptualPrecision: Float) -> String? {
        guard let old = SnapshotPixels.pixels(of: reference) else { return "Reference image could not be loaded." }
        guard let new = SnapshotPixels.pixels(of: snapshot) else {
            return "Newly-taken snapshot is empty: the view or layer is 0×0 points; give it a frame or pass size:."
        }
        return SnapshotComparison.failure(
            reference: old, snapshot: new, precision: precision, perceptualPrecision: perceptualPrecision, scale: Double(snapshot.scale))
    }
}

extension Snapshotting where Value == UIImage, Format == UIImage {
    /// Images compared pixel for pixel.
    public static var image: Snapshotting { .image() }

    /// Images compared as `Diffing.image(precision:perceptualPrecision:scale:)` compares them.
    public static func image(precision: Float = 1, perceptualPrecision: Float = 1, scale: CGFloat? = nil) -> Snapshotting {
        .init(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, scale: scale))
    }
}

/// Images the strategies make besides snapshots.
enum SnapshotImages {
    /// The largest channel difference of each pixel, stretched so the largest is white, on black.
    static func difference(_ a: PixelBuffer, _ b: PixelBuffer) -> PixelBuffer? {
        guard a.width == b.width, a.height == b.height else { return nil }
        var amounts = [UInt8](repeating: 0, count: a.width * a.height)
        var largest: UInt8 = 0
        for i in amounts.indices where a.premultipliedARGB[i] != b.premultipliedARGB[i] {
            let p = a.premultipliedARGB[i], q = b.premultipliedARGB[i]
            var d = 0
            for shift: UInt32 in [0, 8, 16, 24] { d = max(d, abs(Int(p >> shift & 0xFF) - Int(q >> shift & 0xFF))) }
            amounts[i] = UInt8(d)
            largest = max(largest, UInt8(d))
        }
        let stretch = largest == 0 ? 0 : 255 / Double(largest)
        let words = amounts.map { v -> UInt32 in
            let g = UInt32((Double(v) * stretch).rounded())
            return 0xFF00_0000 | g << 16 | g << 8 | g
        }
        return PixelBuffer(width: a.width, height: a.height, premultipliedARGB: words)
    }

    /// What is stored for an empty snapshot: a red 400×80 image, so the file says something went wrong.
    static func emptySnapshotPNG() -> Data {
        let red = PixelBuffer(width: 400, height: 80, premultipliedARGB: [UInt32](repeating: 0xFFFF_0000, count: 400 * 80))
        return (try? PNGCodec.encode(red)).map { Data($0) } ?? Data()
    }
}

extension SnapshotImages {
    /// `images` in rows of `columns`, left to right, top to bottom, each cell the size of the
    /// largest, on a transparent background.
    static func strip(_ images: [UIImage], columns: Int) -> UIImage {
        let pixels = images.map { SnapshotPixels.pixels(of: $0) }
        let cellWidth = pixels.map { $0?.width ?? 0 }.max() ?? 0, cellHeight = pixels.map { $0?.height ?? 0 }.max() ?? 0
        let columns = max(1, columns), rows = (images.count + columns - 1) / columns
        guard cellWidth > 0, cellHeight > 0 else { return UIImage() }
        let width = cellWidth * min(columns, images.count), height = cellHeight * rows
        var words = [UInt32](repeating: 0, count: width * height)
        for (k, cell) in pixels.enumerated() {
            guard let cell else { continue }
            let x0 = (k % columns) * cellWidth, y0 = (k / columns) * cellHeight
            for y in 0..<cell.height {
                let from = y * cell.width, to = (y0 + y) * width + x0
                words.replaceSubrange(to..<to + cell.width, with: cell.premultipliedARGB[from..<from + cell.width])
            }
        }
        return SnapshotPixels.image(PixelBuffer(width: width, height: height, premultipliedARGB: words), scale: images[0].scale)
    }
}
