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

    /// The scenario names that have a golden folder (hidden folders, such as a recording's
    /// staging folder, are none).
    public func recordedNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && exists($0) }.sorted()
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

    /// Writes a capture as the goldens of `name`, replacing what was there as a whole: written
    /// into a staging folder, then swapped in (`Recording`).
    package func record(_ name: String, capture: GoldenCapture, spec: GoldenSpec) throws {
        let recording = try beginRecording(name)
        for (i, frame) in capture.frames.enumerated() { try recording.write(frame: i, png: try PNGCodec.encode(frame, level: 9)) }
        var manifest = GoldenManifest.current(for: capture, spec: spec)
        manifest.fileChecksums = nil
        try recording.finish(trace: capture.trace, manifest: manifest)
        try recording.commit()
    }
}

extension GoldenStore {
    /// Goldens written frame by frame as a render produces them (`GoldenStreamSink`), into a
    /// staging folder beside the scene's (`.NAME.recording.PID.RANDOM`, made exclusively), then
    /// swapped in whole by `commit()`: the scene's folder holds the old set or the new one, never
    /// a mix, whatever stops the recording (an error, a full disk, a signal: `PendingWrites`
    /// removes the staging folder). Every file goes through `OutputFile` with links not followed.
    public final class Recording: @unchecked Sendable {
        let store: GoldenStore
        let name: String
        /// Where the new set is written until it is swapped in.
        let folder: URL
        private var pending: Int?
        private var settled = false
        // Written on the calling thread only (the sink's consume).
        private(set) var fileChecksums: [Int: String] = [:]

        init(store: GoldenStore, name: String) throws {
            self.store = store
            self.name = name
            _ = try store.checkedFolder(for: name)
            try FileManager.default.createDirectory(at: store.root, withIntermediateDirectories: true)
            _ = try store.checkedFolder(for: name)  // the store made just now, or still what was checked
            let root = store.root
            // Made and registered in one step: an interruption removes it whenever it comes.
            let made = PendingWrites.shared.create { () -> (URL, PendingWrites.Item)? in
                var generator = SystemRandomNumberGenerator()
                for _ in 0..<100 {
                    let random = String(generator.next() as UInt64, radix: 16)
                    let candidate = root.appendingPathComponent(".\(name).recording.\(getpid()).\(random)", isDirectory: true)
                    if mkdir(candidate.path, 0o755) == 0 { return (candidate, .folder(candidate.path)) }
                    if errno != EEXIST { break }
                }
                return nil
            }
            guard let made else {
                throw GoldenStoreError(path: store.root.path, reason: "cannot hold a new folder (\(String(cString: strerror(errno))))")
            }
            folder = made.0
            pending = made.token
        }

        deinit { discard() }

        func write(frame index: Int, png: [UInt8]) throws {
            fileChecksums[index] = GoldenManifest.checksum(png)
            try OutputFile.write(png, to: folder.appendingPathComponent(GoldenStore.frameName(index)), followingLinks: false)
        }

        /// Writes the trace and the manifest (last: a set without one is no set).
        func finish(trace: String, manifest: GoldenManifest) throws {
            try OutputFile.write(Array(trace.utf8), to: folder.appendingPathComponent("trace.txt"), followingLinks: false)
            var m = manifest
            m.fileChecksums = m.frames.indices.map { fileChecksums[$0] ?? "" }
            try OutputFile.write(
                try ReadableJSON.encode(m) + [10], to: folder.appendingPathComponent("manifest.json"), followingLinks: false)
        }

        /// Swaps the new set in: exchanged with the old folder in one step (renameat2) where the
        /// file system allows, the old set then removed.
        public func commit() throws {
            guard !settled else { return }
            let target = try store.checkedFolder(for: name)
            var st = stat()
            if lstat(target.path, &st) != 0 {
                guard rename(folder.path, target.path) == 0 else { throw failure("cannot move the new goldens into place") }
            } else if !FolderSwap.exchange(folder.path, target.path) {
                // No atomic exchange here: the old set moves aside (restored if the move in fails).
                let aside = folder.path + ".old"
                guard rename(target.path, aside) == 0 else { throw failure("cannot move the old goldens aside") }
                guard rename(folder.path, target.path) == 0 else {
                    let error = failure("cannot move the new goldens into place")
                    rename(aside, target.path)
                    throw error
                }
                try? FileManager.default.removeItem(atPath: aside)
            }
            // The staging name now holds the old set (or nothing).
            try? FileManager.default.removeItem(at: folder)
            settled = true
            pending.map(PendingWrites.shared.remove)
        }

        /// Removes the new set; the old one stays as it was.
        public func discard() {
            guard !settled else { return }
            settled = true
            try? FileManager.default.removeItem(at: folder)
            pending.map(PendingWrites.shared.remove)
        }

        private func failure(_ what: String) -> GoldenStoreError {
            GoldenStoreError(path: store.folder(for: name).path, reason: "\(what) (\(String(cString: strerror(errno))))")
        }
    }

    /// Starts recording the goldens of `name` (see `Recording`).
    public func beginRecording(_ name: String) throws -> Recording { try Recording(store: self, name: name) }
}

/// Two folders exchanged in one step (Linux's renameat2 with RENAME_EXCHANGE).
enum FolderSwap {
    /// Whether `a` and `b` were exchanged; false when the system or file system cannot.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Glibc)
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "renameat2") else { return false }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            // AT_FDCWD, RENAME_EXCHANGE.
            return renameat2(-100, a, -100, b, 2) == 0
        #else
            return false
        #endif
    }
}

/// A golden folder or entry refused: which one, and why.
public struct GoldenStoreError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path) \(reason)" }
}
