import FlipbookCore
import FlipbookUIKit
import Foundation

/// A lottie-ios value provider written as text, as `flipbook --value` and a scenario's `values`
/// take it: `KEYPATH=VALUE`.
///
/// - `**.Fill 1.Color=#FF0000` (a colour as scenario files write one: `#RRGGBB`, `#RRGGBBAA`, `#RGB`, `red`)
/// - `Layer.Transform.Opacity=10`, `H2.Transform.Scale=200,150` (one number, or a point)
/// - `Switch.Fill 1.Color=#000000@0 #C2C2C2@75 #000000@150` (keyframes: a value at each frame)
/// - `**.Colors=#000000@0 #FFFFFF80@0.3` (gradient colours at their locations; keypaths ending
///   in `Colors` only)
public enum ValueProviderText {
    /// What a value provider's text looks like, for messages.
    public static let expected = "KEYPATH=VALUE (a colour #RRGGBB[AA] or a UIKit name, a number, or X,Y; VALUE@FRAME … for keyframes)"

    /// Why a text is not a value provider.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// The keypath and provider `text` spells.
    public static func parse(_ text: String) throws(Failure) -> (keypath: AnimationKeypath, provider: any AnyValueProvider) {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
            throw Failure(description: "'\(text)' is not \(expected)")
        }
        let keypath = AnimationKeypath(keypath: String(text[..<equals]))
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let items = value.split(separator: " ", omittingEmptySubsequences: true).map { item -> (String, Double?) in
            guard let at = item.lastIndex(of: "@") else { return (String(item), nil) }
            return (String(item[..<at]), Double(item[item.index(after: at)...]))
        }
        func fail(_ why: String) -> Failure { Failure(description: "'\(text)': \(why); expected \(expected)") }
        func colors() throws(Failure) -> [LottieColor] {
            var out: [LottieColor] = []
            for item in items {
                guard let c = color(item.0) else { throw fail("expected \(ColorText.expected), found '\(item.0)'") }
                out.append(c)
            }
            return out
        }
        guard !items.isEmpty else { throw fail("no value") }
        if keypath.keys.last == "Colors" {
            let colors = try colors()
            let locations = items.compactMap(\.1)
            return (keypath, GradientValueProvider(colors, locations: locations.count == items.count ? locations : []))
        }
        if items.count > 1 || items[0].1 != nil {
            guard items.allSatisfy({ $0.1?.isFinite == true }) else { throw fail("each keyframe needs its frame, VALUE@FRAME") }
        }
        if keypath.keys.last == "Color" {
            let colors = try colors()
            if items.count == 1 && items[0].1 == nil { return (keypath, ColorValueProvider(colors[0])) }
            return (keypath, ColorValueProvider(zip(colors, items).map { Keyframe(value: $0, time: $1.1 ?? 0) }))
        }
        var numbers: [[Double]] = []
        for item in items {
            let n = item.0.split(separator: ",").map { Double($0) }
            guard (1...2).contains(n.count), n.allSatisfy({ $0?.isFinite == true }) else {
                throw fail("'\(item.0)' is not a number or X,Y")
            }
            numbers.append(n.compactMap { $0 })
        }
        guard Set(numbers.map(\.count)).count == 1 else { throw fail("keyframes mix numbers and points") }
        if numbers[0].count == 1 {
            if items.count == 1 && items[0].1 == nil { return (keypath, FloatValueProvider(CGFloat(numbers[0][0]))) }
            return (keypath, FloatValueProvider(zip(numbers, items).map { Keyframe(value: CGFloat($0[0]), time: $1.1 ?? 0) }))
        }
        let points = numbers.map { CGPoint(x: $0[0], y: $0[1]) }
        if items.count == 1 && items[0].1 == nil { return (keypath, PointValueProvider(points[0])) }
        return (keypath, PointValueProvider(zip(points, items).map { Keyframe(value: $0, time: $1.1 ?? 0) }))
    }

    /// A colour as scenario files write it (`#RRGGBB`, `#RRGGBBAA`, `#RGB` or a UIKit name:
    /// Core's ColorText), components 0…1.
    public static func color(_ text: String) -> LottieColor? {
        ColorText.parse(text).map { LottieColor(r: $0.red, g: $0.green, b: $0.blue, a: $0.alpha) }
    }
}
