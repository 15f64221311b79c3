import Foundation

// The keyboard a text field asks for. A Stage has no keyboard: these are kept, as ported code
// sets them, and draw nothing.

/// The keyboard's keys.
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter,
        webSearch, asciiCapableNumberPad
    /// The letters-and-punctuation keyboard's older name.
    public static let alphabet = UIKeyboardType.asciiCapable
}

/// The return key's title.
public enum UIReturnKeyType: Int, Sendable {
    case `default`, go, google, join, next, route, search, send, yahoo, done, emergencyCall, `continue`
}

public enum UITextAutocapitalizationType: Int, Sendable {
    case none, words, sentences, allCharacters
}

public enum UITextAutocorrectionType: Int, Sendable {
    case `default`, no, yes
}

public enum UITextSpellCheckingType: Int, Sendable {
    case `default`, no, yes
}

public enum UIKeyboardAppearance: Int, Sendable {
    case `default`, dark, light
    public static let alert = UIKeyboardAppearance.dark
}

/// What a field's text is, for AutoFill.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }

    public static let name = UITextContentType("name")
    public static let username = UITextContentType("username")
    public static let password = UITextContentType("password")
    public static let newPassword = UITextContentType("new-password")
    public static let oneTimeCode = UITextContentType("one-time-code")
    public static let emailAddress = UITextContentType("email")
    public static let telephoneNumber = UITextContentType("tel")
    public static let URL = UITextContentType("url")
}

/// Text a keyboard types into (UIKit's `UIKeyInput`): a script types with `insertText(_:)`.
public protocol UIKeyInput: AnyObject {
    var hasText: Bool { get }
    func insertText(_ text: String)
    func deleteBackward()
}
