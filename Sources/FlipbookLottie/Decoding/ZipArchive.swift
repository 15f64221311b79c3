import CZlib
import Foundation

/// The files of a zip archive (a `.lottie` file), read within bounds: stored or deflated
/// entries only, each at most `maximumEntryBytes` once inflated and all together at most
/// `maximumTotalBytes`, counting the bytes actually unpacked (a stored entry's length is its
/// directory's size, or it is refused), so a zip bomb stops at the bound instead of filling
/// memory. Entries whose data overlap (one body unpacked many times) and names given twice are
/// refused.
struct ZipArchive {
    static let maximumEntries = 10_000
    static let maximumEntryBytes = 64 << 20
    static let maximumTotalBytes = 256 << 20

    enum Failure: Error, CustomStringConvertible {
        case malformed(String)
        case tooLarge(String)

        var description: String {
            switch self {
            case .malformed(let what): return "not a readable zip archive (\(what))"
            case .tooLarge(let what): return what
            }
        }
    }

    /// Every file, by its path in the archive (folders left out).
    let files: [String: Data]

    /// One directory entry: where its data lie in the archive and how it is packed.
    private struct Entry {
        var name: String
        var method: Int
        var size: Int
        /// The local header through the end of the packed data.
        var extent: Range<Int>
        var data: Range<Int>
    }

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        func u16(_ at: Int) throws -> Int {
            guard at >= 0, at + 2 <= bytes.count else { throw Failure.malformed("cut short") }
            return Int(bytes[at]) | Int(bytes[at + 1]) << 8
        }
        func u32(_ at: Int) throws -> Int {
            guard at >= 0, at + 4 <= bytes.count else { throw Failure.malformed("cut short") }
            return try u16(at) | u16(at + 2) << 16
        }
        // The end-of-central-directory record, within the last 64 KiB and 22 bytes.
        var end = -1
        var at = bytes.count - 22
        while at >= max(0, bytes.count - 65_557) {
            if try u32(at) == 0x0605_4B50 {
                end = at
                break
            }
            at -= 1
        }
        guard end >= 0 else { throw Failure.malformed("no end-of-directory record") }
        let count = try u16(end + 10)
        guard count <= Self.maximumEntries else { throw Failure.tooLarge("more than \(Self.maximumEntries) files in the archive") }
        var offset = try u32(end + 16)
        var entries: [Entry] = []
        var names = Set<String>()
        var declaredTotal = 0
        for _ in 0..<count {
            guard try u32(offset) == 0x0201_4B50 else { throw Failure.malformed("a directory entry is damaged") }
            let method = try u16(offset + 10)
            let compressed = try u32(offset + 20), size = try u32(offset + 24)
            let nameLength = try u16(offset + 28), extra = try u16(offset + 30), comment = try u16(offset + 32)
            let local = try u32(offset + 42)
            guard offset + 46 + nameLength <= bytes.count else { throw Failure.malformed("cut short") }
            let name = String(decoding: bytes[(offset + 46)..<(offset + 46 + nameLength)], as: UTF8.self)
            offset += 46 + nameLength + extra + comment
            guard names.insert(name).inserted else { throw Failure.malformed("'\(name)' is in the archive twice") }
            if name.hasSuffix("/") { continue }
            guard size <= Self.maximumEntryBytes else {
                throw Failure.tooLarge("'\(name)' is larger than \(Self.maximumEntryBytes >> 20) MB once unpacked")
            }
            declaredTotal += size
            guard declaredTotal <= Self.maximumTotalBytes else {
                throw Failure.tooLarge("the archive unpacks to more than \(Self.maximumTotalBytes >> 20) MB")
            }
            guard try u32(local) == 0x0403_4B50 else { throw Failure.malformed("a file header is damaged") }
            let start = local + 30 + (try u16(local + 26)) + (try u16(local + 28))
            guard start >= 0, compressed >= 0, start + compressed <= bytes.count else { throw Failure.malformed("cut short") }
            switch method {
            case 0:
                guard compressed == size else {
                    throw Failure.malformed("'\(name)' is stored as \(compressed) bytes but its directory says \(size)")
                }
            case 8: break
            default: throw Failure.malformed("'\(name)' uses compression method \(method)")
            }
            entries.append(
                Entry(name: name, method: method, size: size, extent: local..<(start + compressed), data: start..<(start + compressed)))
        }
        // Each entry's bytes belong to it alone: one body listed many times would be unpacked
        // again for each listing.
        let byStart = entries.sorted { $0.extent.lowerBound < $1.extent.lowerBound }
        for (a, b) in zip(byStart, byStart.dropFirst()) where a.extent.overlaps(b.extent) {
            throw Failure.malformed("'\(a.name)' and '\(b.name)' share their data")
        }
        var files: [String: Data] = [:]
        var unpacked = 0
        for entry in entries {
            let body = Array(bytes[entry.data])
            let file = entry.method == 0 ? Data(body) : try Self.inflate(body, size: entry.size, name: entry.name)
            unpacked += file.count
            guard unpacked <= Self.maximumTotalBytes else {
                throw Failure.tooLarge("the archive unpacks to more than \(Self.maximumTotalBytes >> 20) MB")
            }
            files[entry.name] = file
        }
        self.files = files
    }

    /// Raw deflate data inflated to exactly the size the directory declares, and no further.
    static func inflate(_ input: [UInt8], size: Int, name: String) throws -> Data {
        var stream = z_stream()
        guard inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Failure.malformed("zlib could not start")
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: max(1, size))
        var input = input
        let status: Int32 = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = UInt32(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = UInt32(outBuffer.count)
                return CZlib.inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == size else {
            throw Failure.malformed("'\(name)' does not inflate to its declared \(size) bytes")
        }
        return Data(output.prefix(size))
    }
}
