import CWebP
import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Animated WebP output, read back with libwebp's own animation decoder.
@Suite("WebP output")
struct WebPTests {
    func decode(_ bytes: [UInt8]) throws -> (frames: [[UInt8]], timestamps: [Int32], loop: UInt32) {
        var options = WebPAnimDecoderOptions()
        try #require(WebPAnimDecoderOptionsInit(&options) != 0)
        options.color_mode = MODE_RGBA
        return try bytes.withUnsafeBufferPointer { buffer in
            var data = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            let decoder = try #require(WebPAnimDecoderNew(&data, &options))
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            try #require(WebPAnimDecoderGetInfo(decoder, &info) != 0)
            var frames: [[UInt8]] = [], stamps: [Int32] = []
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var pixels: UnsafeMutablePointer<UInt8>?
                var stamp: Int32 = 0
                try #require(WebPAnimDecoderGetNext(decoder, &pixels, &stamp) != 0)
                frames.append(Array(UnsafeBufferPointer(start: pixels, count: Int(info.canvas_width * info.canvas_height * 4))))
                stamps.append(stamp)
            }
            return (frames, stamps, info.loop_count)
        }
    }

    @Test("lossless: every frame reads back exactly, at its time, with the loop count")
    func lossless() throws {
        let url = temporaryDirectory().appendingPathComponent("a.webp")
        var outputs = RenderOutputs()
        outputs.animations = [.init(url: url, format: .webp)]
        outputs.loopCount = 2
        _ = try movingSquareStage().render(duration: 0.5, fps: 10, outputs: outputs)
        let decoded = try decode(Array(try Data(contentsOf: url)))
        let expected = try movingSquareFrames()
        #expect(decoded.loop == 2)
        #expect(decoded.frames.count == 5)
        // libwebp reports each frame's end time: 100, 200, … ms.
        #expect(decoded.timestamps == [100, 200, 300, 400, 500])
        for k in 0..<min(5, decoded.frames.count) { #expect(decoded.frames[k] == expected[k].rgba, "frame \(k)") }
    }

    @Test("lossy at a quality stays close to the frames")
    func lossy() throws {
        let url = temporaryDirectory().appendingPathComponent("b.webp")
        var outputs = RenderOutputs()
        outputs.animations = [.init(url: url, format: .webp)]
        outputs.quality = 90
        _ = try movingSquareStage().render(duration: 0.5, fps: 10, outputs: outputs)
        let decoded = try decode(Array(try Data(contentsOf: url)))
        let expected = try movingSquareFrames()
        #expect(decoded.frames.count == 5)
        // Mean absolute difference per channel under 4 levels of 255.
        for k in 0..<min(5, decoded.frames.count) {
            let a = decoded.frames[k], b = expected[k].rgba
            let mean = Double(zip(a, b).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.count)
            #expect(mean < 4, "frame \(k): \(mean)")
        }
    }
}
