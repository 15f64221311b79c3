import FlipbookCore
import FlipbookUIKit
import Foundation

/// Numbers as a Lottie property holds them: a scalar is one number, a point or size two, a colour
/// three or four, gradient stops many.
typealias Vector = [Double]

/// A keyframe's temporal easing handle: a bezier control point in the unit square.
struct Easing: Equatable, Sendable {
    var x: Double
    var y: Double
}

/// One keyframe of an animated property: its frame, value, easing and hold.
struct LottieKeyframe<Value: Sendable>: Sendable {
    var frame: Double
    var value: Value
    /// The segment's end value in files of the old format (`e`), else the next keyframe's value.
    var end: Value?
    /// Easing out of this keyframe (`o`) and into the next (`i`).
    var out: Easing?
    var into: Easing?
    var hold: Bool
    /// Spatial tangents (`to`, `ti`) of a position keyframe.
    var spatialOut: Vector?
    var spatialIn: Vector?

    /// The same keyframe with its values made by `transform`.
    func map<T: Sendable>(_ transform: (Value) -> T) -> LottieKeyframe<T> {
        LottieKeyframe<T>(
            frame: frame, value: transform(value), end: end.map(transform), out: out, into: into, hold: hold, spatialOut: spatialOut,
            spatialIn: spatialIn)
    }
}

/// A property as Lottie writes it: one value (`{ a: 0, k: value }`) or keyframes (`{ a: 1, k: [...] }`),
/// with the JSON path it was read from (messages name it).
struct Animated<Value: Sendable>: Sendable {
    enum Storage: Sendable {
        case constant(Value)
        /// At least two keyframes, sorted by frame.
        case keyframes([LottieKeyframe<Value>])
    }

    var storage: Storage
    var path: String

    init(_ storage: Storage, path: String) {
        self.storage = storage
        self.path = path
    }

    init(constant value: Value, path: String) { self.init(.constant(value), path: path) }

    /// The JSON path of its first value: `…k` for a constant, `…k[0].s` for keyframes.
    var initialPath: String { isAnimated ? path + ".k[0].s" : path + ".k" }

    /// The value before the first keyframe (what the model layer holds).
    var initial: Value {
        switch storage {
        case .constant(let v): return v
        case .keyframes(let frames): return frames[0].value
        }
    }

    var isAnimated: Bool {
        if case .keyframes = storage { return true }
        return false
    }

    /// The keyframes, none for a constant.
    var keyframes: [LottieKeyframe<Value>] {
        if case .keyframes(let frames) = storage { return frames }
        return []
    }

    /// The frames of its keyframes.
    var keyframeTimes: [Double] { keyframes.map(\.frame) }

    /// Every value it takes: the constant, or each keyframe's.
    var values: [Value] {
        switch storage {
        case .constant(let v): return [v]
        case .keyframes(let frames): return frames.map(\.value)
        }
    }

    /// The same property with its values made by `transform`.
    func map<T: Sendable>(_ transform: (Value) -> T) -> Animated<T> {
        switch storage {
        case .constant(let v): return Animated<T>(.constant(transform(v)), path: path)
        case .keyframes(let frames): return Animated<T>(.keyframes(frames.map { $0.map(transform) }), path: path)
        }
    }
}

extension Animated where Value == Vector {
    /// The numbers at `frame`, eased as the keyframes say (for values sampled outside Core
    /// Animation: combined paths, shapes built from several properties, time remapping).
    func numbers(at frame: Double) -> Vector {
        interpolated(at: frame) { from, to, p in zip(from, to).map { $0 + ($1 - $0) * p } }
    }

    /// The first number at `frame`, or `fallback` when the property holds none.
    func first(at frame: Double, or fallback: Double) -> Double { numbers(at: frame).first ?? fallback }

    /// Whether any value it takes has a first number other than 0.
    var isEverNonzero: Bool { values.contains { ($0.first ?? 0) != 0 } }
}

extension Animated {
    /// The value at `frame`: before the first keyframe its value, after the last the last's, on a
    /// hold the held value, else `blend(from, to, eased progress)`.
    func interpolated(at frame: Double, _ blend: (Value, Value, Double) -> Value) -> Value {
        interpolated(at: frame, segment: { from, to, progress in blend(from.value, to, progress) })
    }

    /// The same, blending from the segment's first keyframe (its tangents too) to its end value.
    func interpolated(at frame: Double, segment blend: (LottieKeyframe<Value>, Value, Double) -> Value) -> Value {
        switch storage {
        case .constant(let v): return v
        case .keyframes(let frames):
            if frame <= frames[0].frame { return frames[0].value }
            // The first keyframe after `frame`, by bisection: time remapping samples every
            // property at thousands of frames, and files hold up to hundreds of thousands.
            var low = 1, high = frames.count
            while low < high {
                let middle = (low + high) / 2
                if frame < frames[middle].frame { high = middle } else { low = middle + 1 }
            }
            guard low < frames.count else { return frames[frames.count - 1].value }
            let a = frames[low - 1], b = frames[low]
            if a.hold { return a.value }
            let linear = (frame - a.frame) / max(b.frame - a.frame, 1e-9)
            return blend(a, a.end ?? b.value, Easing.ease(linear, out: a.out, into: a.into))
        }
    }
}

extension Easing {
    /// Lottie's temporal easing: a cubic bezier from (0,0) to (1,1) with the keyframe's control
    /// points, solved for x.
    static func ease(_ x: Double, out: Easing?, into: Easing?) -> Double {
        guard let out, let into else { return x }
        let function = CAMediaTimingFunction(controlPoints: Float(out.x), Float(out.y), Float(into.x), Float(into.y))
        return function.evaluate(x)
    }
}

extension LottieKeyframe: Equatable where Value: Equatable {}
extension Animated.Storage: Equatable where Value: Equatable {}
extension Animated: Equatable where Value: Equatable {
    /// Equal values and keyframes, wherever they were read from.
    static func == (a: Animated, b: Animated) -> Bool { a.storage == b.storage }
}

/// A bezier shape (`{ i, o, v, c }`): per vertex its point, in-tangent and out-tangent, six
/// numbers flat (tangents relative to their vertex), and whether it closes.
struct BezierShape: Equatable, Sendable {
    var vertices: Vector
    var closed: Bool

    var vertexCount: Int { vertices.count / 6 }
}

extension Animated where Value == BezierShape {
    /// The vertices at `frame` (eased between keyframes; as many as the one with fewer has),
    /// closed as the first value is.
    func shape(at frame: Double) -> BezierShape {
        let closed = initial.closed
        var shape = interpolated(at: frame) { from, to, p in
            BezierShape(vertices: zip(from.vertices, to.vertices).map { $0 + ($1 - $0) * p }, closed: closed)
        }
        shape.closed = closed
        return shape
    }
}
