import Foundation

#if os(Linux)
    /// Core Graphics' bitmap image: here the pixels or encoded bytes a layer's `contents` holds.
    public typealias CGImage = LayerImage
#endif
