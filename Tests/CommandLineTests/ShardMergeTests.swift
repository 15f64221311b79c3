import Foundation
import ProcessTestSupport
import Testing

/// `flipbook test merge`: shards' artifacts joined into the report one run would write, and
/// folders from elsewhere treated as untrusted.
@Suite("shard merge")
struct ShardMergeTests {
    /// Three scenes with goldens, one of them then changed so it fails.
    static func suite() throws -> URL {
        let dir = freshFolder("flipbook-merge")
        let scenes = dir.appendingPathComponent("scenarios")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for (name, from) in [("a", "scenarios/demo.yaml"), ("b", "scenarios/loaders/dot-wave.yaml"), ("c", "scenarios/demo.yaml")] {
            try FileManager.default.copyItem(
                at: packageRoot.appendingPathComponent(from), to: scenes.appendingPathComponent("\(name).yaml"))
        }
        #expect(try CLI.run(["test", "--record", "missing"], in: dir).status == 0)
        let c = scenes.appendingPathComponent("c.yaml")
        try (try String(contentsOf: c, encoding: .utf8)).replacingOccurrences(of: "pulse: 0.35", with: "pulse: 0.45")
            .write(to: c, atomically: true, encoding: .utf8)
        return dir
    }

    /// summary.json without the timings (which differ from run to run).
    static func summary(_ folder: URL) throws -> String {
        let text = try String(contentsOf: folder.appendingPathComponent("summary.json"), encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.contains("Seconds") }.joined(separator: "\n")
    }

