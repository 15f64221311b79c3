import ArgumentParser
import Flipbook
import Foundation

/// A Lottie animation given where a scenario goes (`.json`): read, fitted and drawn.
enum LottieFile {
    static func isLottie(_ path: String) -> Bool { LottieAnimation.isLottieFile(path) }

    /// The animation, or a `LottieError` naming the file and the JSON path (an input error, exit 2).
    static func load(_ path: String) throws -> LottieAnimation { try LottieAnimation.load(file: path) }

    /// What `render` and `still` options ask of a Lottie scene (`LottieScenario` checks an
    /// explicit scale against the canvas's bound, as a scenario's).
    static func options(
        size: String?, scale: Double?, appearance: LottieAppearanceArguments, images: String? = nil
    ) throws -> LottieScenario.Options {
        var options = LottieScenario.Options()
        options.size = try size.map { try self.size($0) }
        options.scale = scale
        options.valueProviders = try appearance.valueProviders()
        options.texts = try appearance.textReplacements()
        options.viewport = try appearance.viewportFrame()
        options.imageDirectories = images.map { [URL(fileURLWithPath: $0, isDirectory: true)] } ?? []
        options.fontDirectories = appearance.fontDirectories
        options.imageContentsGravity = try appearance.imageContentsGravity()
        return options
    }

    /// The animation a Lottie scene shows.
    static func animation(of scenario: Scenario) -> LottieAnimation? { scenario.layers.first?.lottie?.animation }

    /// `--viewport x,y,w,h`: the part of the composition shown, in its points.
    static func viewport(_ text: String) throws -> CGRect {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
            [x, y, w, h].allSatisfy({ $0.isFinite && abs($0) <= 16384 }), w > 0, h > 0
        else {
            throw ValidationError(
                "--viewport expects x,y,w,h in the animation's points (w and h positive), such as 10,10,65,65; found '\(text)'")
        }
        return CGRect(x: x, y: y, width: w, height: h)
    }

    /// `563x1000`: a size in points.
    static func size(_ text: String) throws -> CGSize {
        let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 > 0 && $0 <= 16384 }) else {
            throw ValidationError("--size expects WIDTHxHEIGHT in points, such as 563x1000; found '\(text)'")
        }
        return CGSize(width: parts[0], height: parts[1])
    }

    /// `inspect`: the composition, its layers (name, type, in and out points, parent) and what
    /// Core Animation cannot show of it.
    static func printSummary(of animation: LottieAnimation) throws {
        let layer = try LottieAnimationLayer(animation: animation)
        print(
            String(
                format: "%@: %g×%g pt, %g fps, frames %g…%g (%g s)", animation.file, animation.width, animation.height,
                animation.framerate, animation.startFrame, animation.endFrame, animation.duration))
        for entry in animation.layerSummaries { print(TextSafety.forTerminal(entry)) }
        if layer.warnings.isEmpty {
            print("Core Animation shows all of it")
        } else {
            for warning in layer.warnings { print(TextSafety.forTerminal("not shown: " + warning)) }
        }
    }
}

/// A canvas of points at a scale, checked before anything renders: at least one pixel, at most
/// `limit` a side, with a message naming the options that change it.
enum CanvasCheck {
    static func check(width: Double, height: Double, scale: Double, limit: Int, options: String = "--scale") throws {
        let w = (width * scale).rounded(), h = (height * scale).rounded()
        let shown = String(format: "%g×%g pt at %gx is %g×%g px", width, height, scale, w, h)
        guard w >= 1, h >= 1 else { throw ValidationError("\(shown); a frame needs at least 1×1 px: give a larger \(options)") }
        guard w <= Double(limit), h <= Double(limit) else {
            throw ValidationError("\(shown); at most \(limit) px a side are drawn: give a smaller \(options)")
        }
    }
}
