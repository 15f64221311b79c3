import Foundation
import Testing

@testable import FlipbookPreview

/// The preview's server under load it must survive (issue 39's attacks, made small): too many
/// connections, clients that send nothing, clients that read nothing, and names that are not
/// this machine's. Each runs the real server on a free loopback port.
@Suite("preview server bounds", .serialized)
struct LoopbackServerTests {
    /// A running server answering every request with `body`.
    final class Running {
        let server: LoopbackHTTPServer
        init(limits: LoopbackHTTPServer.Limits = .init(), body: [UInt8] = Array("hello\n".utf8)) throws {
            server = try LoopbackHTTPServer(address: "127.0.0.1", port: 0, limits: limits) { _ in
                .init(status: 200, body: body)
            }
            let server = self.server
            Thread { server.run() }.start()
        }
        deinit { server.stop() }

        /// A connected socket.
        func connect() throws -> Int32 {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var addr = sockaddr_in()
            addr.sin_family = sa_family_t(AF_INET)
            addr.sin_port = server.port.bigEndian
            addr.sin_addr.s_addr = inet_addr("127.0.0.1")
            let ok = withUnsafePointer(to: &addr) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            try #require(ok == 0)
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            return fd
        }

        /// Sends `request` on a new connection and reads the answer until the server closes it.
        func exchange(_ request: String) throws -> String {
            let fd = try connect()
            defer { close(fd) }
            _ = request.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
            return String(decoding: readAll(fd), as: UTF8.self)
        }

        /// Waits until the server has no connection left (or `seconds` pass).
        func drained(within seconds: Double) -> Bool {
            server.waitForActiveConnections(within: seconds) { $0 == 0 }
        }
    }

    static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 { return out }
            out += chunk[..<n]
        }
    }

    @Test("one connection past the limit is answered 503 at once; the others are still served")
    func connectionLimit() throws {
        var limits = LoopbackHTTPServer.Limits()
        limits.connections = 4
        let running = try Running(limits: limits)
        let idle = try (0..<4).map { _ in try running.connect() }
        defer { idle.forEach { close($0) } }
        _ = running.server.waitForActiveConnections(within: 5) { $0 >= 4 }
        let answer = try running.exchange("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
        #expect(answer.hasPrefix("HTTP/1.1 503 "), "\(answer)")
        idle.forEach { close($0) }
        #expect(running.drained(within: 5))
        #expect(try running.exchange("GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").hasPrefix("HTTP/1.1 200 "))
    }

    @Test("a client that sends no head (or part of one) is closed after headSeconds; a 5 MiB request line is cut off at 8 KiB")
    func silentAndHugeClients() throws {
        var limits = LoopbackHTTPServer.Limits()
        limits.headSeconds = 0.3
        let running = try Running(limits: limits)
        let silent = try running.connect()
        defer { close(silent) }
        _ = "GET / HT".withCString { send(silent, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        let start = Date()
        #expect(Self.readAll(silent).isEmpty, "closed without an answer")
        #expect(Date().timeIntervalSince(start) < 3)
        let huge = try running.connect()
        defer { close(huge) }
        let line = Array("GET /".utf8) + [UInt8](repeating: UInt8(ascii: "a"), count: 5 << 20)
        _ = line.withUnsafeBytes { send(huge, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT)) }
        let answer = String(decoding: Self.readAll(huge).prefix(40), as: UTF8.self)
        #expect(answer.hasPrefix("HTTP/1.1 414 "), "\(answer)")
        #expect(running.drained(within: 5))
    }

    @Test("a client that reads nothing of a large body is dropped after stallSeconds; the body is shared, not copied per client")
    func slowReaders() throws {
        var limits = LoopbackHTTPServer.Limits()
        limits.stallSeconds = 0.3
        let running = try Running(limits: limits, body: [UInt8](repeating: 7, count: 32 << 20))
        let readers = try (0..<8).map { _ in try running.connect() }
        defer { readers.forEach { close($0) } }
        for fd in readers { _ = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n".withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) } }
        _ = running.server.waitForActiveConnections(within: 5) { $0 >= 8 }
        #expect(running.server.activeConnections == 8)
        // Eight clients of a 32 MiB body that never read: each connection ends once its socket
        // buffers are full and stallSeconds pass.
        #expect(running.drained(within: 10))
    }

    @Test("HEAD gets the head alone; keep-alive serves a second request on the same connection")
    func headAndKeepAlive() throws {
        let running = try Running()
        let head = try running.exchange("HEAD / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
        #expect(head.hasPrefix("HTTP/1.1 200 ") && head.contains("Content-Length: 6") && !head.contains("hello"))
        let two = try running.exchange("GET / HTTP/1.1\r\nHost: a\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n")
        #expect(two.components(separatedBy: "hello").count == 3, "\(two)")
    }
}
