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
