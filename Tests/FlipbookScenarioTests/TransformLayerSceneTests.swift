import Flipbook
import Foundation
import Testing

/// `type: transform` layers in scenario files (scenario-format.md, "Layers"; timing-model.md 12.2).
@Suite("transform layers in scenario files")
struct TransformLayerSceneTests {
    @Test("type: transform builds a CATransformLayer whose sublayers are the faces given")
    func builds() throws {
        let r = try runtime(
            """
            canvas: { width: 100, height: 100 }
            duration: 1
            layers:
              - id: cube
                type: transform
                frame: [10, 10, 80, 80]
                sublayers:
                  - { id: front, frame: [0, 0, 80, 80], backgroundColor: "#ff0000", transform: "translateZ(40)" }
                  - { id: back, frame: [0, 0, 80, 80], backgroundColor: "#00ff00", transform: "rotateY(180deg) translateZ(40)" }

            """)
        let cube = try #require(r.layers["cube"])
        #expect(cube is CATransformLayer)
        #expect(cube.sublayers?.count == 2 && r.layers["front"]?.superlayer === cube)
    }
}
