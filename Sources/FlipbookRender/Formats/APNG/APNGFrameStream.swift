import CZlib
import FlipbookCore
import Foundation

/// An animated PNG's frames (a still PNG is one frame). The chunks are read once for the frame
/// regions and times; each frame's data is wrapped as a PNG of its own (the header with the
/// frame's size, the palette and transparency chunks, its data as IDAT) and decoded by libpng
/// through Cairo, so every colour type, bit depth and filter is read by a well-kept decoder;
/// then composed with the frame's blend op (source or over) after the previous frame's dispose
/// op (none, background, previous), as the APNG specification says.
public final class APNGFrameStream: RecordingStream {
    public let width: Int
    public let height: Int
    public let starts: [Double]
    public let duration: Double
    /// Plays from acTL (0 = forever), nil for a still PNG.
    public let plays: Int?

    private struct Frame {
        var x: Int, y: Int, width: Int, height: Int
        var dispose: UInt8, blend: UInt8
        var data: [Range<Int>]  // byte ranges of the compressed data (IDAT bodies, fdAT after the sequence number)
    }

    private let name: String
    private let bytes: [UInt8]
    private let header: [UInt8]  // the IHDR body
    private let paletteChunks: [Range<Int>]  // whole PLTE and tRNS chunks, copied into each frame's PNG
    private let frames: [Frame]
    private var next = 0
    private var canvas: [UInt8]
    private var saved: [UInt8]?
    private var pendingDispose: (op: UInt8, frame: Frame)?

    public convenience init(url: URL) throws {
        try self.init(bytes: try InputFile.read(url.path), name: url.path)
    }

