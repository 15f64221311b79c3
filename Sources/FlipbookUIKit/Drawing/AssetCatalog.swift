import FlipbookCore
import Foundation

/// Finds named sets in asset catalogs as an app's `Assets.xcassets` holds them on disk
/// (`Brand.colorset/Contents.json`, `intro.dataset/Contents.json` and its file), in the folders
/// an app bundle lookup would try here: the bundle's resources when one is given, then the
/// current directory. Group folders inside a catalog are searched too.
enum AssetCatalog {
    /// How deep group folders inside a catalog are searched (a bound against hostile trees).
    static let maximumGroupDepth = 8

    /// The folder `name.<kind>` (kind `colorset`, `dataset`, …) in a catalog, if any.
    static func set(named name: String, kind: String, bundle: Bundle?) -> URL? {
        let fm = FileManager.default
        let folders = ([bundle?.resourcePath, bundle?.bundlePath].compactMap { $0 } + [fm.currentDirectoryPath])
            .map { URL(fileURLWithPath: $0, isDirectory: true) }
        for folder in folders {
            let catalogs = (try? fm.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            for catalog in catalogs.filter({ $0.pathExtension == "xcassets" }).sorted(by: { $0.path < $1.path }) {
                if let found = search(catalog, for: "\(name).\(kind)", depth: 0) { return found }
            }
        }
        return nil
    }

    private static func search(_ folder: URL, for setName: String, depth: Int) -> URL? {
        let fm = FileManager.default
        let direct = folder.appendingPathComponent(setName)
        var isFolder: ObjCBool = false
        if fm.fileExists(atPath: direct.path, isDirectory: &isFolder), isFolder.boolValue { return direct }
        guard depth < maximumGroupDepth else { return nil }
        let children = (try? fm.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
        for child in children.sorted(by: { $0.path < $1.path }) where child.pathExtension.isEmpty {
            if let found = search(child, for: setName, depth: depth + 1) { return found }
        }
        return nil
    }

    /// The set's `Contents.json` as a dictionary.
    static func contents(of set: URL) -> [String: Any]? {
        guard let data = FileManager.default.contents(atPath: set.appendingPathComponent("Contents.json").path) else { return nil }
        return (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
    }

    /// A colour set's colour for the default (light, any) appearance: the first entry without
    /// `appearances`. Components are written by Xcode as 0…1 decimals ("0.200"), 0…255
    /// integers ("51") or hex bytes ("0x33"); gray spaces give `white`.
    static func color(in set: URL) -> RGBA? {
        guard let entries = contents(of: set)?["colors"] as? [[String: Any]] else { return nil }
        let entry = entries.first { $0["appearances"] == nil } ?? entries.first
        guard let color = entry?["color"] as? [String: Any], let parts = color["components"] as? [String: Any] else { return nil }
        func component(_ key: String) -> Double? {
            guard let raw = parts[key] else { return nil }
            if let n = raw as? NSNumber { return n.doubleValue }
            guard let text = (raw as? String)?.trimmingCharacters(in: .whitespaces) else { return nil }
            if text.lowercased().hasPrefix("0x") { return UInt8(text.dropFirst(2), radix: 16).map { Double($0) / 255 } }
            if text.contains(".") { return Double(text) }
            return Double(text).map { $0 / 255 }
        }
        let alpha = component("alpha") ?? 1
        if let white = component("white") { return RGBA(red: white, green: white, blue: white, alpha: alpha) }
        guard let r = component("red"), let g = component("green"), let b = component("blue") else { return nil }
        return RGBA(red: r, green: g, blue: b, alpha: alpha)
    }
}

/// A data file from an asset catalog's data set (`name.dataset`), as UIKit's `NSDataAsset`.
public final class NSDataAsset: @unchecked Sendable {
    public typealias Name = String
    /// The set's name.
    public let name: NSDataAsset.Name
    /// The file's bytes.
    public let data: Data
    /// The uniform type the set declares (`public.json`, …), or the file's extension's.
    public let typeIdentifier: String

    /// The data set `name` in an `.xcassets` folder in the current directory; nil when there is none.
    public convenience init?(name: NSDataAsset.Name) { self.init(name: name, bundle: .main) }

    /// The data set `name` in `bundle`'s catalogs, then the current directory's.
    public init?(name: NSDataAsset.Name, bundle: Bundle) {
        guard let set = AssetCatalog.set(named: name, kind: "dataset", bundle: bundle),
            let entries = AssetCatalog.contents(of: set)?["data"] as? [[String: Any]],
            let entry = entries.first, let file = entry["filename"] as? String,
            !file.contains("/"),
            let bytes = FileManager.default.contents(atPath: set.appendingPathComponent(file).path)
        else { return nil }
        self.name = name
        data = bytes
        typeIdentifier = (entry["universal-type-identifier"] as? String) ?? "public.data"
    }
}

extension UIColor {
    /// The colour set `name` from an `.xcassets` folder in the current directory (its default
    /// appearance); nil when there is none, as on iOS, with a Stage warning that says where it looked.
    public convenience init?(named name: String) { self.init(named: name, in: nil, compatibleWith: nil) }

    /// The same, in `bundle`'s catalogs first; traits are read at the default (light) appearance.
    public convenience init?(named name: String, in bundle: Bundle?, compatibleWith traitCollection: UITraitCollection?) {
        guard let set = AssetCatalog.set(named: name, kind: "colorset", bundle: bundle), let rgba = AssetCatalog.color(in: set) else {
            Stage.current?.warnOnce(
                "UIColor(named: \(name))",
                "UIColor(named: \"\(name)\") found no \(name).colorset in an .xcassets folder "
                    + "\(bundle.map { "in \($0.bundlePath) or " } ?? "")in \(FileManager.default.currentDirectoryPath): it is nil")
            return nil
        }
        self.init(cgColor: CGColor(rgba))
    }

    /// The app's tint colour (iOS 15): the system blue on a Stage.
    public static var tintColor: UIColor { .systemBlue }
}
