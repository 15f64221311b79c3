import Foundation
import Testing

@testable import FlipbookCore
@testable import FlipbookUIKit

/// What app code reaches for beside animations (issue 43): haptics that a golden test can see
/// fired, iOS 13+ colours with their light-appearance values, dispatch/time.h's units.
@Suite("haptics, system colours, time units")
struct AppCodeBasicsTests {
    @Test("each feedback generator call is a `haptic` entry in the trace, at the Stage time it was made")
    func haptics() {
        let stage = Stage(size: CGSize(width: 10, height: 10), scale: 1)
        let impact = UIImpactFeedbackGenerator(style: .heavy)
        let notification = UINotificationFeedbackGenerator()
        let selection = UISelectionFeedbackGenerator()
        stage.schedule(at: 0.25) {
            impact.prepare()
            impact.impactOccurred()
        }
        stage.schedule(at: 0.5) { UIImpactFeedbackGenerator().impactOccurred(intensity: 1.7) }
        stage.schedule(at: 0.75) {
            notification.notificationOccurred(.success)
            selection.selectionChanged()
        }
        stage.advance(to: 1)
        let haptics = stage.trace.filter {
            if case .haptic = $0.kind { return true }
            return false
        }.map(\.description)
        #expect(
            haptics == [
                "0.2500 haptic prepare UIImpactFeedbackGenerator", "0.2500 haptic impactOccurred heavy",
                "0.5000 haptic impactOccurred medium intensity 1.00", "0.7500 haptic notificationOccurred success",
                "0.7500 haptic selectionChanged"
            ], "\(haptics)")
    }

    @Test("system and semantic colours have iOS's light-appearance values")
    func systemColours() {
        func bytes(_ c: UIColor) -> [Int] {
            let v = c.cgColor.rgba
            return [v.red, v.green, v.blue].map { Int(($0 * 255).rounded()) } + [Int((v.alpha * 100).rounded())]
        }
        #expect(bytes(.systemPink) == [255, 45, 85, 100])
        #expect(bytes(.systemOrange) == [255, 149, 0, 100])
        #expect(bytes(.systemYellow) == [255, 204, 0, 100])
        #expect(bytes(.systemPurple) == [175, 82, 222, 100])
        #expect(bytes(.systemTeal) == [48, 176, 199, 100])
        #expect(bytes(.systemIndigo) == [88, 86, 214, 100])
        #expect(bytes(.systemMint) == [0, 199, 190, 100])
        #expect(bytes(.systemCyan) == [50, 173, 230, 100])
        #expect(bytes(.systemBrown) == [162, 132, 94, 100])
        #expect(
            [UIColor.systemGray2, .systemGray3, .systemGray4, .systemGray5, .systemGray6].map(bytes).map { $0[0] } == [
                174, 199, 209, 229, 242
            ])
        #expect(bytes(.label) == [0, 0, 0, 100] && bytes(.secondaryLabel) == [60, 60, 67, 60] && bytes(.tertiaryLabel) == [60, 60, 67, 30])
        #expect(bytes(.systemBackground) == [255, 255, 255, 100] && bytes(.secondarySystemBackground) == [242, 242, 247, 100])
        #expect(bytes(.separator) == [60, 60, 67, 29] && bytes(.systemFill) == [120, 120, 128, 20])
    }

    @Test("NSEC_PER_SEC and friends are dispatch/time.h's UInt64 units")
    func timeUnits() {
        let delay = Double(Int64(0.5 * Double(NSEC_PER_SEC))) / Double(NSEC_PER_SEC)
        #expect(delay == 0.5 && NSEC_PER_MSEC == 1_000_000 && USEC_PER_SEC == 1_000_000 && NSEC_PER_USEC == 1000)
        #expect(type(of: NSEC_PER_SEC) == UInt64.self)
    }
}
