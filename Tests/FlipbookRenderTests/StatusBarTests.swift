import FlipbookCore
import FlipbookUIKit
import Foundation
import Testing

@testable import FlipbookRender

/// The status bar's parts where docs/status-bar.md puts them (points at 1×, white background).
@Suite("status bar")
struct StatusBarTests {
    func bar(_ style: StatusBarLayer.Style, width: CGFloat = 375, _ configure: (StatusBarView) -> Void = { _ in }) throws -> PixelBuffer {
        try render(CGSize(width: width, height: style.height), scale: 2) { stage in
            let view = StatusBarView(style: style, width: width)
            configure(view)
            stage.rootLayer.addSublayer(view.layer)
        }
    }

    /// Whether the pixel at point (x, y) (2× pixels) is dark.
    func dark(_ px: PixelBuffer, _ x: Double, _ y: Double) -> Bool { px.rgb(Int(x * 2), Int(y * 2))[0] < 100 }

    /// Columns (in points) holding a dark pixel between rows y0…y1 (points).
    func darkColumns(_ px: PixelBuffer, rows y0: Double, _ y1: Double, from x0: Double = 0, to x1: Double) -> [Double] {
        stride(from: x0 * 2, to: x1 * 2, by: 1).filter { x in
            stride(from: y0 * 2, to: y1 * 2, by: 1).contains { y in px.rgb(Int(x), Int(y))[0] < 100 }
        }.map { $0 / 2 }
    }

    @Test("classic: five signal dots, the lit ones filled and the rest outlined")
    func classicDots() throws {
        let px = try bar(.classic) { $0.signalBars = 3 }
        // Dot i is 5.5 pt wide at x = 6 + 6.5 i, centred on y = 10.
        for i in 0..<5 {
            let centre = 6 + 6.5 * Double(i) + 2.75
            #expect(dark(px, centre, 10) == (i < 3), "dot \(i) centre")
            #expect(dark(px, centre, 7.6), "dot \(i) rim")
        }
    }

    @Test("the time is centred in the classic style and in the left ear beside a notch")
    func timePlacement() throws {
        let classic = try bar(.classic) {
            $0.carrier = ""
            $0.wifiBars = 0
        }
        let columns = darkColumns(classic, rows: 4, 16, from: 60, to: 300)
        let mid = ((columns.first ?? 0) + (columns.last ?? 0) + 0.5) / 2
        #expect(abs(mid - 187.5) <= 1, "classic time centred at \(mid)")
        let notch = try bar(.notch)
        let ear = darkColumns(notch, rows: 14, 32, to: 150)
        // (375 − 209) / 4 + 12.5 = 54 pt.
        let earMid = ((ear.first ?? 0) + (ear.last ?? 0) + 0.5) / 2
        #expect(abs(earMid - 54) <= 1, "notch time centred at \(earMid)")
    }

    @Test("the battery fills its inside in proportion to the level")
    func batteryLevel() throws {
        // Notch battery: body 24.5 × 12 ending 15.5 pt from the right; inside inset 2 pt.
        let bodyLeft = 375.0 - 14 - 1.5 - 24.5, insideWidth = 24.5 - 4
        for level in [0.25, 0.5, 0.9] {
            let px = try bar(.notch) { $0.batteryLevel = CGFloat(level) }
            let fillEnd = bodyLeft + 2 + insideWidth * level
            #expect(dark(px, fillEnd - 1, 23), "level \(level): inside the fill")
            #expect(!dark(px, fillEnd + 1, 23), "level \(level): past the fill")
        }
    }

    @Test("notch signal: four bars rising, the unlit ones faint")
    func notchBars() throws {
        let px = try bar(.notch) { $0.signalBars = 2 }
        // The bars end 5 pt left of the Wi-Fi glyph (15.5 wide, 5 pt left of the battery).
        let right = 375.0 - 14 - 1.5 - 24.5 - 5 - 15.5 - 5
        let left = right - 4 * 3 - 3 * 1.7
        let greys = (0..<4).map { i in px.rgb(Int((left + Double(i) * 4.7 + 1.5) * 2), Int(27.5 * 2))[0] }
        #expect(greys[0] < 60 && greys[1] < 60, "\(greys)")
        // 30 % black over white: about 178.
        #expect(greys[2] > 150 && greys[2] < 200 && greys[3] > 150 && greys[3] < 200, "\(greys)")
        // Heights rise: bar 0 is 4 pt tall, so nothing of it 5 pt above the bottom (y = 28.5).
        #expect(!dark(px, left + 1.5, 28.5 - 5))
        #expect(dark(px, left + 4.7 + 1.5, 28.5 - 5))
    }

    @Test("the percentage is written beside the battery only when asked, in the content colour")
    func percentageAndColour() throws {
        let bodyLeft = 375.0 - 5.5 - 1.5 - 24.5
        let plain = try bar(.classic)
        #expect(darkColumns(plain, rows: 4, 16, from: bodyLeft - 40, to: bodyLeft - 1).isEmpty)
        let shown = try bar(.classic) { $0.showsBatteryPercentage = true }
        #expect(!darkColumns(shown, rows: 4, 16, from: bodyLeft - 40, to: bodyLeft - 1).isEmpty)
        let light = try render(CGSize(width: 375, height: 20), scale: 2) { stage in
            stage.rootLayer.backgroundColor = CGColor(gray: 0, alpha: 1)
            let view = StatusBarView(style: .classic)
            view.contentColor = .white
            stage.rootLayer.addSublayer(view.layer)
        }
        #expect(light.rgb(Int((6 + 2.75) * 2), 20) == [255, 255, 255])
    }

    @Test("a bar follows its width, and a new setting redraws it")
    func widthAndUpdates() throws {
        let narrow = try bar(.classic, width: 320)
        #expect(dark(narrow, 320 - 5.5 - 1.5 - 12, 10), "the battery at the right of a 320 pt bar")
        let view = StatusBarView(style: .notch)
        #expect(view.frame.size == CGSize(width: 375, height: 44))
        let before = view.layer.sublayers?.count ?? 0
        view.showsBatteryPercentage = true
        #expect((view.layer.sublayers?.count ?? 0) == before + 1)
        view.barStyle = .classic
        #expect(StatusBarLayer.Style.classic.height == 20)
    }

    final class ReplicatingView: UIView { override class var layerClass: AnyClass { CAReplicatorLayer.self } }
    final class EmittingView: UIView { override class var layerClass: AnyClass { CAEmitterLayer.self } }

    @Test("a view's layerClass may name the replicator, emitter and status bar layers")
    func layerClasses() {
        #expect(ReplicatingView(frame: .zero).layer is CAReplicatorLayer)
        #expect(EmittingView(frame: .zero).layer is CAEmitterLayer)
        #expect(StatusBarView(style: .classic).layer is StatusBarLayer)
    }
}
