import ArgumentParser
import Flipbook
import Foundation

/// What `still` and `render` change about how a Lottie animation looks: lottie-ios's value
/// providers (`--value`) and viewport (`--viewport`). Checked when the command line is parsed.
struct LottieAppearanceArguments: ParsableArguments {
    @Option(name: .customLong("value"), help: ArgumentHelp(ValueProviderArgument.help, valueName: "KEYPATH=VALUE"))
    var values: [String] = []

    @Option(
        help: ArgumentHelp(
            "For a Lottie animation: show only this part of it (lottie-ios's viewportFrame), in its points.", valueName: "x,y,w,h"))
    var viewport: String?

    /// Whether neither is given (a scenario file takes neither).
    var isEmpty: Bool { values.isEmpty && viewport == nil }

    func validate() throws {
        _ = try valueProviders()
        _ = try viewportFrame()
    }

    func valueProviders() throws -> [(keypath: AnimationKeypath, provider: any AnyValueProvider)] {
        try values.map(ValueProviderArgument.parse)
    }

    func viewportFrame() throws -> CGRect? { try viewport.map(LottieFile.viewport) }
}
