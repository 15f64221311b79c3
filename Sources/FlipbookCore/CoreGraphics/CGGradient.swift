import Foundation

/// Core Graphics' gradient: colours at locations from 0 to 1, blended in between.
public final class CGGradient: Sendable {
    /// (location, colour) in location order.
    public let stops: [GradientStop]

    /// A gradient of `colors` (`CGColor`s or `UIColor`s) at `locations` (one per colour, 0 to 1;
    /// nil: spread evenly); nil when fewer than one colour is given, as Core Graphics answers.
    public init?(colorsSpace space: CGColorSpace?, colors: CFArray, locations: UnsafePointer<CGFloat>?) {
        let colours: [RGBA] = colors.compactMap { element in
            switch element {
            case let c as CGColor: c.rgba
            case let c as any CGColorBridging: c.cgColor.rgba
            default: nil
            }
        }
        guard !colours.isEmpty else { return nil }
        stops = Self.stops(colours, locations: locations)
    }

    /// A gradient from `count` colours given as components in `space` (gray and alpha, or red,
    /// green, blue and alpha, each) at `locations` (nil: spread evenly).
    public init?(
        colorSpace space: CGColorSpace, colorComponents components: UnsafePointer<CGFloat>,
        locations: UnsafePointer<CGFloat>?, count: Int
    ) {
        // A bound on what a caller's count may make the gradient read and hold.
        guard count > 0, count <= 65_536 else { return nil }
        let perColour = space.numberOfComponents + 1
        let colours = (0..<count).map { i -> RGBA in
            let c = components + i * perColour
            return perColour == 2
                ? RGBA(red: c[0], green: c[0], blue: c[0], alpha: c[1])
                : RGBA(red: c[0], green: c[1], blue: c[2], alpha: c[3])
        }
        stops = Self.stops(colours, locations: locations)
    }

    private static func stops(_ colours: [RGBA], locations: UnsafePointer<CGFloat>?) -> [GradientStop] {
        let n = colours.count
        let placed = colours.indices.map { i in
            GradientStop(
                location: locations.map { Double($0[i]) } ?? (n == 1 ? 0 : Double(i) / Double(n - 1)),
                color: colours[i])
        }
        // Core Graphics reads the locations in order; out-of-order lists are sorted, stably.
        return placed.enumerated().sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }.map(\.element)
    }
}

/// One colour of a gradient at its location (0 to 1).
public struct GradientStop: Equatable, Sendable {
    public var location: Double
    public var color: RGBA
}

/// Whether a gradient's end colours spread past its start and end.
public struct CGGradientDrawingOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The start colour fills before the start point (or inside the start circle).
    public static let drawsBeforeStartLocation = CGGradientDrawingOptions(rawValue: 1)
    /// The end colour fills past the end point (or outside the end circle).
    public static let drawsAfterEndLocation = CGGradientDrawingOptions(rawValue: 2)
}

/// A gradient painted over the clipping area, as recorded for the renderer.
public struct GradientDrawing: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case linear(start: CGPoint, end: CGPoint)
        case radial(startCenter: CGPoint, startRadius: Double, endCenter: CGPoint, endRadius: Double)
    }
    public var kind: Kind
    public var stops: [GradientStop]
    public var extendsBefore: Bool
    public var extendsAfter: Bool
}

extension CGContext {
    /// Paints `gradient` along the line from `start` to `end` across the clipping area.
    public func drawLinearGradient(_ gradient: CGGradient, start: CGPoint, end: CGPoint, options: CGGradientDrawingOptions) {
        appendCommand(
            .drawGradient(
                GradientDrawing(
                    kind: .linear(start: start, end: end), stops: gradient.stops,
                    extendsBefore: options.contains(.drawsBeforeStartLocation),
                    extendsAfter: options.contains(.drawsAfterEndLocation))))
    }

    /// Paints `gradient` between two circles across the clipping area.
    public func drawRadialGradient(
        _ gradient: CGGradient, startCenter: CGPoint, startRadius: CGFloat, endCenter: CGPoint, endRadius: CGFloat,
        options: CGGradientDrawingOptions
    ) {
        appendCommand(
            .drawGradient(
                GradientDrawing(
                    kind: .radial(
                        startCenter: startCenter, startRadius: max(0, Double(startRadius)), endCenter: endCenter,
                        endRadius: max(0, Double(endRadius))),
                    stops: gradient.stops,
                    extendsBefore: options.contains(.drawsBeforeStartLocation),
                    extendsAfter: options.contains(.drawsAfterEndLocation))))
    }
}
