import Foundation

#if os(Linux)
    // Core Foundation's types as iOS code names them around ImageIO and Mobile Core Services
    // (`data as CFData`, `kCGImagePropertyGIFDictionary as String`, `properties as? [String: Any]`).
    // Linux's Foundation does not export Core Foundation; its toll-free partners stand in, so the
    // same casts compile and mean the same.

    /// Core Foundation's string: Foundation's `NSString`.
    public typealias CFString = NSString
    /// Core Foundation's bytes: `NSData` (`data as CFData`).
    public typealias CFData = NSData
    /// Core Foundation's dictionary: `NSDictionary` (`as? [String: Any]` reads it).
    public typealias CFDictionary = NSDictionary
    /// Core Foundation's URL: `NSURL` (`url as CFURL`).
    public typealias CFURL = NSURL
    /// Core Foundation's array: `NSArray`.
    public typealias CFArray = NSArray
    /// Core Foundation's number: `NSNumber`.
    public typealias CFNumber = NSNumber
    /// Any Core Foundation object.
    public typealias CFTypeRef = AnyObject
    /// Core Foundation's signed index and count.
    public typealias CFIndex = Int
#endif
