import FlipbookCore
import FlipbookUIKit
import Foundation

/// A search for properties of a Lottie animation by the names of its layers, groups and items
/// (lottie-ios's `AnimationKeypath`): `"Layer.Group 1.Fill 1.Color"`, with `*` for any one
/// name and `**` for any number of them (`"**.Stroke 1.Color"`: every "Stroke 1"'s colour).
public struct AnimationKeypath: Hashable, Sendable, CustomStringConvertible {
    /// The names, outermost first.
    public let keys: [String]

    /// A keypath from its dot-separated spelling.
    public init(keypath: String) {
        keys = keypath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }

    public init(keys: [String]) { self.keys = keys }

    /// The dot-separated spelling.
    public var fullPath: String { keys.joined(separator: ".") }

    public var description: String { fullPath }

    /// Whether a property's own keypath (names only, no wildcards) is one this search finds.
    public func matches(_ path: [String]) -> Bool {
        // Positions in `path` reachable after each pattern key; `**` reaches any later position.
        var reachable = Set([0])
        for key in keys {
            var next = Set<Int>()
            for at in reachable {
                switch key {
                case "**": next.formUnion(at...path.count)
                case "*": if at < path.count { next.insert(at + 1) }
                default: if at < path.count, path[at] == key { next.insert(at + 1) }
                }
            }
            reachable = next
            if reachable.isEmpty { return false }
        }
        return reachable.contains(path.count)
    }
}

/// An RGBA colour with components 0…1 (lottie-ios's `LottieColor`).
public struct LottieColor: Hashable, Sendable {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    public static let black = LottieColor(r: 0, g: 0, b: 0)
    public static let white = LottieColor(r: 1, g: 1, b: 1)
    public static let red = LottieColor(r: 1, g: 0, b: 0)
    public static let green = LottieColor(r: 0, g: 1, b: 0)
    public static let blue = LottieColor(r: 0, g: 0, b: 1)
    public static let clear = LottieColor(r: 0, g: 0, b: 0, a: 0)
}

/// A value at a frame of the animation (lottie-ios's `Keyframe`); values between keyframes are
/// interpolated linearly unless the keyframe holds.
public struct Keyframe<T: Sendable>: Sendable {
    public var value: T
    public var time: Double
    public var isHold: Bool

    public init(value: T, time: Double = 0, isHold: Bool = false) {
        self.value = value
        self.time = time
        self.isHold = isHold
    }
}

/// What a value provider gives, in the units the Lottie file uses for the property it replaces
/// (colours 0…1, opacity and scale in percent, rotation in degrees, points and widths in points).
public enum ValueProviderStorage: Sendable {
    case value([Double])
    case keyframes([Keyframe<[Double]>])
}

/// A replacement for the values of the properties an `AnimationKeypath` finds
/// (`LottieAnimationLayer.setValueProvider(_:keypath:)`). As in lottie-ios's Core Animation
/// engine, providers give a value or keyframes, not a closure called each frame.
public protocol AnyValueProvider: Sendable {
    var storage: ValueProviderStorage { get }
}

extension ValueProviderStorage {
    fileprivate static func map<T>(_ frames: [Keyframe<T>], _ numbers: (T) -> [Double]) -> ValueProviderStorage {
        .keyframes(frames.map { Keyframe(value: numbers($0.value), time: $0.time, isHold: $0.isHold) })
    }
}

/// A colour for `Color` properties (fills, strokes).
public struct ColorValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage
    public init(_ color: LottieColor) { storage = .value([color.r, color.g, color.b, color.a]) }
    public init(_ keyframes: [Keyframe<LottieColor>]) { storage = .map(keyframes) { [$0.r, $0.g, $0.b, $0.a] } }
}

/// A number for `Opacity` (percent), `Rotation` (degrees) or `Stroke Width` (points).
public struct FloatValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage
    public init(_ value: CGFloat) { storage = .value([Double(value)]) }
    public init(_ keyframes: [Keyframe<CGFloat>]) { storage = .map(keyframes) { [Double($0)] } }
}

/// A point for `Position` (points) or `Scale` (percent, x and y).
public struct PointValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage
    public init(_ point: CGPoint) { storage = .value([Double(point.x), Double(point.y)]) }
    public init(_ keyframes: [Keyframe<CGPoint>]) { storage = .map(keyframes) { [Double($0.x), Double($0.y)] } }
}

/// A size for `Scale` (percent) or a rectangle's `Size`.
public struct SizeValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage
    public init(_ size: CGSize) { storage = .value([Double(size.width), Double(size.height)]) }
}

/// Gradient colours for `Colors`: each colour at its location (evenly spaced when `locations`
/// has fewer), written as Lottie writes gradients, with alpha stops when a colour is not opaque.
/// The gradient then has these colours, however many the file's had. As in lottie-ios, the
/// colours keep their alpha in the gradient, and the file's alpha stops (when it has any) are
/// replaced by them too.
public struct GradientValueProvider: AnyValueProvider {
    public let storage: ValueProviderStorage
    /// How many colours it gives: the gradient reads this many instead of the file's count.
    public let colorCount: Int
    /// The colours, with their alpha.
    public let colors: [LottieColor]
    /// Where each colour sits along the gradient (0 to 1); empty: evenly spaced.
    public let locations: [Double]

    public init(_ colors: [LottieColor], locations: [Double] = []) {
        colorCount = colors.count
        self.colors = colors
        self.locations = locations
        var values: [Double] = [], alphas: [Double] = []
        for (i, color) in colors.enumerated() {
            let location = i < locations.count ? locations[i] : colors.count > 1 ? Double(i) / Double(colors.count - 1) : 0
            values += [location, color.r, color.g, color.b]
            alphas += [location, color.a]
        }
        storage = .value(values + (colors.contains { $0.a < 1 } ? alphas : []))
    }
}

extension Animated where Value == Vector {
    /// A provider's values in place of the file's, at the replaced property's JSON path.
    init(_ storage: ValueProviderStorage, path: String) {
        switch storage {
        case .value(let v):
            self.init(constant: v, path: path)
        case .keyframes(let frames):
            let sorted = frames.sorted { $0.time < $1.time }
            let keyframes = sorted.map {
                LottieKeyframe(
                    frame: $0.time, value: $0.value, end: nil, out: nil, into: nil, hold: $0.isHold, spatialOut: nil, spatialIn: nil)
            }
            // No keyframes: an empty value, which no property converts (the layer keeps its default).
            self.init(keyframes.count > 1 ? .keyframes(keyframes) : .constant(keyframes.first?.value ?? []), path: path)
        }
    }
}
