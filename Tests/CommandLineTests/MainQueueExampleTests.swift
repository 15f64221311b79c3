import Foundation
import ProcessTestSupport
import Testing

/// `DispatchQueue.main.async` in ported code runs on a Stage driven from the main thread
/// (Examples/MainQueueExample: a header that defers its refreshing state to the main queue, as
/// MJRefresh does). Tests run off the main thread, so the example runs as its own program.
@Suite("main-queue blocks on a Stage driven from the main thread")
struct MainQueueExampleTests {
    func run(fps: Int) throws -> String {
        let built = CLI.built("MainQueueExample")
        let result = try CLI.spawn(built, [String(fps)])
        #expect(result.status == 0, "\(result.stderr)")
        return String(decoding: result.stdout, as: UTF8.self)
    }

    @Test("the block runs at the instant it was queued, after the observer that queued it, at any frame rate; the header opens")
    func deferredStateChange() throws {
        let expected = """
            0.6167 release noticed
            0.6167 main queue block: refreshing
            1.5000 state refreshing inset 54 offset -54.00

            """
        #expect(try run(fps: 30) == expected)
        #expect(try run(fps: 12) == expected)
    }
}
