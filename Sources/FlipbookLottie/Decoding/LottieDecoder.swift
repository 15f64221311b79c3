import FlipbookCore
import FlipbookUIKit
import Foundation

/// Reads a Lottie file's JSON into the typed model (`LottieComposition`): the one place the
/// format's keys are read. What it cannot use it notes as it goes (`notes`: a value of the wrong
/// kind, a layer or shape type it does not know), each with the JSON path, as lottie-ios's
/// compatibility tracker reports; what the file must have (size, frame rate, frame range, a
/// list of layers) is an error at its path.
struct LottieDecoder {
    let file: String
    /// What was left out, one line per place: `layers[2].ks.p: expected numbers`.
    private(set) var notes: [String] = []

    init(file: String) { self.file = file }

    mutating func note(_ path: String, _ message: String) {
        let line = "\(path): \(message)"
        if !notes.contains(line) { notes.append(line) }
    }

    // MARK: - Composition

    /// The composition `root` describes; throws a `LottieError` at the first required value
    /// missing or out of range.
    mutating func composition(_ root: LottieJSON) throws -> LottieComposition {
        func required(_ key: String, _ what: String, _ valid: (Double) -> Bool) throws -> Double {
            guard let n = root[key]?.number, valid(n) else { throw LottieError(file: file, path: key, message: "expected \(what)") }
            return n
        }
        let width = try required("w", "a width in points, 1 to 16384", { $0 >= 1 && $0 <= 16384 })
        let height = try required("h", "a height in points, 1 to 16384", { $0 >= 1 && $0 <= 16384 })
        let framerate = try required("fr", "a frame rate, 1 to 240", { $0 >= 1 && $0 <= 240 })
        let start = try required("ip", "the first frame", { abs($0) <= LottieAnimation.maximumFrames })
        let end = try required("op", "the last frame, after ip", { $0 > start && $0 - start <= LottieAnimation.maximumFrames })
        guard let layers = root["layers"]?.array else {
            throw LottieError(file: file, path: "layers", message: "expected a list of layers")
        }
        var assets: [String: LottieAsset] = [:]
        for asset in root["assets"]?.array ?? [] {
            guard let id = asset["id"]?.string ?? asset["id"]?.integer.map({ String($0) }) else { continue }
            if let precomposed = asset["layers"]?.array {
                assets[id] = .precomposition(layers: precomposed.map { layer($0) })
            } else {
                assets[id] = .image(
                    LottieImageAsset(
                        width: asset["w"]?.number ?? 0, height: asset["h"]?.number ?? 0, folder: asset["u"]?.string ?? "",
                        name: asset["p"]?.string ?? ""))
            }
        }
        let fonts = (root["fonts"]?["list"]?.array ?? []).compactMap { font -> LottieFont? in
            guard let name = font["fName"]?.string else { return nil }
            return LottieFont(name: name, family: font["fFamily"]?.string, style: font["fStyle"]?.string, path: font["fPath"]?.string)
        }
        let markers = (root["markers"]?.array ?? []).compactMap { marker -> LottieMarker? in
            guard let name = marker["cm"]?.string, let frame = marker["tm"]?.number else { return nil }
            return LottieMarker(name: name, frame: frame, duration: marker["dr"]?.number ?? 0)
        }
        return LottieComposition(
            name: root["nm"]?.string, width: width, height: height, framerate: framerate, startFrame: start, endFrame: end,
            layers: layers.map { layer($0) }, assets: assets, fonts: fonts, markers: markers)
    }

    /// The animation a `.lottie` archive's manifest names first (`animations[0].id`).
    /// The animations a `.lottie` manifest lists, each with its playback settings (lottie-ios's
    /// `DotLottieAnimation`: `loop`, `speed`, `direction`, `mode`); entries without an id are skipped.
    static func manifestAnimations(_ manifest: LottieJSON) -> [DotLottieManifestEntry] {
        (manifest["animations"]?.array ?? []).compactMap { entry in
            guard let id = entry["id"]?.string else { return nil }
            return DotLottieManifestEntry(
                id: id, loops: entry["loop"]?.bool ?? false, speed: entry["speed"]?.number ?? 1,
                direction: entry["direction"]?.number ?? 1, bounces: entry["mode"]?.string == "bounce")
        }
    }

