import Flipbook
import FlipbookComparison

/// One golden frame compared.
public struct FrameOutcome: Sendable {
    public var index: Int
    public var time: Double
    public var difference: FrameDifference
    public var passed: Bool
    public var expected: PixelBuffer?
    public var actual: PixelBuffer?
    /// The golden frame's PNG as recorded, when `expected` was decoded from it: written as the
    /// failure's expected picture as it is (no second encoding).
    public var expectedPNG: [UInt8]? = nil
}
