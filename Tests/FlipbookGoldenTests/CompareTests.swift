import Foundation
import Testing
@testable import FlipbookGolden
import Flipbook

/// `flipbook compare`'s core: variants on one clock, composed in cells with labels, and numbers.
@Suite("variant comparison")
struct CompareTests {
    @Test("cells and labels land where the layout says: frame pixels in each cell, label ink in each label strip")
    func geometry() throws {
        let red = PixelBuffer(width: 30, height: 20, rgba: Array(repeating: [255, 0, 0, 255], count: 600).flatMap { $0 })
        let blue = PixelBuffer(width: 30, height: 20, rgba: Array(repeating: [0, 0, 255, 255], count: 600).flatMap { $0 })
        for layout in [VariantGrid.Layout.row, .column, .grid] {
            let out = try VariantGrid.compose([red, blue, red], labels: ["one", "two", "three"], layout: layout)
            let size = VariantGrid.size(of: (30, 20), count: 3, layout: layout)
            #expect(out.width == size.width && out.height == size.height)
            for (i, want) in [[255, 0, 0], [0, 0, 255], [255, 0, 0]].enumerated() {
                let cell = VariantGrid.cell(i, count: 3, frame: (30, 20), layout: layout)
                let p = out.pixel(x: Int(cell.midX), y: Int(cell.midY))
                #expect([Int(p.r), Int(p.g), Int(p.b)] == want, "\(layout) cell \(i)")
                // The label strip above the cell holds dark text ink.
                var ink = 0
                for y in Int(cell.minY) - VariantGrid.labelHeight..<Int(cell.minY) {
                    for x in Int(cell.minX)..<Int(cell.maxX) where out.pixel(x: x, y: y).r < 120 { ink += 1 }
                }
                #expect(ink > 10, "\(layout) label \(i) has ink: \(ink)")
            }
        }
        let overlay = try VariantGrid.compose([red, blue], labels: ["a", "b"], layout: .overlay)
        let c = VariantGrid.cell(0, count: 2, frame: (30, 20), layout: .overlay)
        let p = overlay.pixel(x: Int(c.midX), y: Int(c.midY))
        #expect(abs(Int(p.r) - 128) <= 2 && abs(Int(p.b) - 127) <= 2, "onion skin: blue at half over red: \(p)")
    }

    @Test("a variant compared with itself differs by zero; a slower one differs and stops later; shorter variants hold their last frame")
    func numbers() throws {
        let demo = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scenarios/demo.yaml").path
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let gif = dir.appendingPathComponent("c.gif")
        let same = try VariantComparison(inputs: [.init(file: demo, variant: "default", label: "a"), .init(file: demo, variant: "default", label: "b")])
            .run(sinks: [GIFSink(url: gif)])
        #expect(same.map(\.largestDifference) == [0, 0])
        let slow = try VariantComparison(inputs: [.init(file: demo, variant: "default", label: "default"), .init(file: demo, variant: "slow", label: "slow")])
            .run(sinks: [GIFSink(url: gif)])
        #expect(slow[1].meanDifference > 0 && slow[1].largestDifference >= slow[1].meanDifference)
        let decoded = try GIFReader.read(gif)
        #expect(decoded.frames.count == 63, "2.1 s at 30 fps")
        #expect(decoded.width == VariantGrid.size(of: (320, 120), count: 2, layout: .row).width)
    }
}
