import ArgumentParser
import Flipbook
import FlipbookGolden
import Foundation

/// `flipbook test merge`: the shards' artifacts as one report.
struct TestMerge: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Join the artifacts of sharded runs into one report.html, junit.xml, summary.json and results.json.",
        discussion: """
            Each folder is the --artifacts of one `flipbook test --shard I/N` run (downloaded from CI, say). \
            Exit 1 when a scenario failed in any shard, 2 when a folder is not a shard's artifacts or two \
            shards hold the same scenario.

              flipbook test merge shard-1 shard-2 shard-3 --artifacts merged

            The merged folder also gets timings.json, each scene's render and compare time: \
            copied to golden/timings.json, it balances later `--shard` runs.
            """)

    @Argument(help: "The shards' artifacts folders.")
    var folders: [String]

    @Option(help: "Where the merged report goes.")
    var artifacts = ".artifacts"

    func validate() throws {
        if folders.isEmpty { throw ValidationError("name the shards' artifacts folders") }
    }

    func run() throws {
        let outcomes: [ScenarioOutcome]
        do {
            outcomes = try ShardMerge.merge(
                folders.map { URL(fileURLWithPath: $0, isDirectory: true) },
                into: URL(fileURLWithPath: artifacts, isDirectory: true))
        } catch let e as GoldenError { throw ValidationError("\(e)") }
        // Each scene's time, for later shards to balance by (kept as golden/timings.json).
        let timingsFile = URL(fileURLWithPath: artifacts, isDirectory: true).appendingPathComponent(SceneTimings.fileName)
        try OutputFile.write(try SceneTimings(outcomes).encoded(), to: timingsFile)
        let failed = outcomes.filter(\.failed)
        let recorded = outcomes.filter { $0.status == .recorded || $0.status == .rerecorded }.count
        for o in failed { Console.out("✘ \(o.name)") }
        Console.out(
            "merged \(folders.count) shard\(folders.count == 1 ? "" : "s"): \(outcomes.count - failed.count - recorded) passed, "
                + "\(failed.count) failed, \(recorded) recorded; report: \(artifacts)/report.html")
        if !failed.isEmpty { throw ExitCode(Exit.comparisonFailed) }
    }
}
