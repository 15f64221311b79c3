import FlipbookCore
import FlipbookUIKit
import Foundation

extension ScenarioRuntime {
    /// Schedules the scripted taps (docs/scenario-format.md, "Taps"): each is `Stage.tap` at a
    /// layer's centre (where it is when the finger comes down) or a canvas point; at the lift,
    /// the topmost layer under the finger with an `onTap` runs it, as a button's action.
    func startTaps() {
        for tap in scenario.taps {
            stage.schedule(at: tap.start) { [weak self] in
                guard let self, let point = self.point(of: tap.target) else { return }
                let lift = self.stage.tap(point, at: tap.start, holding: tap.hold)
                self.stage.schedule(at: lift) { [weak self] in self?.runTapActions(at: point) }
            }
        }
    }

    /// The canvas point a tap aims at.
    private func point(of target: TapSpec.Target) -> CGPoint? {
        switch target {
        case .point(let p): return p
        case .layer(let id):
            guard let layer = layers[id] else { return nil }
            return layer.convert(CGPoint(x: layer.bounds.midX, y: layer.bounds.midY), to: stage.rootLayer)
        }
    }

    /// Runs the `onTap` of the frontmost visible layer under `point` that has one.
    private func runTapActions(at point: CGPoint) {
        guard !scenario.tapActions.isEmpty else { return }
        var hit: String?
        func visit(_ specs: [LayerSpec]) {
            for spec in specs {
                guard let layer = layers[spec.id], !layer.isHidden else { continue }
                if scenario.tapActions[spec.id] != nil, layer.bounds.contains(layer.convert(point, from: stage.rootLayer)) { hit = spec.id }
                visit(spec.sublayers)
            }
        }
        visit(scenario.layers)
        guard let id = hit, let actions = scenario.tapActions[id] else { return }
        stage.record("tap \(id): " + actions.map(Self.describe).joined(separator: "; "))
        perform(actions)
    }
}
