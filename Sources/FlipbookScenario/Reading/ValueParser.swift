import FlipbookCore
import FlipbookUIKit
import Foundation

/// Reads property values in the scenario's natural notation (docs/scenario-format.md).
struct ValueParser {
    let sink: DiagnosticSink
    /// Directory that relative file names (images) are resolved against.
    let baseDirectory: URL
    let imageLoader: (URL) throws -> LayerImage
    /// The images read so far: each file once, their pixels counted against the scene's bound.
    let images = SceneImages()

    /// A value of `kind`, or nil after reporting what was expected.
    func value(_ n: YAMLNode, kind: ValueKind) -> AnimatableValue? {
        switch kind {
        case .number: return number(n).map(AnimatableValue.number)
        case .point: return n.numbers(2, "a point [x, y]").map { .point(CGPoint(x: $0[0], y: $0[1])) }
        case .size: return n.numbers(2, "a size [width, height]").map { .size(CGSize(width: $0[0], height: $0[1])) }
        case .rect:
            return n.numbers(4, "a rectangle [x, y, width, height]").map { .rect(CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3])) }
        case .color:
            if n.isNull { return AnimatableValue.none }
            return color(n).map(AnimatableValue.color)
        case .transform: return transform(n).map(AnimatableValue.transform)
        case .path:
            if n.isNull { return AnimatableValue.none }
            return path(n).map(AnimatableValue.path)
        case .bool: return n.bool().map(AnimatableValue.bool)
        case .image:
            if n.isNull { return AnimatableValue.none }
            return image(n).map(AnimatableValue.image)
        case .colorArray:
            guard let items = n.sequence("a list of colours") else { return nil }
            var out: [AnimatableValue] = []
            for i in items {
                guard let c = color(i) else { return nil }
                out.append(.color(c))
            }
            return .array(out)
        case .numberArray:
            return n.numbers(nil, "a list of numbers").map { .array($0.map(AnimatableValue.number)) }
        }
    }

    /// A number; strings with `deg` or `pi` suffixes are angles in radians (`90deg`, `0.5pi`).
    func number(_ n: YAMLNode) -> Double? {
        if let s = n.scalarString?.trimmingSpaces().lowercased() {
            if s.hasSuffix("deg"), let v = Double(s.dropLast(3).trimmingSpaces()), v.isFinite {
                return v * .pi / 180
            }
            if s.hasSuffix("pi") {
                let head = s.dropLast(2).trimmingSpaces()
                if head.isEmpty { return .pi }
                if head == "-" { return -.pi }
                if let v = Double(head), v.isFinite { return v * .pi }
            }
        }
        return n.number("a number (angles may be written 90deg or 0.5pi)")
    }

    /// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` or a UIKit colour name (ColorText, Core's one grammar).
    func color(_ n: YAMLNode) -> RGBA? {
        guard let s = n.scalarString?.trimmingSpaces() else {
            n.fail(ColorText.expected)
            return nil
        }
        if let c = ColorText.parse(s) { return c }
        if s.hasPrefix("#") {
            n.fail(ColorText.expected)
        } else {
            let hint = nearest(to: s, in: Array(ColorText.names.keys)).map { "did you mean '\($0)'?" }
            sink.error("expected \(ColorText.expected), found '\(s)'", at: n.mark, hint: hint)
        }
        return nil
    }

    /// `identity`, CSS-like functions (`translate(10, 0) rotate(45deg) scale(1.5)`, the rightmost
    /// applied first), or 16 numbers m11…m44.
    func transform(_ n: YAMLNode) -> CATransform3D? {
        if case .sequence = n.node {
            return n.numbers(16, "16 numbers m11…m44 or a transform string").map { CATransform3D(entries: $0.map { CGFloat($0) }) }
        }
        guard let text = n.scalarString else {
            n.fail("a transform such as \"scale(1.5) rotate(45deg)\"")
            return nil
        }
        let s = text.trimmingSpaces()
        if s == "identity" || s.isEmpty { return CATransform3DIdentity }
        var functions: [CATransform3D] = []
        var rest = Substring(s)
        while !rest.isEmpty {
            rest = rest.drop { $0 == " " || $0 == "," }
            if rest.isEmpty { break }
            guard let open = rest.firstIndex(of: "("), let close = rest.firstIndex(of: ")"), open < close else {
                sink.error("expected a transform function such as scale(1.5), found '\(rest)'", at: n.mark)
                return nil
            }
            let name = rest[..<open].trimmingSpaces()
            let args = rest[rest.index(after: open)..<close].split(separator: ",").map { $0.trimmingSpaces() }
            rest = rest[rest.index(after: close)...]
            var nums: [Double] = []
            for a in args {
                guard let v = Self.parseNumber(a) else {
                    sink.error("expected a number in \(name)(…), found '\(a)'", at: n.mark)
                    return nil
                }
                nums.append(v)
            }
            func arg(_ i: Int, _ d: Double) -> Double { i < nums.count ? nums[i] : d }
            let f: CATransform3D
            switch name {
            case "translate": f = CATransform3DMakeTranslation(arg(0, 0), arg(1, 0), arg(2, 0))
            case "translateX": f = CATransform3DMakeTranslation(arg(0, 0), 0, 0)
            case "translateY": f = CATransform3DMakeTranslation(0, arg(0, 0), 0)
            case "translateZ": f = CATransform3DMakeTranslation(0, 0, arg(0, 0))
            case "scale": f = CATransform3DMakeScale(arg(0, 1), arg(1, arg(0, 1)), arg(2, 1))
            case "scaleX": f = CATransform3DMakeScale(arg(0, 1), 1, 1)
            case "scaleY": f = CATransform3DMakeScale(1, arg(0, 1), 1)
            case "rotate", "rotateZ": f = CATransform3DMakeRotation(arg(0, 0), 0, 0, 1)
            case "rotateX": f = CATransform3DMakeRotation(arg(0, 0), 1, 0, 0)
            case "rotateY": f = CATransform3DMakeRotation(arg(0, 0), 0, 1, 0)
            case "perspective":
                var m = CATransform3DIdentity
                m.m34 = arg(0, 0) != 0 ? -1 / arg(0, 0) : 0
                f = m
            case "matrix":
                guard nums.count == 6 else {
                    sink.error("matrix(a, b, c, d, tx, ty) takes 6 numbers", at: n.mark)
                    return nil
                }
                f = CATransform3DMakeAffineTransform(
                    CGAffineTransform(a: nums[0], b: nums[1], c: nums[2], d: nums[3], tx: nums[4], ty: nums[5]))
            default:
                let known = [
                    "translate", "translateX", "translateY", "translateZ", "scale", "scaleX", "scaleY", "rotate",
                    "rotateX", "rotateY", "rotateZ", "perspective", "matrix"
                ]
                sink.error(
                    "unknown transform function '\(name)'", at: n.mark,
                    hint: nearest(to: name, in: known).map { "did you mean '\($0)'?" })
                return nil
            }
            functions.append(f)
        }
        return functions.reversed().reduce(CATransform3DIdentity) { CATransform3DConcat($0, $1) }
    }

    /// Numbers, `90deg` and `0.5pi` inside strings.
    static func parseNumber(_ s: String) -> Double? {
        let t = s.lowercased()
        if t.hasSuffix("deg"), let v = Double(t.dropLast(3)) { return v * .pi / 180 }
        if t.hasSuffix("pi") {
            let h = t.dropLast(2)
            if h.isEmpty { return .pi }
            if let v = Double(h) { return v * .pi }
        }
        if let v = Double(t), v.isFinite { return v }
        return nil
    }

    /// SVG path data, or a shorthand mapping: `oval`, `rect`, `roundedRect` (+ `radius`),
    /// `arc` (UIBezierPath's visual `clockwise`), `polyline` (+ `closed`).
    func path(_ n: YAMLNode) -> [PathElement]? {
        // Past the scene's bound, further paths are not even parsed (one error was given).
        guard sink.pathElements <= Limits.maximumScenePathElements, let elements = pathElements(n) else { return nil }
        if elements.count > Limits.maximumPathElements {
            sink.error("the path has \(elements.count) elements; at most \(Limits.maximumPathElements) are allowed", at: n.mark)
            return nil
        }
        // A frame draws every path of the scene: their elements together are bounded too.
        let before = sink.pathElements
        sink.pathElements += elements.count
        if sink.pathElements > Limits.maximumScenePathElements {
            if before <= Limits.maximumScenePathElements {
                sink.error(
                    "the scene's paths have more than \(Limits.maximumScenePathElements) elements together "
                        + "(\(sink.pathElements) with this one); draw fewer or simpler paths", at: n.mark)
            }
            return nil
        }
        return elements
    }

    private func pathElements(_ n: YAMLNode) -> [PathElement]? {
        if let s = n.scalarString {
            do { return try SVGPathParser.parse(s) } catch let e as SVGPathParser.Failure {
                sink.error("invalid path data: \(e.message)", at: n.mark)
                return nil
            } catch { return nil }
        }
        guard
            let pairs = n.mapping(
                allowed: ["oval", "rect", "roundedRect", "radius", "arc", "polyline", "closed"],
                what: "SVG path data or a shape such as { oval: [0, 0, 10, 10] }")
        else { return nil }
        func entry(_ k: String) -> YAMLNode? { pairs.first { $0.key == k }?.value }
        func rect(_ k: String) -> CGRect? {
            entry(k)?.numbers(4, "a rectangle [x, y, width, height]").map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        }
        if entry("oval") != nil { return rect("oval").map { UIBezierPath(ovalIn: $0).cgPath.elements } }
        if entry("rect") != nil { return rect("rect").map { UIBezierPath(rect: $0).cgPath.elements } }
        if entry("roundedRect") != nil {
            guard let r = rect("roundedRect") else { return nil }
            let radius = entry("radius").flatMap { number($0) } ?? 0
            return UIBezierPath(roundedRect: r, cornerRadius: radius).cgPath.elements
        }
        if let arc = entry("arc") {
            guard let a = arc.mapping(allowed: ["center", "radius", "startAngle", "endAngle", "clockwise"]) else { return nil }
            func v(_ k: String) -> YAMLNode? { a.first { $0.key == k }?.value }
            guard let c = v("center")?.numbers(2, "a point [x, y]"), let r = v("radius").flatMap({ number($0) }),
                let s = v("startAngle").flatMap({ number($0) }), let e = v("endAngle").flatMap({ number($0) })
            else {
                sink.error("an arc needs center, radius, startAngle and endAngle", at: arc.mark)
                return nil
            }
            let cw = v("clockwise")?.bool() ?? true
            return UIBezierPath(arcCenter: CGPoint(x: c[0], y: c[1]), radius: r, startAngle: s, endAngle: e, clockwise: cw).cgPath.elements
        }
        if let poly = entry("polyline") {
            guard let items = poly.sequence("a list of points") else { return nil }
            var pts: [CGPoint] = []
            for i in items {
                guard let p = i.numbers(2, "a point [x, y]") else { return nil }
                pts.append(CGPoint(x: p[0], y: p[1]))
            }
            let m = CGMutablePath()
            m.addLines(between: pts)
            if entry("closed")?.bool() == true { m.closeSubpath() }
            return m.elements
        }
        sink.error("expected a shape: oval, rect, roundedRect, arc or polyline", at: n.mark)
        return nil
    }

    func image(_ n: YAMLNode) -> LayerImage? {
        guard let name = n.string("an image file name (PNG, JPEG or WebP)") else { return nil }
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : baseDirectory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            sink.error("image file '\(name)' not found (looked for \(url.path))", at: n.mark)
            return nil
        }
        if let read = images.byPath[url.path] { return read }
        // The scene's bound is checked from the header, before the loader decodes anything.
        // (An image past the bounds of one image is the loader's to refuse, saying so.)
        if let header = SceneImages.header(of: url), header.width <= Limits.maximumStagePixels, header.height <= Limits.maximumStagePixels,
            images.pixels + header.width * header.height > Limits.maximumSceneImagePixels
        {
            sink.error(
                "with this image the scene shows more than \(Limits.maximumSceneImagePixels) pixels of images together "
                    + "(each file counted once)", at: n.mark, hint: "use smaller images: a frame shows them scaled down anyway")
            return nil
        }
        do {
            // "@2x" in the name means two pixels per point, as UIImage reads it.
            let scale: Double = name.contains("@3x") ? 3 : name.contains("@2x") ? 2 : 1
            let img = try imageLoader(url)
            let image =
                img.encodedData.flatMap { LayerImage(encodedData: $0, scale: scale) }
                ?? LayerImage(width: img.width, height: img.height, rgba: img.rgba, scale: scale)
            guard images.admit(pixels: image.width * image.height) else {
                sink.error(
                    "with this image the scene shows more than \(Limits.maximumSceneImagePixels) pixels of images together "
                        + "(each file counted once)", at: n.mark, hint: "use smaller images: a frame shows them scaled down anyway")
                return nil
            }
            images.byPath[url.path] = image
            return image
        } catch {
            sink.error("cannot read image '\(name)': \(error)", at: n.mark)
            return nil
        }
    }
}

/// The images a scene shows: each file read once, and their pixels together, bounded by
/// `Limits.maximumSceneImagePixels` (a scenario's own and its Lottie animations' images).
final class SceneImages {
    var byPath: [String: LayerImage] = [:]
    private(set) var pixels = 0

    /// The size an image file's header declares (its first 64 KB read; a regular file only).
    static func header(of url: URL) -> ImageHeader? {
        let fd = open(url.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: 64 << 10)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
        return count > 0 ? ImageHeader(Data(bytes[..<count])) : nil
    }

    /// Counts `pixels` more; false (nothing counted) when they would pass the bound.
    func admit(pixels more: Int) -> Bool {
        guard pixels + more <= Limits.maximumSceneImagePixels else { return false }
        pixels += more
        return true
    }
}
