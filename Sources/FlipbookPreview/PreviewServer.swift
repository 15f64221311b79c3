import FlyingFox
import FlyingSocks
import Foundation

/// Serves a `PreviewSession` over HTTP with FlyingFox (Swift concurrency on plain sockets, no
/// SwiftNIO: docs/preview.md): `/` the shell page, `/status` the session's status as JSON,
/// `/page/N` the last good render's page.
public final class PreviewServer: Sendable {
    public let session: PreviewSession
    private let server: HTTPServer
    private let shell: String

    /// Binds to 127.0.0.1 unless `host` says otherwise; port 0 picks a free one.
    public init(session: PreviewSession, host: String?, port: UInt16, commands: [String]) throws {
        self.session = session
        shell = PreviewShellPage.html(file: session.options.file, commands: commands)
        let address = try sockaddr_in.inet(ip4: host ?? "127.0.0.1", port: port)
        server = HTTPServer(address: address, logger: .disabled)
    }

    /// Runs until the task is cancelled; `ready` gets the address once listening.
    public func run(ready: @escaping @Sendable (String) -> Void) async throws {
        let shell = Data(shell.utf8), session = session
        await server.appendRoute("GET /") { _ in Self.response(shell, type: "text/html; charset=utf-8") }
        await server.appendRoute("GET /status") { _ in
            Self.response(try JSONEncoder().encode(session.currentStatus), type: "application/json")
        }
        await server.appendRoute("GET /page/*") { _ in
            guard let page = session.currentPage else { return HTTPResponse(statusCode: .notFound) }
            return Self.response(Data(page.utf8), type: "text/html; charset=utf-8")
        }
        let server = self.server
        async let running: Void = server.run()
        try await server.waitUntilListening()
        if case let .ip4(ip, port)? = await server.listeningAddress { ready("http://\(ip):\(port)/") }
        try await running
    }

    private static func response(_ body: Data, type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: body)
    }
}
