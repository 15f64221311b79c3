import Flipbook
import Foundation
import ProcessTestSupport
import Testing

/// `compositingFilter` in a scenario (scenario-format.md; timing-model.md 12.7): a layer key
/// naming one of the filters, settable at once by `set`.
@Suite("compositingFilter in scenarios")
struct CompositingFilterSceneTests {
    @Test("the key sets the layer's filter; set changes it at once; the renderer knows every name the loader takes")
    func applied() throws {
        let r = try runtime(
            """
            canvas: { width: 20, height: 20 }
            duration: 1
            layers:
              - { id: grey, frame: [0, 0, 20, 20], backgroundColor: "#808080" }
              - { id: top, frame: [0, 0, 10, 10], backgroundColor: "#FF0000", compositingFilter: multiplyBlendMode }
            script:
              - { at: 0.5, set: { top.compositingFilter: screenBlendMode } }
            """)
        #expect(r.layers["top"]?.compositingFilter as? String == "multiplyBlendMode")
        let before = try FrameRasterizer.rasterize(r.stage.snapshot(), background: nil)
        #expect(before.pixel(x: 5, y: 5).r == 128 && before.pixel(x: 5, y: 5).g == 0, "red × grey")
        r.stage.advance(to: 0.6)
        #expect(r.layers["top"]?.compositingFilter as? String == "screenBlendMode")
        #expect(Set(CALayer.compositingFilterNames).count == CALayer.compositingFilterNames.count)
    }

    @Test("a name that is not a filter is refused at its line and column, listing the names")
    func refused() {
        let yaml = """
            canvas: { width: 20, height: 20 }
            duration: 1
            layers:
              - { id: top, frame: [0, 0, 10, 10], compositingFilter: sourceIn }
            """
        #expect {
            try ScenarioLoader.load(yaml: yaml, file: "inline.yaml", baseDirectory: packageRoot)
        } throws: { error in
            let text = "\(error)"
            return text.contains("4:") && text.contains("sourceIn") && text.contains("multiplyBlendMode")
        }
    }
}
