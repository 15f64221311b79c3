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
    /// Core Foundation's error: Foundation's `NSError`.
    public typealias CFError = NSError
    /// Core Foundation's attributed string: `NSAttributedString` (`string as CFAttributedString`).
    public typealias CFAttributedString = NSAttributedString

    /// A range of items, as Core Foundation and Core Text count them.
    public struct CFRange: Equatable, Sendable {
        public var location: CFIndex
        public var length: CFIndex
        public init() {
            location = 0
            length = 0
        }
        public init(location: CFIndex, length: CFIndex) {
            self.location = location
            self.length = length
        }
    }

    /// `CFRange(location:length:)`.
    public func CFRangeMake(_ location: CFIndex, _ length: CFIndex) -> CFRange { CFRange(location: location, length: length) }

    /// The number of items in `array`.
    public func CFArrayGetCount(_ array: CFArray) -> CFIndex { array.count }
#endif
