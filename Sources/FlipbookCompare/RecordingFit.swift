import Flipbook
import FlipbookComparison
import Foundation

/// Lines a recording up with the scene's pixels: a video one pixel larger on a side (H.264
/// pads odd sizes) is cropped with a note; any other difference is an error naming the
/// `--crop` and `--scale` that would fit.
enum RecordingFit {
    /// The recording as compared (`frames`, opened once: a long GIF's frame times are read once).
    static func fit(
        _ recording: VariantComparison.Recording, to size: (width: Int, height: Int), scene: String
    ) throws -> (frames: RecordedFrames, notes: [String]) {
        let probe = try RecordedFrames(recording: recording)
        let (w, h) = (probe.width, probe.height)
        if (w, h) == size { return (probe, []) }
        let extra = (w - size.width, h - size.height)
        if recording.crop == nil, recording.scale == nil, [(1, 0), (0, 1), (1, 1)].contains(where: { $0 == extra }) {
            var cropped = recording
            cropped.crop = (0, 0, size.width, size.height)
            let sides = [extra.0 == 1 ? "its last column" : nil, extra.1 == 1 ? "its last row" : nil].compactMap { $0 }
            return (
                try probe.restarted(as: cropped),
                [
                    "\(recording.label) is \(w)×\(h) px, the scene \(size.width)×\(size.height) px: a video's odd sizes are padded by one "
                        + "pixel, so \(sides.joined(separator: " and ")) \(sides.count == 1 ? "is" : "are") cropped"
                ]
            )
        }
        throw CompareError.usage(
            "\(recording.label) is \(w)×\(h) px as read\(recording.crop != nil || recording.scale != nil ? " (after --crop and --scale)" : "")"
                + " but \(scene) renders \(size.width)×\(size.height) px; \(suggestion(recording: (w, h), scene: size, given: recording))")
    }

    /// What would make a `recording`-sized picture the `scene`'s size.
    static func suggestion(recording: (Int, Int), scene: (width: Int, height: Int), given: VariantComparison.Recording) -> String {
        if given.crop != nil || given.scale != nil {
            return "change --crop (in the recording's pixels) and --scale so that they give \(scene.width)×\(scene.height) px"
        }
        let sx = Double(scene.width) / Double(recording.0), sy = Double(scene.height) / Double(recording.1)
        if abs(sx - sy) <= 0.005 * max(sx, sy) {
            return String(format: "--scale %.4g fits it (the same shape, %.4g× the size)", sx, sx)
        }
        // The larger factor makes the recording cover the scene; the part kept is the scene's
        // size at that factor, from the top-left corner (move it to where the scene is).
        let s = max(sx, sy)
        let w = Int((Double(scene.width) / s).rounded()), h = Int((Double(scene.height) / s).rounded())
        let scale = abs(s - 1) < 1e-9 ? "" : String(format: " --scale %.4g", s)
        return "--crop 0,0,\(w),\(h)\(scale) fits its top-left part (move x,y to where the scene is; "
            + "flipbook still RECORDING --at 1s -o f.png shows a frame to read it from), or set the canvas and scale to the recording's size"
    }
}
