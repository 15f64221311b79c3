import CGIF
import Foundation

/// An animated GIF decoded whole: its frames composited as browsers show them (see
/// `GIFFrameStream`) and what the file says about itself.
public struct DecodedGIF: Sendable {
    public var width: Int
    public var height: Int
    /// Delays in centiseconds, one per frame.
    public var delays: [Int]
    /// Loop count from the NETSCAPE2.0 extension (0 = forever), nil when absent.
    public var loopCount: Int?
    /// Each frame as the viewer shows it (after applying disposal), RGBA.
    public var frames: [PixelBuffer]
    /// Bytes of the file.
    public var byteCount: Int
    /// Each frame's image rectangle, for differencing checks.
    public var frameRects: [(x: Int, y: Int, width: Int, height: Int)]
    /// Entries in each frame's local colour table (0: the frame uses the global table).
    public var localTableSizes: [Int] = []
    /// Entries in the global colour table (0: none).
    public var globalTableSize = 0
}

public enum GIFReader {
    /// Decodes every frame at once (bounded by `Limits.maximumDecodedPixels`); recordings of any
    /// length are read with `GIFFrameStream`.
    public static func read(_ url: URL) throws -> DecodedGIF {
        let stream = try GIFFrameStream(url: url)
        let frames = try stream.allFrames(name: url.path)
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return DecodedGIF(
            width: stream.width, height: stream.height, delays: Array(stream.delays.prefix(frames.count)),
            loopCount: stream.loopCount, frames: frames, byteCount: size,
            frameRects: stream.frameRects, localTableSizes: stream.localTableSizes,
            globalTableSize: stream.globalTableSize)
    }
}