    @Test("two shards merged give the whole run's summary and results, a report with the failure and its pictures, and exit 1")
    func mergesLikeOneRun() throws {
        let dir = try Self.suite()
        let whole = try CLI.run(["test", "--artifacts", "whole", "--artifact-animation", "none"], in: dir, environment: ["CI": "true"])
        #expect(whole.status == 1)
        for i in 1...2 {
            let r = try CLI.run(
                ["test", "--shard", "\(i)/2", "--artifacts", "s\(i)", "--artifact-animation", "none"], in: dir,
                environment: ["CI": "true"])
            #expect(r.status <= 1)
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("s\(i)/results.json").path), "shard \(i) results")
        }
        let merged = try CLI.run(["test", "merge", "s1", "s2", "--artifacts", "merged"], in: dir)
        #expect(merged.status == 1 && merged.stdout.contains("✘ c") && merged.stdout.contains("2 passed, 1 failed"), "\(merged.stdout)")
        #expect(try Self.summary(dir.appendingPathComponent("merged")) == (try Self.summary(dir.appendingPathComponent("whole"))))
        let report = try String(contentsOf: dir.appendingPathComponent("merged/report.html"), encoding: .utf8)
        #expect(
            report.contains("data:image/png;base64,") && report.contains("<h2 class=\"bad\">c — failed</h2>"),
            "the failing scenario with its frames")
        let pictures = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("merged/c").path)
        #expect(pictures.contains { $0.hasSuffix("-expected.png") } && pictures.contains { $0.hasSuffix("-diff.png") }, "\(pictures)")
        let junit = try String(contentsOf: dir.appendingPathComponent("merged/junit.xml"), encoding: .utf8)
        #expect(junit.contains("tests=\"3\"") && junit.contains("failures=\"1\""), "\(junit.prefix(300))")
        // The merge keeps each scene's time; kept as golden/timings.json it balances the next shards.
        let timings = try String(contentsOf: dir.appendingPathComponent("merged/timings.json"), encoding: .utf8)
        #expect(timings.contains("\"a\" :") && timings.contains("\"b\" :") && timings.contains("\"c\" :"), "\(timings)")
    }

    @Test("shards balanced by a timings file: the costly scene alone; a bad timings file refused with exit 2")
    func shardsByTimings() throws {
        let dir = try Self.suite()
        let timings = dir.appendingPathComponent("golden/timings.json")
        try #"{ "format": 1, "seconds": { "a": 0.1, "b": 0.1, "c": 9 } }"#.write(to: timings, atomically: true, encoding: .utf8)
        func shard(_ i: Int, _ extra: [String] = []) throws -> (status: Int32, stdout: String, stderr: String) {
            try CLI.run(["test", "--shard", "\(i)/2", "--artifacts", "t\(i)", "--artifact-animation", "none"] + extra, in: dir)
        }
        let first = try shard(1), second = try shard(2)
        #expect(first.stdout.contains("✘ c") && !first.stdout.contains("✔ a") && !first.stdout.contains("✔ b"), "\(first.stdout)")
        #expect(second.stdout.contains("✔ a") && second.stdout.contains("✔ b") && !second.stdout.contains("✘ c"), "\(second.stdout)")
        // --timings names another file; one that is not a timings file is refused before anything runs.
        try #"{ "format": 1, "seconds": { "a": 9, "b": 0.1, "c": 0.1 } }"#.write(
            to: dir.appendingPathComponent("other.json"), atomically: true, encoding: .utf8)
        let other = try shard(1, ["--timings", "other.json"])
        #expect(other.stdout.contains("✔ a") && !other.stdout.contains("✔ b"), "\(other.stdout)")
        try #"{ "format": 1, "seconds": { "a": -3 } }"#.write(to: timings, atomically: true, encoding: .utf8)
        let bad = try shard(1)
        #expect(bad.status == 2 && bad.stderr.contains("timings.json: 'a' has -3.0 seconds; expected 0…86400"), "\(bad.stderr)")
        try "not json".write(to: timings, atomically: true, encoding: .utf8)
        let garbage = try shard(1)
        #expect(garbage.status == 2 && garbage.stderr.contains("not a timings file of flipbook test merge"), "\(garbage.stderr)")
    }

    @Test("refused with exit 2: a folder without results, overlapping shards, a name that leaves the folder, merging into a shard")
    func hostile() throws {
        let dir = try Self.suite()
        #expect(try CLI.run(["test", "--shard", "1/1", "--artifacts", "s1", "--artifact-animation", "none"], in: dir).status == 1)
        let empty = dir.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let r1 = try CLI.run(["test", "merge", "empty", "--artifacts", "m1"], in: dir)
        #expect(r1.status == 2 && r1.stderr.contains("empty: no results.json"), "\(r1.stderr)")
        let r2 = try CLI.run(["test", "merge", "s1", "s1/", "--artifacts", "m2"], in: dir)
        #expect(r2.status == 2 && r2.stderr.contains("the shards overlap"), "\(r2.stderr)")
        let r3 = try CLI.run(["test", "merge", "s1", "--artifacts", "s1"], in: dir)
        #expect(r3.status == 2 && r3.stderr.contains("is both a shard and the merged folder"), "\(r3.stderr)")
        let evil = dir.appendingPathComponent("evil")
        try FileManager.default.createDirectory(at: evil, withIntermediateDirectories: true)
        let results = try String(contentsOf: dir.appendingPathComponent("s1/results.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"name\" : \"a\"", with: "\"name\" : \"../../outside\"")
        try results.write(to: evil.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
        let r4 = try CLI.run(["test", "merge", "evil", "--artifacts", "m4"], in: dir)
        #expect(r4.status == 2 && r4.stderr.contains("is not a relative name inside the suite"), "\(r4.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir.deletingLastPathComponent().appendingPathComponent("outside").path))
        try "{ \"format\": 1, \"orphans\": [], \"scenarios\": [ { \"name\": 5 } ] }".write(
            to: evil.appendingPathComponent("results.json"), atomically: true, encoding: .utf8)
        let r5 = try CLI.run(["test", "merge", "evil", "--artifacts", "m5"], in: dir)
        #expect(r5.status == 2 && r5.stderr.contains("not the results of flipbook test"), "\(r5.stderr)")
        // A picture that is a link (to anything) is not read: the merged report has no pictures for that scenario.
        let linked = dir.appendingPathComponent("linked")
        try FileManager.default.copyItem(at: dir.appendingPathComponent("s1"), to: linked)
        let c = linked.appendingPathComponent("c")
        for name in try FileManager.default.contentsOfDirectory(atPath: c.path) where name.hasSuffix("-expected.png") {
            let outside = dir.appendingPathComponent("outside-\(name)")
            try FileManager.default.moveItem(at: c.appendingPathComponent(name), to: outside)
            try FileManager.default.createSymbolicLink(at: c.appendingPathComponent(name), withDestinationURL: outside)
        }
        let r6 = try CLI.run(["test", "merge", "linked", "--artifacts", "m6"], in: dir)
        #expect(r6.status == 1)
        let merged = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("m6/c").path)) ?? []
        #expect(!merged.contains { $0.hasSuffix("-expected.png") }, "\(merged)")
        // A scenario folder that is a link (to a folder holding real pictures) is not followed either.
        let folderLinked = dir.appendingPathComponent("folder-linked")
        try FileManager.default.copyItem(at: dir.appendingPathComponent("s1"), to: folderLinked)
        let away = dir.appendingPathComponent("away")
        try FileManager.default.moveItem(at: folderLinked.appendingPathComponent("c"), to: away)
        try FileManager.default.createSymbolicLink(at: folderLinked.appendingPathComponent("c"), withDestinationURL: away)
        let r7 = try CLI.run(["test", "merge", "folder-linked", "--artifacts", "m7"], in: dir)
        #expect(r7.status == 1)
        let merged7 = (try? FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("m7/c").path)) ?? []
        #expect(!merged7.contains { $0.hasSuffix(".png") }, "\(merged7)")
        let report7 = try String(contentsOf: dir.appendingPathComponent("m7/report.html"), encoding: .utf8)
        #expect(!report7.contains("data:image/png"), "nothing from the linked folder is inlined")
    }
}

/// docs/ci.md's local recipe runs as written, on a copy of the repository's scenarios and goldens.
@Suite("CI recipes")
struct CIRecipeTests {
    @Test("the 'Locally' block of docs/ci.md: three shards and a merge of the repository's own suite, every scenario passing")
    func localRecipe() throws {
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        let section = try #require(doc.range(of: "## Locally").map { String(doc[$0.upperBound...]) })
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let dir = freshFolder("flipbook-ci-recipe")
        for folder in ["scenarios", "golden"] {
            try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(folder), to: dir.appendingPathComponent(folder))
        }
        let path = CLI.executable.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let r = try CLI.spawn(URL(fileURLWithPath: "/bin/sh"), ["-ec", block], in: dir, environment: ["PATH": path])
        #expect(r.status == 0, "\(r.stderr)")
        let out = String(decoding: r.stdout, as: UTF8.self)
        let count = try GoldenSuiteCount.scenarios(in: dir.appendingPathComponent("scenarios"))
        #expect(out.contains("merged 3 shards: \(count) passed, 0 failed"), "\(out.suffix(500))")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("merged/report.html").path))
    }
}

/// How many scenario files a folder holds (what `flipbook test` runs).
enum GoldenSuiteCount {
    static func scenarios(in folder: URL) throws -> Int {
        let all = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? []
        return all.filter { $0.pathExtension == "yaml" }.count
    }
}
