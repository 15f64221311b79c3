import FlipbookCore
import FlipbookUIKit
import Foundation

/// A Lottie animation (Bodymovin JSON) read and checked: its size, frame rate and frame range,
/// and what it holds. `LottieAnimationLayer` turns it into Core Animation layers.
public struct LottieAnimation: Sendable {
    /// The composition's size in points.
    public let width: Double
    public let height: Double
    /// Frames per second.
    public let framerate: Double
    /// The first frame (`ip`) and the frame the animation ends at (`op`).
    public let startFrame: Double
    public let endFrame: Double
    /// Where the file was read from (messages name it).
    public let file: String
    /// The folder images are looked for in (`u` is relative to it).
    public let baseDirectory: URL?
    /// What the file describes, typed.
    let composition: LottieComposition
    /// What the decoder left out of it (values of the wrong kind, types it does not know), one
    /// line per place.
    let decodingNotes: [String]
    /// The file's text, kept to give a fault's line and column (nil for archives' manifests).
    let source: Data?
    /// How deep its arrays and objects nest (building the layers recurses as deep).
    let nesting: Int
    /// The files of the `.lottie` archive it came from (images), by path in the archive.
    var archiveFiles: [String: Data] = [:]
    /// Further folders images are looked for in, after the file's own (lottie-ios's image
    /// provider; `flipbook --images`).
    public var imageDirectories: [URL] = []
    /// Folders of font files (`.ttf`, `.otf`, `.ttc`) its text may use, registered for the
    /// process as an app registers its fonts: the `fonts` and `Fonts` folders beside the file,
    /// then any added (`flipbook --fonts`). See `TextFonts`.
    public var fontDirectories: [URL] = []

    /// The composition's name (`nm`), if it has one.
    public var name: String? { composition.name }

    /// Precompositions and images, by id.
    var assets: [String: LottieAsset] { composition.assets }

    /// Seconds from the first frame to the end.
    public var duration: Double { (endFrame - startFrame) / framerate }

    /// Reads a Lottie JSON file (`.json`) or the first animation of a `.lottie` archive.
    public static func filepath(_ path: String) -> LottieAnimation? { try? load(file: path) }

    /// Reads `name.json` from `directory` (lottie-ios looks in a bundle; here a folder).
    public static func named(_ name: String, subdirectory directory: String = ".") -> LottieAnimation? {
        filepath(URL(fileURLWithPath: directory).appendingPathComponent(name + ".json").path)
    }

    /// The largest file read, and the most frames, layers and nesting a file may ask for.
    public static let maximumFileBytes = 64 << 20
    public static let maximumFrames = 100_000.0
    public static let maximumLayers = 10_000
    public static let maximumPrecompDepth = 16

    /// Reads `file`, or throws a `LottieError` naming the JSON path of the first problem.
    public static func load(file: String) throws -> LottieAnimation {
        let url = URL(fileURLWithPath: file)
        let data: Data
        do {
            guard let bytes = try readRegularFile(url) else {
                throw LottieError(file: file, path: "", message: "not a regular file of at most \(maximumFileBytes >> 20) MB")
            }
            data = bytes
        } catch let error as LottieError {
            throw error
        } catch {
            throw LottieError(file: file, path: "", message: "cannot be read (\(error.localizedDescription))")
        }
        return try load(contents: data, file: file)
    }

    /// Reads the bytes of `file`, already read by the caller: a `.lottie` archive when its name
    /// says so, Bodymovin JSON otherwise (images relative to the file's folder).
    public static func load(contents data: Data, file: String) throws -> LottieAnimation {
        let url = URL(fileURLWithPath: file)
        if url.pathExtension.lowercased() == "lottie" { return try loadArchive(data, file: file) }
        return try load(data: data, file: file, baseDirectory: url.deletingLastPathComponent())
    }

    /// The `fonts` and `Fonts` folders in `folder`.
    static func fontFolders(in folder: URL) -> [URL] {
        ["fonts", "Fonts"].map { folder.appendingPathComponent($0, isDirectory: true) }
    }

    /// Whether `file` is named as a Lottie animation is (`.json`, `.lot`, `.lottie`).
    public static func isLottieFile(_ file: String) -> Bool {
        ["json", "lot", "lottie"].contains(URL(fileURLWithPath: file).pathExtension.lowercased())
    }

    /// The bytes of `url` when it is a regular file (links followed) of at most
    /// `maximumFileBytes`; nil otherwise, without reading: a FIFO or a device would block the
    /// read or never end.
    static func readRegularFile(_ url: URL) throws -> Data? {
        try RegularFile.contents(of: url, maximumBytes: maximumFileBytes)
    }

    /// A `.lottie` archive: the first animation its manifest lists (`animations/ID.json`, or
    /// `a/ID.json` in version 2), with the archive's images.
    static func loadArchive(_ data: Data, file: String) throws -> LottieAnimation {
        let archive = try openArchive(data, file: file)
        return try loadArchive(archive, file: file, id: manifest(of: archive).first?.id, fallBack: true)
    }

    /// `data` as a zip archive, or a `LottieError` naming `file`.
    static func openArchive(_ data: Data, file: String) throws -> ZipArchive {
        do { return try ZipArchive(data) } catch { throw LottieError(file: file, path: "", message: "\(error)") }
    }

