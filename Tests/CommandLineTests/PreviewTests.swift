import BrowserTestSupport
import Foundation
import ProcessTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `flipbook preview`: a local server that re-renders the scene on each save. Runs the real
/// command on a free port, reads its status over HTTP, and opens its pages in headless Chromium.
@Suite("preview", .serialized)
struct PreviewTests {
    /// A small scene (0.3 s to render in a debug build): a dot moving right, with a finger.
    static func scene(color: String = "#ff0000") -> String {
        """
        canvas: { width: 120, height: 80, scale: 1, background: "#ffffff" }
        duration: 1
        fps: 20
        layers:
          - id: list
            type: scroll
            frame: [0, 0, 120, 80]
            contentSize: [120, 400]
            sublayers:
              - { id: dot, frame: [10, 30, 20, 20], backgroundColor: "\(color)" }
        animations:
          slide: { keyPath: position.x, from: 20, to: 100, duration: 1 }
        script:
          - { at: 0, add: slide, to: dot }
        touches:
          - { at: 0.2, down: list }
          - { drag: 30, duration: 0.4 }
          - { release: true }

        """
    }

    /// A running preview: its process, its address, and the scene file it watches.
    final class Running {
        let process = Process()
        let file: URL
        let errors: URL
        var url = ""

        init(scene: String, extra: [String] = [], named name: String = "scene.yaml") throws {
            let dir = freshFolder("flipbook-preview")
            file = dir.appendingPathComponent(name)
            try scene.write(to: file, atomically: true, encoding: .utf8)
            process.executableURL = CLI.executable
            process.arguments = ["preview", file.path, "--port", "0"] + extra
            let out = Pipe()
            process.standardOutput = out
            errors = dir.appendingPathComponent("stderr.txt")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            // The first line says where it serves.
            var text = ""
            while !text.contains("\n") {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                text += String(decoding: chunk, as: UTF8.self)
            }
            url = text.split(separator: " ").first { $0.hasPrefix("http://") }.map(String.init) ?? ""
        }

        deinit {
            process.interrupt()
            process.waitUntilExit()
        }

        func get(_ path: String) -> String? {
            guard let address = URL(string: url + path), let data = try? Data(contentsOf: address) else { return nil }
            return String(decoding: data, as: UTF8.self)
        }

        /// The status's fields, once `condition` holds within `seconds`: each request after the
        /// first waits on the server for the next finished attempt (`/status?after=N`).
        func status(within seconds: Double, until condition: ([String: Any]) -> Bool) -> [String: Any]? {
            let end = Date().addingTimeInterval(seconds)
            var query = ""
            repeat {
                guard let text = get("status" + query),
                    let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
                else { return nil }
                if condition(object) { return Date() <= end ? object : nil }
                query = "?after=\((object["attempts"] as? Int) ?? 0)"
            } while Date() < end
            return nil
        }
    }

    static func version(_ s: [String: Any]) -> Int { (s["version"] as? Int) ?? -1 }

    @Test(
        "it serves on 127.0.0.1; the page opened at #t= shows that instant's frame; playing moves the clock; the finger and the trace are there"
    )
    func page() throws {
        // 4 s long: headless Chromium's virtual clock runs past its budget by a varying amount
        // (it pauses the budget, not the page's clock, while frames load), and a 1 s scene
        // looping back to 0 read as "the clock did not move".
        let preview = try Running(scene: Self.scene().replacingOccurrences(of: "duration: 1\n", with: "duration: 4\n"))
        #expect(preview.url.hasPrefix("http://127.0.0.1:"), "\(preview.url)")
        try #require(preview.status(within: 60) { Self.version($0) == 1 } != nil)
        // Opened at 0.5 s: the scrubber is on frame 10 of 20 fps, the label says so, the finger is down.
        let dom = try Chromium.run(["--virtual-time-budget=2000", "--dump-dom", preview.url + "page/1#t=0.5"])
        #expect(dom.contains("t = 0.500 s"), "\(dom.suffix(2000))")
        #expect(dom.contains("aria-valuenow=\"10\""))
        #expect(dom.contains("id=\"finger\"") && dom.contains("display: block"), "the finger is down at 0.5 s")
        #expect(dom.contains("class=\"now\""), "the trace marks the latest event")
        // Playing from 0 for about 0.6 s of the page's time: the clock has moved on, not to the end.
        let played = try Chromium.run(["--virtual-time-budget=600", "--dump-dom", preview.url + "page/1#t=0&play"])
        let shown = played.range(of: "t = ").map { Double(played[$0.upperBound...].prefix { $0 != " " }) ?? -1 } ?? -1
        #expect(shown > 0.2 && shown < 3.5, "played to \(shown)")
        // The address itself is the player, at the instant asked: one page (no frame inside a
        // frame, so the keys work as it loads and the address follows the scrubber), the title
        // once, the status line above, the finger clipped to the scene.
        let top = try Chromium.run(["--virtual-time-budget=2000", "--dump-dom", preview.url + "#t=0.5"])
        #expect(top.contains("data-version=\"1\"") && top.contains("t = 0.500 s") && !top.contains("<iframe"), "\(top.prefix(3000))")
        #expect(top.components(separatedBy: "<h1>").count == 2, "the title once")
        #expect(top.contains("id=\"preview-state\"") && top.contains("rendered in "), "the status line")
        #expect(top.contains(".stage { position: relative; display: inline-block; overflow: hidden; }"), "the finger is clipped")
    }

