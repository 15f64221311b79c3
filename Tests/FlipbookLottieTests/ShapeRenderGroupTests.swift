import Foundation
import Testing

@testable import FlipbookLottie

/// lottie-ios's render groups (ShapeBuilder+RenderGroups.swift): which paths each fill and
/// stroke draws and what passes down to subgroups.
@Suite("Lottie shape render groups")
struct ShapeRenderGroupTests {
    /// Entries named by type and a number: `el`, `fl:93` (a fill of opacity 93), …
    static func entries(_ spec: [String]) -> [ShapeBuilder.Entry] {
        spec.enumerated().map { index, item in
            let parts = item.split(separator: ":")
            var json: [String: Any] = ["ty": String(parts[0]), "nm": "\(parts[0]) \(index)"]
            if parts.count > 1 { json["o"] = ["a": 0, "k": Double(parts[1])!] }
            var decoder = LottieDecoder(file: "test.json")
            return ShapeBuilder.Entry(item: decoder.shapeItem(LottieJSON(json, path: "it[\(index)]")), keypath: [])
        }
    }

    static func describe(_ groups: [ShapeBuilder.RenderGroup]) -> [String] {
        groups.map { g in (g.paths.map(\.item.path) + ["|"] + g.others.map(\.item.path)).joined(separator: " ") }
    }

    @Test("a stroke after two fills strokes the path under each of them, each fill alone (opacities differ)")
    func strokeAppliesToEveryFill() {
        // issue_1887: [ellipse, gradient fill, fill, stroke]: the fill has no path of its own and
        // draws the ellipse too; the stroke joins both groups, so iOS strokes the circle twice.
        let split = ShapeBuilder.renderGroups(Self.entries(["el", "gf:100", "fl:93", "st:80"]), subgroupsInherit: false)
        #expect(
            Self.describe(split.valid) == [
                "it[0] | it[1]", "it[0] | it[3]", "it[0] | it[2]", "it[0] | it[3]"
            ])
        #expect(split.unused.isEmpty)
    }

    @Test("a stroke listed before its fill with the same opacity shares one layer with it")
    func strokeOverFillShares() {
        let shared = ShapeBuilder.renderGroups(Self.entries(["sh", "st:100", "fl:100"]), subgroupsInherit: false)
        #expect(Self.describe(shared.valid) == ["it[0] | it[1] it[2]"])
        // Listed after the fill, the stroke would draw under it: two layers.
        let apart = ShapeBuilder.renderGroups(Self.entries(["sh", "fl:100", "st:100"]), subgroupsInherit: false)
        #expect(Self.describe(apart.valid) == ["it[0] | it[1]", "it[0] | it[2]"])
    }

    @Test("with subgroups, a fill without a path of its own is passed down instead of borrowing")
    func unusedPassesDown() {
        let split = ShapeBuilder.renderGroups(Self.entries(["el", "fl:100", "fl:50"]), subgroupsInherit: true)
        #expect(Self.describe(split.valid) == ["it[0] | it[1]"])
        #expect(split.unused.map(\.item.path) == ["it[2]"])
    }

    @Test("a path after a trim starts a new group the trim does not reach")
    func trimSplits() {
        let split = ShapeBuilder.renderGroups(Self.entries(["sh", "tm", "sh", "st:100"]), subgroupsInherit: false)
        #expect(Self.describe(split.valid) == ["it[0] | it[3] it[1]", "it[2] | it[3]"])
    }
}
