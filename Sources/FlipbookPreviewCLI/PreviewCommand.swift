import ArgumentParser
import Flipbook
import FlipbookPreview
import Foundation

struct Preview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flipbook preview",
        abstract: "Show a scenario playing in the browser, re-rendered each time the file is saved.",
        discussion: """
            Serves a page on 127.0.0.1 (--host to serve further, with a warning): the scene at its own speed \
            with a scrubber, frame stepping (← →), play/pause, loop and speed 0.25×–2×, its variants side by \
            side, --plot curves, the event trace and the scripted finger. Saving the file re-renders it (a \
            render still running is cancelled) and the page updates in place at the instant it showed; a file \
            that does not load shows its FILE:LINE:COLUMN errors over the last good render. Ctrl-C stops.

              flipbook preview scenarios/demo.yaml --plot dot1.transform.scale.x
            """)

    @Argument(help: "The scenario file (YAML).")
    var file: String

    @Option(help: "Port to serve on; 0 picks a free one.")
    var port: Int = 8080

    @Option(help: ArgumentHelp("Address to serve on (default 127.0.0.1, this machine only).", valueName: "ADDRESS"))
    var host: String?

    @Option(help: ArgumentHelp("Variants side by side, comma-separated (default: default and every variant).", valueName: "NAMES"))
    var variants: String?

    @Option(help: ArgumentHelp("Plot LAYER.KEYPATH under the player (repeatable).", valueName: "LAYER.KEYPATH"))
    var plot: [String] = []

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        if let variants, variants.split(separator: ",", omittingEmptySubsequences: false).contains(where: \.isEmpty) {
            throw ValidationError("--variants expects names separated by commas, such as default,slow; found '\(variants)'")
        }
    }

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw ValidationError("no such scenario file: \(file)")
        }
        let commands = SuggestedCommands.forScene(file, plots: plot)
        let options = PreviewSession.Options(
            file: file, variants: variants.map { $0.split(separator: ",").map(String.init) },
            plots: plot, commands: commands)
        let session = PreviewSession(options: options)
        let server: PreviewServer
        do {
            server = try PreviewServer(session: session, host: host, port: UInt16(port))
        } catch let error as ServerError where error.description.contains("IPv4") {
            throw ValidationError("--host must be an IPv4 address such as 0.0.0.0; found '\(host ?? "")'")
        } catch {
            complain("flipbook: error: cannot serve on \(host ?? "127.0.0.1"):\(port) (\(error)); try another --port")
            throw ExitCode(2)
        }
        if let host, host != "127.0.0.1" {
            complain("flipbook: warning: serving on \(host): anyone who can reach this machine there can see the scene and its render")
        }
        let stopped = DispatchSemaphore(value: 0)
        // Ctrl-C (or SIGTERM, SIGHUP) ends the preview: nothing is being written, so it exits 0.
        let signals = [SIGINT, SIGTERM, SIGHUP].map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { stopped.signal() }
            source.resume()
            return source
        }
        defer { signals.forEach { $0.cancel() } }
        session.start()
        let serving = Thread { server.run() }
        serving.start()
        say("Previewing \(file) at http://\(server.address):\(server.port)/ (Ctrl-C stops)")
        stopped.wait()
        server.stop()
        session.stop()
    }
}
