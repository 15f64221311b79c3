import Flipbook
import Foundation

/// Serves a `PreviewSession` over HTTP (`LoopbackHTTPServer`): `/` (and `/page/N`) the last
/// good render's page, or a waiting page before it; `/status` the session's status as JSON;
/// `/frame/N/I.png` the render's pictures (key frames and patches), which the page asks for as
/// it shows them. Requests whose `Host` is not this machine's (`HostPolicy`) get 421 and
/// nothing else.
public final class PreviewServer: Sendable {
    public let session: PreviewSession
    private let http: LoopbackHTTPServer
    /// The address served, as printed ("127.0.0.1").
    public let address: String

    /// Binds to 127.0.0.1 unless `host` says otherwise (an IPv4 address); port 0 picks a free one.
    public init(session: PreviewSession, host: String?, port: UInt16) throws {
        self.session = session
        let address = host ?? "127.0.0.1"
        self.address = address
        let shell = Array(PreviewShellPage.waiting(file: session.options.file, commands: session.options.commands).utf8)
        // The policy needs the port actually bound, known only once listening: a box filled after.
        let policy = PolicyBox()
        http = try LoopbackHTTPServer(address: address, port: port) { request in
            guard let hosts = policy.value, hosts.allows(request.host) else {
                return .text(421, "this server answers requests for 127.0.0.1 and localhost only")
            }
            return Self.route(request, session: session, shell: shell)
        }
        policy.value = HostPolicy(
            bound: address, port: http.port, given: host,
            interfaces: address == "0.0.0.0" ? HostPolicy.localNames() : [])
    }

    /// The port served on.
    public var port: UInt16 { http.port }

    /// Serves until `stop()`; call it on a thread of its own.
    public func run() { http.run() }

    public func stop() { http.stop() }

    /// How long `/status?after=N` holds a request: under the server's 10 s stall limit, so a
    /// client that waits on it never meets a timeout of ours.
    static let longestStatusWait = 8.0

    static func route(_ request: HTTPRequestHead, session: PreviewSession, shell: [UInt8]) -> LoopbackHTTPServer.Response {
        let path = request.path
        if path == "/" {
            return .init(status: 200, contentType: "text/html; charset=utf-8", body: session.currentPage ?? shell)
        }
        if path == "/status" {
            // `?after=N` waits for an attempt after the N-th, at most `wait=S` seconds (the page
            // asks with 0.25: progress four times a second, a finished render at once), never
            // more than `longestStatusWait`.
            let query = request.target.split(separator: "?").dropFirst().first.map { $0.split(separator: "&") } ?? []
            func value(_ name: String) -> Substring? { query.first { $0.hasPrefix(name + "=") }?.dropFirst(name.count + 1) }
            let after = value("after").flatMap { Int($0) }
            let wait =
                value("wait").flatMap { Double($0) }.map { $0.isFinite ? min(max($0, 0), longestStatusWait) : 0 } ?? longestStatusWait
            let status = after.map { session.status(after: $0, timeout: wait) } ?? session.currentStatus
            let body = (try? ReadableJSON.encode(status, formatting: [.sortedKeys])) ?? Array("{}".utf8)
            return .init(status: 200, contentType: "application/json", body: body)
        }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        if parts.count == 3, parts[1] == "page" {
            guard let page = session.currentPage else { return .text(404, "no render yet") }
            return .init(status: 200, contentType: "text/html; charset=utf-8", body: page)
        }
        if parts.count == 4, parts[1] == "frame", let version = Int(parts[2]), parts[3].hasSuffix(".png"),
            let index = Int(parts[3].dropLast(4))
        {
            guard let png = session.frame(version: version, index: index) else { return .text(404, "no such frame") }
            return .init(status: 200, contentType: "image/png", body: png, immutable: true)
        }
        return .text(404, "not found")
    }
}

/// Set once, just after the server binds, before it accepts anything.
private final class PolicyBox: @unchecked Sendable {
    // Written in PreviewServer.init before `run` starts the accepting thread; read after.
    var value: HostPolicy?
}
