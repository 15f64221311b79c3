import FlipbookCore
import Foundation

/// A scripted finger, played on the Stage clock (ours: a device has a finger): on a scroll view
/// through `UIScrollView.perform(_:at:)` (points in its visible area), or on the screen through
/// `Stage.perform(_:at:)` (points in the root view, delivered through gesture recognizers).
/// The finger touches down, moves by distances over durations along timing curves, holds, and
/// lifts. Moves are sampled at 60 Hz of Stage time (the rate of a device's touch
/// events), whatever the render's frame rate, so a scene looks the same at 10 or 60 fps.
///
/// Lifting without an explicit velocity uses the finger's own last motion: the distance
/// between its last two samples over the time between them (a move's final 1/60 s) when it
/// lifts at its last sample; a finger that has been still for 1/60 s or more lifts at zero
/// velocity (as `UIPanGestureRecognizer.velocity(in:)` reports a finger that stopped).
public struct TouchScript: Sendable, Equatable {
    public enum Step: Sendable, Equatable {
        /// The finger touches down at the scroll view's centre: `beginDragging()` (on a Stage:
        /// the screen's centre).
        case touchDown
        /// The finger touches down at a point of the scroll view's visible area (from its top
        /// left corner, in points; a NaN coordinate is the centre's on that axis):
        /// `beginDragging(at:)`. Where it is matters to code that reads
        /// `panGestureRecognizer.location(in:)`.
        case touchDownAt(CGPoint)
        /// The finger moves by `translation` (positive y pulls the content down) over
        /// `duration` seconds, its progress following `curve`.
        case move(by: CGPoint, duration: Double, curve: CAMediaTimingFunction)
        /// The finger stays where it is for `duration` seconds.
        case hold(Double)
        /// The finger lifts, at `velocity` points per second, or at its own last motion's
        /// velocity when nil.
        case release(velocity: CGPoint?)

        /// Equal steps do the same thing: a NaN coordinate ("the centre") equals itself here.
        public static func == (a: Step, b: Step) -> Bool {
            func same(_ x: CGFloat, _ y: CGFloat) -> Bool { x == y || (x.isNaN && y.isNaN) }
            switch (a, b) {
            case (.touchDown, .touchDown): return true
            case let (.touchDownAt(p), .touchDownAt(q)): return same(p.x, q.x) && same(p.y, q.y)
            case let (.move(b1, d1, c1), .move(b2, d2, c2)): return b1 == b2 && d1 == d2 && c1 == c2
            case let (.hold(x), .hold(y)): return x == y
            case let (.release(v), .release(w)): return v == w
            default: return false
            }
        }
    }

    /// How often a moving finger reports its position (Hz of Stage time).
    public static let sampleRate = 60.0

    public var steps: [Step]

    public init(_ steps: [Step]) { self.steps = steps }

    /// Touch down, pull `distance` points down over `duration`, hold, then lift (with a fling
    /// velocity, or the pull's own last motion). The default curve is a scenario file's `drag`
    /// default, ease-in-ease-out, so the same numbers give the same pull in Swift and YAML.
    /// `x`: where across the scroll view the finger is (its centre when nil).
    public static func pull(
        _ distance: CGFloat, over duration: Double,
        curve: CAMediaTimingFunction = CAMediaTimingFunction(name: .easeInEaseOut),
        hold: Double = 0, release velocity: CGPoint? = nil, x: CGFloat? = nil
    ) -> TouchScript {
        let down: Step = x.map { .touchDownAt(CGPoint(x: $0, y: .nan)) } ?? .touchDown
        var steps: [Step] = [down, .move(by: CGPoint(x: 0, y: distance), duration: duration, curve: curve)]
        if hold > 0 { steps.append(.hold(hold)) }
        steps.append(.release(velocity: velocity))
        return TouchScript(steps)
    }

    /// A step's duration as the finger plays it: negative and NaN as 0, at most an hour
    /// (`Limits.maximumDuration`), so hostile numbers from code neither trap nor make billions of samples.
    static func held(_ duration: Double) -> Double {
        duration.isNaN ? 0 : min(max(0, duration), Limits.maximumDuration)
    }

