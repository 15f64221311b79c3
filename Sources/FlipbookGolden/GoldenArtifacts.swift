import Flipbook
import FlipbookComparison
import Foundation

/// Failure artifacts where CI can keep them: per failing frame expected / actual / difference
/// PNGs and a strip of the three, `report.html` (self-contained), `junit.xml`, `summary.json`.
public struct GoldenArtifacts: Sendable {
    public var root: URL
    /// Picture and animation bytes report.html holds inline (the rest are linked files).
    public var inlineLimit = GoldenReport.maximumInlineBytes

    public init(root: URL) { self.root = root }

    /// A failing scenario's whole render as it is now (written beside its frames), for the
    /// report to play: an image (APNG, WebP, GIF) or a video (MP4, WebM).
    public struct Animation: Sendable {
        public var fileName: String
        public var bytes: [UInt8]
        public var mediaType: String
        public init(fileName: String, bytes: [UInt8], mediaType: String) {
            self.fileName = fileName
            self.bytes = bytes
            self.mediaType = mediaType
        }
    }

    /// Writes everything for `outcomes` (and the orphan golden folders) under `root`; the
    /// report plays each scenario's `animations` entry.
    public func write(_ outcomes: [ScenarioOutcome], orphans: [String], animations: [String: Animation] = [:]) throws {
        try write(outcomes, orphans: orphans, animationsWhenDone: { animations })
    }

    /// The same with animations still being made (on another thread, while the pictures are
    /// encoded): `animationsWhenDone` is called, and waited on, just before the report. A
    /// scenario in `picturesStarted` had its pictures started already (`startPictures`): they
    /// are waited for instead of written again.
    public func write(
        _ outcomes: [ScenarioOutcome], orphans: [String], animationsWhenDone: () -> [String: Animation],
        picturesStarted: [String: PendingPictures] = [:]
    ) throws {
        try Self.makeFolder(root)
        var outcomes = outcomes
        var images: [String: [FrameImages]] = [:]
        for i in outcomes.indices where outcomes[i].failed {
            // A picture that cannot be made (a full disk, a frame past a bound) is said in the
            // report; the report, junit.xml and summary.json are written whatever happens here.
            do {
                images[outcomes[i].name] =
                    try picturesStarted[outcomes[i].name]?.wait() ?? writePictures(name: outcomes[i].name, frames: outcomes[i].frames)
            } catch {
                outcomes[i].messages.append("pictures not written: \(error)")
            }
            let failing = outcomes[i].frames.filter { !$0.passed }.count
            if failing > Self.maximumPictureFrames {
                outcomes[i].messages.append(
                    "pictures of the first \(Self.maximumPictureFrames) of \(failing) failing frames are written; run this scenario alone to see the rest"
                )
            }
        }
        // The files for machines on another thread while the report is made (it may still wait
        // for an animation); the report's error, if any, is the one thrown first.
        let final = outcomes
        let machineFiles = PendingFiles { [root] in
            try OutputFile.write(Array(Self.junit(final).utf8), to: root.appendingPathComponent("junit.xml"))
            try OutputFile.write(Array(try Self.summary(final, orphans: orphans)) + [10], to: root.appendingPathComponent("summary.json"))
            try OutputFile.write(
                try SuiteResults(final, orphans: orphans).encoded(), to: root.appendingPathComponent(SuiteResults.fileName))
        }
        do {
            try OutputFile.write(
                Array(
                    GoldenReport.html(
                        outcomes, orphans: orphans, images: images, animations: animationsWhenDone(),
                        inlineLimit: inlineLimit
                    ).utf8),
                to: root.appendingPathComponent("report.html"))
        } catch {
            _ = try? machineFiles.wait()
            throw error
        }
        try machineFiles.wait()
    }

    /// Failing frames per scenario whose pictures are written (the rest are counted in the report).
    static let maximumPictureFrames = 100
    /// Failing instants in a scenario's strip.png (each frame's own pictures are beside it).
    static let maximumStripInstants = 12

