import Flipbook
import Foundation

/// `golden/<scenario name>/`: `frame-000.png` … at the golden instants, `trace.txt`, and
/// `manifest.json` (docs/golden-tests.md).
public struct GoldenStore: Sendable {
    /// The folder holding every scenario's goldens.
    public var root: URL

    public init(root: URL) { self.root = root }

    public static func frameName(_ index: Int) -> String { String(format: "frame-%03d.png", index) }

    public func folder(for name: String) -> URL { root.appendingPathComponent(name, isDirectory: true) }

    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder(for: name).appendingPathComponent("manifest.json").path)
    }

    /// The scenario names that have a golden folder.
    public func recordedNames() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { exists($0) }.sorted()
    }

    public struct Recorded: Sendable {
        public var manifest: GoldenManifest
        public var trace: String
        let folder: URL

        /// Frame `index`, decoded.
        public func frame(_ index: Int) throws -> PixelBuffer {
            try PNGCodec.read(folder.appendingPathComponent(manifest.frames[index]))
        }

        /// Whether `actual` is exactly the recorded frame `index`, known without decoding: the
        /// PNG file is the one recorded and the pixels' checksum matches. nil: decode to know.
        public func matchesWithoutDecoding(_ index: Int, _ actual: PixelBuffer) -> Bool? {
            guard let pixels = manifest.pixelChecksums, let files = manifest.fileChecksums, index < pixels.count, index < files.count,
                  let bytes = FileManager.default.contents(atPath: folder.appendingPathComponent(manifest.frames[index]).path),
                  GoldenManifest.checksum(Array(bytes)) == files[index] else { return nil }
            return GoldenManifest.pixelChecksum(actual) == pixels[index] ? true : nil
        }
    }

    public func load(_ name: String) throws -> Recorded {
        let dir = folder(for: name)
        let data = try Data(contentsOf: dir.appendingPathComponent("manifest.json"))
        let manifest = try JSONDecoder().decode(GoldenManifest.self, from: data)
        let trace = (try? String(contentsOf: dir.appendingPathComponent("trace.txt"), encoding: .utf8)) ?? ""
        return Recorded(manifest: manifest, trace: trace, folder: dir)
    }

    /// Writes a capture as the goldens of `name`, replacing what was there (every file through
    /// `OutputFile`: a failure leaves no half-written golden).
    public func record(_ name: String, capture: GoldenCapture, spec: GoldenSpec) throws {
        let dir = folder(for: name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        // Frames of an earlier recording with more instants must not linger.
        for old in (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? [] where old.hasPrefix("frame-") {
            try? FileManager.default.removeItem(at: dir.appendingPathComponent(old))
        }
        var fileChecksums: [String] = []
        for (i, frame) in capture.frames.enumerated() {
            let png = try PNGCodec.encode(frame, level: 9)
            fileChecksums.append(GoldenManifest.checksum(png))
            try OutputFile.write(png, to: dir.appendingPathComponent(Self.frameName(i)))
        }
        try OutputFile.write(Array(capture.trace.utf8), to: dir.appendingPathComponent("trace.txt"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var manifest = GoldenManifest.current(for: capture, spec: spec)
        manifest.fileChecksums = fileChecksums
        try OutputFile.write(Array(try encoder.encode(manifest)) + [10], to: dir.appendingPathComponent("manifest.json"))
    }
}
