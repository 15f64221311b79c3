import CGIF
import FlipbookCore
import Foundation

/// A GIF file read record by record with giflib's low-level calls (no DGifSlurp, which holds
/// every frame's pixels): graphics controls, the loop count, and image descriptors whose
/// pixels are then either decoded or skipped undecoded.
final class GIFRecords {
    enum Record {
        case control(GraphicsControlBlock)
        case loop(Int)
        case image(GifImageDesc)
        case end
    }

    let name: String
    let width: Int
    let height: Int
    /// Entries in the global colour table (0: none).
    var globalTableSize: Int { Int(gif.pointee.SColorMap?.pointee.ColorCount ?? 0) }
    var globalColorMap: UnsafeMutablePointer<ColorMapObject>? { gif.pointee.SColorMap }
    private let gif: UnsafeMutablePointer<GifFileType>
    /// The file's bytes (giflib reads through it; image data is gathered from it directly).
    private let input: GIFFileInput
    private var imagesRead = 0
    /// The current image's data blocks joined, and its rows in stream order when interlaced:
    /// buffers kept from image to image.
    private var data: [UInt8] = []
    private var rows: [UInt8] = []
    private var lzw = GIFLZWDecoder()

    init(path: String) throws {
        name = path
        // A regular file only (GIFFileInput checks): a FIFO's writer would never come.
        input = try GIFFileInput(path: path)
        var err: Int32 = 0
        guard let gif = GIFFileInput.openGIF(input, error: &err) else {
            throw RenderError.gif("cannot open \(path) as a GIF: \(Self.message(err))")
        }
        self.gif = gif
        // The logical screen is read by DGifOpen: check it before a pixel is allocated (a
        // 62-byte GIF can declare 65535 × 65535).
        width = Int(gif.pointee.SWidth)
        height = Int(gif.pointee.SHeight)
        guard width > 0, height > 0, width <= Limits.maximumStagePixels, height <= Limits.maximumStagePixels,
            width * height <= Limits.maximumImagePixels
        else {
            throw RenderError.gif(
                "\(path) declares a \(width)×\(height) screen; at most \(Limits.maximumStagePixels) px a side and "
                    + "\(Limits.maximumImagePixels) pixels are decoded")
        }
    }

    deinit {
        var e: Int32 = 0
        DGifCloseFile(gif, &e)
    }

    static func message(_ code: Int32) -> String {
        GifErrorString(code).map { String(cString: $0) } ?? "giflib error \(code)"
    }

    private func failure(_ what: String) -> RenderError {
        RenderError.gif("cannot decode \(name): \(what) (\(Self.message(gif.pointee.Error)))")
    }

