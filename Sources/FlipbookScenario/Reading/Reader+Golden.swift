import FlipbookCore
import FlipbookUIKit
import Foundation
import Yams

extension Reader {
    // MARK: - Golden settings

    func readGolden(_ n: YAMLNode, duration: Double) -> GoldenSpec? {
        guard let pairs = n.mapping(allowed: ScenarioKeys.golden, what: "golden settings such as { fps: 10, at: [0.35] }") else {
            return nil
        }
        var spec = GoldenSpec()
        for (k, _, v) in pairs {
            switch k {
            case "fps":
                if let f = v.number("samples per second") {
                    if f > 0 && f <= Limits.framesPerSecond.upperBound {
                        spec.fps = f
                    } else {
                        sink.error("golden fps must be in (0, 100], found \(f)", at: v.mark)
                    }
                }
            case "at":
                guard let items = v.sequence("a list of times in seconds") else { continue }
                for item in items {
                    guard let t = item.number("a time in seconds") else { continue }
                    if t < 0 || t > duration {
                        sink.error("golden instant \(t) s is outside the scenario (0…\(duration) s)", at: item.mark)
                    } else {
                        spec.instants.append(t)
                    }
                }
            default:
                guard let tp = v.mapping(allowed: ScenarioKeys.tolerance, what: "a tolerance such as { threshold: 0.1, share: 0.005 }")
                else { continue }
                var tolerance = GoldenSpec.Tolerance()
                for (tk, _, tv) in tp {
                    switch tk {
                    case "threshold":
                        if let x = tv.number("a colour distance in [0, 1]") {
                            if (0...1).contains(x) {
                                tolerance.threshold = x
                            } else {
                                sink.error("threshold must be in [0, 1], found \(x)", at: tv.mark)
                            }
                        }
                    case "share":
                        if let x = tv.number("a share of pixels in [0, 1]") {
                            if (0...1).contains(x) {
                                tolerance.share = x
                            } else {
                                sink.error("share must be in [0, 1], found \(x)", at: tv.mark)
                            }
                        }
                    default: tolerance.ignoreAntialiasing = tv.bool() ?? false
                    }
                }
                spec.tolerance = tolerance
            }
        }
        return spec
    }
}
