import Foundation

/// `addObserver(_:forKeyPath:options:context:)` as iOS declares it, on `NSObject` with an
/// `NSObject` observer: library code that wraps it in an `NSObject` extension
/// (`dg_addObserver(_ observer: NSObject, …)`) compiles unchanged. It reaches the observable
/// objects (views, gesture recognizers); the observer hears changes when it adopts
/// `NSKeyValueObserving` (views do; docs/porting.md). Anything else cannot be observed on
/// Linux, and the Stage says so once instead of staying silent.
extension NSObject {
    @_disfavoredOverload
    public func addObserver(
        _ observer: NSObject, forKeyPath keyPath: String, options: NSKeyValueObservingOptions = [],
        context: UnsafeMutableRawPointer? = nil
    ) {
        guard let observable = self as? any KeyValueObservable, let hearing = observer as? any NSKeyValueObserving else {
            Stage.current?.warnOnce(
                "kvo:\(type(of: self)):\(type(of: observer)):\(keyPath)",
                "\(type(of: observer)) cannot observe '\(keyPath)' of \(type(of: self)): "
                    + (self is any KeyValueObservable
                        ? "\(type(of: observer)) does not adopt NSKeyValueObserving"
                        : "only views and gesture recognizers are observable")
                    + " (docs/porting.md)")
            return
        }
        observable.addObserver(hearing, forKeyPath: keyPath, options: options, context: context)
    }

    @_disfavoredOverload
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String) {
        guard let observable = self as? any KeyValueObservable, let hearing = observer as? any NSKeyValueObserving else { return }
        observable.removeObserver(hearing, forKeyPath: keyPath)
    }

    @_disfavoredOverload
    public func removeObserver(_ observer: NSObject, forKeyPath keyPath: String, context: UnsafeMutableRawPointer?) {
        guard let observable = self as? any KeyValueObservable, let hearing = observer as? any NSKeyValueObserving else { return }
        observable.removeObserver(hearing, forKeyPath: keyPath, context: context)
    }
}