    @Test("saving the file renders it again within a second; an invalid file reports FILE:LINE:COLUMN and keeps the last good render")
    func editing() throws {
        let preview = try Running(scene: Self.scene())
        try #require(preview.status(within: 60) { Self.version($0) == 1 } != nil)
        let first = try #require(preview.get("page/1"))
        try Self.scene(color: "#0000ff").write(to: preview.file, atomically: true, encoding: .utf8)
        let updated = preview.status(within: 1) { Self.version($0) == 2 }
        #expect(updated != nil, "no new render within a second of the save")
        let second = preview.status(within: 30) { Self.version($0) == 2 } != nil ? preview.get("page/2") : nil
        #expect(second != nil && second != first)
        try "canvas: { width: 120, height: [oops\n".write(to: preview.file, atomically: true, encoding: .utf8)
        let broken = preview.status(within: 30) { !(($0["errors"] as? [String]) ?? []).isEmpty }
        let errors = (broken?["errors"] as? [String]) ?? []
        // The flow sequence left open is found at the end of the file: line 2, column 1.
        #expect(errors.contains { $0.hasPrefix(preview.file.path + ":2:1: error: YAML syntax error") }, "\(errors)")
        #expect(broken.map(Self.version) == 2, "the last good render stays")
        #expect(preview.get("page/2") == second)
    }

    /// A 40×20 pt Lottie animation, 10 fps, 1 s: a square of `color` (RGBA 0…1) moving right.
    static func lottie(color: String = "1,0,0,1") -> String {
        #"{"fr":10,"ip":0,"op":10,"w":40,"h":20,"layers":[{"ty":4,"ind":1,"ip":0,"op":10,"st":0,"#
            + #""ks":{"p":{"a":1,"k":[{"t":0,"s":[10,10]},{"t":10,"s":[30,10]}]}},"shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"#
            + #""s":{"a":0,"k":[6,6]},"r":{"a":0,"k":0}},{"ty":"fl","c":{"a":0,"k":["# + color + #"]},"o":{"a":0,"k":100}}]}]}"#
    }

    @Test("a Lottie file previews as a scene: each save renders it again; a broken file reports its JSON path and keeps the last render")
    func lottieFile() throws {
        let preview = try Running(scene: Self.lottie(), named: "square.json")
        let first = try #require(preview.status(within: 60) { Self.version($0) == 1 })
        #expect(((first["errors"] as? [String]) ?? []).isEmpty)
        // 10 frames at the file's 10 fps, 80 px wide at 2x.
        let page = try #require(preview.get("page/1"))
        #expect(page.contains("<td>1.000 s</td>"), "\(page.prefix(2000))")
        try Self.lottie(color: "0,0,1,1").write(to: preview.file, atomically: true, encoding: .utf8)
        #expect(preview.status(within: 30) { Self.version($0) == 2 } != nil, "the save rendered again")
        try #"{"fr":10,"ip":0,"op":10,"w":40,"h":20,"layers":{}}"#.write(to: preview.file, atomically: true, encoding: .utf8)
        let broken = preview.status(within: 30) { !(($0["errors"] as? [String]) ?? []).isEmpty }
        let errors = (broken?["errors"] as? [String]) ?? []
        #expect(errors.contains { $0 == preview.file.path + ":1:48: error: layers: expected a list of layers" }, "\(errors)")
        #expect(broken.map(Self.version) == 2, "the last good render stays")
    }