    // MARK: - Layers

    mutating func layer(_ item: LottieJSON) -> LottieLayer {
        let type = item["ty"]?.integer
        let kind: LottieLayer.Kind
        switch type {
        case 0?:
            kind = .precomposition(
                PrecompositionLayer(
                    referenceID: item["refId"]?.string, width: item["w"]?.number, height: item["h"]?.number,
                    timeRemapping: vector(item["tm"])))
        case 1?:
            kind = .solid(SolidLayer(width: item["sw"]?.number ?? 0, height: item["sh"]?.number ?? 0, color: item["sc"]?.string))
        case 2?: kind = .image(referenceID: item["refId"]?.string)
        case 3?: kind = .null
        case 4?: kind = .shape((item["shapes"]?.array ?? []).map { shapeItem($0) })
        case 5?: kind = .text(text(item["t"], at: item.path + ".t"))
        default: kind = .unsupported(type: type)
        }
        return LottieLayer(
            path: item.path, name: item["nm"]?.string ?? "", kind: kind, index: item["ind"]?.integer, parent: item["parent"]?.integer,
            inPoint: item["ip"]?.number, outPoint: item["op"]?.number, startTime: item["st"]?.number ?? 0,
            stretch: item["sr"]?.number ?? 1, transform: item["ks"].map { transform($0) }, hidden: item["hd"]?.bool == true,
            isMatteSource: item["td"]?.bool == true, matte: item["tt"]?.integer, blendMode: item["bm"]?.integer,
            masks: (item["masksProperties"]?.array ?? []).map { mask($0) }, dropShadow: dropShadow(item))
    }

    mutating func transform(_ ks: LottieJSON) -> LottieTransform {
        var t = LottieTransform(path: ks.path)
        t.anchor = vector(ks["a"])
        if let p = ks["p"], p["s"]?.bool == true || p["x"] != nil && p["k"] == nil {
            t.positionX = vector(p["x"])
            t.positionY = vector(p["y"])
        } else {
            t.position = vector(ks["p"])
        }
        t.scale = vector(ks["s"])
        t.rotation = vector(ks["r"] ?? ks["rz"])
        t.rotationX = vector(ks["rx"])
        t.rotationY = vector(ks["ry"])
        t.opacity = vector(ks["o"])
        t.skew = vector(ks["sk"])
        t.skewAxis = vector(ks["sa"])
        t.startOpacity = vector(ks["so"])
        t.endOpacity = vector(ks["eo"])
        return t
    }

    mutating func mask(_ mask: LottieJSON) -> LottieMask {
        LottieMask(path: mask.path, mode: mask["mode"]?.string, inverted: mask["inv"]?.bool == true, shape: bezier(mask["pt"]))
    }

    /// The drop shadow effect (`ef` of type 25) or else the layer style (`sy` of type 1). The
    /// effect's values are found by their names, as lottie-ios finds them ("Shadow Color",
    /// "Opacity", "Direction", "Distance", "Softness": an After Effects export in another
    /// language names them otherwise, and iOS then shows no such value); values with no names
    /// at all are taken in that order.
    mutating func dropShadow(_ item: LottieJSON) -> DropShadow? {
        if let effect = item["ef"]?.array?.first(where: { $0["ty"]?.number == 25 }), let values = effect["ef"]?.array {
            let named = values.contains { $0["nm"]?.string != nil }
            func value(_ name: String, _ position: Int) -> LottieJSON? {
                if named { return values.first { $0["nm"]?.string == name }?["v"] }
                return position < values.count ? values[position]["v"] : nil
            }
            return DropShadow(
                source: .effect, color: color(value("Shadow Color", 0)), opacity: vector(value("Opacity", 1)),
                direction: vector(value("Direction", 2)), distance: vector(value("Distance", 3)), radius: vector(value("Softness", 4)))
        }
        if let style = item["sy"]?.array?.first(where: { $0["ty"]?.number == 1 }) {
            return DropShadow(
                source: .layerStyle, color: color(style["c"]), opacity: vector(style["o"]), direction: vector(style["a"]),
                distance: vector(style["d"]), radius: vector(style["s"]))
        }
        return nil
    }

