import Foundation
import Testing

/// Headless Chromium (Debian's `chromium`, which `make test` installs) for the pages people read:
/// `--dump-dom` gives the DOM after the page's scripts ran, `--screenshot` what it shows. Shared
/// by the golden report's and the comparison page's tests.
public enum Chromium {
    public static var path: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    public static func run(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: try #require(path, "chromium is not installed: run `make test`, which installs it"))
        p.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
