import Flipbook
import Foundation
import Testing

@testable import FlipbookGolden

/// Recording goldens never leaves a scene's folder a mix of two sets (issue 63, items 3 and 4):
/// each set is staged and swapped in whole, and only when the run has no error.
@Suite("recording as one transaction")
struct RecordingTransactionTests {
    /// Every file under `folder` with its bytes, by path relative to it.
    static func contents(_ folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        for name in (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? [] {
            let url = folder.appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = FileManager.default.contents(atPath: url.path)
            }
        }
        return files
    }

    @Test("a recording is written beside the scene's folder and swapped in by commit; discarded, the old set stays")
    func stagedThenSwapped() throws {
        let box = Sandbox()
        let file = box.scenario("square")
        #expect(box.suite(.missing).run([file]).map(\.status) == [.recorded])
        let old = Self.contents(box.goldens)
        let recording = try box.store.beginRecording("square")
        try recording.write(frame: 0, png: [1, 2, 3])
        #expect(Self.contents(box.goldens.appendingPathComponent("square")) == Self.contents(box.goldens.appendingPathComponent("square")))
        #expect(
            recording.folder.deletingLastPathComponent().path == box.goldens.path
                && recording.folder.lastPathComponent.hasPrefix(".square."))
        #expect(box.store.recordedNames() == ["square"], "a staging folder is no golden folder")
        recording.discard()
        #expect(Self.contents(box.goldens) == old, "discarded: the old set as it was, nothing left beside it")
        let second = try box.store.beginRecording("square")
        try second.write(frame: 0, png: [9])
        try second.finish(trace: "new\n", manifest: try box.store.load("square").manifest)
        #expect(Self.contents(box.goldens).filter { !$0.key.hasPrefix(".") } == old, "nothing changes before the swap")
        try second.commit()
        let now = Self.contents(box.goldens)
        #expect(now["square/frame-000.png"] == Data([9]) && now["square/trace.txt"] == Data("new\n".utf8))
        #expect(now["square/frame-001.png"] == nil, "the old set's other frames are gone with it")
        #expect(try FileManager.default.contentsOfDirectory(atPath: box.goldens.path) == ["square"], "no staging folder left")
    }

    @Test("a run with an error records nothing: every scene's old set stays, and the scenes say they were not recorded")
    func errorsRecordNothing() throws {
        let box = Sandbox()
        let a = box.scenario("a"), b = box.scenario("b")
        #expect(box.suite(.missing).run([a, b]).map(\.status) == [.recorded, .recorded])
        let old = Self.contents(box.goldens)
        box.scenario("a", x: 20)
        try "canvas: [this is not a scenario".write(toFile: b, atomically: true, encoding: .utf8)
        let outcomes = box.suite(.all).run([a, b])
        #expect(outcomes.map(\.status) == [.error, .error])
        #expect(outcomes[0].messages.contains { $0.contains("not recorded: another scene had an error") }, "\(outcomes[0].messages)")
        #expect(Self.contents(box.goldens) == old)
        // Without the error, the same run swaps the new set in.
        box.scenario("b")
        #expect(box.suite(.all).run([a, b]).map(\.status) == [.recorded, .recorded])
        #expect(Self.contents(box.goldens)["a/frame-000.png"] != old["a/frame-000.png"])
    }

    @Test("a.yaml and a.json in different shards are both refused: they would record into one folder")
    func sharedNameAcrossShards() throws {
        let box = Sandbox()
        let yaml = box.scenario("a")
        let json = box.dir.appendingPathComponent("a.json").path
        try #"{"v":"5.7.0","fr":10,"ip":0,"op":5,"w":20,"h":20,"layers":[]}"#.write(toFile: json, atomically: true, encoding: .utf8)
        let all = [yaml, json].sorted()
        for index in 1...2 {
            let shard = GoldenSuite.shard(all, index: index, count: 2)
            let outcomes = box.suite(.missing).run(shard, among: all)
            #expect(outcomes.count == 1 && outcomes[0].status == .error, "shard \(index)")
            #expect(outcomes[0].messages.first?.contains("another scenario is also named 'a'") == true)
        }
        #expect(!FileManager.default.fileExists(atPath: box.goldens.appendingPathComponent("a").path))
    }
}
