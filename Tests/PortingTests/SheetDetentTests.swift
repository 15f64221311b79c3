import Flipbook
import Foundation
import Testing

/// iOS 15 sheets with detents (timing-model.md 11.9 rule 7), written as iOS code writes a
/// "half sheet": medium and large detents, a grabber, the presenter undimmed at medium, and a
/// button that grows the sheet to large with `animateChanges`.
@Suite("sheet detents")
struct SheetDetentTests {
    // ---- iOS code (as written) ----
    final class MapController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
        }

        func showDetails() -> UIViewController {
            let details = UIViewController()
            details.view.backgroundColor = .blue
            if let sheet = details.sheetPresentationController {
                sheet.detents = [.medium(), .large()]
                sheet.prefersGrabberVisible = true
                sheet.largestUndimmedDetentIdentifier = .medium
                sheet.preferredCornerRadius = 20
            }
            present(details, animated: true)
            return details
        }
    }
    final class DetentLog: UISheetPresentationControllerDelegate {
        var changes: [UISheetPresentationController.Detent.Identifier?] = []
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController) {
            changes.append(sheetPresentationController.selectedDetentIdentifier)
        }
    }
    // ---- end ----

    /// The map on a 200 × 300 pt Stage with its details presented in a sheet, settled (at 1 s).
    func shown() -> (Stage, UIViewController) {
        let map = MapController()
        let stage = Stage.hosting(map, size: CGSize(width: 200, height: 300), scale: 1)
        stage.advance(to: 0)
        let details = map.showDetails()
        stage.advance(to: 1)
        return (stage, details)
    }

    func pixel(_ stage: Stage, at time: Double, _ x: Int, _ y: Int) throws -> [Int] { try PresentationTests().pixel(stage, at: time, x, y) }

    @Test("medium: half the large detent's height from the bottom, the presenter undimmed, a grabber and 20 pt corners")
    func medium() throws {
        let (stage, details) = shown()
        let sheet = try #require(details.sheetPresentationController)
        #expect(details.presentationController === sheet, "the sheet set up before is the one presenting")
        // The large detent is 290 pt (from 10 pt below the top); medium is half: 145 pt.
        #expect(details.view.frame == CGRect(x: 0, y: 155, width: 200, height: 145))
        #expect(details.view.layer.cornerRadius == 20)
        let grabber = try #require(details.view.subviews.last)
        #expect(grabber.frame == CGRect(x: 82, y: 5, width: 36, height: 5))
        #expect(try pixel(stage, at: 1, 100, 50) == [255, 255, 255], "the map above, undimmed")
        #expect(try pixel(stage, at: 1, 100, 200) == [0, 0, 255])
    }

    @Test("animateChanges moves the sheet to large in a 0.5 s spring and dims the presenter; a plain set moves it at once")
    func growToLarge() throws {
        let (stage, details) = shown()
        let sheet = try #require(details.sheetPresentationController)
        sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
        stage.advance(to: 1.1)
        let midway = details.view.layer.presentation()?.frame.minY ?? 0
        #expect(midway < 155 && midway > 10, "on its way up: \(midway)")
        #expect(details.view.frame.minY == 10, "the model is at large at once")
        #expect(try pixel(stage, at: 2, 100, 5) == [153, 153, 153], "white under black at 40 %")
        sheet.selectedDetentIdentifier = .medium
        #expect(details.view.frame.minY == 155)
        #expect(try pixel(stage, at: 2, 100, 5) == [255, 255, 255])
    }

    @Test("a custom detent's resolver sets the height, held to the large one; a controller shown full screen has no sheet")
    func customDetent() throws {
        let map = MapController()
        let stage = Stage.hosting(map, size: CGSize(width: 200, height: 300), scale: 1)
        stage.advance(to: 0)
        let details = UIViewController()
        let sheet = try #require(details.sheetPresentationController)
        sheet.detents = [.custom { _ in 80 }, .custom(identifier: .init("tall")) { context in context.maximumDetentValue + 100 }]
        map.present(details, animated: false)
        stage.advance(to: 0.1)
        #expect(details.view.frame == CGRect(x: 0, y: 220, width: 200, height: 80))
        sheet.selectedDetentIdentifier = .init("tall")
        #expect(details.view.frame == CGRect(x: 0, y: 10, width: 200, height: 290))
        let cover = UIViewController()
        cover.modalPresentationStyle = .fullScreen
        #expect(cover.sheetPresentationController == nil)
    }

    @Test("a finger drags the sheet: it follows, past large with a rubber band; let go it goes to the nearer detent; the delegate hears it")
    func dragBetweenDetents() throws {
        let (stage, details) = shown()
        let sheet = try #require(details.sheetPresentationController)
        let log = DetentLog()
        sheet.delegate = log
        // Up 100 pt slowly from medium (top at 155): held at 55, then let go without speed.
        stage.drag(from: CGPoint(x: 100, y: 200), by: CGPoint(x: 0, y: -100), over: 0.5, hold: 0.2, release: .zero, at: 1.1)
        stage.advance(to: 1.75)
        #expect(abs(details.view.frame.minY - 55) < 1, "with the finger, 10 pt of hysteresis aside: \(details.view.frame.minY)")
        let dimmed = try pixel(stage, at: 1.75, 100, 5)
        #expect(dimmed[0] < 255 && dimmed[0] > 153, "dimming part way: \(dimmed)")
        stage.advance(to: 3)
        #expect(details.view.frame.minY == 10 && sheet.selectedDetentIdentifier == .large, "55 is nearer large (10) than medium (155)")
        #expect(log.changes == [.large])
        // Pulled 200 pt up past large, the sheet stretches far less than the finger.
        stage.drag(from: CGPoint(x: 100, y: 100), by: CGPoint(x: 0, y: -200), over: 0.5, hold: 0.2, release: .zero, at: 3.1)
        stage.advance(to: 3.75)
        let stretched = 10 - details.view.frame.minY
        #expect(stretched > 5 && stretched < 100, "rubber band: \(stretched) pt")
        stage.advance(to: 5)
        #expect(details.view.frame.minY == 10 && log.changes == [.large], "back to large, no change heard")
    }

    @Test("a fast flick down dismisses the sheet unless the controller is modal in presentation, when it returns to its detent")
    func flickToDismiss() throws {
        let (stage, details) = shown()
        details.isModalInPresentation = true
        stage.drag(from: CGPoint(x: 100, y: 200), by: CGPoint(x: 0, y: 60), over: 0.1, release: CGPoint(x: 0, y: 1500), at: 1.1)
        stage.advance(to: 2.5)
        #expect(details.presentingViewController != nil && details.view.frame.minY == 155, "modal: back at medium")
        details.isModalInPresentation = false
        stage.drag(from: CGPoint(x: 100, y: 200), by: CGPoint(x: 0, y: 60), over: 0.1, release: CGPoint(x: 0, y: 1500), at: 2.6)
        stage.advance(to: 4)
        #expect(details.presentingViewController == nil, "flicked away")
        #expect(try pixel(stage, at: 4, 100, 200) == [255, 255, 255])
    }
}
