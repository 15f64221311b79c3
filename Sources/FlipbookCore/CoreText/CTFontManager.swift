import Foundation

/// For how long `CTFontManagerRegisterFontsForURL` registers a font.
public enum CTFontManagerScope: UInt32, Sendable {
    case none = 0, process = 1, persistent = 2, session = 3
    /// `.persistent`'s older name.
    public static let user = CTFontManagerScope.persistent
}

/// Makes the fonts in the file at `fontURL` available to this process, as an app registers
/// the fonts it ships (every scope is the process here: a Stage never outlives it). False,
/// with `error` set, when the file holds no font the renderer can read or none is linked.
@discardableResult
public func CTFontManagerRegisterFontsForURL(
    _ fontURL: CFURL, _ scope: CTFontManagerScope, _ error: UnsafeMutablePointer<Unmanaged<CFError>?>?
) -> Bool {
    let url = fontURL as URL
    guard let provider = FontFaces.provider, provider.register(fontFiles: [url]) > 0 else {
        error?.pointee = Unmanaged.passRetained(
            NSError(
                domain: "com.apple.CoreText.CTFontManagerErrorDomain", code: 105,
                userInfo: [NSLocalizedDescriptionKey: "\(url.path): no font could be registered"]))
        return false
    }
    return true
}