    /// The next record that matters; other extensions are read past.
    func next() throws -> Record {
        while true {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) != GIF_ERROR else {
                // A missing trailer after complete frames ends the file, as browsers read it.
                if imagesRead > 0 && gif.pointee.Error == D_GIF_ERR_READ_FAILED { return .end }
                throw failure("a record is unreadable")
            }
            switch type {
            case IMAGE_DESC_RECORD_TYPE:
                guard DGifGetImageDesc(gif) != GIF_ERROR else { throw failure("an image descriptor is unreadable") }
                let d = gif.pointee.Image
                guard d.Width > 0, d.Height > 0, Int(d.Width) <= Limits.maximumStagePixels, Int(d.Height) <= Limits.maximumStagePixels,
                    Int(d.Width) * Int(d.Height) <= Limits.maximumImagePixels
                else {
                    throw RenderError.gif(
                        "\(name): frame \(imagesRead + 1) declares a \(d.Width)×\(d.Height) image; at most "
                            + "\(Limits.maximumStagePixels) px a side are decoded")
                }
                imagesRead += 1
                return .image(d)
            case EXTENSION_RECORD_TYPE:
                var code: Int32 = 0
                var block: UnsafeMutablePointer<GifByteType>?
                guard DGifGetExtension(gif, &code, &block) != GIF_ERROR else { throw failure("an extension is unreadable") }
                var found: Record?
                if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4 {
                    var gcb = GraphicsControlBlock(
                        DisposalMode: 0, UserInputFlag: false, DelayTime: 0, TransparentColor: NO_TRANSPARENT_COLOR)
                    if DGifExtensionToGCB(Int(block[0]), block + 1, &gcb) != GIF_ERROR { found = .control(gcb) }
                }
                let isNetscape =
                    code == APPLICATION_EXT_FUNC_CODE
                    && block.map {
                        $0[0] == 11 && String(decoding: UnsafeBufferPointer(start: $0 + 1, count: 11), as: UTF8.self) == "NETSCAPE2.0"
                    } == true
                var sub = 0
                while block != nil {
                    guard DGifGetExtensionNext(gif, &block) != GIF_ERROR else { throw failure("an extension is unreadable") }
                    sub += 1
                    if isNetscape, sub == 1, let b = block, b[0] >= 3, b[1] == 1 { found = .loop(Int(b[2]) | Int(b[3]) << 8) }
                }
                if let found { return found }
            case TERMINATE_RECORD_TYPE:
                return .end
            default:
                throw failure("the file has an unknown record")
            }
        }
    }

    /// Reads past the current image's pixels without decoding them. (giflib has read the
    /// image's code size with its descriptor; the data blocks follow.)
    func skipImage() throws {
        var none: [UInt8] = []
        guard input.readSubBlocks(appendingTo: &none, keep: 0) != nil else { throw truncated() }
    }

    private func truncated() -> RenderError {
        RenderError.gif("cannot decode \(name): frame \(imagesRead)'s data is truncated (the file ends inside it)")
    }

    /// The current image's colour indices, row by row in display order (interlaced rows put back).
    func readImage(_ d: GifImageDesc) throws -> [UInt8] {
        var indices: [UInt8] = []
        try readImage(d, into: &indices)
        return indices
    }

    /// The same into `indices`, resized to the image (kept between frames by a stream: a
    /// fresh buffer per frame cost more than decoding into it). The image's data blocks are
    /// gathered from the file; their codes are decoded by `GIFLZWDecoder`. With `rows`, only
    /// the image's first `rows` rows are wanted: a non-interlaced image's codes are decoded
    /// that far (the rest of `indices` is left as it was; none at all, when 0).
    func readImage(_ d: GifImageDesc, into indices: inout [UInt8], rows wanted: Int? = nil) throws {
        let w = Int(d.Width), h = Int(d.Height)
        if indices.count != w * h { indices = [UInt8](repeating: 0, count: w * h) }
        let decodedRows = d.Interlace ? h : min(h, max(0, wanted ?? h))
        guard decodedRows > 0 else { return try skipImage() }
        // giflib hands over the code size (read with the descriptor, at most 8) and the first block.
        var codeSize: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetCode(gif, &codeSize, &block) != GIF_ERROR else { throw truncated() }
        data.removeAll(keepingCapacity: true)
        // Codes are at most 12 bits and all but the clear codes make a pixel: more than two bytes
        // a pixel is never needed, so a hostile image's megabytes of blocks are read past, not kept.
        let needed = 2 * w * h + 64
        var passedOver = false
        if let first = block {
            let n = min(Int(first[0]), needed)
            data.append(contentsOf: UnsafeBufferPointer(start: first + 1, count: n))
            guard let more = input.readSubBlocks(appendingTo: &data, keep: needed) else { throw truncated() }
            passedOver = n < Int(first[0]) || more
        }
        do {
            if d.Interlace {
                // GIF89a interlacing: four passes, each starting at a row and stepping down.
                if rows.count != w * h { rows = [UInt8](repeating: 0, count: w * h) }
                try decode(into: &rows, pixels: w * h, codeSize: Int(codeSize))
                var from = 0
                for (start, step) in [(0, 8), (4, 8), (2, 4), (1, 2)] {
                    for row in Swift.stride(from: start, to: h, by: step) {
                        indices.replaceSubrange(row * w..<(row + 1) * w, with: rows[from..<from + w])
                        from += w
                    }
                }
            } else {
                try decode(into: &indices, pixels: decodedRows * w, codeSize: Int(codeSize))
            }
        } catch {
            let reason =
                passedOver && error.isTruncated
                ? "its data needs more than 2 bytes a pixel (\(needed) bytes for \(w)×\(h) px) before its last pixel"
                : "\(error)"
            throw RenderError.gif("cannot decode \(name): frame \(imagesRead) is corrupt: \(reason)")
        }
    }

    /// Decodes the gathered data's first `pixels` indices into `output`.
    private func decode(into output: inout [UInt8], pixels: Int, codeSize: Int) throws(GIFLZWDecoder.Failure) {
        try data.withUnsafeBufferPointer { (input) throws(GIFLZWDecoder.Failure) in
            try output.withUnsafeMutableBufferPointer { (output) throws(GIFLZWDecoder.Failure) in
                try lzw.decode(input, minimumCodeSize: codeSize, into: UnsafeMutableBufferPointer(rebasing: output[..<pixels]))
            }
        }
    }
}
