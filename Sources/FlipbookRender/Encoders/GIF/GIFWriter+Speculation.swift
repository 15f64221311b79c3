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
///     worker:                        code 0…14, then 15, 16, … | the table is the same: put them
///
/// A frame that brings a new colour cancels it (the table would change); it starts again after
/// as many quiet frames. At the end, the codings are used only if the final table is the one they
/// were made with. With an exact table every frame is coded exactly, so a frame's coding depends
/// on nothing but the frame and the table: the bytes are those of coding them at the end.
extension GIFWriter {
    static let framesBeforeSpeculating = 4

    /// Called after each held-back frame.
    func speculate(afterNewColours newColours: Bool) {
        if newColours {
            speculation?.cancel()
            speculation = nil
            framesWithoutNewColours = 0
            return
        }
        guard threads > 1, let last = pending.last else { return }
        if let speculation {
            speculation.code(last, index: pending.count - 1)
            return
        }
        framesWithoutNewColours += 1
        guard framesWithoutNewColours >= Self.framesBeforeSpeculating else { return }
        let table = Self.exactPalette(of: pending)
        let coder = GIFFrameCoder(global: table, dithering: dithering, screenError: nil, screenErrorTotal: 0,
                                  errorBudget: errorBudget, frameNumber: 0)
        let started = Speculation(palette: table, coder: coder)
        for (i, d) in pending.enumerated() { started.code(d, index: i) }
        speculation = started
    }

    /// Frames coded in order on one worker thread with a table chosen ahead.
    final class Speculation: @unchecked Sendable {
        let palette: Palette
        private let coder: GIFFrameCoder
        private let queue = DispatchQueue(label: "flipbook.gif.speculation")
        // Touched only on `queue`.
        private let coders = Coders()
        private var coded: [CodedFrame?] = []
        private let lock = NSLock()
        private var cancelled = false

        init(palette: Palette, coder: GIFFrameCoder) {
            self.palette = palette
            self.coder = coder
        }

        /// Codes held-back frame `index` on the worker (frames come in order).
        func code(_ frame: FrameDelta, index: Int) {
            queue.async { [self] in
                guard !isCancelled else { return }
                // A frame that fails is coded again, and its error reported, by the writer.
                let result = try? coder.coded(frame, coders: coders)
                if coded.count <= index { coded.append(contentsOf: repeatElement(nil, count: index + 1 - coded.count)) }
                coded[index] = result
            }
        }

        /// Waits for every frame handed over and returns their codings by index (nil: not coded).
        func results() -> [CodedFrame?] {
            queue.sync { coded }
        }

        /// The frames still queued are skipped.
        func cancel() {
            lock.lock()
            cancelled = true
            lock.unlock()
        }

        private var isCancelled: Bool {
            lock.lock()
            defer { lock.unlock() }
            return cancelled
        }
    }
}
