import FlipbookCore
import FlipbookRender
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookLottie

/// Frames iOS drew through Core Animation (lottie-ios's snapshot suite, Fixtures/README.md),
/// drawn here at the same size and instant and held to lottie-ios's own rule: at least 98.5 %
/// of pixels within 3 ΔE (CIE76), composited over white and over black. These frames pass
/// today; a change to the mapping that breaks one fails here (docs/lottie.md).
@Suite("Lottie frames as iOS draws them")
struct LottieSnapshotTests {
    static let fixtures = Bundle.module.url(forResource: "Fixtures", withExtension: nil)!

    /// Every snapshot: its sample file and the instant its name gives (`NAME-50` is 50 %,
    /// `NAME-Frame-12` frame 12).
    static let cases: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("snapshots").path)) ?? []
        return names.filter { $0.hasSuffix(".png") }.map { String($0.dropLast(4)) }.sorted()
    }()

    @Test("there are snapshots to check")
    func present() { #expect(Self.cases.count == 76) }

    @Test("drawn as iOS draws it, by lottie-ios's rule", arguments: cases)
    func matches(_ snapshot: String) throws {
        let samples = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent("samples").path)
        let file = try #require(
            samples.filter { snapshot.hasPrefix(($0 as NSString).deletingPathExtension + "-") }
                .max { $0.count < $1.count })
        let animation = try LottieAnimation.load(file: Self.fixtures.appendingPathComponent("samples/\(file)").path)
        let instant = String(snapshot.dropFirst((file as NSString).deletingPathExtension.count + 1))
        let frame =
            instant.hasPrefix("Frame-")
            ? try #require(Double(instant.dropFirst(6)))
            : animation.frame(atProgress: try #require(Double(instant)) / 100)
        let expected = try PNGCodec.read(Self.fixtures.appendingPathComponent("snapshots/\(snapshot).png"))
        let size = Self.snapshotSize(animation)
        #expect(
            (2 * size.width - 1e-6).rounded(.up) == Double(expected.width)
                && (2 * size.height - 1e-6).rounded(.up) == Double(expected.height))
        let (stage, _) = try LottieAnimationLayer.stage(showing: animation, at: frame, size: size, scale: 2)
        let actual = try FrameRasterizer.rasterize(stage.snapshot(), background: nil)
        let share = Self.matchingShare(actual, expected)
        #expect(share >= 0.985, "\(snapshot): \(String(format: "%.2f", (1 - share) * 100)) % of pixels differ")
    }

    /// lottie-ios's snapshot size (SnapshotTests.swift `snapshotSize`): the longer side clamped to
    /// 500 points, the aspect kept; its image is that at 2x, rounded up.
    static func snapshotSize(_ animation: LottieAnimation) -> CGSize {
        let w = animation.width, h = animation.height
        if w > h {
            let width = min(w, 500)
            return CGSize(width: width, height: width * h / w)
        }
        let height = min(h, 500)
        return CGSize(width: height * w / h, height: height)
    }

    /// The share of pixels within 3 ΔE (CIE76) over both a white and a black backdrop.
    static func matchingShare(_ a: PixelBuffer, _ b: PixelBuffer) -> Double {
        guard a.width == b.width, a.height == b.height else { return 0 }
        let x = a.rgba, y = b.rgba
        var matching = 0
        for i in stride(from: 0, to: x.count, by: 4) {
            var ok = true
            for backdrop in [1.0, 0.0] {
                let p = lab(over(x, i, backdrop)), q = lab(over(y, i, backdrop))
                let d = ((p.0 - q.0) * (p.0 - q.0) + (p.1 - q.1) * (p.1 - q.1) + (p.2 - q.2) * (p.2 - q.2)).squareRoot()
                if d > 3 { ok = false }
            }
            if ok { matching += 1 }
        }
        return Double(matching) / Double(x.count / 4)
    }

    static func over(_ rgba: [UInt8], _ i: Int, _ backdrop: Double) -> (Double, Double, Double) {
        let alpha = Double(rgba[i + 3]) / 255
        func c(_ k: Int) -> Double { Double(rgba[i + k]) / 255 * alpha + backdrop * (1 - alpha) }
        return (c(0), c(1), c(2))
    }

    /// sRGB to CIE Lab (D65), as score.py converts.
    static func lab(_ rgb: (Double, Double, Double)) -> (Double, Double, Double) {
        func linear(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        let r = linear(rgb.0), g = linear(rgb.1), b = linear(rgb.2)
        let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
        let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
        let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 216 / 24389 ? cbrt(t) : (24389 / 27 * t + 16) / 116 }
        return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))
    }
}
