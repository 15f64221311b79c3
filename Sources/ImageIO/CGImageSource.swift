import FlipbookCore
import FlipbookRender
import Foundation

/// An image file's frames and properties, as ImageIO's `CGImageSource`: a GIF, an animated or
/// still PNG, an animated or still WebP, or a JPEG. The frame times are read when it is made;
/// a frame's pixels when it is asked for, read on from the last frame asked (or from the first
/// frame again, for an earlier one): only the last frame made is kept, so a small file of many
/// large frames never holds them all at once.
public final class CGImageSource {
    /// The uniform type identifier of the format (`com.compuserve.gif`, `public.png`, …).
    let type: String
    /// Frame size in pixels.
    let width: Int, height: Int
    /// Each frame's delay as stored (seconds).
    let delays: [Double]
    /// Loop count (0: for ever); nil for a still image or a GIF without a NETSCAPE2.0 block.
    let loopCount: Int?
    private let file: URL
    /// The in-memory file of data the source was made from (let go of with the source).
    private let keeping: AnyObject?
    /// A still PNG or JPEG: kept encoded, decoded when drawn.
    private let still: LayerImage?
    /// The stream frames are read from, the index of the frame it reads next, and the last
    /// frame made.
    private var stream: (any RecordingStream)?
    private var next = 0
    private var last: (index: Int, image: LayerImage)?

    init?(file: URL, keeping: AnyObject?) {
        self.file = file
        self.keeping = keeping
        guard let handle = try? FileHandle(forReadingFrom: file) else { return nil }
        let head = (try? handle.read(upToCount: 64)) ?? Data()
        try? handle.close()
        let bytes = [UInt8](head)
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && Array(bytes[offset..<offset + prefix.count]) == prefix
        }
        do {
            if starts(Array("GIF8".utf8)) {
                let stream = try GIFFrameStream(url: file)
                (type, width, height, loopCount, still) = ("com.compuserve.gif", stream.width, stream.height, stream.loopCount, nil)
                delays = stream.delays.map { Double($0) / 100 }
            } else if starts([0x89, 0x50, 0x4E, 0x47]) {
                let stream = try APNGFrameStream(url: file)
                (type, width, height, loopCount) = ("public.png", stream.width, stream.height, stream.plays)
                delays = Self.durations(stream.starts, stream.duration)
                still = stream.plays == nil ? (try? Data(contentsOf: file)).flatMap { LayerImage(encodedData: $0) } : nil
            } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
                let stream = try WebPFrameStream(url: file)
                (type, width, height) = ("org.webmproject.webp", stream.width, stream.height)
                delays = Self.durations(stream.starts, stream.duration)
                loopCount = delays.count > 1 ? 0 : nil
                still = delays.count == 1 ? (try? Data(contentsOf: file)).flatMap { LayerImage(encodedData: $0) } : nil
            } else if starts([0xFF, 0xD8, 0xFF]) {
                guard let data = try? Data(contentsOf: file), let image = LayerImage(encodedData: data) else { return nil }
                (type, width, height, delays, loopCount, still) = ("public.jpeg", image.width, image.height, [0], nil, image)
            } else {
                return nil
            }
        } catch {
            return nil
        }
    }

    /// Per-frame durations from the frames' start times and the whole duration.
    private static func durations(_ starts: [Double], _ duration: Double) -> [Double] {
        starts.indices.map { i in (i + 1 < starts.count ? starts[i + 1] : duration) - starts[i] }
    }

    var count: Int { delays.count }

    /// Frame `index`, decoded.
    func image(at index: Int) -> LayerImage? {
        guard index >= 0, index < count else { return nil }
        if let still { return still }
        if let last, last.index == index { return last.image }
        if stream == nil || index < next {
            stream = openStream()
            next = 0
        }
        guard let stream else { return nil }
        while next <= index {
            guard let frame = try? stream.nextFrame() else {
                self.stream = nil
                return nil
            }
            if next == index { last = (index, LayerImage(width: frame.width, height: frame.height, rgba: frame.rgba)) }
            next += 1
        }
        return last?.index == index ? last?.image : nil
    }

    private func openStream() -> (any RecordingStream)? {
        switch type {
        case "com.compuserve.gif": return try? GIFFrameStream(url: file)
        case "public.png": return try? APNGFrameStream(url: file)
        case "org.webmproject.webp": return try? WebPFrameStream(url: file)
        default: return nil
        }
    }
}
