import Flipbook
import FlipbookCompare
import Foundation

/// compare's offset search on recordings generated from the check scenes' own motion
/// (docs/compare.md, "How sure the offset is"): for each scene, `casesPerScene` recordings with
/// random delays, noise, compression, merged and dropped frames and frame rates, and as many
/// again misregistered by up to 2 px. Counts those placed within one recording frame of the
/// truth, within two, further (confident and wrong), and reported unsure; and the search's time.
func offsetBenchmark(casesPerScene: Int) throws {
    for (index, check) in SyntheticRecording.checkScenes.enumerated() {
        let scenario = try ScenarioLoader.load(yaml: check.yaml, file: "\(check.name).yaml", baseDirectory: URL(fileURLWithPath: "/"))
        let motion = try SyntheticRecording.frames(of: scenario, fps: SyntheticRecording.sourceRate)
        let every = Int(SyntheticRecording.sourceRate / scenario.fps)
        let frames = stride(from: 0, to: motion.count, by: every).map { motion[$0] }
        for misregistered in [false, true] {
            var generator = SplitMix64(seed: UInt64(1000 + index))
            var withinOne = 0, withinTwo = 0, wrong = 0, unsure = 0
            var times: [Double] = []
            for _ in 0..<casesPerScene {
                let parameters = SyntheticRecording.Parameters.random(using: &generator, misregistered: misregistered)
                let recording = SyntheticRecording(of: motion, sceneFrameRate: SyntheticRecording.sourceRate, parameters: parameters)
                var estimate: OffsetEstimate?
                times.append(try seconds { estimate = try recording.estimate(against: frames, sceneFrameRate: scenario.fps) })
                guard let estimate, estimate.isTrusted else {
                    unsure += 1
                    continue
                }
                let error = (abs(estimate.offset - parameters.trueOffset) * 1000).rounded() / 1000
                if error <= 1 / parameters.frameRate + 0.001 {
                    withinOne += 1
                } else if error <= 2 / parameters.frameRate + 0.001 {
                    withinTwo += 1
                    if !misregistered { print("  within two: \(parameters): \(estimate)") }
                } else {
                    wrong += 1
                    print("  wrong: \(parameters): \(estimate)")
                }
            }
            print(
                String(
                    format: "offsets: %@%@: %d within a frame, %d within two, %d wrong, %d unsure of %d; search %.1f ms (median)",
                    check.name, misregistered ? " (misregistered ≤ 2 px)" : "", withinOne, withinTwo, wrong, unsure, casesPerScene,
                    median(times) * 1000))
        }
    }
}

/// `seconds` for a body that throws.
func seconds(_ body: () throws -> Void) throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}
