import Foundation

/// Coding held-back frames ahead, on another thread.
///
/// While the global table waits (the animation's colours may still fit 256), every frame is
/// held back and, until now, all were coded at the end, one after the other, after the last frame
/// was drawn. Once the frames have shown no new colour for `framesBeforeSpeculating` frames,
/// the table they would get is made from what they showed, and a worker codes the held-back
/// frames with it (then each new frame as it comes) while the render goes on:
///
///     frames:   0 1 2 … 9 10 11 12 13 14 15 … 89 | finish
///     colours:  new every frame … | none new ──────────────────▶
///     worker:                        code 0…14, then 15, 16, … | the rest from both ends
///
/// A frame that brings a new colour cancels it (the table would change); it starts again after
/// as many quiet frames. At the end no frame brought a new colour since it started, so the table
/// is the one the codings were made with; the writer's thread codes what the worker has not
/// reached, from the last frame back, while the worker goes on from the front. With an exact
/// table every frame is coded exactly, so a frame's coding depends on nothing but the frame and
/// the table: the bytes are those of coding them at the end.
extension GIFWriter {
    static let framesBeforeSpeculating = 4

    /// A frame brought a new colour: the table would change, so codings made ahead are dropped
    /// (before anything chooses the table: the speculation's is then no longer the one).
    func dropSpeculation() {
        speculation?.cancel()
        speculation = nil
        framesWithoutNewColours = 0
    }

    /// Called after each held-back frame that does not end the wait for the table.
    func speculate(afterNewColours newColours: Bool) {
        guard !newColours, threads > 1, let last = pending.last else { return }
        if let speculation {
            speculation.add(last)
            return
        }
        framesWithoutNewColours += 1
        guard framesWithoutNewColours >= Self.framesBeforeSpeculating else { return }
        let table = Self.exactPalette(of: pending)
        let coder = GIFFrameCoder(
            global: table, dithering: dithering, screenError: nil, screenErrorTotal: 0,
            errorBudget: errorBudget, frameNumber: 0, triesKeptColours: !favoursSpeed)
        let started = Speculation(palette: table, coder: coder)
        for d in pending { started.add(d) }
        speculation = started
    }

    /// Frames coded with a table chosen ahead: a worker takes them from the front as they come;
    /// `results(coders:)` has the calling thread take the rest from the back.
    final class Speculation: @unchecked Sendable {
        let palette: Palette
        private let coder: GIFFrameCoder
        private let lock = NSLock()
        // Guarded by `lock`: the frames handed over, their codings, the next frame from the
        // front and the first one taken from the back, whether the worker runs, and whether
        // the speculation was dropped.
        private var frames: [FrameDelta] = []
        private var coded: [CodedFrame?] = []
        private var front = 0
        private var back = Int.max
        private var working = false
        private var cancelled = false
        private let idle = NSCondition()
        // The worker's own dictionaries (one worker at a time: `working`).
        private let coders = Coders()

        init(palette: Palette, coder: GIFFrameCoder) {
            self.palette = palette
            self.coder = coder
        }

        /// Hands over the next held-back frame; wakes the worker if it is not running.
        func add(_ frame: FrameDelta) {
            lock.lock()
            frames.append(frame)
            coded.append(nil)
            let start = !working && !cancelled
            if start { working = true }
            lock.unlock()
            if start { DispatchQueue.global().async(group: nil, qos: .unspecified, flags: []) { [self] in work() } }
        }

        /// The worker: codes frames from the front until none is left (or it is dropped).
        private func work() {
            while true {
                lock.lock()
                guard !cancelled, front < min(frames.count, back) else {
                    working = false
                    lock.unlock()
                    idle.lock()
                    idle.broadcast()
                    idle.unlock()
                    return
                }
                let i = front
                front += 1
                let frame = frames[i]
                lock.unlock()
                code(frame, at: i, coders: coders)
            }
        }

        /// Codes `frame` outside the lock and stores its coding at `index`. A frame that fails
        /// is coded again, and its error reported, by the writer.
        private func code(_ frame: FrameDelta, at index: Int, coders: Coders) {
            let result = try? coder.coded(frame, coders: coders)
            lock.lock()
            coded[index] = result
            lock.unlock()
        }

        /// Every frame's coding, by index (nil where coding failed): the calling thread codes
        /// from the back what the worker has not started, then waits for the worker's last one.
        func results(coders: Coders) -> [CodedFrame?] {
            while true {
                lock.lock()
                let next = min(back, frames.count) - 1
                guard next >= front else {
                    lock.unlock()
                    break
                }
                back = next
                let frame = frames[next]
                lock.unlock()
                code(frame, at: next, coders: coders)
            }
            idle.lock()
            while isWorking { idle.wait() }
            idle.unlock()
            lock.lock()
            defer { lock.unlock() }
            return coded
        }

        private var isWorking: Bool {
            lock.lock()
            defer { lock.unlock() }
            return working
        }

        /// The frames not yet started are dropped.
        func cancel() {
            lock.lock()
            cancelled = true
            lock.unlock()
        }
    }
}
