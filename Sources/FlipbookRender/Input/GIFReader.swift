import CGIF
import Foundation

/// Decodes an animated GIF with giflib into composited frames, as browsers show them: each
/// frame drawn over what the previous one's disposal left (GIF89a: none/keep, restore to
/// background, which clears to transparent as browsers do, restore to previous), with
/// transparent indices and local colour tables.
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
    public static func read(_ url: URL) throws -> DecodedGIF {
        var err: Int32 = 0
        guard let gif = DGifOpenFileName(url.path, &err) else { throw RenderError.gif("cannot open \(url.path) (\(err))") }
        defer { var e: Int32 = 0; DGifCloseFile(gif, &e) }
        // The logical screen is read by DGifOpen: check it before a pixel is allocated (a
        // 62-byte GIF can declare 65535 × 65535).
        let w = Int(gif.pointee.SWidth), h = Int(gif.pointee.SHeight)
        guard w > 0, h > 0, w <= Limits.maximumStagePixels, h <= Limits.maximumStagePixels, w * h <= Limits.maximumImagePixels else {
            throw RenderError.gif("\(url.path) declares a \(w)×\(h) screen; at most \(Limits.maximumStagePixels) px a side and "
                                  + "\(Limits.maximumImagePixels) pixels are decoded")
        }
        guard DGifSlurp(gif) != GIF_ERROR else { throw RenderError.gif("cannot decode \(url.path) (\(gif.pointee.Error))") }
        guard Int(gif.pointee.ImageCount) * w * h <= Limits.maximumDecodedPixels else {
            throw RenderError.gif("\(url.path) has \(gif.pointee.ImageCount) frames of \(w)×\(h) px; at most "
                                  + "\(Limits.maximumDecodedPixels) pixels are decoded in all")
        }
        var canvas = [UInt8](repeating: 0, count: w * h * 4)
        var frames: [PixelBuffer] = []
        var delays: [Int] = []
        var rects: [(Int, Int, Int, Int)] = []
        var loop: Int?
        var localSizes: [Int] = []
        for i in 0..<Int(gif.pointee.ImageCount) {
            let image = gif.pointee.SavedImages[i]
            var gcb = GraphicsControlBlock(DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
            DGifSavedExtensionToGCB(gif, Int32(i), &gcb)
            delays.append(Int(gcb.DelayTime))
            for e in 0..<Int(image.ExtensionBlockCount) {
                let block = image.ExtensionBlocks[e]
                if block.Function == APPLICATION_EXT_FUNC_CODE, block.ByteCount == 11,
                   String(bytes: UnsafeBufferPointer(start: block.Bytes, count: 11), encoding: .ascii) == "NETSCAPE2.0",
                   e + 1 < Int(image.ExtensionBlockCount) {
                    let sub = image.ExtensionBlocks[e + 1]
                    if sub.ByteCount >= 3 { loop = Int(sub.Bytes[1]) | Int(sub.Bytes[2]) << 8 }
                }
            }
            let d = image.ImageDesc
            let map = d.ColorMap ?? gif.pointee.SColorMap
            let x0 = Int(d.Left), y0 = Int(d.Top), iw = Int(d.Width), ih = Int(d.Height)
            rects.append((x0, y0, iw, ih))
            localSizes.append(Int(d.ColorMap?.pointee.ColorCount ?? 0))
            // Restore to previous: keep what this frame covers, to put back after it is shown.
            let saved = gcb.DisposalMode == DISPOSE_PREVIOUS ? canvas : nil
            for y in 0..<ih {
                for x in 0..<iw {
                    let idx = Int(image.RasterBits[y * iw + x])
                    if Int32(idx) == gcb.TransparentColor { continue }
                    let cx = x0 + x, cy = y0 + y
                    guard cx < w, cy < h, let map, idx < Int(map.pointee.ColorCount) else { continue }
                    let c = map.pointee.Colors[idx]
                    let o = (cy * w + cx) * 4
                    canvas[o] = c.Red; canvas[o + 1] = c.Green; canvas[o + 2] = c.Blue; canvas[o + 3] = 255
                }
            }
            frames.append(PixelBuffer(width: w, height: h, rgba: canvas))
            switch gcb.DisposalMode {
            case DISPOSE_BACKGROUND:
                Self.clear(&canvas, width: w, height: h, x0: x0, y0: y0, w: iw, h: ih)
            case DISPOSE_PREVIOUS:
                if let saved { canvas = saved }
            default:
                break
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        return DecodedGIF(width: w, height: h, delays: delays, loopCount: loop, frames: frames, byteCount: size,
                          frameRects: rects, localTableSizes: localSizes,
                          globalTableSize: Int(gif.pointee.SColorMap?.pointee.ColorCount ?? 0))
    }

    /// Clears a frame's rectangle (clipped to the screen) to transparent.
    private static func clear(_ canvas: inout [UInt8], width: Int, height: Int, x0: Int, y0: Int, w: Int, h: Int) {
        let xs = max(0, x0)..<min(width, x0 + w), ys = max(0, y0)..<min(height, y0 + h)
        guard !xs.isEmpty, !ys.isEmpty else { return }
        for y in ys { for x in xs { for c in 0..<4 { canvas[(y * width + x) * 4 + c] = 0 } } }
    }
}