    @Test("a long render reports its progress and is cancelled by the next save: the short scene saved after it is the first render shown")
    func cancelledBySave() throws {
        // 30 s at 60 fps on a large canvas: minutes of rendering in a debug build.
        let long = Self.scene().replacingOccurrences(of: "duration: 1\n", with: "duration: 30\n")
            .replacingOccurrences(of: "fps: 20", with: "fps: 60").replacingOccurrences(of: "scale: 1", with: "scale: 4")
        let preview = try Running(scene: long)
        let running = preview.status(within: 60) { ($0["rendering"] as? Bool) == true && (($0["progress"] as? Double) ?? 0) > 0 }
        let progress = (running?["progress"] as? Double) ?? -1
        #expect(progress > 0 && progress < 1, "progress \(progress)")
        try Self.scene().write(to: preview.file, atomically: true, encoding: .utf8)
        let done = preview.status(within: 30) { Self.version($0) >= 1 }
        #expect(done.map(Self.version) == 1)
        // The page shown is the 1 s scene's (its summary gives each variant's duration).
        #expect(preview.get("page/1")?.contains("<td>1.000 s</td>") == true)
    }

    @Test("neither program links HTTP client libraries: flipbook's commands start without them, and the preview's own server needs none")
    func serverOutOfFlipbook() throws {
        let ldd = try CLI.spawn(URL(fileURLWithPath: "/usr/bin/ldd"), [CLI.executable.path])
        let libraries = String(decoding: ldd.stdout, as: UTF8.self)
        #expect(ldd.status == 0 && libraries.contains("libcairo"), "\(libraries)")
        #expect(!libraries.contains("libFoundationNetworking") && !libraries.contains("libcurl"), "\(libraries)")
        let preview = try CLI.spawn(URL(fileURLWithPath: "/usr/bin/ldd"), [CLI.built("flipbook-preview").path])
        let previewLibraries = String(decoding: preview.stdout, as: UTF8.self)
        #expect(preview.status == 0 && previewLibraries.contains("libFoundation"), "\(previewLibraries)")
        #expect(!previewLibraries.contains("libFoundationNetworking") && !previewLibraries.contains("libcurl"), "\(previewLibraries)")
    }

    /// Sends `request` raw to the preview and returns its answer's status line.
    static func statusLine(_ request: String, to url: String) throws -> String {
        let port = try #require(URL(string: url)?.port)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = UInt16(port).bigEndian
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).components(separatedBy: "\r\n").first ?? ""
    }

    @Test("a page elsewhere that rebinds its name to 127.0.0.1 gets nothing: another Host, or none, is answered 421")
    func hostCheck() throws {
        let preview = try Running(scene: Self.scene())
        try #require(preview.status(within: 60) { Self.version($0) == 1 } != nil)
        let port = URL(string: preview.url)!.port!
        #expect(
            try Self.statusLine("GET /status HTTP/1.1\r\nHost: evil.example\r\n\r\n", to: preview.url) == "HTTP/1.1 421 Misdirected Request"
        )
        #expect(try Self.statusLine("GET /page/1 HTTP/1.1\r\nHost: evil.example:\(port)\r\n\r\n", to: preview.url).contains(" 421 "))
        #expect(try Self.statusLine("GET /status HTTP/1.0\r\n\r\n", to: preview.url).contains(" 421 "))
        #expect(try Self.statusLine("GET /status HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n", to: preview.url) == "HTTP/1.1 200 OK")
        // The page carries no frames; it asks for each at /frame/VERSION/INDEX.png.
        let page = try #require(preview.get("page/1"))
        #expect(page.contains("\"/frame/1/0.png\"") && !page.contains("data:image/png"), "\(page.count) bytes")
        let frame = try #require(URL(string: preview.url + "frame/1/3.png").flatMap { try? Data(contentsOf: $0) })
        #expect(frame.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(try Self.statusLine("GET /frame/1/999.png HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", to: preview.url).contains(" 404 "))
    }

    @Test("--host other than 127.0.0.1 warns; a port out of range or a missing file is refused with exit 2")
    func badInput() throws {
        let r1 = try CLI.run(["preview", "nowhere.yaml", "--port", "0"])
        #expect(r1.status == 2 && r1.stderr.contains("no such scenario file: nowhere.yaml"), "\(r1.stderr)")
        let r2 = try CLI.run(["preview", "nowhere.yaml", "--port", "70000"])
        #expect(r2.status == 2 && r2.stderr.contains("--port must be between 0 and 65535"), "\(r2.stderr)")
        let r3 = try CLI.run(["preview", packageRoot.appendingPathComponent("scenarios/demo.yaml").path, "--host", "not-an-address"])
        #expect(r3.status == 2 && r3.stderr.contains("--host must be an IPv4 address"), "\(r3.stderr)")
        let wide = try Running(scene: Self.scene(), extra: ["--host", "0.0.0.0"])
        #expect(wide.url.hasPrefix("http://0.0.0.0:"), "\(wide.url)")
        let warning = try String(contentsOf: wide.errors, encoding: .utf8)
        #expect(warning.contains("warning: serving on 0.0.0.0: anyone who can reach this machine there can see the scene"), "\(warning)")
    }
}
