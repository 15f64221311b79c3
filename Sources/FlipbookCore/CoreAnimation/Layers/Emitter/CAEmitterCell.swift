import Foundation

/// One kind of particle an emitter layer sends out (timing-model.md 12.6). Ranges spread a
/// value uniformly over ± the range; speeds change it per second of the particle's life.
open class CAEmitterCell: NSObject {
    open var name: String?
    open var isEnabled = true
    /// Particles per second.
    open var birthRate: Float = 0
    /// Seconds a particle lives.
    open var lifetime: Float = 0
    open var lifetimeRange: Float = 0
    /// Direction in the plane: 0 is +x, π/2 is +y (down on screen).
    open var emissionLongitude: CGFloat = 0
    open var emissionLatitude: CGFloat = 0
    /// The full angle of the cone directions are spread over.
    open var emissionRange: CGFloat = 0
    open var velocity: CGFloat = 0
    open var velocityRange: CGFloat = 0
    open var xAcceleration: CGFloat = 0
    open var yAcceleration: CGFloat = 0
    open var zAcceleration: CGFloat = 0
    open var scale: CGFloat = 1
    open var scaleRange: CGFloat = 0
    open var scaleSpeed: CGFloat = 0
    /// Radians per second.
    open var spin: CGFloat = 0
    open var spinRange: CGFloat = 0
    open var color: CGColor? = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
    open var redRange: Float = 0, greenRange: Float = 0, blueRange: Float = 0, alphaRange: Float = 0
    open var redSpeed: Float = 0, greenSpeed: Float = 0, blueSpeed: Float = 0, alphaSpeed: Float = 0
    /// The particle's image (a `CGImage`/`LayerImage`); a cell without one draws nothing.
    open var contents: Any?
    open var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    open var contentsScale: CGFloat = 1
    /// Sub-cells are accepted and not emitted (timing-model.md 12.6).
    open var emitterCells: [CAEmitterCell]?

    public override init() { super.init() }

    public static func emitterCell() -> CAEmitterCell { CAEmitterCell() }

    /// The settings as a value, for the Stage's snapshot.
    var settings: EmitterCellSettings {
        EmitterCellSettings(
            isEnabled: isEnabled, birthRate: Double(birthRate), lifetime: Double(lifetime), lifetimeRange: Double(lifetimeRange),
            longitude: emissionLongitude, range: emissionRange, velocity: velocity, velocityRange: velocityRange,
            acceleration: CGPoint(x: xAcceleration, y: yAcceleration), scale: scale, scaleRange: scaleRange,
            scaleSpeed: scaleSpeed, spin: spin, spinRange: spinRange,
            color: color?.rgba ?? RGBA(red: 1, green: 1, blue: 1, alpha: 1),
            colorRange: RGBA(red: Double(redRange), green: Double(greenRange), blue: Double(blueRange), alpha: Double(alphaRange)),
            colorSpeed: RGBA(red: Double(redSpeed), green: Double(greenSpeed), blue: Double(blueSpeed), alpha: Double(alphaSpeed)),
            image: contents as? LayerImage, contentsRect: contentsRect)
    }
}

/// A cell's settings, copied when the emitter is snapshotted.
struct EmitterCellSettings: Sendable, Equatable {
    var isEnabled: Bool
    var birthRate, lifetime, lifetimeRange: Double
    var longitude, range, velocity, velocityRange: Double
    var acceleration: CGPoint
    var scale, scaleRange, scaleSpeed, spin, spinRange: Double
    var color, colorRange, colorSpeed: RGBA
    var image: LayerImage?
    var contentsRect: CGRect
}
