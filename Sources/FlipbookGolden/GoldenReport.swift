import FlipbookComparison
import Foundation

/// `report.html`: one self-contained page (images inline) with every failing scenario: a
/// timeline strip marking which golden instants failed, and for each failing frame the
/// expected and actual frames side by side, the difference alone, a swipe slider and an onion
/// skin. Tested in headless Chromium.
package enum GoldenReport {
    /// Picture and animation bytes a report holds inline; past them it points at the files
    /// beside it (the page then needs its folder, as CI's artifact download keeps it).
    package static let maximumInlineBytes = 24 << 20

    static func html(
        _ outcomes: [ScenarioOutcome], orphans: [String], images: [String: [GoldenArtifacts.FrameImages]],
        animations: [String: GoldenArtifacts.Animation] = [:], inlineLimit: Int = maximumInlineBytes
    ) -> String {
        let failed = outcomes.filter(\.failed)
        var h = HTMLPage.head(title: "Flipbook golden report", style: EmbeddedPages.reportCSS)
        h += """
            <p class="summary">\(outcomes.count) scenario\(outcomes.count == 1 ? "" : "s"):
            <span class="ok">\(outcomes.filter { !$0.failed }.count) passed</span>,
            <span class="bad">\(failed.count) failed</span>.</p>

            """
        if !orphans.isEmpty {
            h += "<p class=\"env\">Golden folders without a scenario: \(HTMLPage.escape(orphans.joined(separator: ", ")))</p>\n"
        }
        let pictures = Pictures(budget: InlineBudget(limit: inlineLimit), inlineLimit: inlineLimit)
        for o in failed {
            pictures.folder = GoldenArtifacts.folderName(for: o.name)
            h += section(o, images: images[o.name] ?? [], animation: animations[o.name], pictures: pictures)
        }
        return h + HTMLPage.script(EmbeddedPages.reportJS) + "</body></html>\n"
    }

    /// Pictures inline while the budget lasts, else the files written beside the report.
    final class Pictures {
        let budget: InlineBudget
        let inlineLimit: Int
        /// The failing scenario's folder beside the report.
        var folder = ""

        init(budget: InlineBudget, inlineLimit: Int) {
            self.budget = budget
            self.inlineLimit = inlineLimit
        }

        /// An `<img>` of `bytes` (inline, or `file` in the folder); a note when neither can be.
        func img(_ bytes: [UInt8], _ cls: String, _ alt: String, file: String? = nil) -> String {
            guard let source = budget.source(bytes, mediaType: "image/png", file: file.map { folder + "/" + $0 }) else {
                return
                    "<span class=\"msg\">(\(HTMLPage.escape(alt)): not inline, the report holds \(inlineLimit >> 10) KB of pictures)</span>"
            }
            return "<img class=\"\(cls)\" alt=\"\(HTMLPage.escape(alt))\" src=\"\(HTMLPage.escape(source))\">"
        }
    }

    /// One failing scenario: its strip, causes first, its render as it is now, its frames.
    static func section(
        _ o: ScenarioOutcome, images: [GoldenArtifacts.FrameImages], animation: GoldenArtifacts.Animation?,
        pictures: Pictures
    ) -> String {
        let esc = HTMLPage.escape
        var h = "<section class=\"scenario\" id=\"\(esc(o.name))\"><h2 class=\"bad\">\(esc(o.name)) — \(o.status.rawValue)</h2>\n"
        h += "<p class=\"msg\">\(esc(o.file))</p>\n"
        for note in o.environmentNotes { h += "<p class=\"env\">\(esc(note))</p>\n" }
        if !o.frames.isEmpty { h += timeline(o.frames) }
        h += messages(o)
        if let a = animation {
            // The render as it is now, playing (an image format loops by itself; a video is muted so it may autoplay).
            let source = esc(pictures.budget.source(a.bytes, mediaType: a.mediaType, file: pictures.folder + "/" + a.fileName) ?? "")
            let player =
                a.mediaType.hasPrefix("video/")
                ? "<video class=\"animation\" src=\"\(source)\" autoplay loop muted playsinline controls></video>"
                : "<img class=\"animation\" alt=\"\(esc(o.name)) as rendered now\" src=\"\(source)\">"
            h += "<figure class=\"now\">\(player)<figcaption>as rendered now (\(esc(a.fileName)) beside the frames)</figcaption></figure>\n"
        }
        for f in images { h += frame(f, pictures: pictures) }
        return h + "</section>\n"
    }

    /// The golden instants as a strip (red: failed), with time labels: its ends and the failing instants.
    static func timeline(_ frames: [FrameOutcome]) -> String {
        var h = "<div class=\"timeline\" title=\"golden instants: red failed\">"
        for f in frames {
            h += "<span class=\"\(f.passed ? "" : "fail")\" title=\"frame \(f.index), t = \(String(format: "%.3f", f.time)) s\"></span>"
        }
        h += "</div>\n"
        let failing = frames.filter { !$0.passed }.map { String(format: "%.3f", $0.time) }
        return h + "<div class=\"ticks\"><span>\(String(format: "%.3f", frames.first!.time)) s</span>"
            + "<span class=\"bad\">failing at \(failing.isEmpty ? "no frame" : failing.joined(separator: ", ") + " s")</span>"
            + "<span>\(String(format: "%.3f", frames.last!.time)) s</span></div>\n"
    }

    /// Causes first (the trace, other messages), then the first failing frame; the rest folded.
    static func messages(_ o: ScenarioOutcome) -> String {
        let esc = HTMLPage.escape
        let frameLines = Set(o.frames.filter { !$0.passed }.map { "\(o.name): frame \($0.index) " })
        let isFrame = { (m: String) in frameLines.contains { m.hasPrefix($0) } }
        let frameMessages = o.messages.filter(isFrame)
        var h = ""
        for m in o.messages where !isFrame(m) { h += "<p class=\"msg\">\(esc(m))</p>\n" }
        if let first = frameMessages.first { h += "<p class=\"msg\">\(esc(first))</p>\n" }
        if frameMessages.count > 1 {
            h += "<details class=\"msg\"><summary>\(frameMessages.count - 1) more failing frames</summary>\n"
            for m in frameMessages.dropFirst() { h += "<p class=\"msg\">\(esc(m))</p>\n" }
            h += "</details>\n"
        }
        return h
    }

    /// A failing frame: expected, actual and difference, the swipe and the onion skin, enlarged when it helps.
    static func frame(_ f: GoldenArtifacts.FrameImages, pictures: Pictures) -> String {
        let img = pictures.img
        let t = String(format: "%.3f", f.time)
        let base = String(format: "frame-%03d", f.index)
        let (e, a, d) = (base + "-expected.png", base + "-actual.png", base + "-diff.png")
        var h = """
            <div class="frame"><h3>frame \(f.index), t = \(t) s</h3>
            <div class="row">
            <figure>\(img(f.expected, "expected", "expected frame \(f.index)", e))<figcaption>expected</figcaption></figure>
            <figure>\(img(f.actual, "actual", "actual frame \(f.index)", a))<figcaption>actual</figcaption></figure>
            <figure>\(img(f.difference, "difference", "difference frame \(f.index)", d))<figcaption>difference (red: differs)</figcaption></figure>
            </div><div class="row">
            <figure><div class="swipe">\(img(f.expected, "under", "expected", e))\(img(f.actual, "top", "actual", a))</div>
            <input class="swipe-slider" type="range" min="0" max="100" value="50" aria-label="swipe between expected and actual">
            <figcaption>swipe: actual on the left of the line, expected on the right</figcaption></figure>
            <figure><div class="onion">\(img(f.expected, "under", "expected", e))\(img(f.actual, "top", "actual", a))</div>
            <input class="onion-slider" type="range" min="0" max="100" value="50" aria-label="onion skin opacity">
            <figcaption>onion skin: actual over expected</figcaption></figure>
            </div>
            """
        if let z = f.zoom, pictures.budget.canInline(z.expected.count + z.actual.count + z.difference.count) {
            h += """
                <div class="row zoom"><figure>\(img(z.expected, "zoomed", "expected, enlarged", nil))<figcaption>expected, enlarged (from \(z.x), \(z.y) px)</figcaption></figure>
                <figure>\(img(z.actual, "zoomed", "actual, enlarged", nil))<figcaption>actual, enlarged</figcaption></figure>
                <figure>\(img(z.difference, "zoomed", "difference, enlarged", nil))<figcaption>difference, enlarged</figcaption></figure></div>

                """
        }
        return h + "</div>\n"
    }
}

/// What a page may still hold inline, in bytes: each picture or animation is a data URL while
/// it fits, else a relative link to its file.
final class InlineBudget {
    private(set) var remaining: Int

    init(limit: Int) { remaining = limit }

    /// Whether `bytes` more would still fit.
    func canInline(_ bytes: Int) -> Bool { (bytes + 2) / 3 * 4 <= remaining }

    /// A data URL of `bytes` while they fit, else `file` (a path relative to the page, percent-encoded).
    func source(_ bytes: [UInt8], mediaType: String, file: String?) -> String? {
        let cost = (bytes.count + 2) / 3 * 4
        if cost <= remaining {
            remaining -= cost
            return HTMLPage.dataURL(bytes, mediaType: mediaType)
        }
        remaining = 0  // later, smaller pictures are linked too: the page keeps its order
        return file.map {
            $0.split(separator: "/").map { String($0).addingPercentEncoding(withAllowedCharacters: Self.unreserved) ?? "" }
                .joined(separator: "/")
        }
    }

    /// RFC 3986's unreserved characters: a path segment of them needs no escaping.
    private static let unreserved: CharacterSet = {
        var set = CharacterSet(charactersIn: "-._~")
        set.insert(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        return set
    }()
}
