import Flipbook
import FlipbookComparison
import Foundation

/// Small copies of frames for the offset search: a few thousand pixels keep where things are,
/// cost little to compare, and average a recording's per-pixel noise away (a thumbnail pixel of
/// a 1170 × 2532 screen recording is the mean of about 1,200 pixels).
enum Thumbnail {
    /// At most this many pixels (an 800 × 600 recording's frame becomes 58 × 43).
    static let pixels = 2500

    /// `frame` with `mask`'s pixels blanked, scaled down (each pixel the average of those it
    /// covers) to fit `pixels`, as red, green and blue in 0…255 over white (a scene's clear
    /// background looks as the page shows it).
    /// With `like`, the thumbnail of a frame that size (a larger frame showing the same, as a
    /// recording before it is scaled to the scene, is averaged straight down to it).
    static func of(_ frame: PixelBuffer, mask: [Bool]?, like: (width: Int, height: Int)? = nil) -> [Float] {
        let source = mask.map { frame.blanking($0) } ?? frame
        let size = self.size(of: like ?? (frame.width, frame.height))
        let small =
            size == (frame.width, frame.height)
            ? source : source.areaAveraged(width: min(frame.width, size.width), height: min(frame.height, size.height))
        var channels = [Float](repeating: 0, count: small.premultipliedARGB.count * 3)
        for (i, word) in small.premultipliedARGB.enumerated() {
            let clear = Float(255 - (word >> 24 & 0xFF))
            channels[3 * i] = Float(word >> 16 & 0xFF) + clear
            channels[3 * i + 1] = Float(word >> 8 & 0xFF) + clear
            channels[3 * i + 2] = Float(word & 0xFF) + clear
        }
        return channels
    }

    /// The thumbnail's size for a frame `frame` large: at most `pixels`, the aspect kept.
    static func size(of frame: (width: Int, height: Int)) -> (width: Int, height: Int) {
        let factor = (Double(frame.width * frame.height) / Double(pixels)).squareRoot()
        guard factor > 1 else { return frame }
        return (
            min(frame.width, max(1, Int((Double(frame.width) / factor).rounded()))),
            min(frame.height, max(1, Int((Double(frame.height) / factor).rounded())))
        )
    }

    /// The mean squared difference of two thumbnails' channels: sixteen lanes summed apart
    /// (a float sum is not reordered by the compiler on its own), then together, in a fixed
    /// order, so the same thumbnails give the same bits.
    static func distance(_ a: [Float], _ b: [Float]) -> Float {
        precondition(a.count == b.count, "thumbnails of one size")
        guard !a.isEmpty else { return 0 }
        return a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                let lanes = a.count / 16
                var sums = SIMD16<Float>()
                let wideA = UnsafeRawPointer(a.baseAddress!), wideB = UnsafeRawPointer(b.baseAddress!)
                for k in 0..<lanes {
                    let d =
                        wideA.loadUnaligned(fromByteOffset: k * 64, as: SIMD16<Float>.self)
                        - wideB.loadUnaligned(fromByteOffset: k * 64, as: SIMD16<Float>.self)
                    sums += d * d
                }
                var sum = sums.sum()
                for k in (lanes * 16)..<a.count {
                    let d = a[k] - b[k]
                    sum += d * d
                }
                return sum / Float(a.count)
            }
        }
    }
}

/// How far every frame of a recording is from every frame of the scene (their thumbnails'
/// mean squared difference), and how much each side changes from one frame to the next: what
/// the offset search reads (docs/compare.md, "Finding the offset"). The recording is measured
/// as it streams, so only the scene's thumbnails are held, never the recording's.
struct FrameDistances {
    /// When each scene frame is shown, seconds into the scene.
    var sceneTimes: [Double]
    /// When each recording frame starts, seconds into the recording.
    var recordingStarts: [Double]
    /// `distances[j * sceneTimes.count + i]`: scene frame i against recording frame j.
    var distances: [Float]
    /// How many values a thumbnail holds (three a pixel).
    var thumbnailValues: Int
    /// Each scene frame's distance from the one before (0 for the first).
    var sceneChanges: [Float]
    /// Each recording frame's distance from the one before (0 for the first).
    var recordingChanges: [Float]

    /// The most scene frames measured: past it they are taken evenly through the span (each
    /// is still compared exactly; fewer only weigh less).
    static let sceneFrameLimit = 300

    func distance(scene i: Int, recording j: Int) -> Float { distances[j * sceneTimes.count + i] }