    /// Seconds from touch down to lift.
    public var duration: Double {
        steps.reduce(0) { total, step in
            switch step {
            case .move(_, let d, _): return total + Self.held(d)
            case .hold(let d): return total + Self.held(d)
            default: return total
            }
        }
    }

    /// One thing the finger does at one instant.
    enum Sample: Equatable {
        /// At a point of the visible area (a NaN coordinate: the centre's), or the centre.
        case down(CGPoint?)
        case at(CGPoint)
        case up(CGPoint)
    }

    /// The script as timed samples from `start`: touch down, positions at 60 Hz, lift with its
    /// velocity. Pure, so the same script gives the same samples on any Stage.
    func samples(from start: Double) -> [(time: Double, sample: Sample)] {
        var out: [(Double, Sample)] = []
        var time = start
        var position = CGPoint.zero
        var lastSamples: [(time: Double, position: CGPoint)] = []
        for step in steps {
            switch step {
            case .touchDown, .touchDownAt:
                if case .touchDownAt(let p) = step { out.append((time, .down(p))) } else { out.append((time, .down(nil))) }
                position = .zero
                lastSamples = [(time, position)]
            case let .move(by, duration, curve):
                let from = position
                let count = max(1, Int((Self.held(duration) * Self.sampleRate - 1e-9).rounded(.up)))
                for k in 1...count {
                    let t = k == count ? time + Self.held(duration) : time + Double(k) / Self.sampleRate
                    let u = duration > 0 ? (t - time) / duration : 1
                    let y = curve.evaluate(min(1, max(0, u)))
                    position = CGPoint(x: from.x + by.x * y, y: from.y + by.y * y)
                    out.append((t, .at(position)))
                    lastSamples = Array((lastSamples + [(t, position)]).suffix(2))
                }
                time += Self.held(duration)
            case .hold(let duration):
                time += Self.held(duration)
            case .release(let velocity):
                out.append((time, .up(velocity ?? ownVelocity(lastSamples, liftingAt: time))))
            }
        }
        return out
    }

    private func ownVelocity(_ last: [(time: Double, position: CGPoint)], liftingAt time: Double) -> CGPoint {
        guard last.count == 2, time - last[1].time < 1 / Self.sampleRate - 1e-12 else { return .zero }
        let dt = last[1].time - last[0].time
        guard dt > 0 else { return .zero }
        return CGPoint(x: (last[1].position.x - last[0].position.x) / dt, y: (last[1].position.y - last[0].position.y) / dt)
    }
}

extension UIScrollView {
    /// Plays `script` on this scroll view from Stage time `start` (now if omitted): the
    /// touch down, each 60 Hz sample and the lift are Stage events, so the whole gesture (and
    /// what delegates, observers and refresh controls do about it) happens at the right
    /// instants of any render. Touch down and lift appear in the Stage's trace. Returns the
    /// time the finger lifts.
    @discardableResult
    public func perform(_ script: TouchScript, at start: Double? = nil) -> Double {
        let stage = layer.stage ?? TransactionContext.current.activeStage
        let begin = start ?? TransactionContext.current.now
        var lift = begin
        for (time, sample) in script.samples(from: begin) {
            lift = max(lift, time)
            let action: () -> Void
            let label: String?
            switch sample {
            case .down(let p):
                action = { [weak self] in
                    guard let self else { return }
                    let centre = CGPoint(x: self.bounds.width / 2, y: self.bounds.height / 2)
                    self.beginDragging(at: p.map { CGPoint(x: $0.x.isNaN ? centre.x : $0.x, y: $0.y.isNaN ? centre.y : $0.y) })
                }
                label = "touch down \(traceName ?? "scroll view")"
            case .at(let p):
                action = { [weak self] in self?.drag(translation: p) }
                label = nil
            case .up(let v):
                action = { [weak self] in self?.endDragging(velocity: v) }
                label = String(format: "touch up %@ velocity %.1f,%.1f pt/s", traceName ?? "scroll view", v.x, v.y)
            }
            if let stage { stage.schedule(at: time, label: label, action) } else { action() }
        }
        return lift
    }

    /// The view's layer name, for traces.
    private var traceName: String? { layer.name }
}
