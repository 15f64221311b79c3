import Flipbook
import Foundation

/// `golden/<scenario name>/`: `frame-000.png` … at the golden instants, `trace.txt`, and
/// `manifest.json` (docs/golden-tests.md).
///
/// Golden folders arrive through pull requests from other people, so the store treats them as
/// untrusted input: it never follows a symbolic link (a linked `golden/`, `golden/NAME` or
/// entry is refused, by name), reads regular files only, and takes frame names from a manifest
/// only when they are plain names inside the folder.
public struct GoldenStore: Sendable {
    /// The folder holding every scenario's goldens.
    public var root: URL

    public init(root: URL) { self.root = root }

    /// The largest manifest or trace read (a manifest of 36,000 frames is about 4 MB).
    static let maximumTextBytes = 64 << 20

    public static func frameName(_ index: Int) -> String { String(format: "frame-%03d.png", index) }

    public func folder(for name: String) -> URL { root.appendingPathComponent(name, isDirectory: true) }

    /// Whether `name` has a manifest (whatever it is: reading it says what is wrong).
    public func exists(_ name: String) -> Bool {
        var st = stat()
        return Self.isPlainName(name) && lstat(folder(for: name).appendingPathComponent("manifest.json").path, &st) == 0
    }

    /// The scenario names that have a golden folder.
    public func recordedNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { exists($0) }.sorted()
    }

    /// A name that stays inside its folder: not empty, not `.` or `..`, no `/`, no control
    /// characters.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name != "." && name != ".." && !name.contains("/")
            && !name.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// The folder of `name`, checked: a plain name, and neither the store nor the folder is a
    /// symbolic link or something other than a directory.
    func checkedFolder(for name: String) throws -> URL {
        guard Self.isPlainName(name) else { throw GoldenStoreError(path: folder(for: name).path, reason: "is not a plain folder name") }
        for url in [root, folder(for: name)] {
            var st = stat()
            guard lstat(url.path, &st) == 0 else { continue }
            let type = st.st_mode & S_IFMT
            if type == S_IFLNK {
                throw GoldenStoreError(path: url.path, reason: "is a symbolic link; golden folders are never followed through links")
            }
            if type != S_IFDIR { throw GoldenStoreError(path: url.path, reason: "is not a folder") }
        }
        return folder(for: name)
    }

    public struct Recorded: Sendable {
        public var manifest: GoldenManifest
        public var trace: String
        let folder: URL

        /// Frame `index`, decoded (a regular file in the folder, its size checked first).
        public func frame(_ index: Int) throws -> PixelBuffer {
            try PNGCodec.decode(try frameFile(index), name: frameURL(index).path)
        }

        /// The recorded frame `index`'s PNG bytes (a link in its place is refused).
        public func frameFile(_ index: Int) throws -> [UInt8] {
            try InputFile.read(frameURL(index).path, followingLinks: false)
        }

        func frameURL(_ index: Int) -> URL { folder.appendingPathComponent(manifest.frames[index]) }

        /// Whether `actual` is exactly the recorded frame `index`, known without decoding: the
        /// PNG file is the one recorded and the pixels' checksum matches. nil: decode to know.
        public func matchesWithoutDecoding(_ index: Int, _ actual: PixelBuffer) -> Bool? {
            guard let bytes = try? frameFile(index) else { return nil }
            return matchesWithoutDecoding(index, actual, file: bytes)
        }

        /// The same for the frame's PNG bytes already read (and `actual`'s pixel checksum, when
        /// the caller has it: a frame's CRC is computed once).
        func matchesWithoutDecoding(_ index: Int, _ actual: PixelBuffer, file bytes: [UInt8], pixelChecksum: String? = nil) -> Bool? {
            guard let pixels = manifest.pixelChecksums, let files = manifest.fileChecksums, index < pixels.count, index < files.count,
                GoldenManifest.checksum(bytes) == files[index]
            else { return nil }
            return (pixelChecksum ?? GoldenManifest.pixelChecksum(actual)) == pixels[index] ? true : nil
        }
    }

    public func load(_ name: String) throws -> Recorded {
        let dir = try checkedFolder(for: name)
        let manifestPath = dir.appendingPathComponent("manifest.json").path
        let data = try InputFile.read(manifestPath, followingLinks: false, maximumBytes: Self.maximumTextBytes)
        let manifest: GoldenManifest
        do { manifest = try JSONDecoder().decode(GoldenManifest.self, from: Data(data)) } catch {
            throw GoldenStoreError(path: manifestPath, reason: "is not a golden manifest (\(Self.explain(error)))")
        }
        try Self.check(manifest, at: manifestPath)
        let tracePath = dir.appendingPathComponent("trace.txt").path
        var st = stat()
        let trace =
            lstat(tracePath, &st) == 0
            ? try InputFile.readText(tracePath, followingLinks: false, maximumBytes: Self.maximumTextBytes) : ""
        return Recorded(manifest: manifest, trace: trace, folder: dir)
    }

    /// A manifest's lists agree and its frame names stay in the folder.
    static func check(_ m: GoldenManifest, at path: String) throws {
        guard m.frames.count == m.times.count else {
            throw GoldenStoreError(path: path, reason: "lists \(m.frames.count) frames for \(m.times.count) times; they must match")
        }
        for list in [m.pixelChecksums, m.fileChecksums].compactMap({ $0 }) where list.count != m.frames.count {
            throw GoldenStoreError(path: path, reason: "lists \(list.count) checksums for \(m.frames.count) frames; they must match")
        }
        if let bad = m.frames.first(where: { !isPlainName($0) || $0.hasPrefix(".") }) {
            throw GoldenStoreError(
                path: path, reason: "names the frame \(TextSafety.quoted(bad)); frames are plain file names inside the folder")
        }
        if let bad = m.times.first(where: { !$0.isFinite }) {
            throw GoldenStoreError(path: path, reason: "has the time \(bad); times are finite seconds")
        }
    }

    /// A decoding error in one line (Foundation's description is a nested dump).
    static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "the key '\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let c), DecodingError.valueNotFound(_, let c):
            return "a value at '\(c.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type"
        case DecodingError.dataCorrupted(let c):
            return c.codingPath.isEmpty ? "not valid JSON" : "bad data at '\(c.codingPath.map(\.stringValue).joined(separator: "."))'"
        default: return "not valid JSON"
        }
    }

    /// Writes a capture as the goldens of `name`, replacing what was there (every file through
    /// `OutputFile`, links not followed: a failure leaves no half-written golden, and a link
    /// planted in the folder is refused instead of written through).
    package func record(_ name: String, capture: GoldenCapture, spec: GoldenSpec) throws {
        let dir = try checkedFolder(for: name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        _ = try checkedFolder(for: name)  // made just now, or still what was checked
        // Frames of an earlier recording with more instants must not linger (unlink removes a
        // link itself, never what it points to).
        for old in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where old.hasPrefix("frame-") {
            unlink(dir.appendingPathComponent(old).path)
        }
        var fileChecksums: [String] = []
        for (i, frame) in capture.frames.enumerated() {
            let png = try PNGCodec.encode(frame, level: 9)
            fileChecksums.append(GoldenManifest.checksum(png))
            try OutputFile.write(png, to: dir.appendingPathComponent(Self.frameName(i)), followingLinks: false)
        }
        try OutputFile.write(Array(capture.trace.utf8), to: dir.appendingPathComponent("trace.txt"), followingLinks: false)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var manifest = GoldenManifest.current(for: capture, spec: spec)
        manifest.fileChecksums = fileChecksums
        try OutputFile.write(
            Array(try encoder.encode(manifest)) + [10], to: dir.appendingPathComponent("manifest.json"),
            followingLinks: false)
    }
}

