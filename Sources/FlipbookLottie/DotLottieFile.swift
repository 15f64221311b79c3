import FlipbookCore
import Foundation

/// One animation a `.lottie` manifest lists and how it plays (lottie-ios's `DotLottieAnimation`).
struct DotLottieManifestEntry: Sendable {
    var id: String
    var loops: Bool
    var speed: Double
    var direction: Double
    /// `mode: bounce`: there and back.
    var bounces: Bool

    /// lottie-ios's `loopMode`: bounce plays there and back, else `loop` says whether it repeats.
    var loopMode: LottieLoopMode { bounces ? .autoReverse : loops ? .loop : .playOnce }
}

/// How a `.lottie` file says one of its animations plays (lottie-ios's `DotLottieConfiguration`).
public struct DotLottieConfiguration: Sendable {
    /// The animation's id in the manifest (its file is `animations/ID.json`).
    public var id: String
    public var loopMode: LottieLoopMode
    /// The manifest's speed times its direction (−1 plays backwards).
    public var speed: Double
    /// lottie-ios's provider of the archive's images. Here the animation reads the images of its
    /// archive itself, so there is none to set: nil.
    public var imageProvider: (any AnimationImageProvider)? { nil }
}

/// A `.lottie` archive and every animation in it (lottie-ios's `DotLottieFile`): load it with
/// `DotLottieFile.named(_:)` or `loadedFrom(filepath:)`, and show one with
/// `LottieAnimationView(dotLottieName:)` or `loadAnimation(_:from:)`, which also take its loop
/// mode and speed. Loading reads the whole file at once: the callbacks and `async` forms finish
/// before they return (docs/porting.md), and nothing is cached between loads.
public final class DotLottieFile: Sendable {
    /// One animation of the file with its settings.
    public struct Animation: Sendable {
        public let animation: LottieAnimation
        public let configuration: DotLottieConfiguration
    }

    /// The animations, in the manifest's order (the archive's animation files by name when it
    /// has no manifest).
    public let animations: [Animation]

    /// Reads the archive's bytes; `file` names it in errors.
    init(data: Data, file: String) throws {
        let archive = try LottieAnimation.openArchive(data, file: file)
        let entries = LottieAnimation.manifest(of: archive)
        guard !entries.isEmpty else {
            let animation = try LottieAnimation.loadArchive(archive, file: file, id: nil, fallBack: true)
            let id = URL(fileURLWithPath: animation.file).deletingPathExtension().lastPathComponent
            animations = [Animation(animation: animation, configuration: DotLottieConfiguration(id: id, loopMode: .playOnce, speed: 1))]
            return
        }
        // A manifest may list more animations than the archive holds files, or one many times:
        // each file is read once, and no more entries than an archive has files are taken.
        guard entries.count <= ZipArchive.maximumEntries else {
            throw LottieError(file: file, path: "manifest.animations", message: "lists more than \(ZipArchive.maximumEntries) animations")
        }
        var read: [String: LottieAnimation] = [:]
        animations = try entries.map { entry in
            let animation = try read[entry.id] ?? LottieAnimation.loadArchive(archive, file: file, id: entry.id, fallBack: false)
            read[entry.id] = animation
            return Animation(
                animation: animation,
                configuration: DotLottieConfiguration(id: entry.id, loopMode: entry.loopMode, speed: entry.speed * entry.direction))
        }
    }

    /// The animation with `id`, or the first without one.
    func animation(for id: String? = nil) -> Animation? {
        guard let id else { return animations.first }
        return animations.first { $0.configuration.id == id }
    }

    /// The animation at `index`.
    func animation(at index: Int) -> Animation? { animations.indices.contains(index) ? animations[index] : nil }
}

extension DotLottieFile {
    /// lottie-ios's blocking loaders, each a `Result`.
    public enum SynchronouslyBlockingCurrentThread {
        /// The `.lottie` file at `filepath`.
        public static func loadedFrom(filepath: String) -> Result<DotLottieFile, any Error> {
            Result {
                let url = URL(fileURLWithPath: filepath)
                guard let data = try LottieAnimation.readRegularFile(url) else {
                    throw LottieError(
                        file: filepath, path: "", message: "not a regular file of at most \(LottieAnimation.maximumFileBytes >> 20) MB")
                }
                return try DotLottieFile(data: data, file: filepath)
            }
        }

        /// `name.lottie` in `bundle` (its `subdirectory` when given), else in the current
        /// directory, as `LottieAnimationView(name:)` looks.
        public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil) -> Result<DotLottieFile, any Error> {
            let path =
                bundle.url(forResource: name, withExtension: "lottie", subdirectory: subdirectory)?.path
                ?? URL(fileURLWithPath: subdirectory ?? ".").appendingPathComponent(name + ".lottie").path
            return loadedFrom(filepath: path)
        }

        /// A `.lottie` archive's bytes; `filename` (without `.lottie`) names it in errors.
        public static func loadedFrom(data: Data, filename: String) -> Result<DotLottieFile, any Error> {
            Result { try DotLottieFile(data: data, file: filename + ".lottie") }
        }
    }

    /// `name.lottie` in `bundle`, else in the current directory.
    public static func named(_ name: String, bundle: Bundle = .main, subdirectory: String? = nil) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.named(name, bundle: bundle, subdirectory: subdirectory).get()
    }

    /// The `.lottie` file at `filepath`.
    public static func loadedFrom(filepath: String) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.loadedFrom(filepath: filepath).get()
    }

    /// A `.lottie` archive's bytes.
    public static func loadedFrom(data: Data, filename: String) async throws -> DotLottieFile {
        try SynchronouslyBlockingCurrentThread.loadedFrom(data: data, filename: filename).get()
    }

    /// `name.lottie`, handed to `handleResult` before this returns.
    public static func named(
        _ name: String, bundle: Bundle = .main, subdirectory: String? = nil, handleResult: (Result<DotLottieFile, any Error>) -> Void
    ) {
        handleResult(SynchronouslyBlockingCurrentThread.named(name, bundle: bundle, subdirectory: subdirectory))
    }

    /// The file at `filepath`, handed to `handleResult` before this returns.
    public static func loadedFrom(filepath: String, handleResult: (Result<DotLottieFile, any Error>) -> Void) {
        handleResult(SynchronouslyBlockingCurrentThread.loadedFrom(filepath: filepath))
    }
}
