import Foundation

@testable import FlipbookCore
@testable import FlipbookRender
@testable import FlipbookUIKit

/// A seeded generator (SplitMix64): the same seed gives the same scenes on every machine.
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func value(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }
    mutating func index(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func color(opaque: Bool = false) -> RGBA {
        RGBA(red: unit(), green: unit(), blue: unit(), alpha: opaque ? 1 : value(0.2, 1))
    }
}

/// Random layer trees of what `BandSafety` allows (backgrounds, borders, rounded corners,
/// shapes with every stroke style, text, group opacity, masks, clipping, affine transforms and
/// sublayer transforms), on a small canvas, for the damage-tracking properties.
enum RandomSnapshots {
    static let size = CGSize(width: 100, height: 70)
    static let scale = 2.0

    static func scene(_ r: inout SeededRandom) -> FrameSnapshot {
        var root = LayerSnapshot(state: LayerState())
        root.state.bounds = CGRect(origin: .zero, size: size)
        root.state.position = CGPoint(x: size.width / 2, y: size.height / 2)
        root.sublayers = (0..<(2 + r.index(4))).map { _ in layer(&r, depth: 0) }
        return FrameSnapshot(time: 0, size: size, scale: scale, root: root)
    }

    static func layer(_ r: inout SeededRandom, depth: Int) -> LayerSnapshot {
        var s = LayerState()
        s.bounds = CGRect(x: r.value(-4, 4), y: r.value(-4, 4), width: r.value(1, 50), height: r.value(1, 35))
        s.position = CGPoint(x: r.value(-10, size.width + 10), y: r.value(-10, size.height + 10))
        if r.chance(0.3) { s.anchorPoint = CGPoint(x: r.unit(), y: r.unit()) }
        if r.chance(0.5) { s.transform = transform(&r) }
        if r.chance(0.15) { s.sublayerTransform = transform(&r) }
        if r.chance(0.3) { s.opacity = r.value(0.2, 0.95) }
        s.hidden = r.chance(0.05)
        if r.chance(0.5) { s.backgroundColor = r.color() }
        if r.chance(0.3) { s.cornerRadius = r.value(0, 15) }
        if r.chance(0.3) {
            s.borderWidth = r.value(0.5, 6)
            s.borderColor = r.color()
        }
        s.masksToBounds = r.chance(0.2)
        var layer = LayerSnapshot(state: s)
        switch r.index(5) {
        case 0, 1: shape(&layer, &r)
        case 2: text(&layer, &r)
        default: break
        }
        if depth < 2 { layer.sublayers = (0..<r.index(3)).map { _ in self.layer(&r, depth: depth + 1) } }
        if r.chance(0.1) {
            var mask = LayerSnapshot(state: LayerState())
            mask.state.bounds = CGRect(x: 0, y: 0, width: r.value(5, 40), height: r.value(5, 30))
            mask.state.position = CGPoint(x: r.value(0, 40), y: r.value(0, 30))
            mask.state.path = UIBezierPath(ovalIn: mask.state.bounds).cgPath.elements
            mask.state.fillColor = r.color()
            mask.content = .shape(ShapeStyle(fillRule: .nonZero, lineCap: .butt, lineJoin: .miter, lineDashPattern: nil))
            layer.maskLayers = [mask]
        }
        return layer
    }

    static func transform(_ r: inout SeededRandom) -> CATransform3D {
        var t = CATransform3DMakeRotation(r.value(-.pi, .pi), 0, 0, 1)
        t = CATransform3DScale(t, r.value(0.3, 2), r.value(0.3, 2), 1)
        if r.chance(0.3) { t.m21 += r.value(-0.6, 0.6) }  // a skew
        if r.chance(0.2) {
            t.m41 += r.value(-10, 10)
            t.m42 += r.value(-10, 10)
        }
        return t
    }

