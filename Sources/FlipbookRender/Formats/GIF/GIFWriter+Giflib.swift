import CGIF
import Foundation

/// The giflib calls that put extensions and images into the stream.
extension GIFWriter {
    func putLoopExtension(_ g: UnsafeMutablePointer<GifFileType>) throws {
        guard EGifPutExtensionLeader(g, APPLICATION_EXT_FUNC_CODE) != GIF_ERROR else { throw gifError(g, "loop extension") }
        var app = Array("NETSCAPE2.0".utf8)
        guard EGifPutExtensionBlock(g, 11, &app) != GIF_ERROR else { throw gifError(g, "loop extension") }
        var sub: [UInt8] = [1, UInt8(loopCount & 0xFF), UInt8((loopCount >> 8) & 0xFF)]
        guard EGifPutExtensionBlock(g, 3, &sub) != GIF_ERROR else { throw gifError(g, "loop extension") }
        guard EGifPutExtensionTrailer(g) != GIF_ERROR else { throw gifError(g, "loop extension") }
    }

    /// Writes the graphic control extension, the image descriptor (giflib also writes the
    /// LZW minimum code size, max(2, table bits), which `blocks` were coded with) and the
    /// compressed sub-blocks.
    func putImage(
        _ g: UnsafeMutablePointer<GifFileType>, x: Int, y: Int, width: Int, height: Int,
        blocks: [UInt8], palette: Palette?, delay: Int, transparent: UInt8?
    ) throws {
        var gcb = GraphicsControlBlock(
            DisposalMode: DISPOSE_DO_NOT, UserInputFlag: false,
            DelayTime: Int32(max(0, min(65535, delay))),
            TransparentColor: transparent.map(Int32.init) ?? NO_TRANSPARENT_COLOR)
        var ext = [UInt8](repeating: 0, count: 4)
        let len = EGifGCBToExtension(&gcb, &ext)
        guard EGifPutExtension(g, GRAPHICS_EXT_FUNC_CODE, Int32(len), ext) != GIF_ERROR else { throw gifError(g, "graphics control") }
        var map: UnsafeMutablePointer<ColorMapObject>? = nil
        if let palette { map = try Self.colorMap(palette) }
        defer { if let map { GifFreeMapObject(map) } }
        guard EGifPutImageDesc(g, Int32(x), Int32(y), Int32(width), Int32(height), false, map) != GIF_ERROR else {
            throw gifError(g, "image descriptor")
        }
        try blocks.withUnsafeBufferPointer { b in
            var offset = 0
            while offset < b.count {
                guard EGifPutCodeNext(g, b.baseAddress! + offset) != GIF_ERROR else { throw gifError(g, "image data") }
                offset += Int(b[offset]) + 1
            }
        }
        guard EGifPutCodeNext(g, nil) != GIF_ERROR else { throw gifError(g, "image data") }
    }

    func gifError(_ g: UnsafeMutablePointer<GifFileType>, _ what: String) -> any Error {
        // A failed write (disk full, file too large) is the real cause; say that.
        output.error ?? RenderError.gif("\(what): \(String(cString: GifErrorString(g.pointee.Error)))")
    }
}