    /// The animations an archive's `manifest.json` lists (none without a readable one).
    static func manifest(of archive: ZipArchive) -> [DotLottieManifestEntry] {
        archive.files["manifest.json"].flatMap { try? JSONParser.parse($0) }.map {
            LottieDecoder.manifestAnimations(LottieJSON(node: $0, path: "manifest"))
        } ?? []
    }

    /// The archive's animation `id` (`animations/ID.json`, or `a/ID.json` in version 2); with
    /// `fallBack`, else its first animation file.
    static func loadArchive(_ archive: ZipArchive, file: String, id: String?, fallBack: Bool) throws -> LottieAnimation {
        let listed = id.map { ["animations/\($0).json", "a/\($0).json"] } ?? []
        let candidates =
            listed
            + (fallBack
                ? archive.files.keys.filter { ($0.hasPrefix("animations/") || $0.hasPrefix("a/")) && $0.hasSuffix(".json") }.sorted() : [])
        guard let name = candidates.first(where: { archive.files[$0] != nil }), let json = archive.files[name] else {
            let what = id.map { "animation '\($0)' (animations/\($0).json)" } ?? "animation (animations/*.json)"
            throw LottieError(file: file, path: "", message: "the archive holds no \(what)")
        }
        var animation = try load(data: json, file: "\(file)/\(name)", baseDirectory: nil)
        animation.archiveFiles = archive.files
        animation.fontDirectories = fontFolders(in: URL(fileURLWithPath: file).deletingLastPathComponent())
        return animation
    }

    /// Reads Bodymovin JSON from `data`.
    public static func load(data: Data, file: String = "<data>", baseDirectory: URL? = nil) throws -> LottieAnimation {
        let value: JSONValue, nesting: Int
        do { (value, nesting) = try JSONParser.parseDocument(data) } catch {
            throw LottieError(file: file, path: "", message: "not readable JSON: \(error.message)", line: error.line, column: error.column)
        }
        guard case .object = value else {
            throw LottieError(file: file, path: "", message: "not a Lottie animation (expected a JSON object)", line: 1, column: 1)
        }
        let root = LottieJSON(node: value, path: "")
        // What it asks for, counted before anything is built.
        var work = LottieWorkCheck(file: file)
        do { try work.check(value) } catch let error as LottieError { throw located(error, in: data) }
        var decoder = LottieDecoder(file: file)
        let composition: LottieComposition
        do { composition = try decoder.composition(root) } catch let error as LottieError { throw located(error, in: data) }
        var animation = LottieAnimation(
            width: composition.width, height: composition.height, framerate: composition.framerate, startFrame: composition.startFrame,
            endFrame: composition.endFrame, file: file, baseDirectory: baseDirectory, composition: composition,
            decodingNotes: decoder.notes, source: data, nesting: nesting)
        animation.fontDirectories = baseDirectory.map(fontFolders) ?? []
        return animation
    }

    /// `error` with the line and column of its JSON path in `data`, when it has none yet.
    static func located(_ error: LottieError, in data: Data?) -> LottieError {
        guard error.line == nil, let data, let place = JSONParser.location(ofPath: error.path, in: data) else { return error }
        var located = error
        located.line = place.line
        located.column = place.column
        return located
    }

    /// Where in the file's text the JSON path a warning starts with (`layers[0].ks.o.k: …`) is;
    /// nil when the warning names no path found there.
    package func location(ofWarning warning: String) -> (line: Int, column: Int)? {
        guard let source, let colon = warning.range(of: ": ") else { return nil }
        let path = String(warning[..<colon.lowerBound])
        guard !path.isEmpty, !path.contains(" ") else { return nil }
        return JSONParser.location(ofPath: path, in: source)
    }

    /// `error` with the line and column of its JSON path in this animation's text.
    func located(_ error: LottieError) -> LottieError {
        guard error.file == file else { return error }
        return Self.located(error, in: source)
    }

    /// One line per top-level layer, top first: index, name, type, in and out points, parent.
    public var layerSummaries: [String] {
        composition.layers.map { layer in
            let type: String
            switch layer.kind {
            case .precomposition: type = "precomposition"
            case .solid: type = "solid"
            case .image: type = "image"
            case .null: type = "null"
            case .shape: type = "shape"
            case .text: type = "text"
            case .unsupported(let code): type = code.map { "type \($0)" } ?? "?"
            }
            let name = layer.name.isEmpty ? "(unnamed)" : "'\(layer.name.prefix(60))'"
            var line = "\(layer.path) \(name) \(type), frames \(layer.inPoint ?? startFrame)…\(layer.outPoint ?? endFrame)"
            if let parent = layer.parent { line += ", parent \(parent)" }
            if layer.isMatteSource { line += ", matte source" }
            return line
        }
    }

    /// The frame shown at `progress` (0…1), as lottie-ios's `currentProgress` maps it.
    public func frame(atProgress progress: Double) -> Double { startFrame + progress * (endFrame - startFrame) }

    /// The size lottie-ios's snapshot tests draw it at: the composition's aspect, its longer
    /// side at most `maximumDimension` points.
    public func snapshotSize(maximumDimension: Double = 500) -> CGSize {
        if width > height {
            let w = min(width, maximumDimension)
            return CGSize(width: w, height: w * height / width)
        }
        let h = min(height, maximumDimension)
        return CGSize(width: h * width / height, height: h)
    }
}