    /// The scene's thumbnails at `times`.
    static func sceneThumbnails(of runtime: ScenarioRuntime, times: [Double], mask: [Bool]?) throws -> [[Float]] {
        try times.map { t in
            runtime.stage.advance(to: t)
            let frame = try FrameRasterizer.rasterize(runtime.stage.snapshot(), background: runtime.scenario.canvas.background)
            return Thumbnail.of(frame, mask: mask)
        }
    }

    /// At most `sceneFrameLimit` of `count` frames' indices, evenly spaced, the first and last kept.
    static func sampled(_ count: Int) -> [Int] {
        guard count > sceneFrameLimit else { return Array(0..<count) }
        return (0..<sceneFrameLimit).map { k in Int((Double(k) * Double(count - 1) / Double(sceneFrameLimit - 1)).rounded()) }
    }

    /// Recording thumbnails measured against the scene's together: each scene thumbnail is read
    /// once for all of them while they stay in the processor's cache (the scene's 300
    /// thumbnails are 9 MB; read again for every recording frame, memory bandwidth decided
    /// the search's speed).
    static let batchSize = 8

    /// Measures `recordingCount` recording frames (`frame(j)`, asked in order, starting at
    /// `recordingStarts[j]`) against the scene's thumbnails: decoding on this thread, measuring
    /// on another a few frames behind, `batchSize` at a time (the distances are the same
    /// whatever the threads and batches).
    /// `like`: the scene's frame size, when the recording's frames come larger (not yet scaled).
    static func measure(
        scene: [(time: Double, thumbnail: [Float])], recordingStarts: [Double], mask: [Bool]?,
        like: (width: Int, height: Int)? = nil, frame: (Int) throws -> PixelBuffer
    ) throws -> FrameDistances {
        let n = scene.count, count = recordingStarts.count
        let thumbnails = scene.map(\.thumbnail)
        let columns = ParallelResults<(distances: [Float], change: Float)>(count: count)
        let measuring = DispatchQueue(label: "flipbook.compare.distances")
        let room = DispatchSemaphore(value: 4)  // frames decoded, not yet measured: memory for a few
        let pending = PendingThumbnails()
        var failure: (any Error)?
        for j in 0..<count {
            let decoded: PixelBuffer
            do { decoded = try frame(j) } catch {
                failure = error
                break
            }
            room.wait()
            measuring.async {
                defer { room.signal() }
                let small = Thumbnail.of(decoded, mask: mask, like: like)
                guard thumbnails.allSatisfy({ $0.count == small.count }) else {
                    columns.set(j, .failure(CompareError.usage("a recording frame is not the size of the scene's frames")))
                    return
                }
                // The queue is serial: frame j − 1 was measured just before.
                let change = pending.previous.map { Thumbnail.distance($0, small) } ?? 0
                pending.previous = small
                pending.batch.append((j, small, change))
                if pending.batch.count == batchSize { pending.flush(against: thumbnails, into: columns) }
            }
        }
        measuring.sync { pending.flush(against: thumbnails, into: columns) }
        if let failure { throw failure }
        let measured = try columns.values()
        var distances = [Float]()
        distances.reserveCapacity(n * count)
        for column in measured { distances += column.distances }
        let recordingChanges = measured.map(\.change)
        let sceneChanges = thumbnails.indices.map { i in i == 0 ? 0 : Thumbnail.distance(thumbnails[i - 1], thumbnails[i]) }
        return FrameDistances(
            sceneTimes: scene.map(\.time), recordingStarts: recordingStarts, distances: distances,
            thumbnailValues: thumbnails.first?.count ?? 0, sceneChanges: sceneChanges,
            recordingChanges: recordingChanges)
    }
}

/// The measuring queue's own state (it is serial): the thumbnail measured last, and the
/// thumbnails waiting for their distances.
private final class PendingThumbnails: @unchecked Sendable {
    var previous: [Float]?
    var batch: [(index: Int, thumbnail: [Float], change: Float)] = []

    /// Each waiting thumbnail's distances from every scene thumbnail, scene thumbnail by scene
    /// thumbnail, into its column.
    func flush(against scene: [[Float]], into columns: ParallelResults<(distances: [Float], change: Float)>) {
        guard !batch.isEmpty else { return }
        var rows = [[Float]](repeating: [Float](repeating: 0, count: scene.count), count: batch.count)
        for (i, sceneThumbnail) in scene.enumerated() {
            for b in batch.indices { rows[b][i] = Thumbnail.distance(sceneThumbnail, batch[b].thumbnail) }
        }
        for b in batch.indices { columns.set(batch[b].index, value: (rows[b], batch[b].change)) }
        batch = []
    }
}
