import FlipbookCore
import Foundation

/// UIKit's string conversions for geometry (`NSCoder.string(for:)` and `NSCoder.cgPoint(for:)`
/// and friends, which replaced `NSStringFromCGPoint` / `CGPointFromString` in Swift).
///
/// Formats as UIKit writes them (numbers as `%.17g`): `{x, y}`, `{{x, y}, {w, h}}`, `[a, b, c, d, tx, ty]`,
/// `{top, left, bottom, right}`. Parsing reads the numbers in order and takes 0 for any that
/// are missing, as UIKit does with malformed strings.
extension NSCoder {
    public class func string(for point: CGPoint) -> String { "{\(n(point.x)), \(n(point.y))}" }
    public class func string(for vector: CGVector) -> String { "{\(n(vector.dx)), \(n(vector.dy))}" }
    public class func string(for size: CGSize) -> String { "{\(n(size.width)), \(n(size.height))}" }
    public class func string(for rect: CGRect) -> String {
        "{\(string(for: rect.origin)), \(string(for: rect.size))}"
    }
    public class func string(for transform: CGAffineTransform) -> String {
        "[" + [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map(n).joined(separator: ", ") + "]"
    }
    public class func string(for insets: UIEdgeInsets) -> String {
        "{\(n(insets.top)), \(n(insets.left)), \(n(insets.bottom)), \(n(insets.right))}"
    }
    public class func string(for offset: UIOffset) -> String { "{\(n(offset.horizontal)), \(n(offset.vertical))}" }

    public class func cgPoint(for string: String) -> CGPoint {
        let v = numbers(string, 2)
        return CGPoint(x: v[0], y: v[1])
    }
    public class func cgVector(for string: String) -> CGVector {
        let v = numbers(string, 2)
        return CGVector(dx: v[0], dy: v[1])
    }
    public class func cgSize(for string: String) -> CGSize {
        let v = numbers(string, 2)
        return CGSize(width: v[0], height: v[1])
    }
    public class func cgRect(for string: String) -> CGRect {
        let v = numbers(string, 4)
        return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
    }
    public class func cgAffineTransform(for string: String) -> CGAffineTransform {
        let v = numbers(string, 6)
        return CGAffineTransform(a: v[0], b: v[1], c: v[2], d: v[3], tx: v[4], ty: v[5])
    }
    public class func uiEdgeInsets(for string: String) -> UIEdgeInsets {
        let v = numbers(string, 4)
        return UIEdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }
    public class func uiOffset(for string: String) -> UIOffset {
        let v = numbers(string, 2)
        return UIOffset(horizontal: v[0], vertical: v[1])
    }

    /// A number as UIKit writes a double: `%.17g` (`1.5`, `2`, `0.10000000000000001`).
    private static func n(_ x: CGFloat) -> String { String(format: "%.17g", Double(x)) }

    /// The first `count` numbers in `string`, 0 for those missing.
    private static func numbers(_ string: String, _ count: Int) -> [CGFloat] {
        var found: [CGFloat] = []
        var token = ""
        func flush() {
            if let v = Double(token), v.isFinite { found.append(CGFloat(v)) }
            token = ""
        }
        for ch in string.unicodeScalars {
            if CharacterSet(charactersIn: "0123456789+-.eE").contains(ch) { token.unicodeScalars.append(ch) } else { flush() }
            if found.count == count { break }
        }
        flush()
        return (found + Array(repeating: 0, count: count)).prefix(count).map { $0 }
    }
}
