import ArgumentParser
import Flipbook
import Foundation

/// `still` and `inspect` on a recording instead of a scenario: its frame at a time, and its
/// frame times with how much each frame changed, to find --offset and --crop for compare.
enum RecordingFile {
    /// Whether a path names a recording (by extension) rather than a scenario file.
    static func isRecording(_ path: String) -> Bool {
        RecordingReader.extensions.contains(URL(fileURLWithPath: path).pathExtension.lowercased())
    }

    static func open(_ path: String) throws -> any RecordingStream {
        do { return try RecordingReader.open(URL(fileURLWithPath: path)) } catch { throw ValidationError("\(error)") }
    }

    /// The frame a viewer sees at `time` (its first before it starts, its last after it ends).
    static func frame(of path: String, at time: Double) throws -> (frame: PixelBuffer, index: Int, stream: any RecordingStream) {
        let stream = try open(path)
        let wanted = (stream.starts.lastIndex { $0 <= time + 0.0005 }) ?? 0
        var index = -1
        var frame: PixelBuffer?
        do {
            while index < wanted - 1, try stream.skipFrame() { index += 1 }
            if let f = try stream.nextFrame() {
                frame = f
                index += 1
            }
        } catch { throw ValidationError("\(path): \(error)") }
        guard let frame else { throw ValidationError("\(path): no frame could be decoded") }
        return (frame, index, stream)
    }

    /// The pixels in which two frames of one size differ.
    static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        a.premultipliedARGB.withUnsafeBufferPointer { x in
            b.premultipliedARGB.withUnsafeBufferPointer { y in
                var count = 0
                for i in 0..<min(x.count, y.count) where x[i] != y[i] { count += 1 }
                return count
            }
        }
    }

    /// Prints the recording's size and, per frame, its start, how long it shows, and the share
    /// of pixels that changed from the frame before (motion starts where that leaves 0 %).
    static func printFrames(of path: String, until end: Double?) throws {
        let stream = try open(path)
        let count = stream.starts.count
        print(
            "\(TextSafety.forTerminal(path)): \(stream.width)×\(stream.height) px, \(count) frames, "
                + String(format: "%.3f s", stream.duration))
        print("frame     start   shows   changed")
        var previous: PixelBuffer?
        for i in 0..<count {
            let start = stream.starts[i]
            if let end, start > end + 0.0005 { break }
            let frame: PixelBuffer
            do {
                guard let f = try stream.nextFrame() else { break }
                frame = f
            } catch { throw ValidationError("\(path): \(error)") }
            let shows = (i + 1 < count ? stream.starts[i + 1] : stream.duration) - start
            let changed = previous.map { Double(differingPixels($0, frame)) / Double(frame.premultipliedARGB.count) }
            print(
                String(format: "%5d  %8.3f  %6.3f  ", i, start, shows) + (changed.map { String(format: "%7.2f%%", $0 * 100) } ?? "      –"))
            previous = frame
        }
    }
}
