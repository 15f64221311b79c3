import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// The one list of output formats (OutputFormat.all): every entry answers to its own names and
/// writes what its media type says, through `Stage.render(to:)`, which reads only the list.
@Suite("Output format registry")
struct OutputFormatTests {
    @Test("names and extensions are unique and choose their own format")
    func namesRoundTrip() {
        let names = OutputFormat.all.map(\.name)
        #expect(Set(names).count == names.count)
        let extensions = OutputFormat.all.flatMap(\.extensions)
        #expect(Set(extensions).count == extensions.count)
        for format in OutputFormat.all {
            #expect(OutputFormat.named(format.name.uppercased()) == format)
            #expect(format.extensions.first == format.name)
            for ext in format.extensions { #expect(OutputFormat.forExtension(ext.uppercased()) == format) }
        }
        #expect(OutputFormat.forExtension("png", animated: true) == .apng)
        #expect(OutputFormat.forExtension("tiff") == nil)
        #expect(OutputFormat.animatedNames == "gif, apng, webp, mp4, webm")
    }

    @Test("each format's folder registers its reader: a recording's extension opens through the format that reads it")
    func readersRegistered() throws {
        let read = OutputFormat.recordingExtensions
        #expect(Set(read).count == read.count, "one reader per extension")
        #expect(read == ["gif", "png", "apng", "webp", "mp4", "mov", "m4v", "webm", "mkv"])
        for format in OutputFormat.all {
            for ext in format.recordingExtensions { #expect(OutputFormat.reading(ext.uppercased()) == format) }
        }
        #expect(OutputFormat.reading("png") == .apng, "a still PNG is an APNG of one frame")
        #expect(OutputFormat.png.recordingExtensions.isEmpty)
        let unknown = URL(fileURLWithPath: "/tmp/clip.avi")
        #expect(
            throws: RenderError.invalidArgument(
                "/tmp/clip.avi: .avi recordings are not read; give one of " + read.map { "." + $0 }.joined(separator: ", "))
        ) {
            _ = try RecordingReader.open(unknown)
        }
    }

    @Test("--quality's meaning comes from the formats that have one")
    func qualityDescribedByFormats() {
        #expect(OutputFormat.all.filter(\.acceptsQuality) == [.webp, .jpg])
        #expect(OutputFormat.qualityMeanings == "webp: lossy at Q; without it lossless; jpg: its quality (default 90)")
        #expect(OutputFormat.qualityExtensions == ".webp, .jpg")
        #expect(OutputFormat.pictureNames == "png, jpg")
        #expect(OutputFormat.forPicture("JPEG") == .jpg && OutputFormat.forPicture("png") == .png && OutputFormat.forPicture("gif") == nil)
    }

    /// The bytes each media type starts with (or holds at 4, for ISO media and WebP's RIFF).
    static func matchesMediaType(_ bytes: [UInt8], _ type: String) -> Bool {
        func at(_ offset: Int, _ ascii: String) -> Bool { Array(bytes.dropFirst(offset).prefix(ascii.utf8.count)) == Array(ascii.utf8) }
        switch type {
        case "image/gif": return at(0, "GIF89a")
        case "image/png", "image/apng": return bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        case "image/webp": return at(0, "RIFF") && at(8, "WEBP")
        case "image/jpeg": return bytes.starts(with: [0xFF, 0xD8, 0xFF])
        case "video/mp4": return at(4, "ftyp")
        case "video/webm": return bytes.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
        default: return false
        }
    }

    @Test("every format writes a file of its media type; animated ones hold every frame", arguments: OutputFormat.all)
    func writes(format: OutputFormat) throws {
        let url = temporaryDirectory().appendingPathComponent("square.\(format.name)")
        try movingSquareStage().render(duration: 0.5, fps: 10, to: url)
        let bytes = Array(try Data(contentsOf: url))
        #expect(Self.matchesMediaType(bytes, format.mediaType), "\(format.name): \(bytes.prefix(12))")
        if format.animates {
            let recording = try RecordingReader.read(url)
            #expect(recording.frames.count == 5)
            #expect(recording.width == 40 && recording.height == 30)
        } else {
            let image = try #require(LayerImage(encodedData: Data(bytes), scale: 1))
            #expect(image.width > 40, "a filmstrip of sampled frames, wider than one frame")
        }
    }

    @Test("a render's rate is capped only when every output keeps fewer frames")
    func renderRate() {
        let gif = RenderOutputs(animation: URL(fileURLWithPath: "/tmp/a.gif"))
        #expect(gif.animations.first?.format == .gif)
        #expect(gif.renderRate(60) == 50)
        var both = gif
        both.animations.append(.init(url: URL(fileURLWithPath: "/tmp/a.webp")))
        #expect(both.renderRate(60) == 60)
        var frames = gif
        frames.framesDirectory = URL(fileURLWithPath: "/tmp/frames")
        #expect(frames.renderRate(60) == 60)
        #expect(RenderOutputs(animation: URL(fileURLWithPath: "/tmp/noextension")).animations.first?.format == .gif)
    }
}
