import Foundation

/// Which `Host` fields the preview answers. A web page elsewhere can rebind its own name to
/// 127.0.0.1 (DNS rebinding) and then read whatever a local server answers; its requests still
/// carry that name in `Host`. So only the names that mean this machine, the address the server
/// is bound to and the `--host` given are answered, each with the bound port or none; a request
/// without a `Host` is refused too.
package struct HostPolicy: Sendable {
    private let names: Set<String>
    private let port: UInt16

    /// `bound`: the address listened on; `given`: the `--host` as typed, if any; `interfaces`:
    /// this machine's own addresses, answered too when bound to every interface (0.0.0.0), so
    /// the page opens from another machine at the address it was reached by.
    package init(bound: String, port: UInt16, given: String? = nil, interfaces: [String] = []) {
        var names: Set<String> = ["localhost", "127.0.0.1", "[::1]", bound.lowercased()]
        if let given { names.insert(given.lowercased()) }
        if bound == "0.0.0.0" { names.formUnion(interfaces.map { $0.lowercased() }) }
        self.names = names
        self.port = port
    }

    /// Whether a request with this `Host` field value is answered.
    package func allows(_ host: String?) -> Bool {
        guard let host = host?.lowercased(), !host.isEmpty else { return false }
        var name = Substring(host)
        // "[::1]:8080", "localhost:8080", "127.0.0.1"
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") {
            let digits = host[host.index(after: colon)...]
            guard !digits.isEmpty, digits.count <= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = UInt16(digits), value == port
            else { return false }
            name = host[..<colon]
        }
        // A trailing dot ("localhost.") names the same host to a resolver.
        if name.hasSuffix("."), name.count > 1 { name = name.dropLast() }
        return names.contains(String(name))
    }

    private static func text(_ cString: [CChar]) -> String {
        String(decoding: cString.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// This machine's IPv4 addresses and its host name.
    package static func localNames() -> [String] {
        var names: [String] = []
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 { names.append(Self.text(buffer)) }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return names }
        defer { freeifaddrs(list) }
        for entry in sequence(first: first, next: { $0.pointee.ifa_next }) {
            guard let addr = entry.pointee.ifa_addr, addr.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                var a = sin.pointee.sin_addr
                _ = inet_ntop(AF_INET, &a, &text, socklen_t(text.count))
            }
            names.append(Self.text(text))
        }
        return names
    }
}
