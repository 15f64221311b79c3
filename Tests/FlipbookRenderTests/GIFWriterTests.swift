import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

@Suite("GIF and PNG writers")
struct GIFWriterTests {
    @Test("delays round the cumulative time: 30 fps gives 3, 3, 4 and sums exactly")
    func delays() {
        let d = GIFWriter.delays(count: 90, fps: 30)
        #expect(Array(d.prefix(6)) == [3, 3, 4, 3, 3, 4])
        #expect(d.reduce(0, +) == 300)
        #expect(GIFWriter.delays(count: 7, fps: 7).reduce(0, +) == 100)
        #expect(GIFWriter.delays(count: 120, fps: 60).reduce(0, +) == 200)
    }

    static func solid(_ w: Int, _ h: Int, _ c: [UInt8]) -> PixelBuffer {
        PixelBuffer(width: w, height: h, rgba: (0..<(w * h)).flatMap { _ in c + [255] })
    }

    @Test("a render above 50 fps writes its GIF at 50 fps (20 ms delays, frame j at j/50 s); PNG frames keep the asked rate")
    func gifsNeverGetDelaysUnder20ms() throws {
        func stage() -> Stage {
            let stage = Stage(size: CGSize(width: 40, height: 20), scale: 1)
            let box = CALayer()
            box.frame = CGRect(x: 0, y: 5, width: 10, height: 10)
            box.backgroundColor = CGColor(red: 0.2, green: 0.4, blue: 0.8, alpha: 1)
            stage.rootLayer.addSublayer(box)
            let move = CABasicAnimation(keyPath: "position.x")
            move.fromValue = 5
            move.toValue = 35
            move.duration = 0.6
            box.add(move, forKey: "move")
            return stage
        }
        let dir = temporaryDirectory()
        let at60 = dir.appendingPathComponent("60.gif"), at50 = dir.appendingPathComponent("50.gif")
        let frames = dir.appendingPathComponent("frames", isDirectory: true)
        var outputs = RenderOutputs(animation: at60, framesDirectory: frames)
        outputs.framesDirectory = frames
        _ = try stage().render(duration: 0.6, fps: 60, outputs: outputs)
        try stage().render(duration: 0.6, fps: 50, to: at50)
        let fast = try GIFReader.read(at60), reference = try GIFReader.read(at50)
        #expect(fast.delays == Array(repeating: 2, count: 30), "\(fast.delays)")
        #expect(fast.frames.map(\.rgba) == reference.frames.map(\.rgba))
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).filter { $0.hasSuffix(".png") }.count == 36)
        // Without PNG frames the whole render runs at 50 fps: the same bytes.
        let gifOnly = dir.appendingPathComponent("60-only.gif")
        try stage().render(duration: 0.6, fps: 60, to: gifOnly)
        #expect(try Data(contentsOf: gifOnly) == Data(contentsOf: at60))
        // At or below 50 fps no delay is under 20 ms.
        for fps in [10.0, 12, 15, 24, 25, 30, 40, 48, 50] {
            #expect(GIFWriter.delays(count: Int(fps * 2), fps: fps).allSatisfy { $0 >= 2 }, "\(fps) fps")
        }
    }

    @Test("frames round-trip through giflib with exact colours, delays, size and loop")
    func roundTrip() throws {
        let dir = temporaryDirectory()
        let url = dir.appendingPathComponent("a.gif")
        let w = try GIFWriter(url: url, width: 8, height: 4)
        var second = Self.solid(8, 4, [10, 20, 30])
        for i in 0..<4 {
            second.rgba[i * 4] = 200
            second.rgba[i * 4 + 1] = 100
            second.rgba[i * 4 + 2] = 50
        }
        try w.add(Self.solid(8, 4, [10, 20, 30]), delay: 3)
        try w.add(second, delay: 4)
        try w.add(second, delay: 3)
        try w.finish()
        let gif = try GIFReader.read(url)
        #expect(gif.width == 8 && gif.height == 4)
        #expect(gif.delays == [3, 4, 3])
        #expect(gif.loopCount == 0)
        #expect(gif.frames.count == 3)
        #expect(gif.frames[0].pixel(x: 5, y: 2) == (10, 20, 30, 255))
        #expect(gif.frames[1].pixel(x: 1, y: 0) == (200, 100, 50, 255))
        #expect(gif.frames[1].pixel(x: 5, y: 2) == (10, 20, 30, 255))
        // Only the changed row is stored for frame 1; an unchanged frame stores one pixel.
        #expect(gif.frameRects[1].height == 1 && gif.frameRects[1].width == 4)
        #expect(gif.frameRects[2].width == 1 && gif.frameRects[2].height == 1)
    }

    @Test("favoursSpeed codes each table once: the same pixels, and a frame whose unchanged pixels could be runs grows")
    func favoursSpeedKeepsPixels() throws {
        // Frame 1: 64×64 pixels, blue or green at random; frame 2: the same with its corners red,
        // so its rectangle is the whole frame. Unchanged pixels free to be transparent code as
        // long runs; one trial a table codes them in their own (random) colours.
        var scattered = Self.solid(64, 64, [0, 160, 0])
        var seed: UInt32 = 7
        for i in 0..<(64 * 64) {
            seed = seed &* 1_103_515_245 &+ 12345
            if seed >> 16 & 1 == 0 { scattered.rgba.replaceSubrange(i * 4..<i * 4 + 3, with: [0, 0, 200]) }
        }
        var cornered = scattered
        for i in [0, 63, 63 * 64, 64 * 64 - 1] { cornered.rgba.replaceSubrange(i * 4..<i * 4 + 3, with: [200, 0, 0]) }
        func written(fast: Bool) throws -> (bytes: Int, gif: DecodedGIF) {
            let url = temporaryDirectory().appendingPathComponent("speed.gif")
            let w = try GIFWriter(url: url, width: 64, height: 64)
            w.favoursSpeed = fast
            try w.add(scattered, delay: 5)
            try w.add(cornered, delay: 5)
            try w.finish()
            return (try Data(contentsOf: url).count, try GIFReader.read(url))
        }
        let best = try written(fast: false), fast = try written(fast: true)
        for k in 0..<2 {
            for y in stride(from: 0, to: 64, by: 3) {
                for x in stride(from: 0, to: 64, by: 5) {
                    #expect(best.gif.frames[k].pixel(x: x, y: y) == fast.gif.frames[k].pixel(x: x, y: y), "frame \(k) at \(x), \(y)")
                }
            }
        }
        #expect(fast.bytes > best.bytes, "fast \(fast.bytes) B, best \(best.bytes) B")
    }

    @Test("colour tables are as small as the colours allow")
    func tableSize() throws {
        #expect(GIFWriter.bits(forColors: 1) == 1)
        #expect(GIFWriter.bits(forColors: 3) == 2)
        #expect(GIFWriter.bits(forColors: 4) == 3)
        #expect(GIFWriter.bits(forColors: 255) == 8)
        let url = temporaryDirectory().appendingPathComponent("small.gif")
        let w = try GIFWriter(url: url, width: 4, height: 4)
        try w.add(Self.solid(4, 4, [1, 2, 3]), delay: 1)
        try w.finish()
        let bytes = try Data(contentsOf: url)
        // Logical screen descriptor, packed field: global table present, size bits - 1 = 0.
        #expect(bytes[10] & 0x07 == 0)
    }

    @Test("more than 256 colours get a close palette")
    func manyColours() throws {
        let dir = temporaryDirectory()
        let url = dir.appendingPathComponent("g.gif")
        var px = PixelBuffer(width: 64, height: 64, rgba: [])
        for y in 0..<64 { for x in 0..<64 { px.rgba += [UInt8(x * 4), UInt8(y * 4), 128, 255] } }
        let w = try GIFWriter(url: url, width: 64, height: 64)
        try w.add(px, delay: 10)
        try w.finish()
        let gif = try GIFReader.read(url)
        var worst = 0, total = 0
        for y in 0..<64 {
            for x in 0..<64 {
                let p = gif.frames[0].pixel(x: x, y: y)
                let e = max(abs(Int(p.r) - x * 4), abs(Int(p.g) - y * 4), abs(Int(p.b) - 128))
                worst = max(worst, e)
                total += e
            }
        }
        // 4,096 colours on a 64×64 grid into 255 boxes: 254 boxes of 4×4 cells (error ≤ 6) and
        // one of 4×8 (error ≤ 14); the mean of the larger of the two axis errors in a 4×4 box
        // is 5. Anything worse means the boxes are badly split.
        #expect(worst <= 14, "largest channel error \(worst)")
        #expect(Double(total) / 4096 <= 5.1, "mean channel error \(Double(total) / 4096)")
    }

    @Test("ordered dithering breaks a gradient's bands and never touches exact palettes")
    func dithering() throws {
        let dir = temporaryDirectory()
        var px = PixelBuffer(width: 256, height: 64, rgba: [])
        for y in 0..<64 { for x in 0..<256 { px.rgba += [UInt8(x), UInt8(y * 4), UInt8(255 - x), 255] } }
        func write(_ name: String, _ frame: PixelBuffer, dither: Bool) throws -> DecodedGIF {
            let url = dir.appendingPathComponent(name)
            let w = try GIFWriter(url: url, width: frame.width, height: frame.height, loopCount: 3, dithering: dither)
            try w.add(frame, delay: 5)
            try w.finish()
            return try GIFReader.read(url)
        }
        let plain = try write("plain.gif", px, dither: false), dithered = try write("dither.gif", px, dither: true)
        #expect(dithered.loopCount == 3)
        // Dithering changes neighbouring pixels inside what would be one flat band.
        var differ = 0
        for x in 0..<255 where dithered.frames[0].pixel(x: x, y: 10) != dithered.frames[0].pixel(x: x + 1, y: 10) { differ += 1 }
        var differPlain = 0
        for x in 0..<255 where plain.frames[0].pixel(x: x, y: 10) != plain.frames[0].pixel(x: x + 1, y: 10) { differPlain += 1 }
        #expect(differ > differPlain)
        // Average colour over an 8×8 block stays close to the source.
        var sum = 0, src = 0
        for y in 8..<16 {
            for x in 64..<72 {
                sum += Int(dithered.frames[0].pixel(x: x, y: y).r)
                src += x
            }
        }
        #expect(abs(sum - src) / 64 <= 6)
        // Few colours: exact, so dithering changes nothing.
        let flat = Self.solid(16, 16, [10, 200, 30])
        #expect(try write("flat.gif", flat, dither: true).frames[0].pixel(x: 3, y: 3) == (10, 200, 30, 255))
    }

    @Test("dithering leaves flat areas the table holds flat, and still breaks up the gradient beside them")
    func ditherKeepsFlatAreas() throws {
        var px = PixelBuffer(width: 256, height: 64, rgba: [])
        var bytes: [UInt8] = []
        for y in 0..<64 {
            for x in 0..<256 {
                bytes += x < 64 ? [40, 90, 200, 255] : [UInt8(x), UInt8(y * 4), UInt8(255 - x), 255]
            }
        }
        px.rgba = bytes
        let url = temporaryDirectory().appendingPathComponent("flat.gif")
        let w = try GIFWriter(url: url, width: 256, height: 64, dithering: true)
        try w.add(px, delay: 5)
        try w.finish()
        let frame = try GIFReader.read(url).frames[0]
        let flat = frame.pixel(x: 10, y: 10)
        var flatDiffers = 0, gradientDiffers = 0
        for y in 0..<64 {
            for x in 0..<63 {
                if frame.pixel(x: x, y: y) != flat { flatDiffers += 1 }
            }
        }
        for x in 100..<160 where frame.pixel(x: x, y: 10) != frame.pixel(x: x + 1, y: 10) { gradientDiffers += 1 }
        #expect(flatDiffers == 0)
        #expect(abs(Int(flat.r) - 40) <= 3 && abs(Int(flat.g) - 90) <= 3 && abs(Int(flat.b) - 200) <= 3)
        #expect(gradientDiffers > 20)
    }

    @Test("a static scene costs a few bytes per frame after the first")
    func staticScene() throws {
        let dir = temporaryDirectory()
        func size(frames: Int) throws -> Int {
            let url = dir.appendingPathComponent("s\(frames).gif")
            let w = try GIFWriter(url: url, width: 200, height: 100)
            var px = Self.solid(200, 100, [255, 255, 255])
            for i in stride(from: 0, to: px.rgba.count, by: 28) { px.rgba[i] = 0 }
            for _ in 0..<frames { try w.add(px, delay: 3) }
            try w.finish()
            return try GIFReader.read(url).byteCount
        }
        let one = try size(frames: 1), many = try size(frames: 101)
        #expect((many - one) / 100 <= 30, "\(many - one) bytes for 100 unchanged frames")
    }

    @Test("a cancelled GIF leaves the earlier file untouched")
    func cancelKeepsOldFile() throws {
        let dir = temporaryDirectory()
        let url = dir.appendingPathComponent("keep.gif")
        try Data("old".utf8).write(to: url)
        let w = try GIFWriter(url: url, width: 4, height: 4)
        try w.add(Self.solid(4, 4, [1, 2, 3]), delay: 1)
        w.cancel()
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["keep.gif"])
    }

    @Test("a frame of the wrong size is refused")
    func wrongSize() throws {
        let w = try GIFWriter(url: temporaryDirectory().appendingPathComponent("x.gif"), width: 4, height: 4)
        #expect(throws: RenderError.self) { try w.add(Self.solid(5, 4, [0, 0, 0]), delay: 1) }
        w.cancel()
    }

    @Test("PNG frames round-trip")
    func png() throws {
        let url = temporaryDirectory().appendingPathComponent("f.png")
        var px = Self.solid(3, 2, [9, 99, 199])
        px.rgba[7] = 128
        try PNGCodec.write(px, to: url)
        let back = try PNGCodec.read(url)
        #expect(back.width == 3 && back.height == 2)
        #expect(back.pixel(x: 2, y: 1) == (9, 99, 199, 255))
        let half = back.pixel(x: 1, y: 0)
        #expect(half.a == 128 && abs(Int(half.g) - 99) <= 1)
    }

    @Test("PNG frames round-trip exactly through libpng (via Cairo's reader): RGB when opaque, RGBA otherwise", arguments: [true, false])
    func pngExact(opaque: Bool) throws {
        var rng: UInt64 = 12345
        var words = [UInt32](repeating: 0, count: 37 * 23)
        for i in words.indices {
            rng = rng &* 6364136223846793005 &+ 1442695040888963407
            let a: UInt32 = opaque ? 255 : UInt32(rng >> 56)
            // Premultiplied: colour channels at most alpha.
            func ch(_ shift: UInt64) -> UInt32 { UInt32((rng >> shift) & 0xFF) * a / 255 }
            words[i] = a << 24 | ch(8) << 16 | ch(16) << 8 | ch(24)
        }
        let px = PixelBuffer(width: 37, height: 23, premultipliedARGB: words)
        let url = temporaryDirectory().appendingPathComponent("exact.png")
        try PNGCodec.write(px, to: url)
        let bytes = try Data(contentsOf: url)
        #expect(bytes[25] == (opaque ? 2 : 6), "IHDR colour type")
        let back = try PNGCodec.read(url)
        for y in 0..<23 {
            for x in 0..<37 {
                let a = px.pixel(x: x, y: y), b = back.pixel(x: x, y: y)
                // Straight colours of a transparent pixel are not kept; premultiplied ones are.
                #expect(
                    a.a == b.a
                        && (a.a == 0 || (abs(Int(a.r) - Int(b.r)) <= 1 && abs(Int(a.g) - Int(b.g)) <= 1 && abs(Int(a.b) - Int(b.b)) <= 1)))
                if opaque { #expect(a == b) }
            }
        }
    }

    @Test("a pixel buffer whose word count does not match its size is refused by every writer, not read past")
    func mismatchedBuffer() throws {
        let bad = PixelBuffer(width: 4, height: 4, premultipliedARGB: [UInt32](repeating: 0xFF00_0000, count: 3))
        let dir = temporaryDirectory()
        #expect(throws: RenderError.self) { try PNGCodec.write(bad, to: dir.appendingPathComponent("bad.png")) }
        #expect(throws: RenderError.self) { try PNGCodec.writeThroughCairo(bad, to: dir.appendingPathComponent("bad2.png")) }
        let w = try GIFWriter(url: dir.appendingPathComponent("bad.gif"), width: 4, height: 4)
        #expect(throws: RenderError.self) { try w.add(bad, delay: 1) }
        w.cancel()
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test("filmstrip samples include the first and last frame")
    func filmstripSamples() {
        #expect(Filmstrip.sampleIndices(frameCount: 63, samples: 12).first == 0)
        #expect(Filmstrip.sampleIndices(frameCount: 63, samples: 12).last == 62)
        #expect(Filmstrip.sampleIndices(frameCount: 63, samples: 12).count == 12)
        #expect(Filmstrip.sampleIndices(frameCount: 3, samples: 12) == [0, 1, 2])
    }
}