    // MARK: - Properties

    /// A colour property: RGB(A) in 0…1, its keyframe values divided by 255 where all three of
    /// red, green and blue are over 1 (some exporters write 0…255), as lottie-ios decodes
    /// `LottieColor`, before anything interpolates them.
    mutating func color(_ json: LottieJSON?) -> Animated<Vector>? { vector(json)?.map(Self.normalizedColor) }

    static func normalizedColor(_ c: Vector) -> Vector {
        guard c.count >= 3, c[0] > 1, c[1] > 1, c[2] > 1 else { return c }
        return [c[0] / 255, c[1] / 255, c[2] / 255] + c.dropFirst(3)
    }

    /// A numeric property (`{ a, k }`): numbers, or keyframes of numbers.
    mutating func vector(_ json: LottieJSON?) -> Animated<Vector>? {
        property(json, expected: "numbers") { $0.numbers }
    }

    /// A bezier path property: `{ i, o, v, c }` (or a list of one, as older files write it).
    mutating func bezier(_ json: LottieJSON?) -> Animated<BezierShape>? {
        property(json, expected: "a bezier path { i, o, v, c }") { Self.bezierShape($0) }
    }

    /// `{ k: value }` or `{ k: [keyframes] }`, each value read by `read`; nil when there is no
    /// `k`, or (noted) a value is not what `read` reads.
    mutating func property<Value: Sendable>(_ json: LottieJSON?, expected: String, _ read: (LottieJSON) -> Value?) -> Animated<Value>? {
        guard let json, let k = json["k"] else { return nil }
        guard let items = k.array, let first = items.first, first["t"] != nil, first.isObject else {
            guard let value = read(k) else {
                note(k.path, "expected \(expected); the property is left out")
                return nil
            }
            return Animated(constant: value, path: json.path)
        }
        var frames: [LottieKeyframe<Value>] = []
        var lastRaw: (value: LottieJSON, end: LottieJSON?)?
        for item in items {
            guard let t = item["t"]?.number else { continue }
            // The last keyframe of old files carries only `t`; it ends the segment before it.
            guard let raw = item["s"] ?? lastRaw?.end ?? lastRaw?.value else { continue }
            guard let value = read(raw) else {
                note(raw.path, "expected \(expected); the property is left out")
                return nil
            }
            let end = item["e"]
            func easing(_ key: String) -> Easing? {
                guard let e = item[key], let x = e["x"]?.numbers?.first, let y = e["y"]?.numbers?.first else { return nil }
                return Easing(x: x, y: y)
            }
            frames.append(
                LottieKeyframe(
                    frame: t, value: value, end: end.flatMap(read), out: easing("o"), into: easing("i"), hold: item["h"]?.bool ?? false,
                    spatialOut: item["to"]?.numbers, spatialIn: item["ti"]?.numbers))
            lastRaw = (raw, end)
        }
        guard !frames.isEmpty else { return nil }
        // Sorted by frame: a file out of order still plays forward.
        frames.sort { $0.frame < $1.frame }
        return frames.count == 1 ? Animated(constant: frames[0].value, path: json.path) : Animated(.keyframes(frames), path: json.path)
    }

    /// A bezier shape as numbers: per vertex its point, in-tangent and out-tangent.
    static func bezierShape(_ v: LottieJSON) -> BezierShape? {
        let shape = v.array?.first ?? v
        guard let vertices = shape["v"]?.array, let ins = shape["i"]?.array, let outs = shape["o"]?.array,
            ins.count == vertices.count, outs.count == vertices.count, vertices.count <= 100_000
        else { return nil }
        var flat: Vector = []
        flat.reserveCapacity(vertices.count * 6)
        for k in vertices.indices {
            guard let p = vertices[k].numbers, let i = ins[k].numbers, let o = outs[k].numbers, p.count >= 2, i.count >= 2, o.count >= 2
            else { return nil }
            flat += [p[0], p[1], i[0], i[1], o[0], o[1]]
        }
        return BezierShape(vertices: flat, closed: shape["c"]?.bool ?? false)
    }
}
