import ArgumentParser
import Flipbook
import Foundation

/// `--value KEYPATH=VALUE`: a lottie-ios value provider from the command line, spelled as
/// `ValueProviderText` reads it.
enum ValueProviderArgument {
    static let help =
        "For a Lottie animation: replace what KEYPATH finds (lottie-ios's setValueProvider), e.g. '**.Fill 1.Color=#FF0000', "
        + "'Layer.Transform.Opacity=10', '**.Colors=#000000@0 #FFFFFF@1'; repeatable, the last matching wins."
    static let expected = ValueProviderText.expected

    static func parse(_ text: String) throws -> (keypath: AnimationKeypath, provider: any AnyValueProvider) {
        do { return try ValueProviderText.parse(text) } catch { throw ValidationError("--value \(error.description)") }
    }

    /// A colour as scenario files write one (ColorText), components 0…1.
    static func color(_ text: String) -> LottieColor? { ValueProviderText.color(text) }
}
