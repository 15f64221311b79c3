import Flipbook
import Foundation
import Testing

@testable import FlipbookGolden

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Golden folders arrive through pull requests from other people: links, odd files and bad
/// manifests in them are refused by name, never followed, read or written through.
@Suite("hostile golden folders")
struct HostileGoldenTests {
    func recorded(_ box: Sandbox) -> String {
        let file = box.scenario("square")
        #expect(box.suite(.missing).run([file]).map(\.status) == [.recorded])
        return file
    }

    func victim(_ box: Sandbox) throws -> URL {
        let url = box.dir.appendingPathComponent("victim.txt")
        try "precious\n".write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test("a trace.txt linked to another file is not written through: the new set replaces the folder, the file stays as it was")
    func linkedTraceIsNotWritten() throws {
        let box = Sandbox()
        let file = box.scenario("square")
        let target = try victim(box)
        let folder = box.store.folder(for: "square")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("trace.txt").path, withDestinationPath: target.path)
        let outcome = box.suite(.missing).run([file])[0]
        #expect(outcome.status == .recorded, "\(outcome.messages)")
        var st = stat()
        #expect(lstat(folder.appendingPathComponent("trace.txt").path, &st) == 0 && st.st_mode & S_IFMT == S_IFREG, "the link is gone")
        #expect(try String(contentsOf: target, encoding: .utf8) == "precious\n")
    }

    @Test("a golden folder or store that is a link is refused, and nothing is deleted or written through it")
    func linkedFolderIsRefused() throws {
        let box = Sandbox()
        let file = box.scenario("square")
        let elsewhere = box.dir.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try "keep".write(to: elsewhere.appendingPathComponent("frame-000.png"), atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: box.goldens, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: box.store.folder(for: "square").path, withDestinationPath: elsewhere.path)
        let outcome = box.suite(.all).run([file])[0]
        #expect(outcome.status == .error && outcome.messages.joined().contains("is a symbolic link"), "\(outcome.messages)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["frame-000.png"])
        #expect(try String(contentsOf: elsewhere.appendingPathComponent("frame-000.png"), encoding: .utf8) == "keep")
        // The whole store as a link.
        let box2 = Sandbox()
        let file2 = box2.scenario("square")
        try FileManager.default.createSymbolicLink(atPath: box2.goldens.path, withDestinationPath: elsewhere.path)
        let outcome2 = box2.suite(.all).run([file2])[0]
        #expect(outcome2.status == .error && outcome2.messages.joined().contains("golden is a symbolic link"), "\(outcome2.messages)")
    }

