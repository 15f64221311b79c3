import FlipbookEngine
import Foundation
import LottieIOS

/// lottie-ios's test samples (`Tests/Samples`), read from ../shared/lottie/samples.
enum Samples {
    nonisolated(unsafe) static var folder = URL(fileURLWithPath: ".")

    /// Every sample's name: its path under the folder without extension (`Issues/issue_1854`).
    static func names() -> [String] {
        let root = folder.standardizedFileURL.path
        var names: [String] = []
        let walker = FileManager.default.enumerator(atPath: root)
        while let path = walker?.nextObject() as? String {
            let ext = URL(fileURLWithPath: path).pathExtension
            if ["json", "lottie"].contains(ext) { names.append(String(path.dropLast(ext.count + 1))) }
        }
        return names.sorted()
    }

    static func animation(named name: String) -> LottieAnimation? {
        let path = folder.appendingPathComponent(name + ".json").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        return LottieAnimation.filepath(path)
    }

    static func dotLottie(named name: String) -> DotLottieFile? {
        let path = folder.appendingPathComponent(name + ".lottie").path
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        // lottie-ios asserts that its blocking loader runs off the main thread.
        nonisolated(unsafe) var file: DotLottieFile?
        let done = DispatchSemaphore(value: 0)
        Thread {
            file = try? DotLottieFile.SynchronouslyBlockingCurrentThread.loadedFrom(filepath: path).get()
            done.signal()
        }.start()
        done.wait()
        return file
    }
}

// lottie-ios's test helpers that SnapshotConfiguration names, written from their use there.

/// Gives every image asset the one image, read from the samples (`Samples/Images/dog.png`).
struct HardcodedImageProvider: AnimationImageProvider {
    let imageName: String
    func imageForAsset(asset: ImageAsset) -> CGImage? {
        let path = Samples.folder.deletingLastPathComponent().appendingPathComponent(
            imageName.replacingOccurrences(of: "Samples/", with: "samples/")
        ).path
        return UIImage(contentsOfFile: path)?.cgImage
    }
}

/// Gives every text layer the one string.
final class HardcodedTextProvider: AnimationKeypathTextProvider {
    let text: String
    init(text: String) { self.text = text }
    func text(for keypath: AnimationKeypath, sourceText: String) -> String? { text }
}

/// Gives every text layer the one font.
struct HardcodedFontProvider: AnimationFontProvider {
    let font: UIFont
    func fontFor(family: String, size: CGFloat) -> CTFont? { font }
}
