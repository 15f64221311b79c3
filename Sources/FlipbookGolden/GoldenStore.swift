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
        public var frames: [PixelBuffer]
        public var trace: String
    }

    public func load(_ name: String) throws -> Recorded {
        let dir = folder(for: name)
        let data = try Data(contentsOf: dir.appendingPathComponent("manifest.json"))
        let manifest = try JSONDecoder().decode(GoldenManifest.self, from: data)
        let frames = try manifest.frames.map { try PNGCodec.read(dir.appendingPathComponent($0)) }
        let trace = (try? String(contentsOf: dir.appendingPathComponent("trace.txt"), encoding: .utf8)) ?? ""
        return Recorded(manifest: manifest, frames: frames, trace: trace)
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
        for (i, frame) in capture.frames.enumerated() {
            try OutputFile.write(try PNGCodec.encode(frame, level: 9), to: dir.appendingPathComponent(Self.frameName(i)))
        }
        try OutputFile.write(Array(capture.trace.utf8), to: dir.appendingPathComponent("trace.txt"))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let manifest = GoldenManifest.current(for: capture, spec: spec)
        try OutputFile.write(Array(try encoder.encode(manifest)) + [10], to: dir.appendingPathComponent("manifest.json"))
    }
}
