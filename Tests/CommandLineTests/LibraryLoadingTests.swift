import Foundation
import ProcessTestSupport
import Testing

/// `flipbook` loads Pango (with GLib, HarfBuzz and the libraries behind them) only to draw or
/// measure text, and libwebp only to write or read a WebP: a render that needs neither starts
/// without them (docs/benchmarks.md, "Start-up").
@Suite("libraries loaded when needed")
struct LibraryLoadingTests {
    static let scenarios = packageRoot.appendingPathComponent("scenarios")

    /// The shared libraries the dynamic loader brought in while `args` ran (LD_DEBUG=libs).
    static func loaded(_ args: [String]) throws -> (status: Int32, libraries: String) {
        let r = try CLI.run(args, environment: ["LD_DEBUG": "libs"])
        let lines = r.stderr.split(separator: "\n").filter { $0.contains("calling init:") }
        return (r.status, lines.joined(separator: "\n"))
    }

    @Test("the program links neither Pango, GLib nor libwebp")
    func notLinked() throws {
        let ldd = try CLI.spawn(URL(fileURLWithPath: "/usr/bin/ldd"), [CLI.executable.path])
        let libraries = String(decoding: ldd.stdout, as: UTF8.self)
        #expect(ldd.status == 0 && libraries.contains("libcairo"), "\(libraries)")
        for name in ["libpango", "libglib", "libgobject", "libharfbuzz", "libwebp"] {
            #expect(!libraries.contains(name), "\(name) is linked: \(libraries)")
        }
    }

    @Test("a render without text loads no Pango; with text it does; a WebP output loads libwebp")
    func loadedWhenNeeded() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("flipbook-lazy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let dots = Self.scenarios.appendingPathComponent("bench-pulse3.yaml").path
        let gif = try Self.loaded(["render", dots, "-o", dir.appendingPathComponent("dots.gif").path, "--quiet"])
        #expect(gif.status == 0)
        #expect(gif.libraries.contains("libcairo"), "LD_DEBUG shows what is loaded: \(gif.libraries)")
        #expect(!gif.libraries.contains("libpango") && !gif.libraries.contains("libwebp"), "\(gif.libraries)")

        let text = Self.scenarios.appendingPathComponent("bench-wave.yaml").path
        let labels = try Self.loaded(["render", text, "-o", dir.appendingPathComponent("rows.gif").path, "--quiet"])
        #expect(labels.status == 0 && labels.libraries.contains("libpango"), "\(labels.libraries)")

        let webp = try Self.loaded(["render", dots, "-o", dir.appendingPathComponent("dots.webp").path, "--quiet"])
        #expect(webp.status == 0 && webp.libraries.contains("libwebp"), "\(webp.libraries)")
        #expect(!webp.libraries.contains("libpango"), "\(webp.libraries)")
    }
}
