import CCairo
import FlipbookCore

/// Layer images decoded for drawing, kept per drawing thread: an image is decoded once per render
/// instead of at every frame that shows it (a scene's images are bounded together by
/// `Limits.maximumSceneImagePixels`, so they all fit). Images are told apart by identity
/// (`LayerImage` is immutable) and held weakly, so one that is gone is never mistaken for a new
/// one made at the same address; past the bound the least recently drawn are let go of.
final class DecodedImages {
    private struct Entry {
        weak var image: LayerImage?
        let surface: OpaquePointer
        let pixels: Int
        var lastUse: Int
    }

    private var entries: [ObjectIdentifier: Entry] = [:]
    private var pixels = 0
    private var clock = 0
    /// Pixels kept decoded on one thread (4 bytes each).
    static let capacity = Limits.maximumSceneImagePixels

    private static let perThread = ThreadLocal<DecodedImages>()

    /// This thread's images (let go of with the thread).
    static var forThisThread: DecodedImages { perThread.value { DecodedImages() } }

    deinit { for entry in entries.values { cairo_surface_destroy(entry.surface) } }

    /// `image` as a Cairo surface the caller owns a reference to (destroy it when done), or nil
    /// when it cannot be decoded.
    func surface(for image: LayerImage) -> OpaquePointer? {
        clock += 1
        let key = ObjectIdentifier(image)
        if let entry = entries[key], entry.image === image {
            entries[key]?.lastUse = clock
            return cairo_surface_reference(entry.surface)
        }
        if let stale = entries.removeValue(forKey: key) { forget(stale) }
        guard let surface = CairoSurface.make(from: image) else { return nil }
        let size = image.width * image.height
        guard size <= Self.capacity else { return surface }
        makeRoom(for: size)
        entries[key] = Entry(image: image, surface: cairo_surface_reference(surface), pixels: size, lastUse: clock)
        pixels += size
        return surface
    }

    /// Lets go of images that are gone, then of the least recently drawn, until `size` more fit.
    private func makeRoom(for size: Int) {
        for (key, entry) in entries where entry.image == nil {
            entries.removeValue(forKey: key)
            forget(entry)
        }
        while pixels + size > Self.capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            entries.removeValue(forKey: oldest.key)
            forget(oldest.value)
        }
    }

    private func forget(_ entry: Entry) {
        pixels -= entry.pixels
        cairo_surface_destroy(entry.surface)
    }
}
