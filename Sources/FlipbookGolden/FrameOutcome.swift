import Flipbook

/// One golden frame compared.
public struct FrameOutcome: Sendable {
    public var index: Int
    public var time: Double
    public var difference: FrameDifference
    public var passed: Bool
    public var expected: PixelBuffer?
    public var actual: PixelBuffer?
}