    static func shape(_ layer: inout LayerSnapshot, _ r: inout SeededRandom) {
        let w = max(1, layer.state.bounds.width), h = max(1, layer.state.bounds.height)
        let path = UIBezierPath()
        switch r.index(4) {
        case 0: path.append(UIBezierPath(ovalIn: CGRect(x: r.value(-5, 5), y: r.value(-5, 5), width: w, height: h)))
        case 1: path.append(UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: w, height: h), cornerRadius: r.value(0, 8)))
        case 2:
            path.move(to: CGPoint(x: r.value(-10, w), y: r.value(-10, h)))
            for _ in 0..<(1 + r.index(4)) {
                path.addCurve(
                    to: CGPoint(x: r.value(-10, w + 10), y: r.value(-10, h + 10)),
                    controlPoint1: CGPoint(x: r.value(-20, w + 20), y: r.value(-20, h + 20)),
                    controlPoint2: CGPoint(x: r.value(-20, w + 20), y: r.value(-20, h + 20)))
            }
            if r.chance(0.5) { path.close() }
        default:
            // A zigzag: sharp miter joins.
            path.move(to: CGPoint(x: 0, y: h))
            for i in 1...(2 + r.index(4)) { path.addLine(to: CGPoint(x: Double(i) * w / 5, y: i % 2 == 0 ? h : r.value(0, h / 2))) }
        }
        layer.state.path = path.cgPath.elements
        layer.state.fillColor = r.chance(0.7) ? r.color() : nil
        if r.chance(0.7) {
            layer.state.strokeColor = r.color()
            layer.state.lineWidth = r.value(0.5, 10)
            layer.state.miterLimit = r.value(1, 14)
            if r.chance(0.3) {
                layer.state.strokeStart = r.value(0, 0.5)
                layer.state.strokeEnd = r.value(0.5, 1)
            }
        }
        let caps: [CAShapeLayerLineCap] = [.butt, .round, .square], joins: [CAShapeLayerLineJoin] = [.miter, .round, .bevel]
        // Drawn in this order: the seeds' scenes depend on it.
        let rule: CAShapeLayerFillRule = r.chance(0.5) ? .nonZero : .evenOdd
        let cap = caps[r.index(3)], join = joins[r.index(3)]
        let dashes = r.chance(0.2) ? [r.value(1, 6), r.value(1, 6)] : nil
        layer.content = .shape(ShapeStyle(fillRule: rule, lineCap: cap, lineJoin: join, lineDashPattern: dashes))
    }

    static func text(_ layer: inout LayerSnapshot, _ r: inout SeededRandom) {
        let strings = ["Row 1", "Pull to refresh", "刷新中…", "A longer label that wraps and overflows its bounds"]
        layer.state.fontSize = r.value(6, 22)
        layer.state.foregroundColor = r.color(opaque: r.chance(0.5))
        let alignments: [CATextLayerAlignmentMode] = [.left, .center, .right, .justified]
        layer.content = .text(
            TextStyle(
                string: strings[r.index(strings.count)], fontName: r.chance(0.5) ? "DejaVu Sans" : nil,
                alignment: alignments[r.index(4)], isWrapped: r.chance(0.5), truncation: .none,
                centersVertically: r.chance(0.3)))
    }

    /// `scene` with a few layers changed the ways animations change them: moved, resized,
    /// turned, recoloured, faded, hidden, reshaped, retexted, removed, added, reordered.
    static func changed(_ scene: FrameSnapshot, _ r: inout SeededRandom) -> FrameSnapshot {
        var out = scene
        for _ in 0..<(1 + r.index(3)) { mutate(&out.root, &r, depth: 0) }
        return out
    }

    private static func mutate(_ layer: inout LayerSnapshot, _ r: inout SeededRandom, depth: Int) {
        if !layer.sublayers.isEmpty && r.chance(0.7) {
            let i = r.index(layer.sublayers.count)
            mutate(&layer.sublayers[i], &r, depth: depth + 1)
            return
        }
        switch r.index(12) {
        case 0:
            layer.state.position.x += r.value(-15, 15)
            layer.state.position.y += r.value(-15, 15)
        case 1: layer.state.bounds.size.width *= r.value(0.5, 1.5)
        case 2: layer.state.transform = transform(&r)
        case 3: layer.state.backgroundColor = r.color()
        case 4: layer.state.opacity = r.value(0, 1)
        case 5: layer.state.hidden.toggle()
        case 6: if case .shape = layer.content { shape(&layer, &r) } else { layer.state.borderWidth = r.value(0, 8) }
        case 7: if case .text = layer.content { text(&layer, &r) } else { layer.state.cornerRadius = r.value(0, 20) }
        case 8: if !layer.sublayers.isEmpty { layer.sublayers.remove(at: r.index(layer.sublayers.count)) }
        case 9: layer.sublayers.append(self.layer(&r, depth: 2))
        case 10: if layer.sublayers.count > 1 { layer.sublayers.swapAt(0, layer.sublayers.count - 1) }
        default: layer.state.sublayerTransform = transform(&r)
        }
    }
}
