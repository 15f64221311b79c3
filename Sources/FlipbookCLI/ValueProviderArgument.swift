import ArgumentParser
import Flipbook
import Foundation

/// `--value KEYPATH=VALUE`: a lottie-ios value provider from the command line.
///
/// - `**.Fill 1.Color=#FF0000` (a colour: `#RRGGBB` or `#RRGGBBAA`)
/// - `Layer.Transform.Opacity=10`, `H2.Transform.Scale=200,150` (one number, or a point)
/// - `Switch.Fill 1.Color=#000000@0 #C2C2C2@75 #000000@150` (keyframes: a value at each frame)
/// - `**.Colors=#000000@0 #FFFFFF80@0.3` (gradient colours at their locations; keypaths ending
///   in `Colors` only)
enum ValueProviderArgument {
    static let help =
        "For a Lottie animation: replace what KEYPATH finds (lottie-ios's setValueProvider), e.g. '**.Fill 1.Color=#FF0000', "
        + "'Layer.Transform.Opacity=10', '**.Colors=#000000@0 #FFFFFF@1'; repeatable, the last matching wins."
    static let expected = "KEYPATH=VALUE (a colour #RRGGBB[AA], a number, or X,Y; VALUE@FRAME … for keyframes)"

    static func parse(_ text: String) throws -> (keypath: AnimationKeypath, provider: any AnyValueProvider) {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex else {
            throw ValidationError("--value expects \(expected); found '\(text)'")
        }
        let keypath = AnimationKeypath(keypath: String(text[..<equals]))
        let value = text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        let items = value.split(separator: " ", omittingEmptySubsequences: true).map { item -> (String, Double?) in
            guard let at = item.lastIndex(of: "@") else { return (String(item), nil) }
            return (String(item[..<at]), Double(item[item.index(after: at)...]))
        }
        func fail(_ why: String) -> ValidationError { ValidationError("--value '\(text)': \(why); expected \(expected)") }
        func colors() throws -> [LottieColor] {
            try items.map {
                guard let c = color($0.0) else { throw fail("'\($0.0)' is not a colour #RRGGBB or #RRGGBBAA") }
                return c
            }
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
        let numbers = try items.map { item -> [Double] in
            let n = item.0.split(separator: ",").map { Double($0) }
            guard (1...2).contains(n.count), n.allSatisfy({ $0?.isFinite == true }) else {
                throw fail("'\(item.0)' is not a number or X,Y")
            }
            return n.compactMap { $0 }
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

    /// `#RRGGBB` or `#RRGGBBAA`, components 0…1.
    static func color(_ text: String) -> LottieColor? {
        guard text.hasPrefix("#"), [7, 9].contains(text.count), let n = UInt64(text.dropFirst(), radix: 16) else { return nil }
        let alpha = text.count == 9
        let v = alpha ? n : n << 8 | 0xFF
        func c(_ shift: UInt64) -> Double { Double((v >> shift) & 0xFF) / 255 }
        return LottieColor(r: c(24), g: c(16), b: c(8), a: c(0))
    }
}
