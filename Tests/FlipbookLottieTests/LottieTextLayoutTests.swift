import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Text as lottie-ios's `CoreTextRenderLayer` lays it out (docs/lottie.md, Text): tracking as
/// kerning, a paragraph box's first baseline a cap height below its top, word wrapping to its
/// width, and only the lines its frame holds.
@Suite("Lottie text layout")
struct LottieTextLayoutTests {
    /// A text layer at the origin; `box` adds `"sz":[w,h],"ps":[x,y]`.
    static func text(_ text: String, font: String = "Helvetica", size: Int = 20, tr: Int = 0, lh: Int = 24, box: String = "") -> String {
        #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":[10,40]}},"t":{"d":{"k":[{"s":{"s":\#(size),"f":"\#(font)","#
            + #""t":"\#(text)","j":0,"tr":\#(tr),"lh":\#(lh),"fc":[0,0,0]\#(box)},"t":0}]},"a":[]}}"#
    }

    static func draw(_ layers: String) throws -> (PixelBuffer, LottieAnimationLayer) {
        let layer = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layers)]"))
        return (try LottieMappingTests.draw(layer), layer)
    }

    /// The ink's box: (minX, minY, maxX, maxY), nil when nothing is drawn.
    static func ink(_ p: PixelBuffer) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        let rgba = p.rgba
        for y in 0..<p.height {
            for x in 0..<p.width where rgba[(y * p.width + x) * 4 + 3] > 128 {
                let b = box ?? (x, y, x, y)
                box = (min(b.0, x), min(b.1, y), max(b.2, x), max(b.3, y))
            }
        }
        return box
    }

    /// The rows with ink, as runs (first row, last row).
    static func lines(_ p: PixelBuffer) -> [(Int, Int)] {
        let rgba = p.rgba
        var runs: [(Int, Int)] = []
        for y in 0..<p.height {
            let inked = (0..<p.width).contains { rgba[(y * p.width + $0) * 4 + 3] > 128 }
            guard inked else { continue }
            if let last = runs.last, last.1 == y - 1 { runs[runs.count - 1].1 = y } else { runs.append((y, y)) }
        }
        return runs
    }

    @Test("tracking adds tr thousandths of an em after each character")
    func tracking() throws {
        let plain = try #require(Self.ink(try Self.draw(Self.text("HHHH")).0))
        let tracked = try #require(Self.ink(try Self.draw(Self.text("HHHH", tr: 200)).0))
        // Three gaps between four letters, each 20 × 200 / 1000 = 4 points wider.
        let widened = (tracked.2 - tracked.0) - (plain.2 - plain.0)
        #expect(abs(widened - 12) <= 1, "ink 12 points wider: \(widened)")
        #expect(tracked.0 == plain.0, "the first letter stays where it was")
    }

    @Test("a paragraph box puts its first line's capitals at the box's top")
    func boxTop() throws {
        // Box at (5, 10) in the layer at (10, 40): its top is y = 50.
        let ink = try #require(Self.ink(try Self.draw(Self.text("HH", box: #","sz":[80,40],"ps":[5,10]"#)).0))
        #expect(abs(ink.1 - 50) <= 1, "the H's top on the box's top: \(ink)")
        #expect(abs(ink.0 - 15) <= 2, "from the box's left: \(ink)")
    }

    @Test("a paragraph box wraps at word breaks to its width, lh apart")
    func wrapsToWidth() throws {
        let (p, _) = try Self.draw(Self.text("HH HH HH", box: #","sz":[40,100],"ps":[0,-30]"#))
        let runs = Self.lines(p)
        #expect(runs.count == 3, "one word a line in a 40-point box: \(runs)")
        if runs.count == 3 {
            #expect(abs((runs[1].0 - runs[0].0) - 24) <= 1 && abs((runs[2].0 - runs[1].0) - 24) <= 1, "24 points apart: \(runs)")
        }
        let ink = try #require(Self.ink(p))
        #expect(ink.2 <= 10 + 40, "nothing past the box's right side: \(ink)")
    }

    @Test("lines a paragraph box cannot hold are not drawn")
    func boxHoldsWhatFits() throws {
        // 30 points tall: the first line (cap height about 14) fits, the second (24 lower) does not.
        let (p, _) = try Self.draw(Self.text("HH HH HH", box: #","sz":[40,30],"ps":[0,-30]"#))
        #expect(Self.lines(p).count == 1, "\(Self.lines(p))")
    }

    @Test("a font neither installed nor shipped is drawn in Helvetica, as CTFontCreateWithName gives")
    func unknownFontFallsBackToHelvetica() throws {
        let (unknown, layer) = try Self.draw(Self.text("HHHH", font: "NoSuchFont-Bold"))
        let (helvetica, _) = try Self.draw(Self.text("HHHH", font: "Helvetica"))
        #expect(unknown.rgba == helvetica.rgba, "regular Helvetica, not the family's bold")
        #expect(layer.warnings.contains { $0.contains("'NoSuchFont-Bold'") && $0.contains("Helvetica") }, "\(layer.warnings)")
        #expect(TextFonts.resolve("NoSuchFont-Bold").fontName == "Helvetica")
        #expect(TextFonts.resolve("AvenirNext-Medium").fontName == "AvenirNext-Medium", "an iOS font keeps its name (its stand-in)")
    }

    @Test("a face installed here is found by its PostScript, full or family name")
    func installedFaceByName() throws {
        #expect(FontFaces.provider == nil ? false : true, "the renderer registers its font provider as it loads")
        let provider = FontconfigFaces.self
        let bold = try #require(provider.face(named: "DejaVuSans-Bold"))
        #expect(bold.family == "DejaVu Sans" && bold.weight == 700 && !bold.italic)
        #expect(provider.face(named: "DejaVu Sans Bold") == bold)
        #expect(provider.face(named: "DejaVu Sans")?.weight == 400, "a family finds its regular face")
        #expect(provider.face(named: "NoSuchFont-Bold") == nil)
        #expect(TextFonts.resolve("DejaVuSans-Bold").fontName == "DejaVuSans-Bold")
    }

    @Test("font files in a fonts folder beside the animation are used by their names")
    func shippedFonts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A font no system has: DejaVu Sans Mono renamed "Flipbk Sans Mono" (the same length,
        // in its name table), so only the shipped file can draw it.
        let original = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"))
        try Self.renamed(original, from: "DejaVu", to: "Flipbk").write(to: folder.appendingPathComponent("fonts/Shipped.ttf"))
        let json = #"{"v":"5.7","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[\#(Self.text("iiii", font: "FlipbkSansMono"))]}"#
        let file = folder.appendingPathComponent("animation.json")
        try Data(json.utf8).write(to: file)
        let layer = try LottieAnimationLayer(animation: try LottieAnimation.load(file: file.path))
        #expect(!layer.warnings.contains { $0.contains("font") }, "\(layer.warnings)")
        #expect(FontFaces.provider?.face(named: "FlipbkSansMono")?.family == "Flipbk Sans Mono")
        // Monospaced: four i's as wide as any four letters, far wider than Helvetica's.
        let shipped = try #require(Self.ink(try LottieMappingTests.draw(layer)))
        let helvetica = try #require(Self.ink(try Self.draw(Self.text("iiii")).0))
        #expect(shipped.2 - shipped.0 > (helvetica.2 - helvetica.0) + 10, "mono \(shipped) vs \(helvetica)")
    }

    @Test("a stroke (sc, sw) outlines the text under the fill, or over it with of")
    func strokedText() throws {
        func red(_ of: Bool) throws -> Int {
            let box = #","sc":[1,0,0],"sw":6,"of":\#(of)"#
            let (p, layer) = try Self.draw(Self.text("HH", size: 30, box: box))
            #expect(!layer.warnings.contains { $0.contains("stroke") }, "\(layer.warnings)")
            let rgba = p.rgba
            return stride(from: 0, to: rgba.count, by: 4).filter { rgba[$0 + 3] > 200 && rgba[$0] > 200 && rgba[$0 + 1] < 60 }.count
        }
        let under = try red(false), over = try red(true)
        #expect(under > 20, "the outer half of the outline shows: \(under)")
        #expect(over > under + 20, "over the fill, its inner half shows too: \(over) vs \(under)")
    }

    /// `data` with every `from` (ASCII and UTF-16BE, as name tables hold names) made `to`.
    static func renamed(_ data: Data, from: String, to: String) -> Data {
        var bytes = [UInt8](data)
        for (old, new) in [(Array(from.utf8), Array(to.utf8)), (Array(from.utf16BE), Array(to.utf16BE))] {
            var index = 0
            while index + old.count <= bytes.count {
                if bytes[index..<index + old.count].elementsEqual(old) {
                    bytes.replaceSubrange(index..<index + old.count, with: new)
                    index += old.count
                } else {
                    index += 1
                }
            }
        }
        return Data(bytes)
    }
}

extension String {
    fileprivate var utf16BE: [UInt8] { utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
}

/// Where lottie-ios's `CoreTextRenderLayer` moves a text's lines beyond their alignment: the
/// drawing rectangle rounded up to whole points (centred lines move half the rounding), and the
/// rectangle grown by the stroke width of text both filled and stroked after its anchor was set
/// by fractions of it (the text moves up by the anchor's share).
@Suite("Lottie text frame offsets")
struct LottieTextFrameOffsetTests {
    /// A text layer at (10, 40) with justification `j`, its fill (`fc`) when `filled`, and a
    /// red stroke `sw` wide when given.
    static func text(_ t: String, size: Int = 40, j: Int = 0, filled: Bool = true, sw: Double? = nil) -> String {
        let fill = filled ? #","fc":[0,0,0]"# : ""
        let stroke = sw.map { #","sc":[1,0,0],"sw":\#($0)"# } ?? ""
        return #"{"ty":5,"ind":1,"ip":0,"op":20,"st":0,"ks":{"p":{"a":0,"k":[10,40]}},"t":{"d":{"k":[{"s":{"s":\#(size),"#
            + #""f":"Helvetica","t":"\#(t)","j":\#(j),"tr":0,"lh":48\#(fill)\#(stroke)},"t":0}]},"a":[]}}"#
    }

    /// The text layers of an animation of `layers`, depth first.
    static func textLayers(_ layers: String) throws -> [CATextLayer] {
        let root = try LottieAnimationLayer(animation: try LottieMappingTests.animation("[\(layers)]"))
        func walk(_ layer: CALayer) -> [CATextLayer] {
            (layer as? CATextLayer).map { [$0] } ?? (layer.sublayers ?? []).flatMap(walk)
        }
        return walk(root)
    }

    /// Core Text's suggested size of `t` in Helvetica at `size`, as lottie-ios asks for it.
    static func suggested(_ t: String, size: CGFloat) -> CGSize {
        let font = CTFontCreateWithName("Helvetica" as CFString, size, nil)
        return CTFramesetterSuggestFrameSizeWithConstraints(
            CTFramesetterCreateWithAttributedString(NSAttributedString(string: t, attributes: [.font: font])),
            CFRange(location: 0, length: 0), nil, CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude), nil)
    }

    @Test("centred point text moves right by half the drawing rectangle's rounding up to whole points")
    func centredRounding() throws {
        let layer = try #require(try Self.textLayers(Self.text("Hello", j: 2)).first)
        let adjusted = Double(Self.suggested("Hello", size: 40).width) + 2 * 0.2 * 40
        let expected = (adjusted.rounded(.up) - adjusted) / 2
        // The line layer is centred on x = 0 before the offset.
        #expect(abs(Double(layer.frame.midX) - expected) < 1e-6, "\(layer.frame.midX) against \(expected)")
        #expect(expected > 0 && expected < 0.5)
    }

    @Test("text both filled and stroked moves up by the ascent's share of the stroke width; stroked alone, it stays")
    func strokeGrowth() throws {
        let both = try Self.textLayers(Self.text("Ab", sw: 3))
        let strokeOnly = try Self.textLayers(Self.text("Ab", filled: false, sw: 3))
        #expect(both.count == 2, "an outline and a fill")
        #expect(strokeOnly.count == 1, "no fill without a fill colour, as lottie-ios draws")
        let outline = try #require(both.first), alone = try #require(strokeOnly.first)
        let font = CTFontCreateWithName("Helvetica" as CFString, 40, nil)
        let height = Double(Self.suggested("Ab", size: 40).height).rounded(.up)
        let up = Double(CTFontGetAscent(font)) * 3 / height
        #expect(abs(Double(alone.frame.minY - outline.frame.minY) - up) < 1e-6, "\(alone.frame.minY - outline.frame.minY) against \(up)")
        #expect(up > 1.5 && up < 3.5, "about 2.4 points for a 40 pt font and a stroke of 3")
        // Left-aligned: the anchor's share of the padding, 20 % of the font size each side.
        let width = (Double(Self.suggested("Ab", size: 40).width) + 16).rounded(.up)
        #expect(abs(Double(alone.frame.minX - outline.frame.minX) - 8 * 3 / width) < 1e-6)
    }
}
