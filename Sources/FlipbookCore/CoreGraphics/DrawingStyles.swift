import Foundation

// Core Graphics' drawing enumerations, used by UIKit's paths and drawing calls as on iOS.

/// Line cap styles, as Core Graphics names them.
public enum CGLineCap: Int32, Sendable { case butt, round, square }
/// Line join styles, as Core Graphics names them.
public enum CGLineJoin: Int32, Sendable { case miter, round, bevel }

/// How drawing combines with what is there. Accepted for source compatibility; every mode
/// draws as `.normal` (Flipbook's contexts record no blend modes).
public enum CGBlendMode: Int32, Sendable {
    case normal, multiply, screen, overlay, darken, lighten, colorDodge, colorBurn, softLight, hardLight, difference, exclusion
    case hue, saturation, color, luminosity, clear, copy, sourceIn, sourceOut, sourceAtop, destinationOver, destinationIn
    case destinationOut, destinationAtop, xor, plusDarker, plusLighter
}
