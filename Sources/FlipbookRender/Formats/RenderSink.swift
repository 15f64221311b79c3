import FlipbookCore
import Foundation

/// What a render will produce, handed to every sink before the first frame.
public struct RenderPlan: Sendable, Equatable {
    /// `round(duration × fps)` frames; frame k shows the scene at `start + k / fps`.
    public var frameCount: Int
    public var fps: Double
    public var duration: Double
    /// Size in pixels.
    public var width: Int
    public var height: Int
    /// GIF delays in centiseconds, one per frame (they add up to the duration).
    public var delays: [Int]
    /// The Stage time of frame 0.
    public var start: Double
    /// Threads the render may use; a sink may spread its own work over as many (the bytes it
    /// writes never depend on it).
    public var threads = 1

    /// The time of frame `index` from the start of the render.
    public func time(ofFrame index: Int) -> Double { Double(index) / fps }
}

/// Where a render's frames go: a GIF, PNG frames, a filmstrip, a golden comparison, a grid.
///
/// One render loop (`Stage.render(duration:fps:sinks:…)`) feeds any list of sinks:
/// 1. `begin(_:)` once, before any frame;
/// 2. `prepare(_:index:damage:)` for each frame, possibly on other threads, in any order and
///    concurrently with other frames: per-frame work that can run in parallel (finding what
///    changed, encoding a PNG). It must not touch state that `consume` mutates. `damage` says
///    which rows can differ from the previous frame, which it carries; by default this calls
///    `prepare(_:index:previous:)`;
/// 3. `consume(_:index:prepared:)` for each frame on the calling thread, in frame order, with what
///    `prepare` returned for it;
/// 4. `consume(instant:frame:)` for each of the sink's `instants` (times that need not be frames);
/// 5. `finish()` after the last frame, or `cancel()` when the render fails: nothing may be left
///    half-written.
/// The bytes a sink writes must not depend on the thread count.
public protocol RenderSink: AnyObject, Sendable {
    /// Extra instants (seconds from the start) this sink wants drawn, besides the frames.
    var instants: [Double] { get }
    /// Whether `consume` does heavy work per frame on the calling thread (GIF coding): the loop
    /// then rasterizes with one thread fewer.
    var consumesHeavily: Bool { get }
    func begin(_ plan: RenderPlan) throws
    func prepare(_ frame: PixelBuffer, index: Int, previous: PixelBuffer?) throws -> (any Sendable)?
    /// `prepare` told what the loop knows of the change: rows outside `damage.rows` hold the same
    /// pixels as `damage.previous` (sinks that look for changes need only look there).
    func prepare(_ frame: PixelBuffer, index: Int, damage: FrameDamage) throws -> (any Sendable)?
    func consume(_ frame: PixelBuffer, index: Int, prepared: (any Sendable)?) throws
    func consume(instant time: Double, frame: PixelBuffer) throws
    func finish() throws
    func cancel()
}

extension RenderSink {
    public var instants: [Double] { [] }
    public var consumesHeavily: Bool { false }
    public func begin(_ plan: RenderPlan) throws {}
    public func prepare(_ frame: PixelBuffer, index: Int, previous: PixelBuffer?) throws -> (any Sendable)? { nil }
    public func prepare(_ frame: PixelBuffer, index: Int, damage: FrameDamage) throws -> (any Sendable)? {
        try prepare(frame, index: index, previous: damage.previous)
    }
    public func consume(instant time: Double, frame: PixelBuffer) throws {}
}
