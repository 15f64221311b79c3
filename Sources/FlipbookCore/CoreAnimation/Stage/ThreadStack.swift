#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How much stack the calling thread has left below the caller: `NestedWalk` decides from it
/// whether a deep walk runs in place.
enum ThreadStack {
    /// Bytes between the caller's frame and the end of its thread's stack; nil when the system
    /// does not say.
    static func remainingBytes() -> Int? {
        guard let lowest = bounds.value(make: Bounds.ofCallingThread).lowest else { return nil }
        var marker = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > lowest ? Int(here - lowest) : 0
    }

    /// Asked once per thread: for the main thread glibc reads /proc to answer (about 0.1 ms).
    private static let bounds = ThreadLocal<Bounds>()

    private final class Bounds {
        /// The lowest address of the stack (stacks grow down); nil when unknown.
        let lowest: UInt?

        init(lowest: UInt?) { self.lowest = lowest }

        static func ofCallingThread() -> Bounds {
            #if canImport(Glibc)
                // pthread_getattr_np is a GNU extension Swift's Glibc module leaves out.
                typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
                guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return Bounds(lowest: nil) }
                let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
                var attributes = pthread_attr_t()
                guard getAttributes(pthread_self(), &attributes) == 0 else { return Bounds(lowest: nil) }
                defer { pthread_attr_destroy(&attributes) }
                var address: UnsafeMutableRawPointer?
                var size = 0
                var guardSize = 0
                guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return Bounds(lowest: nil) }
                pthread_attr_getguardsize(&attributes, &guardSize)
                return Bounds(lowest: UInt(bitPattern: address) + UInt(guardSize))
            #else
                let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
                return Bounds(lowest: top - UInt(pthread_get_stacksize_np(pthread_self())))
            #endif
        }
    }
}
