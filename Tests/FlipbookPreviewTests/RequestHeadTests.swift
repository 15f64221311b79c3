import Foundation
import PropertyBased
import Testing

@testable import FlipbookPreview

/// The preview's request reader: what a browser sends is read, everything past the bounds or
/// unlike a browser's GET is refused with its status (docs/preview.md, "Serving").
@Suite("preview request heads")
struct RequestHeadTests {
    func parse(_ text: String, limits: HTTPRequestHead.Limits = .init()) -> HTTPRequestHead.Outcome {
        HTTPRequestHead.parse(Array(text.utf8)[...], limits: limits)
    }

    @Test("a browser's GET is read with its fields; the bytes after the head are left")
    func browserGet() throws {
        let text = "GET /frame/2/5.png?x=1 HTTP/1.1\r\nHost: localhost:8080\r\nAccept:  image/png \r\n\r\nGET /next"
        guard case .complete(let head, let length) = parse(text) else {
            Issue.record("not complete: \(parse(text))")
            return
        }
        #expect(head.method == "GET" && head.target == "/frame/2/5.png?x=1" && head.path == "/frame/2/5.png")
        #expect(head.host == "localhost:8080")
        #expect(head.fields.last?.name == "accept" && head.fields.last?.value == "image/png")
        #expect(length == text.utf8.count - "GET /next".utf8.count)
        #expect(!head.wantsClose)
        #expect(parse("GET / HTTP/1.0\r\nHost: x\r\n\r\n") != .incomplete)
        if case .complete(let old, _) = parse("GET / HTTP/1.0\r\nHost: x\r\n\r\n") { #expect(old.wantsClose) }
    }

    @Test("a request line longer than 8 KiB is refused (414) before its end arrives; a head over 16 KiB or 64 fields gets 431")
    func bounds() {
        #expect(parse("GET /" + String(repeating: "a", count: 9000)) == .refused(.lineTooLong))
        #expect(parse("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1\r\n\r\n") == .refused(.lineTooLong))
        #expect(parse("GET /" + String(repeating: "a", count: 8000)) == .incomplete)
        let fields = (0..<65).map { "X-\($0): y\r\n" }.joined()
        #expect(parse("GET / HTTP/1.1\r\n" + fields + "\r\n") == .refused(.headTooLarge))
        #expect(parse("GET / HTTP/1.1\r\nX: " + String(repeating: "b", count: 17_000)) == .refused(.headTooLarge))
    }

    @Test("methods other than GET and HEAD get 405, bodies 413, other versions 505, malformed heads 400")
    func refusals() {
        #expect(parse("POST / HTTP/1.1\r\nHost: a\r\n\r\n") == .refused(.method("POST")))
        #expect(parse("GET / HTTP/1.1\r\nContent-Length: 5\r\n\r\n") == .refused(.body))
        #expect(parse("GET / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n") == .refused(.body))
        #expect(parse("GET / HTTP/2.0\r\n\r\n") == .refused(.version))
        #expect(parse("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n").refusalStatus == 400)
        #expect(parse("GET noslash HTTP/1.1\r\n\r\n").refusalStatus == 400)
        #expect(parse("GET / HTTP/1.1\r\nno colon\r\n\r\n").refusalStatus == 400)
        #expect(parse("GET / HTTP/1.1\r\nBad Name: x\r\n\r\n").refusalStatus == 400)
        #expect(parse("\r\n\r\n").refusalStatus == 400)
    }

    @Test("any bytes: parsing ends complete within the bounds, incomplete under them, or refused; never traps")
    func anyBytes() async {
        await propertyCheck(count: 400, input: Gen.uint8().array(of: 0...600)) { bytes in
            let small = HTTPRequestHead.Limits.small
            var input = Array("GET /".utf8) + bytes
            if bytes.count % 3 == 0 { input += Array("\r\n\r\n".utf8) }
            switch HTTPRequestHead.parse(input[...], limits: small) {
            case .complete(let head, let length):
                #expect(length <= small.head && head.fields.count <= small.fields)
            case .incomplete:
                #expect(input.count < small.head)
            case .refused:
                break
            }
        }
    }
}

extension HTTPRequestHead.Outcome {
    var refusalStatus: Int? {
        if case .refused(let r) = self { return r.status }
        return nil
    }
}

extension HTTPRequestHead.Limits {
    /// Bounds small enough for random bytes to reach them.
    static var small: Self {
        var limits = Self()
        limits.requestLine = 200
        limits.head = 400
        limits.fields = 4
        return limits
    }
}

@Suite("preview host names")
struct HostPolicyTests {
    @Test("only this machine's names, the bound address and --host are answered, with the bound port or none")
    func hosts() {
        let policy = HostPolicy(bound: "127.0.0.1", port: 8080)
        for allowed in ["localhost:8080", "127.0.0.1:8080", "[::1]:8080", "localhost", "LOCALHOST:8080", "127.0.0.1", "localhost.:8080"] {
            #expect(policy.allows(allowed), "\(allowed)")
        }
        for refused in [
            nil, "", "evil.example", "evil.example:8080", "localhost:8081", "127.0.0.1:80", "localhost:", "localhost:+8080",
            "127.0.0.2:8080", "localhost.evil.example", "[::1]:9"
        ] as [String?] {
            #expect(!policy.allows(refused), "\(refused ?? "nil")")
        }
        let wide = HostPolicy(bound: "0.0.0.0", port: 9000, given: "0.0.0.0", interfaces: ["192.168.1.5", "devbox"])
        #expect(wide.allows("192.168.1.5:9000") && wide.allows("devbox:9000") && !wide.allows("attacker.example:9000"))
        #expect(!HostPolicy(bound: "127.0.0.1", port: 9000, interfaces: ["192.168.1.5"]).allows("192.168.1.5:9000"))
    }
}