extension GoldenStore {
    /// Goldens written frame by frame as a render produces them (`GoldenStreamSink`): the folder
    /// is checked and emptied of old frames first, each file goes through `OutputFile` with links
    /// not followed, and the manifest is written last, so an interrupted recording has none.
    public final class Recording: @unchecked Sendable {
        let folder: URL
        // Written on the calling thread only (the sink's consume).
        private(set) var fileChecksums: [Int: String] = [:]

        init(store: GoldenStore, name: String) throws {
            folder = try store.checkedFolder(for: name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = try store.checkedFolder(for: name)  // made just now, or still what was checked
            unlink(folder.appendingPathComponent("manifest.json").path)
            for old in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] where old.hasPrefix("frame-") {
                unlink(folder.appendingPathComponent(old).path)
            }
        }

        func write(frame index: Int, png: [UInt8]) throws {
            fileChecksums[index] = GoldenManifest.checksum(png)
            try OutputFile.write(png, to: folder.appendingPathComponent(GoldenStore.frameName(index)), followingLinks: false)
        }

        func finish(trace: String, manifest: GoldenManifest) throws {
            try OutputFile.write(Array(trace.utf8), to: folder.appendingPathComponent("trace.txt"), followingLinks: false)
            var m = manifest
            m.fileChecksums = m.frames.indices.map { fileChecksums[$0] ?? "" }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try OutputFile.write(
                Array(try encoder.encode(m)) + [10], to: folder.appendingPathComponent("manifest.json"), followingLinks: false)
        }
    }

    /// Starts recording the goldens of `name` (see `Recording`).
    public func beginRecording(_ name: String) throws -> Recording { try Recording(store: self, name: name) }
}

/// A golden folder or entry refused: which one, and why.
public struct GoldenStoreError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path) \(reason)" }
}
