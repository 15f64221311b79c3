import Foundation

/// Per-type arithmetic on animatable values (timing-model.md 9).
package enum ValueMath {
    /// `a + (b − a)·p`, per type; values that cannot blend switch at p >= 0.5 (9.3, 9.4).
    package static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ p: Double) -> AnimatableValue {
        func l(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(l(x, y))
        case (.point(let x), .point(let y)): return .point(CGPoint(x: l(x.x, y.x), y: l(x.y, y.y)))
        case (.size(let x), .size(let y)): return .size(CGSize(width: l(x.width, y.width), height: l(x.height, y.height)))
        case (.rect(let x), .rect(let y)):
            return .rect(
                CGRect(
                    x: l(x.origin.x, y.origin.x), y: l(x.origin.y, y.origin.y),
                    width: l(x.size.width, y.size.width), height: l(x.size.height, y.size.height)))
        case (.color, .color), (.color, .none), (.none, .color):
            let x = a.rgbaOrClear, y = b.rgbaOrClear
            return .color(RGBA(red: l(x.red, y.red), green: l(x.green, y.green), blue: l(x.blue, y.blue), alpha: l(x.alpha, y.alpha)))
        case (.transform(let x), .transform(let y)): return .transform(TransformInterpolation.interpolate(x, y, p))
        case (.path(let x), .path(let y)):
            // Lines and curves at the same places blend as cubics; other shapes switch (9.4).
            guard let (x, y) = PathGeometry.compatible(x, y) ? (x, y) : PathGeometry.alignedForInterpolation(x, y) else {
                return p >= 0.5 ? b : a
            }
            return .path(
                zip(x, y).map { ea, eb in
                    let pa = ea.points, pb = eb.points
                    var i = 0
                    return ea.mapped { _ in
                        defer { i += 1 }
                        return CGPoint(x: l(pa[i].x, pb[i].x), y: l(pa[i].y, pb[i].y))
                    }
                })
        case (.array(let x), .array(let y)) where x.count == y.count:
            return .array(zip(x, y).map { interpolate($0, $1, p) })
        default:
            return p >= 0.5 ? b : a
        }
    }

    /// Per-type addition (additive animations, `by`, cumulative); transforms concatenate as
    /// `Concat(a, b)` (4.2).
    static func add(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch (a, b) {
        case (.number(let x), .number(let y)): return .number(x + y)
        case (.point(let x), .point(let y)): return .point(CGPoint(x: x.x + y.x, y: x.y + y.y))
        case (.size(let x), .size(let y)): return .size(CGSize(width: x.width + y.width, height: x.height + y.height))
        case (.rect(let x), .rect(let y)):
            return .rect(
                CGRect(
                    x: x.origin.x + y.origin.x, y: x.origin.y + y.origin.y,
                    width: x.size.width + y.size.width, height: x.size.height + y.size.height))
        case (.color, .color), (.color, .none), (.none, .color):
            let x = a.rgbaOrClear, y = b.rgbaOrClear
            return .color(RGBA(red: x.red + y.red, green: x.green + y.green, blue: x.blue + y.blue, alpha: x.alpha + y.alpha))
        case (.transform(let x), .transform(let y)): return .transform(CATransform3DConcat(x, y))
        case (.array(let x), .array(let y)) where x.count == y.count: return .array(zip(x, y).map { add($0, $1) })
        // Paths (and other values with no sum) do not add: the animated value shows as it is
        // (4.2), never the model value alone.
        case (.path, .path), (.bool, .bool), (.string, .string), (.image, .image): return a
        case (_, .none): return a
        case (.none, _): return b
        default: return b
        }
    }

    /// `a − b`, per type (the `by … to` case); transforms multiply by the inverse.
    package static func subtract(_ a: AnimatableValue, _ b: AnimatableValue) -> AnimatableValue {
        switch b {
        case .transform(let y): return add(.transform(CATransform3DInvert(y)), a)
        default: return add(a, scaled(b, -1))
        }
    }

    /// `k · a`, per type; a transform is raised to the k-th power for integer k (cumulative).
    static func scaled(_ a: AnimatableValue, _ k: Double) -> AnimatableValue {
        switch a {
        case .number(let x): return .number(x * k)
        case .point(let x): return .point(CGPoint(x: x.x * k, y: x.y * k))
        case .size(let x): return .size(CGSize(width: x.width * k, height: x.height * k))
        case .rect(let x): return .rect(CGRect(x: x.origin.x * k, y: x.origin.y * k, width: x.size.width * k, height: x.size.height * k))
        case .color(let c): return .color(RGBA(red: c.red * k, green: c.green * k, blue: c.blue * k, alpha: c.alpha * k))
        case .transform(let t):
            guard k.isFinite else { return a }
            let n = Int(max(-10_000, min(10_000, k.rounded())))
            if n == 0 { return .transform(CATransform3DIdentity) }
            var m = CATransform3DIdentity
            let base = n > 0 ? t : CATransform3DInvert(t)
            for _ in 0..<min(abs(n), 10_000) { m = CATransform3DConcat(m, base) }
            return .transform(m)
        case .array(let xs): return .array(xs.map { scaled($0, k) })
        default: return a
        }
    }

    /// Euclidean distance of the components, for paced key times (6.2).
    static func distance(_ a: AnimatableValue, _ b: AnimatableValue) -> Double {
        switch (a, b) {
        case (.number(let x), .number(let y)): return abs(y - x)
        case (.point(let x), .point(let y)): return hypot(y.x - x.x, y.y - x.y)
        case (.size(let x), .size(let y)): return hypot(y.width - x.width, y.height - x.height)
        case (.rect(let x), .rect(let y)):
            let d = [y.origin.x - x.origin.x, y.origin.y - x.origin.y, y.size.width - x.size.width, y.size.height - x.size.height]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case (.color, .color):
            let x = a.rgbaOrClear, y = b.rgbaOrClear
            let d = [y.red - x.red, y.green - x.green, y.blue - x.blue, y.alpha - x.alpha]
            return d.reduce(0) { $0 + $1 * $1 }.squareRoot()
        case (.transform(let x), .transform(let y)):
            let ex = x.entries, ey = y.entries
            return (0..<16).reduce(0) { $0 + (ey[$1] - ex[$1]) * (ey[$1] - ex[$1]) }.squareRoot()
        default: return 0
        }
    }
}

extension AnimatableValue {
    var rgbaOrClear: RGBA {
        if case .color(let c) = self { return c }
        return .clear
    }
}

extension AnimatableValue {
    /// `a + (b − a)·fraction`, per type, as animations interpolate (timing-model.md 9).
    public static func interpolating(_ a: AnimatableValue, _ b: AnimatableValue, fraction: Double) -> AnimatableValue {
        ValueMath.interpolate(a, b, fraction)
    }
}
