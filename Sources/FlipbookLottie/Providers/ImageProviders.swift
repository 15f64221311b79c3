import FlipbookCore
import FlipbookUIKit
import Foundation

/// An image the animation shows (lottie-ios's `ImageAsset`): its id, file name (or embedded
/// `data:` URL), folder and size in the composition's points.
public final class ImageAsset: Sendable {
    /// The asset's id, which image layers refer to (`refId`).
    public let id: String
    /// The file name (`p`), or the whole `data:` URL of an embedded image.
    public let name: String
    /// The folder the file is in (`u`).
    public let directory: String
    /// The layer's size in points the image is drawn into.
    public let width: Double
    public let height: Double

    public init(id: String, name: String, directory: String, width: Double, height: Double) {
        self.id = id
        self.name = name
        self.directory = directory
        self.width = width
        self.height = height
    }
}

/// Gives the pictures of an animation's image layers (lottie-ios's `AnimationImageProvider`):
/// set as `LottieAnimationView.imageProvider`, it is asked for every image asset instead of
/// the files beside the animation.
public protocol AnimationImageProvider {
    /// Whether its images may be kept and reused (lottie-ios caches them); true by default.
    var cacheEligible: Bool { get }
    /// The picture for `asset`; nil shows nothing in its layers.
    func imageForAsset(asset: ImageAsset) -> CGImage?
    /// How the picture fills its layer (`contentsGravity`); `.resize` (stretched) by default.
    func contentsGravity(for asset: ImageAsset) -> CALayerContentsGravity
}

extension AnimationImageProvider {
    public var cacheEligible: Bool { true }
    public func contentsGravity(for _: ImageAsset) -> CALayerContentsGravity { .resize }
}

/// Images read from a folder (lottie-ios's `FilepathImageProvider`): `folder/name`, else
/// `folder/directory/name`; embedded `data:` images decoded.
public final class FilepathImageProvider: AnimationImageProvider, Equatable {
    let filepath: URL
    let contentsGravity: CALayerContentsGravity

    public init(filepath: String, contentsGravity: CALayerContentsGravity = .resize) {
        self.filepath = URL(fileURLWithPath: filepath)
        self.contentsGravity = contentsGravity
    }

    public init(filepath: URL, contentsGravity: CALayerContentsGravity = .resize) {
        self.filepath = filepath
        self.contentsGravity = contentsGravity
    }

    public func imageForAsset(asset: ImageAsset) -> CGImage? {
        if let embedded = Self.embeddedImage(asset) { return embedded }
        for url in [
            filepath.appendingPathComponent(asset.name), filepath.appendingPathComponent(asset.directory).appendingPathComponent(asset.name)
        ]
        where FileManager.default.fileExists(atPath: url.path) {
            return UIImage(contentsOfFile: url.path)?.cgImage
        }
        return nil
    }

    public func contentsGravity(for _: ImageAsset) -> CALayerContentsGravity { contentsGravity }

    public static func == (lhs: FilepathImageProvider, rhs: FilepathImageProvider) -> Bool { lhs.filepath == rhs.filepath }

    /// An image embedded in the file as a `data:…;base64,` name.
    static func embeddedImage(_ asset: ImageAsset) -> CGImage? {
        guard asset.name.hasPrefix("data:"), let comma = asset.name.firstIndex(of: ",") else { return nil }
        let encoded = String(asset.name[asset.name.index(after: comma)...])
        return Data(base64Encoded: encoded, options: .ignoreUnknownCharacters).flatMap { UIImage(data: $0)?.cgImage }
    }
}

/// Images from a bundle's resources (lottie-ios's `BundleImageProvider`): under `searchPath`
/// (and the asset's folder inside it) when given, else in the asset's folder, else anywhere in
/// the bundle's resources; embedded `data:` images decoded.
public final class BundleImageProvider: AnimationImageProvider, Equatable {
    let bundle: Bundle
    let searchPath: String?
    let contentsGravity: CALayerContentsGravity

    public init(bundle: Bundle, searchPath: String?, contentsGravity: CALayerContentsGravity = .resize) {
        self.bundle = bundle
        self.searchPath = searchPath
        self.contentsGravity = contentsGravity
    }

    public func imageForAsset(asset: ImageAsset) -> CGImage? {
        if let embedded = FilepathImageProvider.embeddedImage(asset) { return embedded }
        var folders: [String?] = []
        if let searchPath {
            // The asset's folder inside the search path, both relative to the bundle's resources.
            folders = [(searchPath as NSString).appendingPathComponent(asset.directory), searchPath, nil]
        } else {
            folders = [asset.directory, nil]
        }
        for folder in folders {
            if let path = bundle.path(forResource: asset.name, ofType: nil, inDirectory: folder) {
                return UIImage(contentsOfFile: path)?.cgImage
            }
        }
        return UIImage(named: asset.name, in: bundle, compatibleWith: nil)?.cgImage
    }

    public func contentsGravity(for _: ImageAsset) -> CALayerContentsGravity { contentsGravity }

    public static func == (lhs: BundleImageProvider, rhs: BundleImageProvider) -> Bool {
        lhs.bundle == rhs.bundle && lhs.searchPath == rhs.searchPath
    }
}

/// The default image provider: the image files beside the animation, in its `.lottie`
/// archive or in its image folders, and embedded images (the layer builder reads them, with
/// its bounds on where files may be).
struct AnimationFilesImageProvider: AnimationImageProvider {
    func imageForAsset(asset _: ImageAsset) -> CGImage? { nil }
}
