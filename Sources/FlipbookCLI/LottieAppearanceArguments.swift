import ArgumentParser
import Flipbook
import Foundation

/// What `still` and `render` change about how a Lottie animation looks: lottie-ios's value
/// providers (`--value`), viewport (`--viewport`), the app's fonts (`--fonts`) and how images fill
/// their layers (`--image-gravity`). Checked when the command line is parsed.
struct LottieAppearanceArguments: ParsableArguments {
    @Option(name: .customLong("value"), help: ArgumentHelp(ValueProviderArgument.help, valueName: "KEYPATH=VALUE"))
    var values: [String] = []

    @Option(
        name: .customLong("text"),
        help: ArgumentHelp(
            "For a Lottie animation: the text of the text layers KEYPATH finds (lottie-ios's textProvider), e.g. "
                + "'ENVELOPE.sender=Lottie', 'sender=Lottie' (a layer's own name), '**=Hello' (every one); repeatable, "
                + "the last matching wins.", valueName: "KEYPATH=TEXT"))
    var texts: [String] = []

    @Option(
        help: ArgumentHelp(
            "For a Lottie animation: show only this part of it (lottie-ios's viewportFrame), in its points.", valueName: "x,y,w,h"))
    var viewport: String?

    @Option(
        help: ArgumentHelp(
            "For a Lottie animation: a folder of font files (.ttf, .otf) its text may use, as an app registers its fonts "
                + "(besides the fonts folder beside it). Repeatable.", valueName: "DIR"))
    var fonts: [String] = []

    @Option(
        help: ArgumentHelp(
            "For a Lottie animation: how its images fill their layers, as an app's image provider's contentsGravity "
                + "(\(Self.gravityNames.joined(separator: ", "))); resize by default.", valueName: "GRAVITY"))
    var imageGravity: String?

    /// The contents gravities `--image-gravity` takes, by their Core Animation names.
    static let gravityNames = [
        "resize", "resizeAspect", "resizeAspectFill", "center", "top", "bottom", "left", "right", "topLeft", "topRight",
        "bottomLeft", "bottomRight"
    ]

    /// Whether none is given (a scenario file takes none).
    var isEmpty: Bool { values.isEmpty && texts.isEmpty && viewport == nil && fonts.isEmpty && imageGravity == nil }

    /// `--image-gravity`'s gravity (`.resize` when not given).
    func imageContentsGravity() throws -> CALayerContentsGravity {
        guard let imageGravity else { return .resize }
        guard Self.gravityNames.contains(imageGravity) else {
            throw ValidationError(
                "--image-gravity expects one of \(Self.gravityNames.joined(separator: ", ")); found '\(imageGravity)'")
        }
        return CALayerContentsGravity(rawValue: imageGravity)
    }

    func validate() throws {
        _ = try valueProviders()
        _ = try textReplacements()
        _ = try viewportFrame()
        _ = try imageContentsGravity()
        for folder in fonts {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("--fonts expects a folder of font files; '\(folder)' is not a folder")
            }
        }
    }

    /// The `--fonts` folders.
    var fontDirectories: [URL] { fonts.map { URL(fileURLWithPath: $0, isDirectory: true) } }

    func valueProviders() throws -> [(keypath: AnimationKeypath, provider: any AnyValueProvider)] {
        try values.map(ValueProviderArgument.parse)
    }

    func textReplacements() throws -> [(keypath: AnimationKeypath, text: String)] {
        try texts.map { spelled in
            do { return try KeypathTextProvider.parse(spelled) } catch { throw ValidationError("--text \(error)") }
        }
    }

    func viewportFrame() throws -> CGRect? { try viewport.map(LottieFile.viewport) }
}
