import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// A scene's `contentsCenter`, `magnificationFilter` and `minificationFilter`
/// (scenario-format.md, "Layers"; timing-model.md 12.12).
@Suite("contents settings in scenario files")
struct ContentsSettingsSceneTests {
    @Test("the filters and the centre reach the layer; a set changes a filter at once")
    func reachLayer() throws {
        let r = try runtime(
            """
            canvas: { width: 100, height: 100 }
            duration: 2
            layers:
              - { id: pixels, frame: [0, 0, 40, 40], magnificationFilter: nearest, minificationFilter: trilinear,
                  contentsCenter: [0.25, 0.25, 0.5, 0.5] }
            script:
              - { at: 1, set: { pixels.magnificationFilter: linear } }

            """)
        let layer = try #require(r.layers["pixels"])
        #expect(layer.magnificationFilter == .nearest && layer.minificationFilter == .trilinear)
        #expect(layer.contentsCenter == CGRect(x: 0.25, y: 0.25, width: 0.5, height: 0.5))
        r.stage.advance(to: 1.5)
        #expect(layer.magnificationFilter == .linear)
    }

    @Test("a filter that Core Animation does not name is refused at its line")
    func unknownFilter() {
        let yaml = """
            canvas: { width: 100, height: 100 }
            duration: 1
            layers:
              - { id: pixels, frame: [0, 0, 40, 40], magnificationFilter: cubic }

            """
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "filters.yaml", baseDirectory: packageRoot)
            Issue.record("loaded")
        } catch let e as ScenarioError {
            #expect(e.diagnostics.contains { $0.line == 4 && $0.message.contains("nearest") }, "\(e.diagnostics)")
        } catch { Issue.record("\(error)") }
    }
}
