import Flipbook
import Foundation
import Testing

/// The seed ports (Swift, the posts' own code) and the gallery's scenario files
/// (scenarios/seeds/) drive the same scenes: the same sizes and the same fingers (the port plays
/// the scenario's own touch script). A few values must agree at the same instants.
@Suite("seed ports agree with their scenario files")
struct SeedSceneAgreementTests {
    static let seeds = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scenarios/seeds")

    static func scenario(_ name: String) throws -> ScenarioRuntime {
        ScenarioRuntime(scenario: try ScenarioLoader.load(file: seeds.appendingPathComponent("\(name).yaml").path))
    }

    @Test("seed 000, 2.gif: the ported dots and the scenario's are at the same points of their arcs (414 pt screen)")
    func dotsOnArcs() throws {
        let scene = try Self.scenario("000-dots-on-arcs")
        let stage = Stage(size: CGSize(width: 414, height: 736))
        let controller = SeedPortTests.UnreadController(view: stage.rootView)
        controller.settingUI()
        stage.schedule(at: 1.15) { controller.startAnimation() }  // the tap the scenario reads from the GIF
        for t in [1.0, 1.2, 1.3, 1.4, 1.5, 2.0] {
            stage.advance(to: t)
            scene.stage.advance(to: t)
            for (port, id) in [(controller.layer1, "dot1"), (controller.layer2, "dot2"), (controller.layer3, "dot3")] {
                let ours = try #require(port.presentation()?.position)
                let theirs = try #require(scene.layers[id]?.presentation()?.position)
                #expect(abs(ours.x - theirs.x) < 1e-6 && abs(ours.y - theirs.y) < 1e-6, "t=\(t) \(id): port \(ours), scenario \(theirs)")
            }
        }
    }

    @Test("seed 002: the ported controller under the scenario's finger scrolls as the scenario does, and settles 60 pt open")
    func appcodaPull() throws {
        let scene = try Self.scenario("002-appcoda-letters")
        let touch = try #require(scene.scenario.touches.first)
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 0.75)
        let controller = Seed002PortTests.TableViewController()
        (stage.rootView as? UIWindow)?.rootViewController = controller
        let table = try #require(controller.tableView)
        table.contentInset.top = 64  // under the navigation bar, as the scenario
        table.contentOffset.y = -64
        table.perform(touch.script, at: touch.start)
        let sceneTable = try #require(scene.views["table"] as? UIScrollView)
        for t in [5.5, 5.8, 6.1, 6.3, 6.6, 6.84] {
            stage.advance(to: t)
            scene.stage.advance(to: t)
            #expect(
                abs(table.contentOffset.y - sceneTable.contentOffset.y) < 1e-6,
                "t=\(t): port \(table.contentOffset.y), scenario \(sceneTable.contentOffset.y)")
        }
        // Released at 6.84 with the control refreshing in both: the inset holds it 60 pt open.
        for t in [6.9, 7.0, 7.2, 8.0] {
            stage.advance(to: t)
            scene.stage.advance(to: t)
            #expect(
                abs(table.contentOffset.y - sceneTable.contentOffset.y) < 1e-6,
                "t=\(t): port \(table.contentOffset.y), scenario \(sceneTable.contentOffset.y)")
        }
        #expect(table.contentInset.top == 124 && abs(table.contentOffset.y + 124) < 0.5)
    }

    @Test("seed 003: the code's bend (25 + 75·pull/80) under the scenario's finger is the scenario's bound wave")
    func waveBend() throws {
        let scene = try Self.scenario("003-wave")
        let touch = try #require(scene.scenario.touches.first)
        final class Bender: UIScrollViewDelegate {
            var bend: CGFloat = 25
            func scrollViewDidScroll(_ scrollView: UIScrollView) {
                guard scrollView.isDragging, scrollView.contentOffset.y < 0 else { return }
                bend = 25 + 75 * min(-scrollView.contentOffset.y, 80) / 80
            }
        }
        let stage = Stage(size: CGSize(width: 375, height: 667))
        let list = UIScrollView(frame: CGRect(x: 0, y: 92, width: 375, height: 575))
        list.contentSize = CGSize(width: 375, height: 3276)
        stage.rootView.addSubview(list)
        let bender = Bender()
        list.delegate = bender
        list.perform(touch.script, at: touch.start)
        for t in [0.7, 1.0, 1.3, 1.6, 1.74] {
            stage.advance(to: t)
            scene.stage.advance(to: t)
            let path = try #require((scene.layers["wave"] as? CAShapeLayer)?.path)
            let control = path.elements.compactMap { e -> CGPoint? in if case .quadCurveTo(let c, _) = e { return c } else { return nil } }
                .first
            #expect(
                abs((control?.y ?? 0) + bender.bend) < 1e-6, "t=\(t): the code's bend \(bender.bend), the scenario's \(-(control?.y ?? 0))")
        }
    }

    @Test("seed 001: the ported bounce (scale 1.1, RefreshNewsView.m's) and the scenario's news label scale alike once shown")
    func newsBounce() throws {
        let scene = try Self.scenario("001-news-banner")
        let stage = Stage(size: CGSize(width: 375, height: 667), scale: 2)
        let news = Seed001PortTests.NewsView(frame: CGRect(x: 0, y: 0, width: 375, height: 32))
        stage.rootView.addSubview(news)
        // The scenario shows the bar when the 0.2 s collapse to the news height ends: 3.5 + 0.2 s.
        stage.schedule(at: 3.7) { news.animation(with: news.label, scale: 1.1, alpha: 0, stop: false) }
        for t in [3.8, 3.9, 4.0, 4.1, 4.3] {
            stage.advance(to: t)
            scene.stage.advance(to: t)
            let ours = try #require(news.label.layer.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
            let theirs = try #require(scene.layers["newsLabel"]?.presentation()?.value(forKeyPath: "transform.scale.x") as? CGFloat)
            #expect(abs(ours - theirs) < 1e-6, "t=\(t): port \(ours), scenario \(theirs)")
            let fade = try #require(news.label.layer.presentation()?.opacity),
                sceneFade = try #require(scene.layers["newsLabel"]?.presentation()?.opacity)
            #expect(abs(fade - sceneFade) < 1e-6, "t=\(t): opacity port \(fade), scenario \(sceneFade)")
        }
    }
}