    /// Writes a failing scenario's per-frame pictures and its strip (of the failing ones among
    /// `frames`); returns them for the report.
    func writePictures(name: String, frames all: [FrameOutcome]) throws -> [FrameImages] {
        let failing = all.filter { !$0.passed }.prefix(Self.maximumPictureFrames)
        guard !failing.isEmpty else { return [] }
        let dir = root.appendingPathComponent(Self.folderName(for: name), isDirectory: true)
        try Self.makeFolder(dir)
        Self.removeOldPictures(in: dir)
        // The strip (the first instants' three pictures, drawn with labels) is composed on a
        // thread of its own while each failing frame's pictures are encoded on the cores:
        // encoding them is most of a failing run's extra time, and each set depends on its
        // frame alone.
        let frames = Array(failing)
        // Each frame's difference image, made once for its picture and the strip.
        let differences = ParallelResults<PixelBuffer?>(count: frames.count)
        DispatchQueue.concurrentPerform(iterations: frames.count) { k in
            differences.set(k, value: frames[k].expected.flatMap { e in frames[k].actual.map { ImageComparison.diffImage(e, $0) } })
        }
        let diffs = try differences.values()
        let strip = frames.indices.compactMap { k -> (time: Double, expected: PixelBuffer, actual: PixelBuffer, difference: PixelBuffer)? in
            guard let e = frames[k].expected, let a = frames[k].actual, let d = diffs[k] else { return nil }
            return (frames[k].time, e, a, d)
        }.prefix(Self.maximumStripInstants)
        let stripDone = DispatchGroup()
        let stripResult = ParallelResults<Void>(count: 1)
        // Frames merged from a shard may come without pictures (missing or linked files): no strip then.
        if !strip.isEmpty {
            DispatchQueue.global().async(group: stripDone) {
                stripResult.set(
                    0,
                    Result {
                        let pictures = strip.flatMap {
                            [($0.time, $0.expected), ($0.time, $0.actual), ($0.time, $0.difference)]
                        }
                        let composed = try Filmstrip.compose(pictures, columns: 3, thumbScale: 0.5)
                        try OutputFile.write(
                            try PNGEncoder.encodeCompact(composed, thorough: false),
                            to: dir.appendingPathComponent("strip.png"))
                    })
            }
        } else {
            stripResult.set(0, .success(()))
        }
        let results = ParallelResults<FrameImages?>(count: frames.count)
        DispatchQueue.concurrentPerform(iterations: frames.count) { k in
            results.set(k, Result { try Self.pictures(of: frames[k], difference: diffs[k], in: dir) })
        }
        stripDone.wait()
        let sets = try results.values().compactMap { $0 }
        _ = try stripResult.values()
        return sets
    }

