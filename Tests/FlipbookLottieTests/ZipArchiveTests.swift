import Foundation
import Testing

@testable import FlipbookLottie

/// `.lottie` archives are read within bounds (ZipArchive; docs/lottie.md "Bounds").
@Suite("zip archives")
struct ZipArchiveTests {
    /// A zip of stored entries; `declared` overrides an entry's uncompressed size in the directory.
    static func zip(_ entries: [(String, [UInt8])], declared: Int? = nil) -> Data {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
        var out: [UInt8] = [], directory: [UInt8] = []
        for (name, body) in entries {
            let offset = out.count
            let n = Array(name.utf8)
            out +=
                le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le32(0) + le32(0) + le32(body.count) + le32(body.count)
                + le16(n.count) + le16(0) + n + body
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le32(0) + le32(0) + le32(body.count)
                + le32(declared ?? body.count) + le16(n.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(offset) + n
        }
        let start = out.count
        out +=
            directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count) + le32(directory.count)
            + le32(start) + le16(0)
        return Data(out)
    }

    @Test("stored entries read back by name; folders are left out")
    func reads() throws {
        let archive = try ZipArchive(Self.zip([("manifest.json", Array("{}".utf8)), ("images/", []), ("a/x.json", [1, 2, 3])]))
        #expect(archive.files["manifest.json"] == Data("{}".utf8))
        #expect(archive.files["a/x.json"] == Data([1, 2, 3]))
        #expect(archive.files["images/"] == nil)
    }

    @Test("an entry declaring more than 64 MB is refused before anything is unpacked")
    func bomb() {
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(Self.zip([("big.json", [0])], declared: 65 << 20)) }
    }

    /// A zip whose directory lists the first entry's body `listings` times under different names.
    static func overlapping(listings: Int, body: [UInt8]) -> Data {
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 255), UInt8(v >> 8 & 255)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16 & 0xFFFF) }
        let n = Array("a".utf8)
        var out = le32(0x0403_4B50) + le16(20) + le16(0) + le16(0) + le32(0) + le32(0) + le32(body.count) + le32(body.count)
        out += le16(n.count) + le16(0) + n + body
        var directory: [UInt8] = []
        for i in 0..<listings {
            let name = Array("copy\(i).png".utf8)
            directory +=
                le32(0x0201_4B50) + le16(20) + le16(20) + le16(0) + le16(0) + le32(0) + le32(0) + le32(body.count)
                + le32(body.count) + le16(name.count) + le16(0) + le16(0) + le16(0) + le16(0) + le32(0) + le32(0) + name
        }
        let start = out.count
        out +=
            directory + le32(0x0605_4B50) + le16(0) + le16(0) + le16(listings) + le16(listings) + le32(directory.count) + le32(start)
            + le16(0)
        return Data(out)
    }

    @Test("a stored entry whose directory declares fewer bytes than it holds is refused, not copied past the bound")
    func storedSizeLies() {
        #expect {
            try ZipArchive(Self.zip([("a.json", [UInt8](repeating: 1, count: 4096))], declared: 1))
        } throws: { error in
            "\(error)".contains("stored as 4096 bytes but its directory says 1")
        }
    }

    @Test("one body listed by many entries is refused as shared data, before any is unpacked; past 256 MB declared, as too large")
    func overlappingEntries() {
        let body = [UInt8](repeating: 7, count: 1 << 20)
        #expect {
            try ZipArchive(Self.overlapping(listings: 200, body: body))
        } throws: { error in
            "\(error)".contains("share their data")
        }
        // 4,000 listings of 4 MB: 16 GB from a 4 MB file.
        #expect {
            try ZipArchive(Self.overlapping(listings: 4000, body: body + body + body + body))
        } throws: { error in
            "\(error)".contains("unpacks to more than 256 MB")
        }
    }

    @Test("a name given twice is refused")
    func duplicateNames() {
        #expect {
            try ZipArchive(Self.zip([("a.json", [1]), ("a.json", [2])]))
        } throws: { error in
            "\(error)".contains("'a.json' is in the archive twice")
        }
    }

    @Test("a truncated or foreign file is refused, naming why")
    func malformed() {
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(Data("not a zip".utf8)) }
        let whole = Self.zip([("a.json", Array("{}".utf8))])
        #expect(throws: ZipArchive.Failure.self) { try ZipArchive(whole.prefix(whole.count - 30)) }
    }

    @Test("a .lottie archive loads its manifest's animation")
    func lottieArchive() throws {
        let json = #"{"v":"5.7","fr":30,"ip":0,"op":30,"w":64,"h":48,"layers":[]}"#
        let data = Self.zip([("manifest.json", Array(#"{"animations":[{"id":"wave"}]}"#.utf8)), ("animations/wave.json", Array(json.utf8))])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID().uuidString).lottie")
        try data.write(to: url)
        let animation = try LottieAnimation.load(file: url.path)
        #expect(animation.width == 64 && animation.height == 48 && animation.duration == 1)
    }
}
