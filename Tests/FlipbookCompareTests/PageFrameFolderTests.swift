import BrowserTestSupport
import Flipbook
import FlipbookComparison
import Foundation
import Testing

@testable import FlipbookCompare

/// A comparison page whose frames would make it large keeps them in `PAGE-frames/` beside it
/// (issue 45: a long recording's page stays small); in Chromium it shows them as the inline
/// page does.
@Suite("comparison page frames beside the page")
struct PageFrameFolderTests {
    func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("page-frames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("the folder is named after the page; its address is relative and percent-encoded")
    func naming() throws {
        let f = PageFrameFolder(page: URL(fileURLWithPath: "/tmp/out/run #2?.html"))
        #expect(f.url.path == "/tmp/out/run #2?-frames")
        #expect(f.relativeURL(7) == "run%20%232%3F-frames/0007.png")
        #expect(PageFrameFolder.fileName(12345) == "12345.png")
    }

    @Test("frames are written; a shorter run removes the extra ones, an inline one the folder; other files stay")
    func staleFrames() throws {
        let dir = try folder()
        let f = PageFrameFolder(page: dir.appendingPathComponent("page.html"))
        try f.write([[1], [2], [3]], inputs: [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.url.path).sorted() == ["0000.png", "0001.png", "0002.png"])
        try f.write([[9]], inputs: [])
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.url.path) == ["0000.png"])
        #expect(try Data(contentsOf: f.url.appendingPathComponent("0000.png")) == Data([9]))
        try Data("mine".utf8).write(to: f.url.appendingPathComponent("notes.png"))
        f.removeStale(keeping: 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: f.url.path) == ["notes.png"], "a file it did not write stays")
        try FileManager.default.removeItem(at: f.url.appendingPathComponent("notes.png"))
        try f.write([[1]], inputs: [])
        f.removeStale(keeping: 0)
        #expect(!FileManager.default.fileExists(atPath: f.url.path), "an emptied folder goes")
    }

    @Test("a file or a link where the folder goes is refused, not followed")
    func refusesNonFolders() throws {
        let dir = try folder(), elsewhere = try folder()
        let f = PageFrameFolder(page: dir.appendingPathComponent("page.html"))
        try FileManager.default.createSymbolicLink(atPath: f.url.path, withDestinationPath: elsewhere.path)
        #expect(throws: OutputError.self) { try f.write([[1]], inputs: []) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        try FileManager.default.removeItem(at: f.url)
        try Data().write(to: f.url)
        #expect(throws: OutputError.self) { try f.write([[1]], inputs: []) }
    }

    @Test("frames beside the page: the page names them, Chromium shows frame 30 at t = 1.0 s as the inline page does")
    func inBrowser() throws {
        let dir = try folder()
        let demo = ComparePageBrowserTests.demo
        func page(inlineUpTo limit: Int, name: String) throws -> (URL, String, PageFrameStore) {
            var comparison = VariantComparison(
                inputs: [.init(file: demo, variant: "default", label: "default"), .init(file: demo, variant: "slow", label: "slow")])
            let pageURL = dir.appendingPathComponent(name)
            let frames = PageFrameFolder(page: pageURL)
            let result = try comparison.runWithPage(
                sinks: [], title: "demo", pictureURL: frames.relativeURL, inlineUpTo: limit)
            #expect(result.framesInlined == (limit > 0))
            if !result.framesInlined { try frames.write(try result.frames.encodedPictures(), inputs: []) }
            try result.html.write(to: pageURL, atomically: true, encoding: .utf8)
            return (pageURL, result.html, result.frames)
        }
        let (beside, html, store) = try page(inlineUpTo: 0, name: "beside page.html")
        let (inline, inlineHTML, _) = try page(inlineUpTo: 100_000_000, name: "inline.html")
        #expect(!html.contains("data:image/png;base64,") && html.contains("beside%20page-frames/0000.png"))
        #expect(inlineHTML.contains("data:image/png;base64,"))
        #expect(html.utf8.count < inlineHTML.utf8.count / 3, "\(html.utf8.count) vs \(inlineHTML.utf8.count)")
        #expect(store.count == 63)

        // The pictures load after the page: the budget lets them (the canvas is drawn when they are).
        let dom = try Chromium.run(["--virtual-time-budget=2000", "--dump-dom", beside.absoluteString + "#t=1.0"])
        let frameTag = try #require(dom.range(of: "<canvas").map { String(dom[$0.lowerBound...].prefix(300)) })
        #expect(frameTag.contains("data-shown=\"30\""), "frame 30 drawn from the files beside: \(frameTag)")
        // Both pages look the same at 1.0 s: the frame file loads from beside the page.
        var shots: [[UInt8]] = []
        for url in [beside, inline] {
            let shot = dir.appendingPathComponent("shot-\(shots.count).png")
            _ = try Chromium.run([
                "--virtual-time-budget=2000", "--window-size=900,700", "--screenshot=\(shot.path)", url.absoluteString + "#t=1.0"
            ])
            shots.append(try PNGCodec.read(shot).rgba)
        }
        var dots = 0
        for i in stride(from: 0, to: shots[0].count, by: 4) {
            let (r, g, b) = (Int(shots[0][i]), Int(shots[0][i + 1]), Int(shots[0][i + 2]))
            if abs(r - g) < 8 && abs(g - b) < 8 && r > 150 && r < 215 { dots += 1 }
        }
        #expect(dots > 300, "the dots are shown from the frame files: \(dots)")
        let differing = zip(shots[0], shots[1]).filter { $0 != $1 }.count
        #expect(differing < shots[0].count / 50, "the two pages look alike: \(differing) bytes differ")
    }
}