    /// Removes the frame pictures and strip an earlier run left in `dir` (only names this
    /// writes): frames that pass now keep no pictures of an old failure, and each picture is
    /// then a new file, not one renamed over another (which ext4 flushes to disk first).
    static func removeOldPictures(in dir: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: dir.path) else { return }
        for name in names where name == "strip.png" || isFramePicture(name) {
            unlink(dir.appendingPathComponent(name).path)
        }
    }

    /// `frame-NNN-expected.png`, `-actual.png` or `-diff.png`.
    static func isFramePicture(_ name: String) -> Bool {
        guard name.hasPrefix("frame-") else { return false }
        for suffix in ["-expected.png", "-actual.png", "-diff.png"] where name.hasSuffix(suffix) {
            let number = name.dropFirst(6).dropLast(suffix.count)
            return number.count >= 3 && number.allSatisfy { $0.isASCII && $0.isNumber }
        }
        return false
    }

    /// A failing frame's expected, actual and difference PNGs (and a zoom around a small
    /// difference), written into `dir`; nil for a frame without both pictures. A frame of flat
    /// art has few colours: palette PNGs at zlib's fast level are smaller and quicker to make.
    private static func pictures(of f: FrameOutcome, difference: PixelBuffer?, in dir: URL) throws -> FrameImages? {
        guard let e = f.expected, let a = f.actual, let d = difference else { return nil }
        func png(_ p: PixelBuffer) throws -> [UInt8] { try PNGEncoder.encodeCompact(p, thorough: false) }
        var set = FrameImages(
            index: f.index, time: f.time, expected: try f.expectedPNG ?? png(e), actual: try png(a), difference: try png(d))
        // A difference of a few pixels is invisible at page size: a crop around it, enlarged.
        if let b = f.difference.bounds, b.width <= zoomLimit, b.height <= zoomLimit {
            let pad = 8, box = (x: b.x - pad, y: b.y - pad, w: b.width + 2 * pad, h: b.height + 2 * pad)
            if let ce = e.cropped(x: box.x, y: box.y, width: box.w, height: box.h),
                let ca = a.cropped(x: box.x, y: box.y, width: box.w, height: box.h),
                let cd = d.cropped(x: box.x, y: box.y, width: box.w, height: box.h)
            {
                set.zoom = Zoom(x: max(0, box.x), y: max(0, box.y), expected: try png(ce), actual: try png(ca), difference: try png(cd))
            }
        }
        let base = String(format: "frame-%03d", f.index)
        try OutputFile.write(set.expected, to: dir.appendingPathComponent("\(base)-expected.png"))
        try OutputFile.write(set.actual, to: dir.appendingPathComponent("\(base)-actual.png"))
        try OutputFile.write(set.difference, to: dir.appendingPathComponent("\(base)-diff.png"))
        return set
    }

    /// Makes `folder` (and missing parents), or says in one line why it cannot be one.
    public static func makeFolder(_ folder: URL) throws {
        var st = stat()
        if lstat(folder.path, &st) == 0, st.st_mode & S_IFMT != S_IFDIR {
            var target = stat()
            guard stat(folder.path, &target) == 0, target.st_mode & S_IFMT == S_IFDIR else {
                throw OutputError(path: folder.path, reason: "is not a folder; the artifacts need a folder")
            }
            return
        }
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            var parent = folder.deletingLastPathComponent()
            while parent.path != "/" && !FileManager.default.fileExists(atPath: parent.path) { parent = parent.deletingLastPathComponent() }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: parent.path, isDirectory: &isFolder), !isFolder.boolValue {
                throw OutputError(path: folder.path, reason: "cannot be made: \(parent.path) is a file, not a folder")
            }
            throw OutputError(path: folder.path, reason: "cannot be made (\((error as NSError).localizedFailureReason ?? "permission?"))")
        }
    }

    /// The files of the run itself, which no scenario's folder may take.
    public static let reportFiles = ["report.html", "junit.xml", "summary.json", SuiteResults.fileName]

    /// The folder of a scenario's artifacts: its name, unless a scenario is named like a
    /// report file (`report.html.yaml`), whose folder would keep the report from being written.
    public static func folderName(for name: String) -> String {
        // The first component decides: `junit.xml/x` must not turn the report's junit.xml into a folder.
        let first = name.prefix { $0 != "/" }
        return reportFiles.contains(String(first)) ? first + "-scenario" + name.dropFirst(first.count) : name
    }

    /// PNG bytes of one failing frame's three pictures.
    public struct FrameImages: Sendable {
        public var index: Int
        public var time: Double
        public var expected: [UInt8]
        public var actual: [UInt8]
        public var difference: [UInt8]
        /// The three cropped around a small difference (its box at most `zoomLimit` px a side).
        public var zoom: Zoom?
    }

    /// A crop of the three pictures, with where it lies in the frame (pixels).
    public struct Zoom: Sendable {
        public var x: Int
        public var y: Int
        public var expected: [UInt8]
        public var actual: [UInt8]
        public var difference: [UInt8]
    }

    /// Differences whose box is at most this many pixels a side also get an enlarged crop.
    static let zoomLimit = 48

    /// `file` relative to `base` (the working directory: the project) when it lies inside it, as
    /// CI systems link junit paths to the repository; a file elsewhere keeps its full path.
    static func projectRelative(_ file: String, base: String = FileManager.default.currentDirectoryPath) -> String {
        let path = URL(fileURLWithPath: file).standardizedFileURL.path
        let root = URL(fileURLWithPath: base, isDirectory: true).standardizedFileURL.path
        let prefix = root.hasSuffix("/") ? root : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : file
    }

    static func junit(_ outcomes: [ScenarioOutcome], base: String = FileManager.default.currentDirectoryPath) -> String {
        func esc(_ s: String) -> String { TextSafety.forXML(s) }
        let failures = outcomes.filter(\.failed).count
        var x = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        x += "<testsuite name=\"flipbook golden\" tests=\"\(outcomes.count)\" failures=\"\(failures)\">\n"
        for o in outcomes {
            let time = String(format: "%.3f", o.renderSeconds + o.compareSeconds)
            x +=
                "  <testcase classname=\"golden\" name=\"\(esc(o.name))\" file=\"\(esc(projectRelative(o.file, base: base)))\" time=\"\(time)\""
            if o.failed {
                x +=
                    ">\n    <failure message=\"\(esc(o.messages.first ?? o.status.rawValue))\">\(esc((o.environmentNotes + o.messages).joined(separator: "\n")))</failure>\n  </testcase>\n"
            } else {
                x += "/>\n"
            }
        }
        return x + "</testsuite>\n"
    }

    static func summary(_ outcomes: [ScenarioOutcome], orphans: [String]) throws -> [UInt8] {
        struct Frame: Encodable {
            var index: Int
            var time: Double
            var share: Double
            var largestDistance: Double
            var largestAt: [Int]
            var bounds: [Int]?
        }
        struct Entry: Encodable {
            var name: String
            var file: String
            var status: String
            var environment: [String]
            var messages: [String]
            var failingFrames: [Frame]
            var renderSeconds: Double
            var compareSeconds: Double
        }
        struct Summary: Encodable {
            var passed: Int
            var failed: Int
            var recorded: Int
            var orphans: [String]
            var scenarios: [Entry]
        }
        let entries = outcomes.map { o in
            Entry(
                name: o.name, file: o.file, status: o.status.rawValue, environment: o.environmentNotes, messages: o.messages,
                failingFrames: o.frames.filter { !$0.passed }.map { f in
                    Frame(
                        index: f.index, time: f.time, share: f.difference.share, largestDistance: f.difference.largestDistance,
                        largestAt: [f.difference.largestAt.x, f.difference.largestAt.y],
                        bounds: f.difference.bounds.map { [$0.x, $0.y, $0.width, $0.height] })
                }, renderSeconds: o.renderSeconds, compareSeconds: o.compareSeconds)
        }
        let s = Summary(
            passed: outcomes.filter { $0.status == .passed }.count, failed: outcomes.filter(\.failed).count,
            recorded: outcomes.filter { $0.status == .recorded || $0.status == .rerecorded }.count,
            orphans: orphans, scenarios: entries)
        return try ReadableJSON.encode(s)
    }
}
