import FlipbookCore
import FlipbookUIKit
import Foundation

/// Replaces the text of text layers (lottie-ios's `AnimationKeypathTextProvider`): asked with
/// each text layer's keypath (`Precomp.Layer`) and the file's text; nil keeps the file's text
/// (or asks `LegacyAnimationTextProvider.textFor` when the provider is one).
public protocol AnimationKeypathTextProvider: AnyObject {
    func text(for keypath: AnimationKeypath, sourceText: String) -> String?
}

/// lottie-ios's first text provider, asked with the keypath as one string.
public protocol LegacyAnimationTextProvider: AnimationKeypathTextProvider {
    func textFor(keypathName: String, sourceText: String) -> String
}

extension LegacyAnimationTextProvider {
    public func text(for _: AnimationKeypath, sourceText _: String) -> String? { nil }
}

/// The name lottie-ios's first text provider had.
@available(*, deprecated, message: "Conform to AnimationKeypathTextProvider, or to LegacyAnimationTextProvider explicitly.")
public typealias AnimationTextProvider = LegacyAnimationTextProvider

/// Texts by keypath (lottie-ios's `DictionaryTextProvider`): the whole keypath
/// (`"ENVELOPE.sender"`) first, then the layer's own name (`"sender"`).
public final class DictionaryTextProvider: AnimationKeypathTextProvider, LegacyAnimationTextProvider, Equatable {
    let values: [String: String]

    public init(_ values: [String: String]) { self.values = values }

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
        if let whole = values[keypath.fullPath] { return whole }
        if let last = keypath.keys.last, let named = values[last] { return named }
        return sourceText
    }

    public func textFor(keypathName: String, sourceText: String) -> String { values[keypathName] ?? sourceText }

    public static func == (lhs: DictionaryTextProvider, rhs: DictionaryTextProvider) -> Bool { lhs.values == rhs.values }
}

/// The file's own texts (lottie-ios's `DefaultTextProvider`).
public final class DefaultTextProvider: AnimationKeypathTextProvider, LegacyAnimationTextProvider, Equatable {
    public init() {}
    public func textFor(keypathName _: String, sourceText: String) -> String { sourceText }
    public func text(for _: AnimationKeypath, sourceText: String) -> String? { sourceText }
    public static func == (_: DefaultTextProvider, _: DefaultTextProvider) -> Bool { true }
}

/// Gives text layers their font (lottie-ios's `AnimationFontProvider`): asked with the text
/// document's font name (`f`) and size; the font returned is drawn at its own size.
public protocol AnimationFontProvider {
    func fontFor(family: String, size: CGFloat) -> CTFont?
}

/// The font the document names, as Core Text finds it (lottie-ios's `DefaultFontProvider`).
public final class DefaultFontProvider: AnimationFontProvider, Equatable {
    public init() {}
    public func fontFor(family: String, size: CGFloat) -> CTFont? { CTFontCreateWithName(CFString(string: family), size, nil) }
    public static func == (_: DefaultFontProvider, _: DefaultFontProvider) -> Bool { true }
}
