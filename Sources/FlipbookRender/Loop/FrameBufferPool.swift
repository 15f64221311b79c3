import Foundation

/// Frame buffers handed back once a frame is written, so the next frame draws into memory
/// that is already mapped: allocating 4 MB per frame afresh cost a page fault every 4 KB
/// (80,000 faults for the 120-frame wave benchmark) because freed frames went back to the
/// kernel. A buffer still referenced elsewhere is copied on take (arrays are copy-on-write).
final class FrameBufferPool: @unchecked Sendable {
    private var free: [[UInt32]] = []
    private let lock = NSLock()
    private let capacity: Int

    init(capacity: Int) { self.capacity = capacity }

    func take(count: Int, filledWith value: UInt32) -> [UInt32]? {
        lock.lock()
        var buffer = free.popLast()
        lock.unlock()
        guard buffer?.count == count else { return nil }
        buffer!.withUnsafeMutableBufferPointer { $0.update(repeating: value) }
        return buffer
    }

    func give(_ buffer: [UInt32]) {
        lock.lock()
        if free.count < capacity { free.append(buffer) }
        lock.unlock()
    }
}
