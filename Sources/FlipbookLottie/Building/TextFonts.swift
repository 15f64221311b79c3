import FlipbookCore
import FlipbookUIKit
import Foundation

/// The font a text layer draws with, found as lottie-ios finds it: its default font provider
/// asks Core Text for the document's font name (`f`) with `CTFontCreateWithName`, which finds
/// a face by PostScript name (then full name, then family) among the system's fonts and those
/// the app registered, and gives Helvetica when none has that name.
///
/// Here the app's fonts are the font files beside the animation (its `fonts` or `Fonts`
/// folder) and in `LottieAnimation.fontDirectories` (`--fonts`), registered for the process
/// as an app registers its own; the system's are fontconfig's. An iOS font that is not
/// installed here (`AvenirNext-Medium`) keeps its name, so the renderer's stand-in for it is
/// drawn and reported (docs/fonts.md); any other name is drawn in Helvetica, as on iOS.
enum TextFonts {
    /// Font files read from one folder, and the largest read: a folder of a hostile file's
    /// choosing costs fontconfig a bounded parse.
    static let maximumFilesPerFolder = 64
    static let maximumFileBytes = 32 << 20
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc"]

    /// The regular font files directly in `directories` (links followed), by name, bounded.
    static func files(in directories: [URL]) -> [URL] {
        var found: [URL] = []
        for directory in directories {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let fonts = names.sorted().filter { fontExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
            for name in fonts.prefix(maximumFilesPerFolder) {
                let url = directory.appendingPathComponent(name)
                let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
                guard attributes?[.type] as? FileAttributeType == .typeRegular,
                    let size = attributes?[.size] as? NSNumber, size.intValue <= maximumFileBytes
                else { continue }
                found.append(url)
            }
        }
        return found
    }

    /// The name a `CATextLayer` is given for the document's font name, and why it is not the
    /// font named (nil when it is).
    static func resolve(_ name: String?) -> (fontName: String, note: String?) {
        guard let name, !name.isEmpty else { return ("Helvetica", nil) }
        guard let provider = FontFaces.provider else { return (name, nil) }
        if provider.face(named: name) != nil { return (name, nil) }
        if isIOSFont(name) {
            let note = provider.standIn(for: name).map { "font '\(name)' (an iOS font) is not installed; \($0) is used instead" }
            return (name, note)
        }
        return ("Helvetica", "font '\(name)' is neither installed nor in a fonts folder beside the file; drawn in Helvetica as on iOS")
    }

    /// Whether iOS has a font of this name: its family (the PostScript name before `-`, or the
    /// name without spaces) is one iOS installs.
    static func isIOSFont(_ name: String) -> Bool {
        let family = (name.split(separator: "-").first.map(String.init) ?? name).replacingOccurrences(of: " ", with: "").lowercased()
        if family.hasPrefix(".sf") || family.hasPrefix("sfpro") || family.hasPrefix("system") { return true }
        return iOSFamilies.contains(family)
    }

    /// The font families iOS installs (as PostScript family prefixes, lower case, no spaces).
    static let iOSFamilies: Set<String> = [
        "academyengravedletplain", "alnile", "americantypewriter", "applecoloremoji", "applesdgothicneo", "applesymbols",
        "arial", "arialmt", "arialhebrew", "arialroundedmtbold", "avenir", "avenirnext", "avenirnextcondensed", "baskerville",
        "bodonisvtytwoitctt", "bodonisvtytwoscitctt", "bodonisvtytwooldstyleitctt", "bodoniornamentsitctt",
        "bradleyhanditctt", "chalkboardse", "chalkduster", "charter", "cochin", "copperplate", "courier", "couriernewpsmt",
        "couriernew", "damascus", "devanagarisangammn", "didot", "dinalternate", "dincondensed", "euphemiaucas", "farah",
        "futura", "galvji", "geezapro", "georgia", "gillsans", "gujaratisangammn", "gurmukhimn", "helvetica", "helveticaneue",
        "hiraginosans", "hiraminpron", "hoeflertext", "kailasa", "kefa", "khmersangammn", "kohinoorbangla",
        "kohinoordevanagari", "kohinoorgujarati", "kohinoortelugu", "laosangammn", "malayalamsangammn", "markerfelt",
        "menlo", "mishafi", "mukta", "myanmarsangammn", "noteworthy", "notonastaliqurdu", "notosanskannada",
        "notosansmyanmar", "notosansoriya", "optima", "oriyasangammn", "palatino", "papyrus", "partyletplain", "pingfanghk",
        "pingfangsc", "pingfangtc", "rockwell", "savoyeletplain", "sinhalasangammn", "snellroundhand", "stixtwomath",
        "stixtwotext", "symbol", "tamilsangammn", "thonburi", "timesnewromanps", "timesnewroman", "trebuchetms", "trebuchet",
        "verdana", "zapfdingbatsitc", "zapfino"
    ]
}
