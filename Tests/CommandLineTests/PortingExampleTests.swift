import Foundation
import ProcessTestSupport
import Testing

/// docs/porting.md's example (Examples/PortingExample): a refresh header written as iOS code and
/// ported with only the language-forced edits, run as its own program (its main-queue work and
/// display link run on the Stage driven from its main thread).
@Suite("the porting guide's example")
struct PortingExampleTests {
    @Test("the finger's pull, the release on the pan's .ended, the 1.2 s main-queue delay and the 0.3 s close happen at their instants")
    func portedHeaderRuns() throws {
        let built = CLI.built("PortingExample")
        let result = try CLI.spawn(built, [])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        func time(of state: String) -> Double? {
            lines.first { $0.split(separator: " ").dropFirst().first.map(String.init) == state }.flatMap { Double($0.prefix(6)) }
        }
        // The finger lifts at 0.2 + 0.5 s: the pan's .ended starts the refresh then; pulling
        // began before it.
        let pulling = try #require(time(of: "pulling")), refreshing = try #require(time(of: "refreshing"))
        #expect(pulling > 0.2 && pulling < 0.7)
        #expect(refreshing == 0.7)
        // DispatchQueue.main.asyncAfter(.now() + 1.2) ends it at 1.9 on the Stage clock, and the
        // close animation's completion comes 0.3 s later.
        #expect(time(of: "idle") == 2.2)
        // The display link ticked at 60 Hz from the first k/60 after 0.7 to 1.9 (invalidated at
        // 1.9, before that instant's tick): 43/60 … 113/60.
        #expect(lines.last == "2.6000 done: spun 71 ticks, inset 0 offset 0.00", "\(lines)")
    }
}
