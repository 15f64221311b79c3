import Foundation

/// Reading a file that may be of anyone's choosing: only a regular file (links followed) of a
/// bounded size is read, so a FIFO or a device never blocks the read or makes it endless.
package enum RegularFile {
    /// The bytes of `url` when it is a regular file of at most `maximumBytes`; nil otherwise,
    /// without reading it.
    package static func contents(of url: URL, maximumBytes: Int) throws -> Data? {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        guard attributes[.type] as? FileAttributeType == .typeRegular,
            let size = attributes[.size] as? NSNumber, size.intValue <= maximumBytes
        else { return nil }
        return try Data(contentsOf: url)
    }
}
