import FlipbookCore
import FlipbookUIKit
import Foundation

/// An `emitter` layer's settings (timing-model.md 12.6).
public struct EmitterSpec: Sendable {
    public var position = CGPoint.zero
    public var size = CGSize.zero
    public var shape = "point"
    public var mode = "volume"
    public var renderMode = "unordered"
    public var lifetime = 1.0
    public var velocity = 1.0
    public var scale = 1.0
    public var spin = 1.0
    public var seed: UInt32 = 0
    public var cells: [EmitterCellSpec] = []
}

/// One cell of an emitter: its particle drawing and its numbers by Core Animation name.
public struct EmitterCellSpec: Sendable {
    /// `rectangle` or `circle`, drawn white at `particleSize` and tinted by the cell's colour.
    public var particleShape = "rectangle"
    public var particleSize = CGSize(width: 6, height: 6)
    public var numbers: [String: Double] = [:]
    public var color = RGBA(red: 1, green: 1, blue: 1, alpha: 1)

    /// The numeric cell keys, as CAEmitterCell names them.
    static let numberKeys = [
        "birthRate", "lifetime", "lifetimeRange", "emissionLongitude", "emissionRange", "velocity",
        "velocityRange", "xAcceleration", "yAcceleration", "scale", "scaleRange", "scaleSpeed", "spin",
        "spinRange", "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed",
        "blueSpeed", "alphaSpeed"
    ]
}
