import CZlib
import Flipbook
import Foundation

/// What made a set of goldens: compared with this machine before any pixel, so that a
/// different Cairo, Pango or font file is named in one sentence instead of a wall of pixels.
public struct GoldenManifest: Codable, Sendable, Equatable {
    public struct Font: Codable, Sendable, Equatable {
        public var family: String
        public var file: String
        /// CRC-32 and size of the font file (enough to tell two files apart).
        public var checksum: String
    }

    public var flipbookVersion: String
    public var libraries: [String: String]
    public var fonts: [Font]
    public var width: Int
    public var height: Int
    public var scale: Double
    public var fps: Double
    public var times: [Double]
    public var frames: [String]
    /// "exact", or the perceptual tolerance.
    public var tolerance: String
    /// CRC-32 of each frame's pixels and of its PNG file: when both still match, the frame is
    /// identical without decoding the PNG (decoding cost more than rendering).
    public var pixelChecksums: [String]?
    public var fileChecksums: [String]?

    /// The version written into manifests.
    public static let flipbookVersion = "0.3.0"
    /// The families whose files decide text pixels.
    public static let fontFamilies = ["Liberation Sans", "DejaVu Sans", "WenQuanYi Micro Hei"]

    /// This machine's libraries and fonts, with a capture's geometry and times.
    package static func current(for capture: GoldenCapture, spec: GoldenSpec) -> GoldenManifest {
        GoldenManifest(
            flipbookVersion: flipbookVersion, libraries: FontCatalog.libraryVersions, fonts: currentFonts(),
            width: capture.width, height: capture.height, scale: capture.scale, fps: spec.fps, times: capture.times,
            frames: capture.times.indices.map(GoldenStore.frameName), tolerance: describe(spec.tolerance),
            pixelChecksums: capture.frames.map(pixelChecksum), fileChecksums: nil)
    }

    /// This machine's libraries and fonts with a streamed capture's geometry, times and pixel
    /// checksums (`GoldenStreamSink`).
    static func current(width: Int, height: Int, scale: Double, times: [Double], pixelChecksums: [String], spec: GoldenSpec)
        -> GoldenManifest
    {
        GoldenManifest(
            flipbookVersion: flipbookVersion, libraries: FontCatalog.libraryVersions, fonts: currentFonts(),
            width: width, height: height, scale: scale, fps: spec.fps, times: times,
            frames: times.indices.map(GoldenStore.frameName), tolerance: describe(spec.tolerance),
            pixelChecksums: pixelChecksums, fileChecksums: nil)
    }

    static func currentFonts() -> [Font] {
        fontFamilies.map { family in
            let file = FontCatalog.file(forFamily: family) ?? "(none)"
            return Font(family: family, file: file, checksum: checksum(ofFile: file))
        }
    }

    /// CRC-32 of a frame's pixels (straight RGBA as PNG stores them, size included).
    public static func pixelChecksum(_ frame: PixelBuffer) -> String {
        let words = frame.premultipliedARGB
        let crc = words.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }
        return String(format: "%08x %dx%d", UInt32(crc), frame.width, frame.height)
    }

    /// CRC-32 of bytes.
    public static func checksum(_ bytes: [UInt8]) -> String {
        String(format: "%08x", UInt32(bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }))
    }

    static func checksum(ofFile path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "missing" }
        let crc = data.withUnsafeBytes { crc32(0, $0.bindMemory(to: UInt8.self).baseAddress, uInt($0.count)) }
        return String(format: "crc32:%08x size:%d", UInt32(crc), data.count)
    }

    static func describe(_ t: GoldenSpec.Tolerance?) -> String {
        guard let t else { return "exact" }
        return "threshold \(t.threshold), share \(t.share)" + (t.ignoreAntialiasing ? ", anti-aliasing ignored" : "")
    }

    /// One sentence per way this machine differs from the one that recorded (empty: same).
    public func differences(from recorded: GoldenManifest) -> [String] {
        var out: [String] = []
        for (name, here) in libraries.sorted(by: { $0.key < $1.key }) where recorded.libraries[name] != here {
            out.append("\(name) differs: recorded with \(recorded.libraries[name] ?? "none"), here \(here)")
        }
        for font in fonts {
            guard let then = recorded.fonts.first(where: { $0.family == font.family }) else { continue }
            if then.checksum != font.checksum || then.file != font.file {
                out.append(
                    "font \(font.family) differs: recorded with \(then.file) (\(then.checksum)), here \(font.file) (\(font.checksum))")
            }
        }
        if recorded.flipbookVersion != flipbookVersion {
            out.append("flipbook differs: recorded with \(recorded.flipbookVersion), here \(flipbookVersion)")
        }
        return out
    }
}
