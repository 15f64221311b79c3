import Foundation

/// One object per thread under a key, made on first use and released with the thread. The
/// Stage's transaction context and the renderer's text-layout cache both live this way.
package enum ThreadLocal {
    package static func value<T: AnyObject>(forKey key: String, make: () -> T) -> T {
        let dictionary = Thread.current.threadDictionary
        if let value = dictionary[key] as? T { return value }
        let value = make()
        dictionary[key] = value
        return value
    }
}
