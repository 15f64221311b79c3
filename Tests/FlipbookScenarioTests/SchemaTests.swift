import Foundation
import ProcessTestSupport
import Testing

@testable import FlipbookScenario

/// schema/scenario.schema.json must name exactly the keys the loader accepts.
@Suite("JSON Schema agrees with the loader")
struct SchemaTests {
    static func schema() -> [String: Any] {
        let url = packageRoot.appendingPathComponent("schema/scenario.schema.json")
        let data = (try? Data(contentsOf: url)) ?? Data()
        return (try? JSONSerialization.jsonObject(with: data) as? [String: Any]) ?? [:]
    }

    static func keys(_ path: [String]) -> Set<String> {
        // A value that may also be a `$parameter` is `anyOf: [the schema, param]`: look inside.
        func unwrapped(_ node: Any?) -> Any? {
            guard let dict = node as? [String: Any], dict["properties"] == nil, let options = dict["anyOf"] as? [Any] else { return node }
            return options.first { ($0 as? [String: Any])?["properties"] != nil || ($0 as? [String: Any])?["items"] != nil } ?? node
        }
        var node: Any? = schema()
        for p in path { node = (unwrapped(node) as? [String: Any])?[p] }
        return Set(((unwrapped(node) as? [String: Any])?["properties"] as? [String: Any])?.keys ?? [:].keys)
    }

    @Test("top level, canvas, layers, animations, events and chains")
    func keysMatch() {
        #expect(Self.keys([]) == Set(ScenarioKeys.top))
        #expect(Self.keys(["properties", "canvas"]) == Set(ScenarioKeys.canvas))
        let allLayerKeys = Set(LayerType.allCases.flatMap { ScenarioKeys.layer($0) })
        #expect(Self.keys(["definitions", "layer"]) == allLayerKeys)
        let allAnimationKeys = Set([AnimationSpec.Kind.basic, .spring, .keyframe, .group].flatMap { ScenarioKeys.animation($0) })
        #expect(Self.keys(["definitions", "animation"]) == allAnimationKeys)
        #expect(Self.keys(["definitions", "event"]) == Set(ScenarioKeys.event))
        #expect(Self.keys(["definitions", "chain"]) == Set(ScenarioKeys.chain))
        #expect(Self.keys(["definitions", "action"]) == Set(ScenarioKeys.actionKeys))
        #expect(Self.keys(["properties", "golden"]) == Set(ScenarioKeys.golden))
        #expect(Self.keys(["properties", "golden", "properties", "tolerance"]) == Set(ScenarioKeys.tolerance))
        // Scroll scenes.
        #expect(Self.keys(["definitions", "layer", "properties", "rows"]) == Set(ScenarioKeys.rows))
        #expect(Self.keys(["properties", "refresh"]) == Set(ScenarioKeys.refresh))
        #expect(Self.keys(["properties", "refresh", "properties", "refreshing"]) == Set(ScenarioKeys.refreshing))
        #expect(Self.keys(["definitions", "binding"]) == Set(ScenarioKeys.binding))
        #expect(Self.keys(["definitions", "threshold"]) == Set(ScenarioKeys.threshold))
        #expect(Self.keys(["properties", "touches", "items"]) == Set(ScenarioKeys.touchStep))
    }

    @Test("the animatable layer properties' entries follow from their descriptors; the file is in the shared layout")
    func propertiesGenerated() throws {
        let url = packageRoot.appendingPathComponent("schema/scenario.schema.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        let expected = try ScenarioSchema.updating(try JSONDecoder().decode(SchemaJSON.self, from: Data(text.utf8))).text
        if ProcessInfo.processInfo.environment["FLIPBOOK_RECORD_SCHEMA"] == "1" && expected != text {
            try expected.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let have = text.split(separator: "\n", omittingEmptySubsequences: false)
        let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let line = Array(zip(have, want)).firstIndex { $0 != $1 } ?? (have.count == want.count ? nil : min(have.count, want.count))
        #expect(line == nil, "schema/scenario.schema.json:\((line ?? 0) + 1) differs from what scripts/schema.sh writes")
    }

    @Test("a property's entry: its kind's value or a parameter, described by class, key and kind")
    func propertyEntry() {
        let opacity = ScenarioSchema.property(LayerProperty.opacity.descriptor)
        #expect(opacity["description"] == .string("CALayer.opacity: a number (an angle may say deg or pi); animatable"))
        let fill = ScenarioSchema.property(LayerProperty.fillColor.descriptor)
        #expect(
            fill["anyOf"]
                == .array([.object(["$ref": .string("#/definitions/color")]), .object(["$ref": .string("#/definitions/param")])]))
        #expect(ScenarioSchema.value(.rect)["minItems"] == .integer(4) && ScenarioSchema.value(.point)["maxItems"] == .integer(2))
        #expect(ScenarioSchema.value(.numberArray)["minItems"] == nil)
        #expect(SchemaJSON.object(["b": .array([]), "a": .string("x\u{1}\"é")]).text == "{\n  \"a\": \"x\\u0001\\\"é\",\n  \"b\": []\n}\n")
    }
}
