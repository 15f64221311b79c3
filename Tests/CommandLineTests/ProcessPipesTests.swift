import Foundation
import ProcessTestSupport
import Testing

/// The helper every command-line test runs programs through.
@Suite("process pipes")
struct ProcessPipesTests {
    @Test("a child that writes 256 KiB to stderr and then stdout finishes, both read whole")
    func bothPipesAtOnce() throws {
        // Reading stdout to its end before stderr would leave this child blocked on a full
        // stderr pipe for ever.
        let r = try CLI.spawn(URL(fileURLWithPath: "/bin/sh"), ["-c", "head -c 262144 /dev/zero | tr '\\0' e >&2; echo done"])
        #expect(r.status == 0)
        #expect(String(decoding: r.stdout, as: UTF8.self) == "done\n")
        #expect(r.stderr.utf8.count == 262_144 && r.stderr.allSatisfy { $0 == "e" })
    }
}
