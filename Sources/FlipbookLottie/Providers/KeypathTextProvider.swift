import FlipbookCore
import Foundation

/// Texts for text layers found by keypath, as `flipbook --text` and a scenario's `texts` give
/// them (`KEYPATH=TEXT`): `ENVELOPE.sender=Lottie`, `**.custom_text=Hello`, `**=Bounce` (every
/// text layer, as lottie-ios's tests' `HardcodedTextProvider`). A keypath of one name without
/// wildcards also finds the layer of that name anywhere, as `DictionaryTextProvider` finds it;
/// the last that matches wins, and a layer none matches keeps the file's text.
public final class KeypathTextProvider: AnimationKeypathTextProvider, Equatable {
    public let texts: [(keypath: AnimationKeypath, text: String)]

    public init(_ texts: [(keypath: AnimationKeypath, text: String)]) { self.texts = texts }

    /// What a text replacement looks like, for messages.
    public static let expected = "KEYPATH=TEXT, such as 'ENVELOPE.sender=Lottie' or '**=Hello' (every text layer)"

    /// Why a text is not a replacement.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The keypath and text `spelled` gives: split at its first `=` (the text may hold more).
    public static func parse(_ spelled: String) throws(Failure) -> (keypath: AnimationKeypath, text: String) {
        guard let equals = spelled.firstIndex(of: "="), equals != spelled.startIndex else {
            throw Failure(description: "'\(spelled)' is not \(expected)")
        }
        return (AnimationKeypath(keypath: String(spelled[..<equals])), String(spelled[spelled.index(after: equals)...]))
    }

    public func text(for keypath: AnimationKeypath, sourceText: String) -> String? {
        let found = texts.last { entry in
            entry.keypath.matches(keypath.keys)
                || entry.keypath.keys.count == 1 && !entry.keypath.keys[0].contains("*") && keypath.keys.last == entry.keypath.keys[0]
        }
        return found?.text ?? sourceText
    }

    public static func == (lhs: KeypathTextProvider, rhs: KeypathTextProvider) -> Bool {
        lhs.texts.map(\.keypath) == rhs.texts.map(\.keypath) && lhs.texts.map(\.text) == rhs.texts.map(\.text)
    }
}
