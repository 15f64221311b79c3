import Foundation

/// What a command has half written: temporary files of outputs not yet renamed into place, and
/// staging folders of goldens not yet swapped in. An interrupted command removes them all before
/// it exits (`removeAll`, from `flipbook`'s signal handler), so no signal leaves a temporary file
/// behind or a golden folder half replaced.
///
/// One list for the process, because signals are the process's: every writer registers what it
/// must not leave behind and unregisters it once it is in place (or removed).
public final class PendingWrites: @unchecked Sendable {
    /// A file (unlinked: a link is removed, never what it points to) or a folder (removed whole).
    public enum Item: Sendable {
        case file(String)
        case folder(String)
    }

    public static let shared = PendingWrites()

    private let lock = NSLock()
    private var items: [Int: Item] = [:]
    private var next = 0

    /// Registers `item`; the token unregisters it.
    public func add(_ item: Item) -> Int {
        lock.lock()
        defer { lock.unlock() }
        return insert(item)
    }

    /// Makes something (`create`: a file or folder, nil when it could not) and registers it in
    /// one step: an interruption waits for both, so nothing made is missed.
    public func create<T>(_ create: () -> (T, Item)?) -> (T, token: Int)? {
        lock.lock()
        defer { lock.unlock() }
        guard let (made, item) = create() else { return nil }
        return (made, insert(item))
    }

    private func insert(_ item: Item) -> Int {
        next += 1
        items[next] = item
        return next
    }

    /// Unregisters what `add` returned `token` for (it is in place, or already removed).
    public func remove(_ token: Int) {
        lock.lock()
        items.removeValue(forKey: token)
        lock.unlock()
    }

    /// Removes everything registered (the command is being interrupted).
    public func removeAll() {
        lock.lock()
        let pending = items.values
        items = [:]
        lock.unlock()
        for item in pending {
            switch item {
            case .file(let path): unlink(path)
            case .folder(let path): try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
