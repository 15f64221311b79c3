import Flipbook
import Foundation

/// `flipbook test merge`: one report, junit.xml, summary.json and results.json from the
/// artifacts of several shards (Playwright's merge-reports), as if one run had made them.
package enum ShardMerge {
    /// Merges the shards' `folders` into `root` and returns the outcomes, in name order.
    /// Every folder must hold a results.json; a scenario in two shards is refused.
    public static func merge(_ folders: [URL], into root: URL) throws -> [ScenarioOutcome] {
        let target = root.standardizedFileURL.resolvingSymlinksInPath().path
        var outcomes: [ScenarioOutcome] = []
        var orphans: Set<String> = []
        var animations: [String: GoldenArtifacts.Animation] = [:]
        var from: [String: String] = [:]
        var pictures = PictureBudget()
        var animationBytes = 0
        for folder in folders {
            guard folder.standardizedFileURL.resolvingSymlinksInPath().path != target else {
                throw GoldenError.usage("\(folder.path) is both a shard and the merged folder: merge into another --artifacts folder")
            }
            let results = try SuiteResults.read(folder)
            for o in results.outcomes(readingPicturesFrom: folder, budget: &pictures) {
                if let other = from[o.name] {
                    throw GoldenError.usage("\(TextSafety.quoted(o.name)) is in both \(other) and \(folder.path): the shards overlap")
                }
                from[o.name] = folder.path
                outcomes.append(o)
                if o.failed, animationBytes < maximumAnimationBytes, let animation = try animation(of: o.name, in: folder) {
                    animations[o.name] = animation
                    animationBytes += animation.bytes.count
                }
            }
            orphans.formUnion(results.orphans.filter(SuiteResults.isSafeName))
        }
        outcomes.sort { $0.name < $1.name }
        try GoldenArtifacts(root: root).write(outcomes, orphans: orphans.sorted(), animations: animations)
        for (name, animation) in animations {
            let dir = root.appendingPathComponent(GoldenArtifacts.folderName(for: name), isDirectory: true)
            try GoldenArtifacts.makeFolder(dir)
            try OutputFile.write(animation.bytes, to: dir.appendingPathComponent(animation.fileName))
        }
        return outcomes
    }

    /// The largest animation copied from a shard, and all of them together.
    static let maximumAnimationFileBytes = 32 << 20
    static let maximumAnimationBytes = 128 << 20

    /// The render a shard wrote beside a failing scenario's frames (`test --artifact-animation`),
    /// unless it is larger than `maximumAnimationFileBytes` or reached through a link.
    static func animation(of name: String, in folder: URL) throws -> GoldenArtifacts.Animation? {
        guard SuiteResults.isLinkFree(GoldenArtifacts.folderName(for: name), under: folder) else { return nil }
        let dir = folder.appendingPathComponent(GoldenArtifacts.folderName(for: name), isDirectory: true)
        for format in OutputFormat.animated.sorted(by: { $0.name < $1.name }) {
            let file = dir.appendingPathComponent("actual.\(format.name)")
            guard let bytes = try? InputFile.read(file.path, followingLinks: false, maximumBytes: maximumAnimationFileBytes) else {
                continue
            }
            return GoldenArtifacts.Animation(fileName: file.lastPathComponent, bytes: bytes, mediaType: format.mediaType)
        }
        return nil
    }
}
