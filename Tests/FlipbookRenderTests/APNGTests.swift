import CZlib
import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// Animated PNG output, read back by a decoder written here from the APNG specification (chunks,
/// inflate, un-filter, regions composed with dispose none and blend source or over).
@Suite("APNG output")
struct APNGTests {
    struct Decoded {
        var width = 0, height = 0, frameCount = 0, plays = -1
        var frames: [[UInt8]] = []  // straight RGBA
        var delays: [(UInt16, UInt16)] = []
        var chunkTypes: [String] = []
        var blendOps: [UInt8] = []
    }

    static func decode(_ bytes: [UInt8]) throws -> Decoded {
        func be32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var d = Decoded()
        var canvas: [UInt8] = []
        var pending: (x: Int, y: Int, w: Int, h: Int, over: Bool)?
        var data: [UInt8] = []
        var expectedSequence = 0
        func flush() throws {
            guard let r = pending else { return }
            var size = uLong(r.h * (1 + r.w * 4))
            var raw = [UInt8](repeating: 0, count: Int(size))
            let status = raw.withUnsafeMutableBufferPointer { out in
                data.withUnsafeBufferPointer { uncompress(out.baseAddress, &size, $0.baseAddress, uLong($0.count)) }
            }
            try #require(status == Z_OK && Int(size) == raw.count)
            for y in 0..<r.h {
                let row = y * (1 + r.w * 4)
                try #require(raw[row] == 1 || raw[row] == 0)
                for x in 0..<r.w {
                    for c in 0..<4 {
                        var v = raw[row + 1 + x * 4 + c]
                        if raw[row] == 1 && x > 0 { v &+= raw[row + 1 + (x - 1) * 4 + c] }
                        raw[row + 1 + x * 4 + c] = v
                    }
                    // Blend over: the encoder only uses it with opaque or fully transparent pixels.
                    let alpha = raw[row + 1 + x * 4 + 3]
                    if r.over { try #require(alpha == 0 || alpha == 255, "blend over with alpha \(alpha)") }
                    if r.over && alpha == 0 { continue }
                    for c in 0..<4 { canvas[((r.y + y) * d.width + r.x + x) * 4 + c] = raw[row + 1 + x * 4 + c] }
                }
            }
            d.frames.append(canvas)
            pending = nil
            data = []
        }
        var o = 8
        while o + 8 <= bytes.count {
            let length = be32(o)
            let type = String(decoding: bytes[(o + 4)..<(o + 8)], as: UTF8.self)
            let body = Array(bytes[(o + 8)..<(o + 8 + length)])
            d.chunkTypes.append(type)
            func b32(_ i: Int) -> Int { Int(body[i]) << 24 | Int(body[i + 1]) << 16 | Int(body[i + 2]) << 8 | Int(body[i + 3]) }
            switch type {
            case "IHDR":
                d.width = b32(0)
                d.height = b32(4)
                #expect(body[8] == 8 && body[9] == 6)
                canvas = [UInt8](repeating: 0, count: d.width * d.height * 4)
            case "acTL":
                d.frameCount = b32(0)
                d.plays = b32(4)
            case "fcTL":
                try flush()
                #expect(b32(0) == expectedSequence)
                expectedSequence += 1
                pending = (b32(12), b32(16), b32(4), b32(8), body[25] == 1)
                d.delays.append((UInt16(body[20]) << 8 | UInt16(body[21]), UInt16(body[22]) << 8 | UInt16(body[23])))
                #expect(body[24] == 0 && body[25] <= 1)
                d.blendOps.append(body[25])
            case "IDAT": data += body
            case "fdAT":
                #expect(b32(0) == expectedSequence)
                expectedSequence += 1
                data += body[4...]
            case "IEND": try flush()
            default: break
            }
            o += 12 + length
        }
        return d
    }

    @Test("every frame reads back exactly as rendered, with its delay and the loop count")
    func roundTrip() throws {
        let dir = temporaryDirectory()
        let url = dir.appendingPathComponent("a.apng")
        var outputs = RenderOutputs()
        outputs.animations = [.init(url: url, format: .apng)]
        outputs.loopCount = 3
        let result = try movingSquareStage().render(duration: 0.5, fps: 10, outputs: outputs)
        #expect(result.frameCount == 5)
        let expected = try movingSquareFrames()
        let decoded = try Self.decode(Array(try Data(contentsOf: url)))
        #expect(decoded.width == 40 && decoded.height == 30 && decoded.frameCount == 5 && decoded.plays == 3)
        #expect(decoded.frames.count == 5)
        #expect(decoded.delays.allSatisfy { $0 == (100, 1000) })
        for (k, frame) in decoded.frames.enumerated() {
            #expect(frame == expected[k].rgba, "frame \(k)")
        }
        // Later frames carry only what changed: each fdAT region is smaller than the canvas.
        #expect(decoded.chunkTypes.filter { $0 == "fdAT" }.count == 4)
    }

    @Test("a request that favours speed deflates at zlib's fast level, and still reads back exactly")
    func favoursSpeed() throws {
        let dir = temporaryDirectory()
        func bytes(_ name: String, _ sink: (URL) throws -> any RenderSink) throws -> [UInt8] {
            let url = dir.appendingPathComponent(name)
            _ = try movingSquareStage().render(duration: 0.5, fps: 10, sinks: [try sink(url)])
            return Array(try Data(contentsOf: url))
        }
        let quick = try bytes("quick.apng") { url in
            var request = OutputFormat.SinkRequest(url: url)
            request.favoursSpeed = true
            return try OutputFormat.apng.sink(request)
        }
        #expect(quick == (try bytes("level2.apng") { try APNGSink(url: $0, level: PNGEncoder.defaultLevel) }))
        #expect(quick != (try bytes("default.apng") { try OutputFormat.apng.sink(url: $0) }))
        let expected = try movingSquareFrames()
        for (k, frame) in try Self.decode(quick).frames.enumerated() { #expect(frame == expected[k].rgba, "frame \(k)") }
    }

    /// Two dots moving apart in opposite corners over a noisy picture (which costs bytes when a
    /// region repeats it), on an opaque or a clear stage.
    static func cornerDots(opaqueBackground: Bool) throws -> (frames: [PixelBuffer], decoded: Decoded) {
        var noise = [UInt8](repeating: 0, count: 200 * 100 * 4)
        var seed: UInt32 = 12345
        for i in 0..<noise.count {
            seed = seed &* 1_103_515_245 &+ 12345
            noise[i] = i % 4 == 3 ? (opaqueBackground ? 255 : 128) : UInt8(truncatingIfNeeded: seed >> 16)
        }
        func stage() -> Stage {
            let stage = Stage(size: CGSize(width: 200, height: 100), scale: 1)
            let picture = CALayer()
            picture.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
            picture.contents = LayerImage(width: 200, height: 100, rgba: noise)
            stage.rootLayer.addSublayer(picture)
            for (x, y, dx) in [(5.0, 5.0, 1.0), (185.0, 85.0, -1.0)] {
                let dot = CALayer()
                dot.frame = CGRect(x: x, y: y, width: 10, height: 10)
                dot.cornerRadius = 5
                dot.backgroundColor = CGColor(red: 0.9, green: 0.3, blue: 0.1, alpha: 1)
                stage.rootLayer.addSublayer(dot)
                let move = CABasicAnimation(keyPath: "position.x")
                move.byValue = 20.0 * dx
                move.duration = 0.5
                dot.add(move, forKey: "move")
            }
            return stage
        }
        let background: RGBA? = opaqueBackground ? RGBA(red: 1, green: 1, blue: 1, alpha: 1) : RGBA(red: 0, green: 0, blue: 0, alpha: 0)
        let url = temporaryDirectory().appendingPathComponent("dots.apng")
        var outputs = RenderOutputs()
        outputs.animations = [.init(url: url, format: .apng)]
        _ = try stage().render(duration: 0.5, fps: 10, outputs: outputs, background: background)
        let reference = stage()
        let frames = try (0..<5).map { k -> PixelBuffer in
            reference.advance(to: Double(k) / 10)
            return try FrameRasterizer.rasterize(reference.snapshot(), background: background)
        }
        return (frames, try decode(Array(try Data(contentsOf: url))))
    }

    @Test("opaque changes far apart: unchanged pixels go transparent and blend over (smaller), and every frame stays exact")
    func blendOverWhenOpaque() throws {
        let (frames, decoded) = try Self.cornerDots(opaqueBackground: true)
        #expect(decoded.frames.count == 5)
        for (k, frame) in decoded.frames.enumerated() { #expect(frame == frames[k].rgba, "frame \(k)") }
        #expect(decoded.blendOps.first == 0 && decoded.blendOps.dropFirst().contains(1), "\(decoded.blendOps)")
    }

    @Test("changes that are not opaque (a clear stage) always replace their rectangle (blend source)")
    func blendSourceWhenTranslucent() throws {
        let (frames, decoded) = try Self.cornerDots(opaqueBackground: false)
        for (k, frame) in decoded.frames.enumerated() { #expect(frame == frames[k].rgba, "frame \(k)") }
        #expect(decoded.blendOps.allSatisfy { $0 == 0 }, "\(decoded.blendOps)")
    }

    @Test("the changed rectangle and its opacity, as a pixel-by-pixel scan finds them", arguments: [1, 2, 9, 40])
    func changedBoxMatchesScan(width: Int) throws {
        var rng = SeededRandom(seed: UInt64(width) * 7)
        let height = 6
        for _ in 0..<50 {
            let before = (0..<(width * height)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            var after = before
            // A few changed pixels (none, some, translucent ones sometimes), anywhere.
            for _ in 0..<Int(rng.next() % 4) {
                let i = Int(rng.next() % UInt64(width * height))
                after[i] = rng.next() % 3 == 0 ? 0x8040_2010 : (after[i] ^ 0x0001_0000)
            }
            var minX = width, minY = height, maxX = -1, maxY = -1, opaque = true
            for y in 0..<height {
                for x in 0..<width where after[y * width + x] != before[y * width + x] {
                    (minX, maxX, minY, maxY) = (min(minX, x), max(maxX, x), min(minY, y), y)
                    if after[y * width + x] >> 24 != 0xFF { opaque = false }
                }
            }
            let box = APNGEncoder.changedBox(
                PixelBuffer(width: width, height: height, premultipliedARGB: after),
                PixelBuffer(width: width, height: height, premultipliedARGB: before))
            #expect(box.changedAreOpaque == opaque)
            if maxX < 0 {
                #expect(box.rectangle == nil)
            } else {
                #expect(box.rectangle.map { [$0.x0, $0.y0, $0.x1, $0.y1] } == [minX, minY, maxX + 1, maxY + 1])
            }
        }
    }
}
