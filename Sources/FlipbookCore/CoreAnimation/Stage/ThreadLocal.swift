#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One object per thread, made on first use and released with the thread. The Stage's
/// transaction context, the replicator budget and the renderer's text-layout cache live this way.
///
/// A pthread key, not `Thread.current.threadDictionary`: the Stage asks for its transaction
/// context on every property change and every event, and the dictionary (an `NSString` key
/// bridged, hashed, and a dynamic cast of the value each time) was a measurable share of a
/// render's engine time.
package final class ThreadLocal<Value: AnyObject>: Sendable {
    private let key: pthread_key_t

    /// A new slot; keep it in a `static let` (keys are a process-wide resource, never deleted).
    package init() {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            // Balances the retain in `set`: the thread's value is released as the thread ends.
            #if canImport(Darwin)
                Unmanaged<AnyObject>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<AnyObject>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed (\(status)): out of thread-local keys")
        self.key = key
    }

    /// This thread's value, if it has one.
    package var current: Value? {
        guard let pointer = pthread_getspecific(key) else { return nil }
        return Unmanaged<Value>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// This thread's value, made by `make` on first use.
    package func value(make: () -> Value) -> Value {
        if let value = current { return value }
        let value = make()
        set(value)
        return value
    }

    /// Replaces this thread's value (nil removes it).
    package func set(_ value: Value?) {
        let old = pthread_getspecific(key)
        pthread_setspecific(key, value.map { Unmanaged.passRetained($0).toOpaque() })
        if let old { Unmanaged<AnyObject>.fromOpaque(old).release() }
    }
}
