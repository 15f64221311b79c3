import Flipbook
import Foundation
import Testing

@testable import FlipbookSnapshotTesting

/// The strategies as an iOS snapshot suite calls them (`verifySnapshot` is `assertSnapshot`
/// returning its message), against references Flipbook wrote and references it did not.
@Suite struct SnapshotStrategyTests {
    /// A 20×10-point view: red left half, white right half.
    func halves(right: UIColor = .white) -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        view.backgroundColor = right
        let left = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        left.backgroundColor = .red
        view.addSubview(left)
        return view
    }

    var fixtures: String { Bundle.module.resourcePath! + "/Fixtures" }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func pixels(_ image: UIImage) throws -> PixelBuffer { try #require(SnapshotPixels.pixels(of: image)) }

    @Test func recordsOnFirstRunPassesOnSecondFailsWhenTheViewChanges() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let strategy = Snapshotting<UIView, UIImage>.image(precision: 0.99, perceptualPrecision: 0.98, traits: .init(displayScale: 2))
        let first = verifySnapshot(of: halves(), as: strategy, named: "halves", record: .missing, snapshotDirectory: folder.path)
        #expect(first?.contains("No reference was found on disk") == true)
        let stored = folder.appendingPathComponent("recordsOnFirstRunPassesOnSecondFailsWhenTheViewChanges.halves.png")
        let reference = try PNGCodec.read(stored)
        #expect(reference.width == 40 && reference.height == 20)
        #expect(verifySnapshot(of: halves(), as: strategy, named: "halves", record: .missing, snapshotDirectory: folder.path) == nil)
        let changed = verifySnapshot(
            of: halves(right: .blue), as: strategy, named: "halves", record: .never, snapshotDirectory: folder.path)
        let message = try #require(changed)
        #expect(message.contains("The percentage of pixels that match 0.5 is less than required 0.99"))
        #expect(message.contains("400 pixels (50.00 %) differ, within x 10–20, y 0–10 pt"))
    }

    @Test func readsAReferencePillowDrew() {
        let strategy = Snapshotting<UIView, UIImage>.image(traits: .init(displayScale: 2))
        let exact = verifySnapshot(
            of: halves(), as: strategy, named: "pillow", record: .never, snapshotDirectory: fixtures, testName: "reference")
        #expect(exact == nil)
        // Pillow's red is 1.4 ΔE94 off ours: exact fails, the eye's precision (0.98) passes.
        let off = verifySnapshot(
            of: halves(), as: strategy, named: "offRed", record: .never, snapshotDirectory: fixtures, testName: "reference")
        #expect(
            off?.contains("Newly-taken snapshot does not match reference.\n400 pixels (50.00 %) differ, within x 0–10, y 0–10 pt") == true)
        let perceptual = Snapshotting<UIView, UIImage>.image(perceptualPrecision: 0.98, traits: .init(displayScale: 2))
        #expect(
            verifySnapshot(
                of: halves(), as: perceptual, named: "offRed", record: .never, snapshotDirectory: fixtures, testName: "reference") == nil)
    }

    @Test func aReferenceAtThreeTimesSaysSo() throws {
        let strategy = Snapshotting<UIView, UIImage>.image(traits: .init(displayScale: 1))
        let message = verifySnapshot(
            of: halves(), as: strategy, named: "pillow", record: .never, snapshotDirectory: fixtures, testName: "reference")
        #expect(message?.contains("The reference was drawn at 2x: pass traits: .init(displayScale: 2)") == true)
    }

    @Test func theModelIsDrawnAsRenderInContextDraws() throws {
        // An animation in flight when the snapshot is taken: iOS's render(in:) shows the model.
        let view = halves()
        UIView.animate(withDuration: 1) { view.backgroundColor = .blue }
        let model = try pixels(SnapshotStage.images(of: view, size: nil, traits: .init(displayScale: 1), moments: [.model])[0])
        #expect(model.pixel(x: 15, y: 5) == (0, 0, 255, 255))
        let start = try pixels(
            SnapshotStage.images(of: view, size: nil, traits: .init(displayScale: 1), moments: [.presentation(at: 0)])[0])
        #expect(start.pixel(x: 15, y: 5) == (255, 255, 255, 255))
        let half = try pixels(
            SnapshotStage.images(of: view, size: nil, traits: .init(displayScale: 1), moments: [.presentation(at: 0.5)])[0])
        let p = half.pixel(x: 15, y: 5)
        #expect(p.b == 255 && p.r > 20 && p.r < 235)
    }

    @Test func aViewTurnedInThreeDIsDrawnFlatAsRenderInContextDraws() throws {
        // The red half turned 60° about y: 5 pt wide on screen, its whole 10 pt in render(in:).
        let view = halves()
        view.subviews[0].layer.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        let model = try pixels(SnapshotStage.images(of: view, size: nil, traits: .init(displayScale: 1), moments: [.model])[0])
        #expect(model.pixel(x: 1, y: 5) == (255, 0, 0, 255) && model.pixel(x: 8, y: 5) == (255, 0, 0, 255))
        let screen = try pixels(
            SnapshotStage.images(of: view, size: nil, traits: .init(displayScale: 1), moments: [.presentation(at: 0)])[0])
        #expect(screen.pixel(x: 1, y: 5) == (255, 255, 255, 255) && screen.pixel(x: 5, y: 5) == (255, 0, 0, 255))
    }

    @Test func anAnimationViewShowsTheFrameItHolds() throws {
        // A red square fading in over frames 0–10, held at frame 5: its frame is animations, so
        // the model drawing shows their presentation (50 % red), not the bare model (nothing).
        let animationView = LottieAnimationView(filePath: fixtures + "/fading-square.json")
        animationView.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        animationView.currentProgress = 0.5
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
        container.addSubview(animationView)
        let image = try pixels(SnapshotStage.images(of: container, size: nil, traits: .init(displayScale: 1), moments: [.model])[0])
        #expect(image.pixel(x: 20, y: 20) == (255, 0, 0, 128) && image.pixel(x: 5, y: 5) == (0, 0, 0, 0))
    }

    @Test func framesLieSideBySide() throws {
        let strategy = Snapshotting<UIView, UIImage>.frames(at: [0, 1], traits: .init(displayScale: 1))
        var strip: UIImage?
        strategy.snapshot(slidingHalves()).run { strip = $0 }
        let image = try pixels(try #require(strip))
        #expect(image.width == 40 && image.height == 10)
        #expect(image.pixel(x: 2, y: 5) == (255, 0, 0, 255) && image.pixel(x: 12, y: 5) == (255, 255, 255, 255))
        #expect(image.pixel(x: 22, y: 5) == (255, 255, 255, 255) && image.pixel(x: 32, y: 5) == (255, 0, 0, 255))
    }

    /// `halves()` whose red half slides from x 5 to 15 (its centre) over a second.
    func slidingHalves() -> UIView {
        let view = halves()
        let layer = view.subviews[0].layer
        layer.position.x = 15
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = 5
        move.toValue = 15
        move.duration = 1
        layer.add(move, forKey: "move")
        return view
    }

    @Test func anAnimationIsStoredAsAnimatedPNGAndComparedFrameByFrame() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let strategy = Snapshotting<UIView, UIImage>.animation(duration: 1, fps: 4, traits: .init(displayScale: 1))
        let first = verifySnapshot(of: slidingHalves(), as: strategy, named: "slide", record: .missing, snapshotDirectory: folder.path)
        #expect(first?.contains("No reference was found on disk") == true)
        let file = folder.appendingPathComponent("anAnimationIsStoredAsAnimatedPNGAndComparedFrameByFrame.slide.png")
        let stream = try APNGFrameStream(url: file)
        let frames = try stream.allFrames(name: file.path)
        #expect(frames.count == 5 && stream.starts == [0, 0.25, 0.5, 0.75, 1])
        #expect(frames[0].pixel(x: 2, y: 5) == (255, 0, 0, 255) && frames[4].pixel(x: 2, y: 5) == (255, 255, 255, 255))
        #expect(verifySnapshot(of: slidingHalves(), as: strategy, named: "slide", record: .never, snapshotDirectory: folder.path) == nil)
        // Slower: the frames after the first differ, each named with its instant.
        let slower = slidingHalves()
        let slow = CABasicAnimation(keyPath: "position.x")
        slow.fromValue = 5
        slow.toValue = 15
        slow.duration = 2
        slower.subviews[0].layer.add(slow, forKey: "move")
        let message = try #require(
            verifySnapshot(of: slower, as: strategy, named: "slide", record: .never, snapshotDirectory: folder.path))
        #expect(message.contains("4 of 5 frames differ from the reference.\nframe 1 (t = 0.250 s): Newly-taken snapshot does not match"))
        #expect(message.contains("frame 4 (t = 1.000 s):") && !message.contains("frame 0 "))
        let shorter = Snapshotting<UIView, UIImage>.animation(duration: 0.5, fps: 4, traits: .init(displayScale: 1))
        let count = verifySnapshot(of: slidingHalves(), as: shorter, named: "slide", record: .never, snapshotDirectory: folder.path)
        #expect(count?.contains("The animation has 3 frames; its reference has 5 (at 4 fps).") == true)
    }

    @Test func theViewGoesBackWhereItWas() throws {
        let stage = Stage(size: CGSize(width: 50, height: 50))
        let parent = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        stage.rootView.addSubview(parent)
        let first = UIView(frame: CGRect(x: 1, y: 2, width: 3, height: 4)), view = halves(), last = UIView()
        view.frame = CGRect(x: 5, y: 6, width: 20, height: 10)
        for v in [first, view, last] { parent.addSubview(v) }
        _ = SnapshotStage.images(of: view, size: CGSize(width: 30, height: 30), traits: .init(displayScale: 1), moments: [.model])
        #expect(parent.subviews.map { ObjectIdentifier($0) } == [first, view, last].map { ObjectIdentifier($0) })
        #expect(view.frame == CGRect(x: 5, y: 6, width: 20, height: 10))
        #expect(Stage.current === stage)
    }

    @Test func aLayerIsDrawnInItsOwnCoordinates() throws {
        let holder = CALayer()
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 8, height: 4)
        layer.position = CGPoint(x: 100, y: 100)
        layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
        layer.backgroundColor = UIColor.red.cgColor
        holder.addSublayer(layer)
        let image = try pixels(SnapshotStage.images(of: layer, traits: .init(displayScale: 1), moments: [.model])[0])
        #expect(image.width == 8 && image.height == 4 && image.pixel(x: 7, y: 3) == (255, 0, 0, 255))
        #expect(layer.superlayer === holder && layer.position == CGPoint(x: 100, y: 100))
        #expect(CATransform3DEqualToTransform(layer.transform, CATransform3DMakeRotation(.pi / 2, 0, 0, 1)))
    }

    /// A controller whose banner hangs from its safe area's top.
    final class BannerController: UIViewController {
        override func viewDidLoad() {
            super.viewDidLoad()
            view.backgroundColor = .white
            let banner = UIView()
            banner.backgroundColor = .red
            banner.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(banner)
            NSLayoutConstraint.activate([
                banner.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
                banner.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                banner.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                banner.heightAnchor.constraint(equalToConstant: 20)
            ])
        }
    }

    @Test func aControllerOnADeviceGetsItsSizeAndSafeArea() throws {
        let controller = BannerController()
        let image = try pixels(
            SnapshotStage.images(
                of: controller, config: .iPhone13, size: nil, traits: .init(displayScale: 1), moments: [.model])[0])
        #expect(image.width == 390 && image.height == 844)
        #expect(image.pixel(x: 200, y: 46) == (255, 255, 255, 255))
        #expect(image.pixel(x: 200, y: 47) == (255, 0, 0, 255) && image.pixel(x: 200, y: 66) == (255, 0, 0, 255))
        #expect(image.pixel(x: 200, y: 67) == (255, 255, 255, 255))
        #expect(controller.view.superview == nil)
        let landscape = try pixels(
            SnapshotStage.images(
                of: BannerController(), config: .iPhone13(.landscape), size: nil, traits: .init(displayScale: 1), moments: [.model])[0])
        #expect(landscape.width == 844 && landscape.height == 390 && landscape.pixel(x: 400, y: 0) == (255, 0, 0, 255))
    }

    @Test func aNavigationControllerStartsBelowTheStatusBar() throws {
        let navigation = UINavigationController(rootViewController: BannerController())
        let image = try pixels(
            SnapshotStage.images(
                of: navigation, config: .iPhone13, size: nil, traits: .init(displayScale: 1), moments: [.model])[0])
        #expect(image.width == 390 && image.height == 844 - 47)
    }

    @Test func devicesHaveTheirScreens() {
        #expect(ViewImageConfig.iPhoneSe.size == CGSize(width: 320, height: 568))
        #expect(ViewImageConfig.iPhoneX(.landscape).safeArea == UIEdgeInsets(top: 0, left: 44, bottom: 24, right: 44))
        #expect(ViewImageConfig.iPhone13Mini.safeArea == UIEdgeInsets(top: 50, left: 0, bottom: 34, right: 0))
        #expect(ViewImageConfig.iPadPro11(.portrait(splitView: .twoThirds)).size == CGSize(width: 504, height: 1194))
        #expect(ViewImageConfig.iPadPro11(.portrait(splitView: .twoThirds)).traits.horizontalSizeClass == .compact)
        #expect(ViewImageConfig.iPadMini.size == CGSize(width: 1024, height: 768))
        #expect(ViewImageConfig.iPhone13(.landscape).traits.verticalSizeClass == .compact)
        #expect(UITraitCollection(traitsFrom: [.init(displayScale: 3), .init(userInterfaceStyle: .dark)]).displayScale == 3)
    }

    /// A controller subclass, as every app's are.
    final class PlainController: UIViewController {}

    @Test func subclassesTakeTheirBaseClassStrategies() throws {
        // As on iOS, `of:` a UILabel, a CAShapeLayer or a controller subclass finds the UIView,
        // CALayer and UIViewController strategies.
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let label = UILabel(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        label.text = "Hi"
        let shape = CAShapeLayer()
        shape.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        shape.path = CGPath(ellipseIn: shape.bounds, transform: nil)
        let messages = [
            verifySnapshot(of: label, as: .image, named: "label", record: .all, snapshotDirectory: folder.path),
            verifySnapshot(of: shape, as: .image(precision: 0.99), named: "shape", record: .all, snapshotDirectory: folder.path),
            verifySnapshot(
                of: PlainController(), as: .image(on: .iPhoneSe, traits: .init(displayScale: 1)), named: "controller", record: .all,
                snapshotDirectory: folder.path)
        ]
        #expect(messages.allSatisfy { $0?.contains("Record mode is on") == true }, "\(messages)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files.count == 3 && files.allSatisfy { $0.hasSuffix(".png") }, "\(files)")
    }

    @Test func anEmptyViewSaysWhatToDo() {
        let folder = FileManager.default.temporaryDirectory.path
        let message = verifySnapshot(
            of: UIView(), as: .image, named: "empty-\(UUID().uuidString)", record: .never, snapshotDirectory: folder)
        #expect(message?.contains("No reference was found on disk") == true)
        let failure = Diffing<UIImage>.imageFailure(UIImage(), UIImage(), precision: 1, perceptualPrecision: 1)
        #expect(failure == "Reference image could not be loaded.")
        let red = SnapshotPixels.image(PixelBuffer(width: 1, height: 1, rgba: [255, 0, 0, 255]), scale: 1)
        #expect(
            Diffing<UIImage>.imageFailure(red, UIImage(), precision: 1, perceptualPrecision: 1)?.contains("give it a frame or pass size:")
                == true)
    }
}
