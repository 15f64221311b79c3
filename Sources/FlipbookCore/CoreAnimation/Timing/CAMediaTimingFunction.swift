import Foundation

/// The names of the predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1) (timing-model.md 2).
public final class CAMediaTimingFunction: Equatable, Hashable, Sendable, CustomStringConvertible {
    package let c1x: Double, c1y: Double, c2x: Double, c2y: Double
    private let name: CAMediaTimingFunctionName?
    // Polynomial coefficients of X(s) and Y(s).
    private let ax: Double, bx: Double, cx: Double, ay: Double, by: Double, cy: Double

    /// One of the five named curves, with Apple's control points (timing-model.md 2.1).
    public convenience init(name: CAMediaTimingFunctionName) {
        let p: (Float, Float, Float, Float)
        switch name {
        case .easeIn: p = (0.42, 0, 1, 1)
        case .easeOut: p = (0, 0, 0.58, 1)
        case .easeInEaseOut: p = (0.42, 0, 0.58, 1)
        case .default: p = (0.25, 0.1, 0.25, 1)
        default: p = (0, 0, 1, 1)
        }
        self.init(p.0, p.1, p.2, p.3, name: name)
    }

    /// A custom curve; x coordinates are clamped into [0, 1] so the curve stays a function.
    public convenience init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        self.init(c1x, c1y, c2x, c2y, name: nil)
    }

    private init(_ x1: Float, _ y1: Float, _ x2: Float, _ y2: Float, name: CAMediaTimingFunctionName?) {
        // Control points are stored as Float, as Core Animation does (timing-model.md 2.1).
        func clean(_ v: Float, clamp: Bool) -> Double {
            guard v.isFinite else { return 0 }
            return clamp ? Double(min(1, max(0, v))) : Double(v)
        }
        c1x = clean(x1, clamp: true)
        c1y = clean(y1, clamp: false)
        c2x = clean(x2, clamp: true)
        c2y = clean(y2, clamp: false)
        self.name = name
        cx = 3 * c1x
        bx = 3 * (c2x - c1x) - cx
        ax = 1 - cx - bx
        cy = 3 * c1y
        by = 3 * (c2y - c1y) - cy
        ay = 1 - cy - by
    }

    /// Control point `index` (0…3) of the curve; 0 is (0, 0) and 3 is (1, 1).
    public func getControlPoint(at index: Int, values ptr: UnsafeMutablePointer<Float>) {
        let p: (Double, Double)
        switch index {
        case 0: p = (0, 0)
        case 1: p = (c1x, c1y)
        case 2: p = (c2x, c2y)
        default: p = (1, 1)
        }
        ptr[0] = Float(p.0)
        ptr[1] = Float(p.1)
    }

    /// The four control points as Doubles.
    public var controlPoints: [CGPoint] {
        [CGPoint(x: 0, y: 0), CGPoint(x: c1x, y: c1y), CGPoint(x: c2x, y: c2y), CGPoint(x: 1, y: 1)]
    }

    private func sampleX(_ s: Double) -> Double { ((ax * s + bx) * s + cx) * s }
    private func sampleY(_ s: Double) -> Double { ((ay * s + by) * s + cy) * s }
    private func sampleDX(_ s: Double) -> Double { (3 * ax * s + 2 * bx) * s + cx }

    /// y at time fraction x, solved to well under 1e-6 (timing-model.md 2.3).
    public func evaluate(_ x: Double) -> Double {
        guard x.isFinite else { return x }
        if x <= 0 { return x == 0 ? 0 : sampleY(0) + (c1x > 0 ? c1y / c1x : 0) * x }
        if x >= 1 { return x == 1 ? 1 : 1 }
        if c1x == c1y && c2x == c2y { return x }
        return sampleY(solveX(x))
    }

    private func solveX(_ x: Double) -> Double {
        var s = x
        for _ in 0..<8 {
            let err = sampleX(s) - x
            if abs(err) < 1e-12 { return s }
            let d = sampleDX(s)
            if abs(d) < 1e-7 { break }
            s -= err / d
        }
        var lo = 0.0, hi = 1.0
        s = x
        while hi - lo > 1e-15 {
            let v = sampleX(s)
            if abs(v - x) < 1e-13 { return s }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return s
    }

    public static func == (a: CAMediaTimingFunction, b: CAMediaTimingFunction) -> Bool {
        a.c1x == b.c1x && a.c1y == b.c1y && a.c2x == b.c2x && a.c2y == b.c2y
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(c1x)
        hasher.combine(c1y)
        hasher.combine(c2x)
        hasher.combine(c2y)
    }
    public var description: String {
        if let name { return name.rawValue }
        return "(\(c1x), \(c1y)), (\(c2x), \(c2y))"
    }
}