    /// The animation in `bytes`, named `name` in errors.
    package init(bytes: [UInt8], name: String) throws {
        self.name = name
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw RenderError.invalidArgument("\(name) is not a PNG file") }
        func be32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
        func be16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
        var header: [UInt8]?, palette: [Range<Int>] = [], frames: [Frame] = [], durations: [Double] = []
        var plays: Int?
        var current: Frame?
        var o = 8
        func corrupt(_ what: String) -> RenderError { RenderError.invalidArgument("\(name) is not a valid PNG: \(what) (byte \(o))") }
        while o + 12 <= bytes.count {
            let length = be32(o)
            guard length <= bytes.count - o - 12 else { throw corrupt("a chunk runs past the end of the file") }
            let type = String(decoding: bytes[(o + 4)..<(o + 8)], as: UTF8.self)
            let body = (o + 8)..<(o + 8 + length)
            switch type {
            case "IHDR":
                guard length == 13 else { throw corrupt("the header (IHDR) is not 13 bytes") }
                header = Array(bytes[body])
            case "PLTE", "tRNS":
                palette.append(o..<(o + 12 + length))
            case "acTL":
                guard length == 8 else { throw corrupt("the animation control (acTL) is not 8 bytes") }
                plays = be32(body.lowerBound + 4)
            case "fcTL":
                guard length == 26 else { throw corrupt("a frame control (fcTL) is not 26 bytes") }
                if let current { frames.append(current) }
                let b = body.lowerBound
                let numerator = be16(b + 20), denominator = be16(b + 22)
                durations.append(Double(numerator) / Double(denominator == 0 ? 100 : denominator))
                current = Frame(
                    x: be32(b + 12), y: be32(b + 16), width: be32(b + 4), height: be32(b + 8),
                    dispose: bytes[b + 24], blend: bytes[b + 25], data: [])
            case "IDAT":
                if current != nil {
                    current!.data.append(body)
                } else if plays == nil, header != nil {
                    // No acTL before the data: a still PNG, whose one image is the recording.
                    current = Frame(x: 0, y: 0, width: be32(16), height: be32(20), dispose: 0, blend: 0, data: [body])
                    durations.append(0)
                }
            // Otherwise the default image comes before any fcTL: not part of the animation.
            case "fdAT":
                guard length >= 4 else { throw corrupt("a frame data chunk (fdAT) is too short") }
                guard current != nil else { throw corrupt("frame data (fdAT) comes before any frame control (fcTL)") }
                current!.data.append((body.lowerBound + 4)..<body.upperBound)
            case "IEND":
                o = bytes.count
                continue
            default:
                break
            }
            o += 12 + length
        }
        if let current { frames.append(current) }
        guard let header else { throw RenderError.invalidArgument("\(name) is not a valid PNG: its header (IHDR) is missing") }
        let w = be32(16), h = be32(20)
        try RecordingLimits.check(name, width: w, height: h)
        frames.removeAll { $0.data.isEmpty }
        guard !frames.isEmpty else { throw RenderError.invalidArgument("\(name) has no frames") }
        try RecordingLimits.checkWhole(name, width: w, height: h, frames: frames.count)
        for (i, f) in frames.enumerated()
        where f.width <= 0 || f.height <= 0 || f.x < 0 || f.y < 0 || f.x + f.width > w || f.y + f.height > h {
            throw RenderError.invalidArgument(
                "\(name): frame \(i + 1)'s region \(f.x),\(f.y) \(f.width)×\(f.height) is not inside the \(w)×\(h) image")
        }
        self.bytes = bytes
        self.header = header
        paletteChunks = palette
        self.frames = frames
        self.plays = plays
        width = w
        height = h
        (starts, duration) = RecordingLimits.starts(fromDurations: Array(durations.suffix(frames.count)))
        canvas = [UInt8](repeating: 0, count: w * h * 4)
    }

    public func nextFrame() throws -> PixelBuffer? {
        guard next < frames.count else { return nil }
        let frame = frames[next]
        if let (op, previous) = pendingDispose {
            if op == 1 { fill(previous, with: nil) } else if op == 2, let saved { canvas = saved }
        }
        // Dispose "previous" on the first frame means "background" (the specification).
        let op = next == 0 && frame.dispose == 2 ? 1 : frame.dispose
        saved = op == 2 ? canvas : nil
        pendingDispose = (op, frame)
        let pixels = try decode(frame, index: next)
        fill(frame, with: (pixels, frame.blend == 1))
        next += 1
        return PixelBuffer(width: width, height: height, rgba: canvas)
    }

    /// Writes a frame's pixels into its region (blend source, or over), or clears the region (nil).
    private func fill(_ frame: Frame, with source: (pixels: PixelBuffer, over: Bool)?) {
        // Straight RGBA once per frame: `PixelBuffer.rgba` converts the whole buffer on each access.
        let rgba = source?.pixels.rgba ?? []
        let over = source?.over ?? false
        for y in 0..<frame.height {
            for x in 0..<frame.width {
                let o = ((frame.y + y) * width + frame.x + x) * 4
                guard source != nil else {
                    for c in 0..<4 { canvas[o + c] = 0 }
                    continue
                }
                let s = (y * frame.width + x) * 4
                let sa = Int(rgba[s + 3])
                if !over || sa == 255 {
                    for c in 0..<4 { canvas[o + c] = rgba[s + c] }
                } else if sa > 0 {
                    let da = Int(canvas[o + 3]) * (255 - sa) / 255
                    let a = sa + da
                    for c in 0..<3 { canvas[o + c] = UInt8((Int(rgba[s + c]) * sa + Int(canvas[o + c]) * da + a / 2) / a) }
                    canvas[o + 3] = UInt8(a)
                }
            }
        }
    }

    /// The frame's data as a PNG of its own, decoded by libpng.
    private func decode(_ frame: Frame, index: Int) throws -> PixelBuffer {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = header
        for (k, v) in [frame.width, frame.height].enumerated() {
            for b in 0..<4 { ihdr[k * 4 + b] = UInt8(truncatingIfNeeded: v >> (24 - 8 * b)) }
        }
        Self.append(chunk: "IHDR", ihdr, to: &png)
        for range in paletteChunks { png += bytes[range] }
        var data: [UInt8] = []
        for range in frame.data { data += bytes[range] }
        Self.append(chunk: "IDAT", data, to: &png)
        Self.append(chunk: "IEND", [], to: &png)
        let pixels: PixelBuffer
        do { pixels = try PNGCodec.decode(png, name: "\(name) frame \(index + 1)") } catch {
            throw RenderError.invalidArgument("\(name): frame \(index + 1) could not be decoded (\(error))")
        }
        guard pixels.width == frame.width, pixels.height == frame.height else {
            throw RenderError.invalidArgument("\(name): frame \(index + 1) decoded to the wrong size")
        }
        return pixels
    }

    private static func append(chunk type: String, _ body: [UInt8], to png: inout [UInt8]) {
        let n = body.count
        png += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        let typed = Array(type.utf8) + body
        png += typed
        let crc = typed.withUnsafeBufferPointer { UInt32(crc32(0, $0.baseAddress, uInt($0.count))) }
        png += [UInt8(crc >> 24 & 0xFF), UInt8(crc >> 16 & 0xFF), UInt8(crc >> 8 & 0xFF), UInt8(crc & 0xFF)]
    }
}
