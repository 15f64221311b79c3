import Flipbook
import Foundation

/// Recordings made from a scene's own frames, as a camera, a screen recorder or a GIF writer
/// would have made them, with the offset they truly have: what the offset search is checked
/// against (the test suite's property test, `flipbook-bench offsets`, docs/compare.md).
package struct SyntheticRecording {
    /// How a recording differs from the scene it shows.
    package struct Parameters: Sendable, CustomStringConvertible {
        /// Seconds of the scene's first frame before it starts (negative: the recording starts
        /// that far into the scene).
        package var delay: Double
        /// Seconds of the scene's last frame after it ends (negative: the recording stops that
        /// long before the scene's end).
        package var tail: Double
        /// Frames a second.
        package var frameRate: Double
        /// Each channel of each pixel moved by up to ± this, anew every frame (a camera's noise;
        /// ffmpeg's `noise=alls:allf=t`).
        package var noise: Int
        /// Compression: each 8 × 8 block's pixels keep their block's mean and their difference
        /// from it rounded to this step (0: none; 16 looks like a strongly compressed video).
        package var blockStep: Int
        /// Frames that show what the frame before shows are merged into it (a GIF writer's).
        package var merged: Bool
        /// The share of frames dropped: the frame before stays up (a screen recorder's hiccups).
        package var dropped: Double
        /// The recorded picture moved by this many pixels (a crop a little off).
        package var shift: (x: Int, y: Int)
        package var seed: UInt64

        package init(
            delay: Double, tail: Double = 0, frameRate: Double = 30, noise: Int = 0, blockStep: Int = 0, merged: Bool = false,
            dropped: Double = 0, shift: (x: Int, y: Int) = (0, 0), seed: UInt64 = 1
        ) {
            self.delay = delay
            self.tail = tail
            self.frameRate = frameRate
            self.noise = noise
            self.blockStep = blockStep
            self.merged = merged
            self.dropped = dropped
            self.shift = shift
            self.seed = seed
        }

        /// The offset `compare` should find: the recording's frame at r shows the scene at r − delay.
        package var trueOffset: Double { -delay }

        /// Parameters drawn from the ranges the property test covers; `misregistered`: the
        /// picture moved by up to 2 px each way too (else not at all).
        package static func random(using generator: inout SplitMix64, misregistered: Bool = false) -> Parameters {
            let shift = (generator.next(upTo: 5) - 2, generator.next(upTo: 5) - 2)
            return Parameters(
                delay: (Double(generator.next(upTo: 1601)) - 400) / 1000,
                tail: (Double(generator.next(upTo: 1301)) - 300) / 1000,
                frameRate: [24, 25, 30, 50, 60][generator.next(upTo: 5)],
                noise: generator.next(upTo: 11),
                blockStep: [0, 0, 4, 8, 16][generator.next(upTo: 5)],
                merged: generator.next(upTo: 3) == 0,
                dropped: [0, 0, 0.05, 0.15][generator.next(upTo: 4)],
                shift: misregistered ? shift : (0, 0),
                seed: generator.nextValue())
        }

        package var description: String {
            String(
                format: "delay %.3f s, tail %.3f s, %g fps, noise ±%d, blocks %d, %@merged, %.0f %% dropped, shift %d,%d, seed %llu",
                delay, tail, frameRate, noise, blockStep, merged ? "" : "not ", dropped * 100, shift.x, shift.y, seed)
        }
    }

    /// When each frame starts and what it shows.
    package var starts: [Double]
    package var frames: [PixelBuffer]

    /// A recording of `scene` made as `parameters` say. The scene's frames are `sceneFrameRate`
    /// a second, the first at 0: many more than the recording's (`sourceRate`), so that the
    /// recording samples the motion as a camera does, not the frames `compare` renders.
    package init(of scene: [PixelBuffer], sceneFrameRate: Double, parameters p: Parameters) {
        var random = SplitMix64(seed: p.seed)
        let sceneDuration = Double(scene.count - 1) / sceneFrameRate
        let first = max(0, -p.delay), last = sceneDuration + p.delay + p.tail
        let count = max(1, Int(((last - first) * p.frameRate).rounded(.down)))
        // Which scene frame each recording frame shows, by the recording's clock.
        var shown: [(start: Double, scene: Int)] = (0..<count).map { k in
            let r = Double(k) / p.frameRate
            let t = first + r - max(0, p.delay)
            return (r, min(scene.count - 1, max(0, Int((t * sceneFrameRate + 1e-9).rounded(.down)))))
        }
        if p.merged {
            shown = shown.enumerated().filter { k, frame in k == 0 || scene[shown[k - 1].scene] != scene[frame.scene] }.map(\.element)
        }
        if p.dropped > 0 {
            shown = shown.enumerated().filter { k, _ in k == 0 || Double(random.next(upTo: 1000)) >= p.dropped * 1000 }.map(\.element)
        }
        starts = shown.map(\.start)
        frames = shown.map { Self.degraded(scene[$0.scene], p, random: &random) }
    }

    /// Frames a second of the motion recordings are made from.
    package static let sourceRate = 240.0

    /// A scene's frames at `fps` (by default its own, as `compare` renders them) from 0 through
    /// its duration.
    package static func frames(of scenario: Scenario, fps: Double? = nil) throws -> [PixelBuffer] {
        let runtime = ScenarioRuntime(scenario: scenario)
        let rate = fps ?? scenario.fps
        return try (0...Stage.frameCount(duration: scenario.duration, fps: rate)).map { k in
            runtime.stage.advance(to: min(Double(k) / rate, scenario.duration))
            return try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: scenario.canvas.background)
        }
    }

    /// Scenes the offset search is checked on: what moves, how much of the frame, and at what
    /// frame rate differ; `loops` is the one whose motion repeats (several offsets fit it).
    package static let checkScenes: [(name: String, loops: Bool, yaml: String)] = [
        (
            "a dot moves out and back", false,
            """
            canvas: { width: 101, height: 61, scale: 1, background: "#ffffff" }
            duration: 2.5
            fps: 30
            layers:
              - { id: dot, frame: [10, 20, 20, 20], backgroundColor: "#d0302a", cornerRadius: 10 }
            animations:
              out: { keyPath: position.x, from: 20, to: 80, duration: 0.5, fillMode: forwards, removedOnCompletion: false }
              back: { keyPath: position.x, from: 80, to: 20, duration: 0.4, fillMode: forwards, removedOnCompletion: false }
            script:
              - { at: 0.3, add: out, to: dot, key: move }
              - { at: 1.3, add: back, to: dot, key: move }
            """
        ),
        (
            "a small spring in a large frame", false,
            """
            canvas: { width: 240, height: 160, scale: 1, background: "#f4f4f4" }
            duration: 2
            fps: 60
            layers:
              - { id: card, frame: [10, 10, 220, 140], backgroundColor: "#ffffff", cornerRadius: 8 }
              - { id: dot, frame: [20, 130, 8, 8], backgroundColor: "#2a6fd0", cornerRadius: 4 }
            animations:
              go: { type: spring, keyPath: position.x, from: 24, to: 64, damping: 8, stiffness: 120, mass: 1, fillMode: forwards, removedOnCompletion: false }
            script:
              - { at: 0.4, add: go, to: dot, key: move }
            """
        ),
        (
            "a banner fades in and slides", false,
            """
            canvas: { width: 120, height: 80, scale: 1, background: "#ffffff" }
            duration: 3
            fps: 30
            layers:
              - { id: banner, frame: [0, 0, 120, 24], backgroundColor: "#e8a23a", opacity: 0 }
              - { id: bar, frame: [10, 50, 30, 6], backgroundColor: "#333333" }
            animations:
              show: { keyPath: opacity, from: 0, to: 1, duration: 0.6, fillMode: forwards, removedOnCompletion: false }
              slide: { keyPath: position.x, from: 25, to: 95, duration: 1.2, timingFunction: easeInEaseOut, fillMode: forwards, removedOnCompletion: false }
            script:
              - { at: 0.5, add: show, to: banner, key: show }
              - { at: 1.4, add: slide, to: bar, key: slide }
            """
        ),
        (
            "a dot pulses forever", true,
            """
            canvas: { width: 80, height: 80, scale: 1, background: "#ffffff" }
            duration: 2.4
            fps: 30
            layers:
              - { id: dot, frame: [25, 25, 30, 30], backgroundColor: "#d0302a", cornerRadius: 15 }
            animations:
              pulse: { keyPath: transform.scale, from: 1, to: 0.4, duration: 0.3, autoreverses: true, repeatCount: inf }
            script:
              - { at: 0, add: pulse, to: dot, key: pulse }
            """
        )
    ]

    /// What `compare` finds for this recording against `scene` (frames `sceneFrameRate` a
    /// second), measured and searched as `compare --against` does.
    package func estimate(against scene: [PixelBuffer], sceneFrameRate: Double) throws -> OffsetEstimate? {
        let chosen = FrameDistances.sampled(scene.count)
        let thumbnails = chosen.map { (Double($0) / sceneFrameRate, Thumbnail.of(scene[$0], mask: nil)) }
        let measured = try FrameDistances.measure(scene: thumbnails, recordingStarts: starts, mask: nil) { frames[$0] }
        let frame = OffsetEstimate.usualInterval(starts)
        return OffsetEstimate.locate(
            measured, recordingDuration: (starts.last ?? 0) + frame, span: Double(scene.count - 1) / sceneFrameRate,
            recordingFrame: frame, sceneFrame: 1 / sceneFrameRate)
    }

    /// `frame` moved, compressed and speckled with noise as `p` says.
    static func degraded(_ frame: PixelBuffer, _ p: Parameters, random: inout SplitMix64) -> PixelBuffer {
        let w = frame.width, h = frame.height
        var channels = [Int](repeating: 255, count: w * h * 3)
        frame.premultipliedARGB.withUnsafeBufferPointer { source in
            channels.withUnsafeMutableBufferPointer { channels in
                for y in 0..<h {
                    let sy = min(h - 1, max(0, y + p.shift.y))
                    for x in 0..<w {
                        let word = source[sy * w + min(w - 1, max(0, x + p.shift.x))]
                        let clear = 255 - Int(word >> 24 & 0xFF), i = (y * w + x) * 3
                        channels[i] = Int(word >> 16 & 0xFF) + clear
                        channels[i + 1] = Int(word >> 8 & 0xFF) + clear
                        channels[i + 2] = Int(word & 0xFF) + clear
                    }
                }
            }
        }
        if p.blockStep > 0 { compress(&channels, width: w, height: h, step: p.blockStep) }
        var words = [UInt32](repeating: 0, count: w * h)
        let span = UInt64(2 * p.noise + 1)
        var bits: UInt64 = 0, left = 0
        channels.withUnsafeBufferPointer { channels in
            words.withUnsafeMutableBufferPointer { words in
                for i in 0..<(w * h) {
                    var word: UInt32 = 0xFF00_0000
                    for c in 0..<3 {
                        var value = channels[i * 3 + c]
                        if p.noise > 0 {
                            // Eight bytes of randomness a draw: a byte's remainder is near enough uniform.
                            if left == 0 {
                                bits = random.next()
                                left = 8
                            }
                            value += Int((bits & 0xFF) % span) - p.noise
                            bits >>= 8
                            left -= 1
                        }
                        word |= UInt32(min(255, max(0, value))) << UInt32(16 - 8 * c)
                    }
                    words[i] = word
                }
            }
        }
        return PixelBuffer(width: w, height: h, premultipliedARGB: words)
    }

    /// Each 8 × 8 block's channel values rounded to their block's mean plus a multiple of `step`.
    static func compress(_ channels: inout [Int], width w: Int, height h: Int, step: Int) {
        for by in stride(from: 0, to: h, by: 8) {
            for bx in stride(from: 0, to: w, by: 8) {
                for c in 0..<3 {
                    var sum = 0, count = 0
                    for y in by..<min(h, by + 8) {
                        for x in bx..<min(w, bx + 8) {
                            sum += channels[(y * w + x) * 3 + c]
                            count += 1
                        }
                    }
                    let mean = sum / count
                    for y in by..<min(h, by + 8) {
                        for x in bx..<min(w, bx + 8) {
                            let i = (y * w + x) * 3 + c
                            let d = channels[i] - mean
                            channels[i] = mean + Int((Double(d) / Double(step)).rounded()) * step
                        }
                    }
                }
            }
        }
    }
}

/// A seeded random number generator (SplitMix64): the same seed gives the same recordings on
/// every machine.
package struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    package mutating func nextValue() -> UInt64 { next() }
    /// A whole number in 0..<bound.
    package mutating func next(upTo bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