    @Test("a manifest naming frames outside the folder, fewer frames than times, or garbage is refused with its path")
    func badManifests() throws {
        let box = Sandbox()
        let file = recorded(box)
        let manifestURL = box.store.folder(for: "square").appendingPathComponent("manifest.json")
        let good = try String(contentsOf: manifestURL, encoding: .utf8)
        let outside = good.replacingOccurrences(of: "\"frame-000.png\"", with: "\"../../victim.png\"")
        try outside.write(to: manifestURL, atomically: true, encoding: .utf8)
        var o = box.suite(.never).run([file])[0]
        #expect(o.status == .error && o.messages.joined().contains("names the frame '../../victim.png'"), "\(o.messages)")
        let short = good.replacingOccurrences(of: "\"frame-006.png\"", with: "").replacingOccurrences(
            of: "\"frame-005.png\",", with: "\"frame-005.png\"")
        try short.write(to: manifestURL, atomically: true, encoding: .utf8)
        o = box.suite(.never).run([file])[0]
        #expect(o.status == .error && o.messages.joined().contains("lists 6 frames for 7 times"), "\(o.messages)")
        try "{ not json".write(to: manifestURL, atomically: true, encoding: .utf8)
        o = box.suite(.never).run([file])[0]
        #expect(
            o.status == .error && o.messages.joined().contains("manifest.json is not a golden manifest (not valid JSON)"), "\(o.messages)")
        try "{}".write(to: manifestURL, atomically: true, encoding: .utf8)
        o = box.suite(.never).run([file])[0]
        #expect(o.messages.joined().contains("is not a golden manifest (the key"), "\(o.messages)")
    }

    @Test("a golden frame that is a FIFO, a link or a huge declared PNG is refused at once, by name")
    func framesAreRegularAndBounded() throws {
        let box = Sandbox()
        let file = recorded(box)
        let folder = box.store.folder(for: "square")
        // A FIFO: reading it would block forever.
        let fifo = folder.appendingPathComponent("frame-001.png")
        try FileManager.default.removeItem(at: fifo)
        #expect(mkfifo(fifo.path, 0o644) == 0)
        var o = box.suite(.never).run([file])[0]
        #expect(o.messages.joined().contains("frame-001.png is not a regular file (a FIFO)"), "\(o.messages)")
        // An unreadable golden is an error in the goldens (exit 2), not a failed comparison (exit 1).
        #expect(o.status == .error)
        try FileManager.default.removeItem(at: fifo)
        // A link to a file outside.
        let target = try victim(box)
        try FileManager.default.createSymbolicLink(atPath: fifo.path, withDestinationPath: target.path)
        o = box.suite(.never).run([file])[0]
        #expect(o.messages.joined().contains("frame-001.png is a symbolic link"), "\(o.messages)")
        #expect(o.status == .error)
        try FileManager.default.removeItem(at: fifo)
        // 33 bytes declaring 20000 × 20000 pixels: refused from the header, nothing decoded.
        try Data(Self.pngHeader(width: 20_000, height: 20_000)).write(to: fifo)
        o = box.suite(.never).run([file])[0]
        // The message comes from the header check: nothing was decoded (docs/benchmarks.md times it).
        #expect(o.messages.joined().contains("declares a 20000×20000 image"), "\(o.messages)")
        // A corrupt PNG says so, not "out of memory".
        var png = try PNGCodec.encode(PixelBuffer(width: 4, height: 4, rgba: [UInt8](repeating: 200, count: 64)))
        png[png.count - 20] ^= 0xFF
        try Data(png).write(to: fifo)
        o = box.suite(.never).run([file])[0]
        #expect(o.messages.joined().contains("is not a valid PNG"), "\(o.messages)")
    }

    @Test("a non-UTF-8 trace is refused by name")
    func nonUTF8Trace() throws {
        let box = Sandbox()
        let file = recorded(box)
        try Data([0x30, 0xFF, 0xFE, 0x0A]).write(to: box.store.folder(for: "square").appendingPathComponent("trace.txt"))
        let o = box.suite(.never).run([file])[0]
        #expect(o.status == .error && o.messages.joined().contains("trace.txt is not UTF-8 text"), "\(o.messages)")
    }

    @Test("names with control characters reach junit.xml as well-formed XML and the report escaped")
    func controlCharactersAreEscaped() throws {
        let outcome = ScenarioOutcome(
            name: "bad\u{1B}[31mname\u{07}", file: "x\u{0}.yaml", status: .failed,
            messages: ["label \u{1B}]0;title\u{07} & <tag> \u{FFFE}"])
        let xml = GoldenArtifacts.junit([outcome])
        let parsed = try XMLDocument(xmlString: xml)
        #expect(parsed.rootElement()?.name == "testsuite")
        #expect(!xml.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } && xml.contains("bad\\u{1B}[31mname\\u{7}"))
        #expect(TextSafety.forTerminal("a\u{1B}[2Jb\rc\nd") == "a\\u{1B}[2Jb\\u{D}c\nd")
    }

    @Test("junit.xml names scenario files relative to the project (the working directory); files elsewhere in full")
    func junitPathsRelative() throws {
        let inside = ScenarioOutcome(name: "orbit", file: "/work/app/scenarios/./orbit.yaml", status: .passed)
        let outside = ScenarioOutcome(name: "spin", file: "/tmp/elsewhere/spin.yaml", status: .passed)
        let xml = GoldenArtifacts.junit([inside, outside], base: "/work/app")
        #expect(xml.contains(#"file="scenarios/orbit.yaml""#), "\(xml)")
        #expect(xml.contains(#"file="/tmp/elsewhere/spin.yaml""#))
        #expect(
            GoldenArtifacts.projectRelative("/work/application/x.yaml", base: "/work/app") == "/work/application/x.yaml",
            "a sibling folder sharing the prefix is not inside")
    }

    /// A failing outcome of `count` frames of `width`×`height` px.
    static func failing(_ name: String, frames count: Int, width: Int, height: Int) -> ScenarioOutcome {
        let black = PixelBuffer(width: width, height: height, premultipliedARGB: [UInt32](repeating: 0xFF00_0000, count: width * height))
        let white = PixelBuffer(width: width, height: height, premultipliedARGB: [UInt32](repeating: 0xFFFF_FFFF, count: width * height))
        let frames = (0..<count).map { i in
            FrameOutcome(
                index: i, time: Double(i) / 10,
                difference: FrameDifference(
                    differingPixels: width * height, totalPixels: width * height, largestDistance: 1,
                    largestAt: (0, 0), bounds: nil, sizeMismatch: false),
                passed: false, expected: black, actual: white)
        }
        return ScenarioOutcome(name: name, file: name + ".yaml", status: .failed, frames: frames, messages: ["differs"])
    }

    @Test("a tall failing scene (2778 px) with 26 failing instants still gets its report, strip within Cairo's size, junit and summary")
    func tallScenesKeepTheirReport() throws {
        let box = Sandbox()
        let art = box.dir.appendingPathComponent("art")
        try GoldenArtifacts(root: art).write([Self.failing("tall", frames: 26, width: 60, height: 2778)], orphans: [])
        for name in ["report.html", "junit.xml", "summary.json", "tall/strip.png", "tall/frame-025-diff.png"] {
            #expect(FileManager.default.fileExists(atPath: art.appendingPathComponent(name).path), "\(name)")
        }
        let strip = try PNGCodec.read(art.appendingPathComponent("tall/strip.png"))
        #expect(strip.width <= Filmstrip.maximumSide && strip.height <= Filmstrip.maximumSide)
        #expect(strip.width * strip.height <= Filmstrip.maximumPixels)
    }

    @Test("a second failing run leaves no pictures of frames that failed only in the first; other files stay")
    func oldPicturesGo() throws {
        let box = Sandbox()
        let art = box.dir.appendingPathComponent("art")
        try GoldenArtifacts(root: art).write([Self.failing("again", frames: 6, width: 8, height: 8)], orphans: [])
        let folder = art.appendingPathComponent("again")
        try Data("mine".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        try Data().write(to: folder.appendingPathComponent("frame-x-diff.png"))
        try GoldenArtifacts(root: art).write([Self.failing("again", frames: 2, width: 8, height: 8)], orphans: [])
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(
            left == [
                "frame-000-actual.png", "frame-000-diff.png", "frame-000-expected.png", "frame-001-actual.png", "frame-001-diff.png",
                "frame-001-expected.png", "frame-x-diff.png", "notes.txt", "strip.png"
            ], "\(left)")
        #expect(GoldenArtifacts.isFramePicture("frame-1234-actual.png") && !GoldenArtifacts.isFramePicture("frame-12-actual.png"))
    }

    @Test("report.html holds pictures inline up to its budget, then links the files written beside it")
    func inlineBudget() throws {
        let box = Sandbox()
        var artifacts = GoldenArtifacts(root: box.dir.appendingPathComponent("art"))
        artifacts.inlineLimit = 3_000
        try artifacts.write([Self.failing("budget", frames: 30, width: 64, height: 64)], orphans: [])
        let report = try String(contentsOf: artifacts.root.appendingPathComponent("report.html"), encoding: .utf8)
        let inline = report.components(separatedBy: "data:image/png;base64,").count - 1
        #expect(inline > 0, "the first pictures are inline")
        #expect(report.contains("src=\"budget/frame-029-expected.png\""), "the last ones are linked")
        #expect(report.utf8.count < 3_000 + 100_000, "\(report.utf8.count) bytes")
    }

    @Test("a strip of many frames is scaled to fit; more failing frames than the bound are counted, not drawn")
    func manyFailingFrames() throws {
        let frame = PixelBuffer(width: 400, height: 400, rgba: [UInt8](repeating: 9, count: 640_000))
        let frames = (0..<400).map { (time: Double($0), pixels: frame) }
        let strip = try Filmstrip.compose(frames, columns: 3, thumbScale: 0.5)
        #expect(strip.height <= Filmstrip.maximumSide && strip.width * strip.height <= Filmstrip.maximumPixels)
        let box = Sandbox()
        let art = box.dir.appendingPathComponent("art")
        try GoldenArtifacts(root: art).write([Self.failing("many", frames: 120, width: 40, height: 40)], orphans: [])
        let written = try FileManager.default.contentsOfDirectory(atPath: art.appendingPathComponent("many").path)
        #expect(written.filter { $0.hasSuffix("-diff.png") }.count == GoldenArtifacts.maximumPictureFrames)
        let report = try String(contentsOf: art.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(report.contains("pictures of the first 100 of 120 failing frames are written"))
    }

    @Test("a merge reads pictures within its pixel budget: entries naming one large pair again and again stop at it")
    func pictureBudget() throws {
        let box = Sandbox()
        let png = box.dir.appendingPathComponent("big.png")
        try Data(try PNGCodec.encode(PixelBuffer(width: 100, height: 100, rgba: [UInt8](repeating: 200, count: 40_000)))).write(to: png)
        var budget = PictureBudget(pixels: 35_000)
        let read = (0..<40).map { _ in budget.read(png.path) != nil }
        #expect(read == [true, true, true] + Array(repeating: false, count: 37), "\(read)")
        #expect(budget.isSpent)
        let link = box.dir.appendingPathComponent("link.png")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: png)
        var fresh = PictureBudget()
        #expect(fresh.read(link.path) == nil, "a link is not read")
    }

    @Test("scenario names whose first part is a report file (junit.xml/x) get folders of their own")
    func nestedReportNames() {
        #expect(GoldenArtifacts.folderName(for: "junit.xml/x") == "junit.xml-scenario/x")
        #expect(GoldenArtifacts.folderName(for: "report.html") == "report.html-scenario")
        #expect(GoldenArtifacts.folderName(for: "seeds/report.html") == "seeds/report.html")
        #expect(GoldenArtifacts.folderName(for: "a/b") == "a/b")
    }

    @Test("a scenario named like a report file keeps its artifacts apart from the report")
    func reportNamesDoNotCollide() throws {
        let box = Sandbox()
        let art = box.dir.appendingPathComponent("art")
        let outcome = ScenarioOutcome(
            name: "report.html", file: "report.html.yaml", status: .failed,
            frames: [
                FrameOutcome(
                    index: 0, time: 0,
                    difference: FrameDifference(
                        differingPixels: 1, totalPixels: 1,
                        largestDistance: 1, largestAt: (0, 0), bounds: nil, sizeMismatch: false), passed: false,
                    expected: PixelBuffer(width: 1, height: 1, rgba: [0, 0, 0, 255]),
                    actual: PixelBuffer(width: 1, height: 1, rgba: [255, 255, 255, 255]))
            ],
            messages: ["differs"])
        try GoldenArtifacts(root: art).write([outcome], orphans: [])
        var isFolder: ObjCBool = true
        #expect(
            FileManager.default.fileExists(atPath: art.appendingPathComponent("report.html").path, isDirectory: &isFolder)
                && !isFolder.boolValue)
        #expect(FileManager.default.fileExists(atPath: art.appendingPathComponent("report.html-scenario/frame-000-diff.png").path))
        // An artifacts path under a file is one clear error.
        let file = box.dir.appendingPathComponent("plain")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        #expect(
            throws: OutputError(
                path: file.appendingPathComponent("sub").path, reason: "cannot be made: \(file.path) is a file, not a folder")
        ) {
            try GoldenArtifacts(root: file.appendingPathComponent("sub")).write([outcome], orphans: [])
        }
    }

    /// The first 33 bytes of a PNG: signature and IHDR declaring `width` × `height`.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be(13) + Array("IHDR".utf8) + be(width) + be(height)
            + [8, 6, 0, 0, 0] + [0, 0, 0, 0]
    }
}
