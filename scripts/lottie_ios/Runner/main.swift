// Renders lottie-ios's snapshot samples through lottie-ios's own Core Animation engine, built
// against Flipbook: each sample's paused states as lottie-ios's SnapshotTests take them (the
// view sized by `snapshotSize`, its per-sample configuration, `presentation().render(in:)` into
// a 2x image renderer), one PNG each, named as ../shared/lottie/ios-snapshots names them.
//
// Usage: LottieIOSRunner LOTTIE_DIR OUT_DIR [NAME_PREFIX ...]
import FlipbookEngine
import Foundation
import LottieIOS

let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: LottieIOSRunner LOTTIE_DIR OUT_DIR [NAME_PREFIX ...]\n".utf8))
    exit(2)
}
let samplesFolder = URL(fileURLWithPath: arguments[1]).appendingPathComponent("samples")
let outFolder = URL(fileURLWithPath: arguments[2])
let only = Array(arguments.dropFirst(3))
Samples.folder = samplesFolder
// As lottie-ios's snapshot tests set it: compatibility reports are printed, not asserted.
LottieLogger.shared = .printToConsole

// lottie-ios's tests register the fonts of Samples/Fonts for the process.
for font in (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder.appendingPathComponent("Fonts").path)) ?? []
where font.hasSuffix(".ttf") {
    _ = CTFontManagerRegisterFontsForURL(samplesFolder.appendingPathComponent("Fonts/\(font)") as CFURL, .process, nil)
}

var rendered = 0, failed = 0
for sample in Samples.names() {
    let snapshotName = sample.replacingOccurrences(of: "/", with: "-")
    guard only.isEmpty || only.contains(where: { snapshotName.hasPrefix($0) }) else { continue }
    let configuration = SnapshotConfiguration.forSample(named: sample)
    guard configuration.shouldSnapshot(using: LottieConfiguration(renderingEngine: .coreAnimation)) else { continue }
    for state in pausedStates(configuration) {
        let label: String
        switch state {
        case .progress(let p): label = "\(Int(p * 100))"
        case .frame(let f): label = "Frame-\(Int(f))"
        default: continue
        }
        let target = outFolder.appendingPathComponent("\(snapshotName)-\(label).png")
        if let png = render(sample, configuration: configuration, at: state) {
            do {
                try png.write(to: target, options: .atomic)
                rendered += 1
            } catch {
                failed += 1
                FileHandle.standardError.write(Data("\(target.path): cannot be written (\(error))\n".utf8))
            }
        } else {
            failed += 1
            FileHandle.standardError.write(Data("\(snapshotName)-\(label): lottie-ios made no image\n".utf8))
        }
    }
}
print("\(rendered) rendered, \(failed) failed")

/// The paused states SnapshotTests takes of a sample.
func pausedStates(_ configuration: SnapshotConfiguration) -> [LottiePlaybackMode.PausedState] {
    if let frames = configuration.customFramesToSnapshot { return frames.map { .frame($0) } }
    return (configuration.customProgressValuesToSnapshot ?? [0, 0.25, 0.5, 0.75, 1]).map { .progress($0) }
}

/// One snapshot, as SnapshotTests' `makeAnimationView` and `imageOfPresentationLayer` take it.
func render(_ sample: String, configuration: SnapshotConfiguration, at state: LottiePlaybackMode.PausedState) -> Data? {
    let stage = Stage(size: CGSize(width: 500, height: 500), scale: 2)
    let engine = LottieConfiguration(renderingEngine: .coreAnimation)
    let view: LottieAnimationView
    var isDotLottie = false
    if let animation = Samples.animation(named: sample) {
        view = LottieAnimationView(animation: animation, configuration: engine)
    } else if let file = Samples.dotLottie(named: sample) {
        view = LottieAnimationView(dotLottie: file, configuration: engine)
        isDotLottie = true
    } else {
        return nil
    }
    guard let animation = view.animation else { return nil }
    view.frame.size = animation.snapshotSize(maximum: configuration.maxSnapshotDimension)
    for (keypath, provider) in configuration.customValueProviders { view.setValueProvider(provider, keypath: keypath) }
    if let imageProvider = configuration.customImageProvider {
        view.imageProvider = imageProvider
    } else if !isDotLottie, let images = Bundle(path: samplesFolder.appendingPathComponent("Images").path) {
        // lottie-ios's default provider (data URLs, then files by name), over the samples'
        // Images folder as its test bundle holds them; a .lottie keeps its archive's images.
        view.imageProvider = BundleImageProvider(bundle: images, searchPath: nil)
    }
    if let textProvider = configuration.customTextProvider { view.textProvider = textProvider }
    if let fontProvider = configuration.customFontProvider { view.fontProvider = fontProvider }
    if let viewport = configuration.customViewportFrame { view.viewportFrame = viewport }
    view.setPlaybackMode(.paused(at: state))

    // On screen, as the test's window puts it: here the Stage's window.
    stage.rootView.addSubview(view)
    CATransaction.flush()
    stage.advance(to: stage.currentTime)
    guard let presentation = view.layer.presentation() else { return nil }
    let image = UIGraphicsImageRenderer(bounds: view.bounds).image { context in
        presentation.render(in: context.cgContext)
    }
    return image.pngData()
}

extension LottieAnimation {
    /// SnapshotTests' `snapshotSize`: the longer side clamped to `maximum`, the aspect kept.
    func snapshotSize(maximum: CGFloat) -> CGSize {
        let (width, height) = (size.width, size.height)
        if width > height {
            let newWidth = min(width, maximum)
            return CGSize(width: newWidth, height: newWidth * height / width)
        }
        let newHeight = min(height, maximum)
        return CGSize(width: newHeight * width / height, height: newHeight)
    }
}
