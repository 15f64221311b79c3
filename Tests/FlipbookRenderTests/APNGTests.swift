import CZlib
import Foundation
import Testing
import FlipbookCore
@testable import FlipbookRender

/// Animated PNG output, read back by a decoder written here from the APNG specification (chunks,
/// inflate, un-filter, regions composed with dispose none / blend source).
@Suite("APNG output")
struct APNGTests {
    struct Decoded {
        var width = 0, height = 0, frameCount = 0, plays = -1
        var frames: [[UInt8]] = []   // straight RGBA
        var delays: [(UInt16, UInt16)] = []
        var chunkTypes: [String] = []
    }

    static func decode(_ bytes: [UInt8]) throws -> Decoded {
        func be32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var d = Decoded()
        var canvas: [UInt8] = []
        var pending: (x: Int, y: Int, w: Int, h: Int)?
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
                        canvas[((r.y + y) * d.width + r.x + x) * 4 + c] = v
                    }
                }
            }
            d.frames.append(canvas)
            pending = nil; data = []
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
                d.width = b32(0); d.height = b32(4)
                #expect(body[8] == 8 && body[9] == 6)
                canvas = [UInt8](repeating: 0, count: d.width * d.height * 4)
            case "acTL": d.frameCount = b32(0); d.plays = b32(4)
            case "fcTL":
                try flush()
                #expect(b32(0) == expectedSequence); expectedSequence += 1
                pending = (b32(12), b32(16), b32(4), b32(8))
                d.delays.append((UInt16(body[20]) << 8 | UInt16(body[21]), UInt16(body[22]) << 8 | UInt16(body[23])))
                #expect(body[24] == 0 && body[25] == 0)
            case "IDAT": data += body
            case "fdAT":
                #expect(b32(0) == expectedSequence); expectedSequence += 1
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
        outputs.apng = url
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
}
