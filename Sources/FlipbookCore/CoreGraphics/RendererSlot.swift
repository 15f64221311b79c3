import Foundation

/// One service the linked renderer registers with FlipbookCore as the program loads (a text
/// measurer, an image rasterizer, a font provider): process-wide because which renderer is
/// linked in is a fact about the program, set once, read from any thread.
final class RendererSlot<Service>: @unchecked Sendable {
    private let lock = NSLock()
    private var registered: Service?

    func set(_ service: Service) {
        lock.lock()
        registered = service
        lock.unlock()
    }

    /// The registered service; nil when no renderer is linked.
    var current: Service? {
        lock.lock()
        defer { lock.unlock() }
        return registered
    }
}
