import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small HTTP/1.1 server for the preview's GET routes, with a bound on everything a client
/// can make it spend: connections at once, the request head (`HTTPRequestHead.Limits`), the time
/// a head may take to arrive and a response may stall, and memory per connection (a 16 KiB read
/// buffer; bodies are shared, immutable byte arrays written straight from where they are kept,
/// never copied per request). FlyingFox, used before, read request lines and headers without
/// limit and accepted any number of connections (docs/preview.md says what was measured).
/// One thread per connection: at most `Limits.connections` of them, each with a small stack.
package final class LoopbackHTTPServer: @unchecked Sendable {
    // `listener` is set once in init; `active` and `stopped` are guarded by `lock`.

    package struct Limits: Sendable {
        /// Connections served at once; one more is answered 503 and closed.
        package var connections = 32
        /// Seconds a request head may take from its first byte (or from the previous response).
        package var headSeconds = 10.0
        /// Seconds a response may wait for the client to read more of it.
        package var stallSeconds = 10.0
        /// Requests on one connection before it is closed.
        package var requestsPerConnection = 1000
        package var head = HTTPRequestHead.Limits()
        package init() {}
    }

    package struct Response: Sendable {
        package var status: Int
        package var contentType: String
        package var body: [UInt8]
        package var extraHeaders: [(String, String)] = []
        /// Whether the body never changes at this address (a frame of a numbered render): the
        /// browser may keep it; everything else is `no-store`.
        package var immutable = false

        package init(
            status: Int, contentType: String = "text/plain; charset=utf-8", body: [UInt8],
            extraHeaders: [(String, String)] = [], immutable: Bool = false
        ) {
            self.status = status
            self.contentType = contentType
            self.body = body
            self.extraHeaders = extraHeaders
            self.immutable = immutable
        }

        package static func text(_ status: Int, _ text: String) -> Response {
            Response(status: status, body: Array((text + "\n").utf8))
        }
    }

    package typealias Handler = @Sendable (HTTPRequestHead) -> Response

    /// The port listened on (the one chosen when 0 was asked for).
    package let port: UInt16
    package let limits: Limits
    private let listener: Int32
    private let handler: Handler
    /// Also signalled when `active` changes, for `waitForActiveConnections`.
    private let lock = NSCondition()
    private var active = 0
    private var stopped = false

    /// Binds `address` (IPv4 dotted form) and listens; throws when the address is not IPv4 or
    /// cannot be bound.
    package init(address: String, port: UInt16, limits: Limits = Limits(), handler: @escaping Handler) throws {
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = port.bigEndian
        guard inet_pton(AF_INET, address, &addr.sin_addr) == 1 else { throw ServerError("'\(address)' is not an IPv4 address") }
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw ServerError("socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw ServerError(message)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.port = UInt16(bigEndian: actual.sin_port)
        self.listener = fd
        self.limits = limits
        self.handler = handler
    }

    deinit { close(listener) }

    /// Connections being served now.
    package var activeConnections: Int { lock.withLock { active } }

    /// Waits until the number of connections being served satisfies `condition`, at most
    /// `seconds`; whether it did (what tests wait on, instead of sleeping and looking).
    package func waitForActiveConnections(within seconds: TimeInterval, until condition: (Int) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        return lock.withLock {
            while !condition(active) {
                if !lock.wait(until: deadline) { return condition(active) }
            }
            return true
        }
    }

    /// Accepts connections until `stop()`; each is served on a thread of its own.
    package func run() {
        while !lock.withLock({ stopped }) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                if lock.withLock({ stopped }) { return }
                // EMFILE and friends: wait a little instead of spinning.
                usleep(50_000)
                continue
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)  // not inherited by ffmpeg, which a render may start
            let admitted = lock.withLock { () -> Bool in
                guard active < limits.connections else { return false }
                active += 1
                lock.broadcast()
                return true
            }
            guard admitted else {
                refuse(client)
                continue
            }
            let thread = Thread { [self] in
                serve(client)
                close(client)
                lock.withLock {
                    active -= 1
                    lock.broadcast()
                }
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    /// Stops accepting; connections being served finish their response.
    package func stop() {
        lock.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// Too many connections: a 503 sent without waiting (the socket's buffer takes it) and closed.
    private func refuse(_ client: Int32) {
        let flags = fcntl(client, F_GETFL)
        _ = fcntl(client, F_SETFL, flags | O_NONBLOCK)
        let response = Response.text(503, "busy: too many connections")
        let bytes = Self.headBytes(response, close: true, bodyLength: response.body.count) + response.body
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        close(client)
    }

    private func serve(_ client: Int32) {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(4096)
        for _ in 0..<limits.requestsPerConnection {
            let deadline = Self.now() + limits.headSeconds
            var outcome = HTTPRequestHead.parse(buffer[...], limits: limits.head)
            while case .incomplete = outcome {
                guard let chunk = receive(client, until: deadline, room: limits.head.head - buffer.count + 1) else { return }
                buffer += chunk
                outcome = HTTPRequestHead.parse(buffer[...], limits: limits.head)
            }
            switch outcome {
            case .incomplete:
                return
            case .refused(let refusal):
                let allow = refusal.status == 405 ? [("Allow", "GET, HEAD")] : []
                _ = write(
                    client, Response(status: refusal.status, body: Array((Self.reason(refusal.status) + "\n").utf8), extraHeaders: allow),
                    head: false, close: true)
                return
            case .complete(let head, let length):
                buffer.removeFirst(length)
                let response = handler(head)
                let close = head.wantsClose || response.status >= 400
                guard write(client, response, head: head.method == "HEAD", close: close), !close else { return }
            }
        }
    }

    /// Up to `room` bytes, waiting no later than `deadline`; nil when the client closed, went
    /// silent past the deadline or the connection failed.
    private func receive(_ client: Int32, until deadline: Double, room: Int) -> [UInt8]? {
        guard room > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: min(4096, room))
        while true {
            let remaining = deadline - Self.now()
            guard remaining > 0, wait(client, for: Int16(POLLIN), milliseconds: remaining * 1000) else { return nil }
            let n = chunk.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { return nil }
            return Array(chunk[..<n])
        }
    }

    /// Writes the response; false when the client stopped reading for `stallSeconds` or left.
    private func write(_ client: Int32, _ response: Response, head: Bool, close: Bool) -> Bool {
        let start = Self.headBytes(response, close: close, bodyLength: response.body.count)
        guard send(client, start[...]) else { return false }
        return head || send(client, response.body[...])
    }

    private func send(_ client: Int32, _ bytes: ArraySlice<UInt8>) -> Bool {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            guard wait(client, for: Int16(POLLOUT), milliseconds: limits.stallSeconds * 1000) else { return false }
            let length = min(64 * 1024, bytes.endIndex - offset)
            let n = bytes.withUnsafeBytes { raw in
                Glibc.send(client, raw.baseAddress! + (offset - bytes.startIndex), length, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
            }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { return false }
            offset += n
        }
        return true
    }

    private func wait(_ client: Int32, for events: Int16, milliseconds: Double) -> Bool {
        var entry = pollfd(fd: client, events: events, revents: 0)
        while true {
            let ready = poll(&entry, 1, Int32(max(1, min(milliseconds, 60_000))))
            if ready < 0 && errno == EINTR { continue }
            return ready > 0 && entry.revents & (events | Int16(POLLHUP)) != 0 && entry.revents & Int16(POLLERR | POLLNVAL) == 0
        }
    }

    private static func headBytes(_ response: Response, close: Bool, bodyLength: Int) -> [UInt8] {
        var text = "HTTP/1.1 \(response.status) \(reason(response.status))\r\n"
        text += "Content-Type: \(response.contentType)\r\nContent-Length: \(bodyLength)\r\n"
        text += "Cache-Control: \(response.immutable ? "private, max-age=86400, immutable" : "no-store")\r\n"
        text += "X-Content-Type-Options: nosniff\r\n"
        text += "Connection: \(close ? "close" : "keep-alive")\r\n"
        for (name, value) in response.extraHeaders { text += "\(name): \(value)\r\n" }
        return Array((text + "\r\n").utf8)
    }

    package static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 400: return "Bad Request"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 421: return "Misdirected Request"
        case 431: return "Request Header Fields Too Large"
        case 503: return "Service Unavailable"
        case 505: return "HTTP Version Not Supported"
        default: return "Error"
        }
    }

    private static func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}

/// The server could not start (the address, or the port taken).
package struct ServerError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
