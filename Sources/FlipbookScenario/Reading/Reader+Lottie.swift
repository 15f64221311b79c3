import FlipbookCore
import FlipbookLottie
import FlipbookUIKit
import Foundation

extension Reader {
    /// A `lottie` layer's keys: the file (relative to the scenario), and how it plays under
    /// lottie-ios's names. Without `frame` or `bounds` the layer takes the animation's own size.
    func readLottie(_ pairs: [(key: String, keyNode: YAMLNode, value: YAMLNode)], into spec: inout LayerSpec, at mark: SourceMark) {
        guard let fileNode = pairs.first(where: { $0.key == "file" })?.value else {
            sink.error("a lottie layer needs 'file' (a Lottie animation, .json or .lottie)", at: mark)
            return
        }
        guard let (animation, cost) = lottieAnimation(fileNode) else { return }
        admitLottieCost(cost, at: fileNode.mark)
        var lottie = LottieLayerSpec(animation: animation)
        for (k, _, v) in pairs {
            switch k {
            case "progress", "fromProgress", "toProgress":
                guard let x = v.number("a share of the animation, 0…1") else { continue }
                guard (0...1).contains(x) else {
                    sink.error("\(k) is a share of the animation, 0…1; found \(formatted(x))", at: v.mark)
                    continue
                }
                if k == "progress" {
                    lottie.progress = x
                } else if k == "fromProgress" {
                    lottie.fromProgress = x
                } else {
                    lottie.toProgress = x
                }
            case "animationSpeed":
                guard let x = v.number("a speed, such as 1 or 0.5") else { continue }
                guard x > 0, x <= 100 else {
                    sink.error("animationSpeed must be above 0 and at most 100, found \(formatted(x))", at: v.mark)
                    continue
                }
                lottie.animationSpeed = x
            case "loopMode": if let mode = loopMode(v) { lottie.loopMode = mode }
            case "values":
                // lottie-ios's value providers, as `flipbook --value` spells them.
                for item in v.sequence("a list of value providers, such as '**.Fill 1.Color=#FF0000'") ?? [] {
                    guard let text = item.string("a value provider, such as '**.Fill 1.Color=#FF0000'") else { continue }
                    do { lottie.valueProviders.append(try ValueProviderText.parse(text)) } catch {
                        sink.error("a value provider \(error.description)", at: item.mark)
                    }
                }
            case "texts":
                // Texts for its text layers, as `flipbook --text` spells them.
                for item in v.sequence("a list of texts, such as 'ENVELOPE.sender=Lottie'") ?? [] {
                    guard let text = item.string("a text, such as 'ENVELOPE.sender=Lottie'") else { continue }
                    do { lottie.texts.append(try KeypathTextProvider.parse(text)) } catch {
                        sink.error("a text \(error.description)", at: item.mark)
                    }
                }
            case "viewport":
                guard case .rect(let r)? = values.value(v, kind: .rect) else { continue }
                guard r.width > 0, r.height > 0 else {
                    sink.error("viewport needs a positive width and height, in the animation's points", at: v.mark)
                    continue
                }
                lottie.viewport = r
            default: break
            }
        }
        if lottie.progress != nil,
            let played = pairs.first(where: { ["fromProgress", "toProgress", "loopMode", "animationSpeed"].contains($0.key) })
        {
            sink.error("'\(played.key)' plays the animation, but 'progress' pauses it; give one or the other", at: played.keyNode.mark)
        }
        let sized = spec.frame != nil || spec.properties.contains { $0.0.property == .bounds }
        if !sized { spec.frame = CGRect(x: 0, y: 0, width: animation.width, height: animation.height) }
        spec.lottie = lottie
    }

    /// Counts a `lottie` layer's animation toward the scene's limits: its layers at every layer
    /// that shows it, its images once, its levels below this layer's depth.
    private func admitLottieCost(_ cost: LottieCost, at mark: SourceMark) {
        // Its layers count toward the scene's, at every layer that shows it.
        layerCount += cost.layers
        if layerCount > Limits.maximumLayers {
            sink.error(
                "with the \(cost.layers) layers of this Lottie animation the scene has more than \(Limits.maximumLayers) layers "
                    + "(each lottie layer counts the layers of its animation)", at: mark)
        }
        if !cost.countedImages {
            // Its images count toward the scene's once, however many layers show it.
            lottieAnimations[cost.file]?.cost.countedImages = true
            if !values.images.admit(pixels: cost.imagePixels) {
                sink.error(
                    "with the images of this Lottie animation the scene shows more than \(Limits.maximumSceneImagePixels) pixels "
                        + "of images together", at: mark)
            }
        }
        if layerDepth + cost.levels > Limits.maximumLayerDepth {
            sink.error(
                "the layers of the Lottie animation nest \(cost.levels) levels deep, \(layerDepth + cost.levels) here; layers nest at most "
                    + "\(Limits.maximumLayerDepth) levels", at: mark)
        }
    }

    /// The animation a `file` names, read once per file however many layers show it, with the
    /// layers it is built into and the levels they nest (a `lottie` layer's own included).
    private func lottieAnimation(_ n: YAMLNode) -> (LottieAnimation, cost: LottieCost)? {
        guard let name = n.string("a Lottie file name (.json or .lottie)") else { return nil }
        let url = name.hasPrefix("/") ? URL(fileURLWithPath: name) : values.baseDirectory.appendingPathComponent(name)
        if let loaded = lottieAnimations[url.path] { return loaded }
        guard FileManager.default.fileExists(atPath: url.path) else {
            sink.error("Lottie file '\(name)' not found (looked for \(url.path))", at: n.mark)
            return nil
        }
        do {
            let animation = try LottieAnimation.load(file: url.path)
            // Built once here so that a fault deep in the file is the scenario's error, with the
            // JSON path, and what Core Animation cannot show is a warning before anything renders.
            let probe = try LottieAnimationLayer(animation: animation)
            for warning in probe.warnings { sink.warning("\(name): \(warning)", at: n.mark) }
            let cost = LottieCost(
                file: url.path, layers: probe.builtLayerCount, levels: probe.nestingDepth, imagePixels: probe.builtImagePixels)
            let loaded = (animation, cost)
            lottieAnimations[url.path] = loaded
            return loaded
        } catch let error as LottieError {
            sink.error("cannot read Lottie file '\(name)': \(error.path.isEmpty ? "" : error.path + ": ")\(error.message)", at: n.mark)
        } catch {
            sink.error("cannot read Lottie file '\(name)': \(error)", at: n.mark)
        }
        return nil
    }

    /// `playOnce`, `loop`, `autoReverse`, `{repeat: N}` or `{repeatBackwards: N}`.
    private func loopMode(_ n: YAMLNode) -> LottieLoopMode? {
        let expected = "playOnce, loop, autoReverse, {repeat: N} or {repeatBackwards: N}"
        if let word = n.scalarString {
            switch word {
            case "playOnce": return .playOnce
            case "loop": return .loop
            case "autoReverse": return .autoReverse
            default:
                sink.error(
                    "unknown loopMode '\(word)'; expected \(expected)", at: n.mark,
                    hint: nearest(to: word, in: ["playOnce", "loop", "autoReverse"]).map { "did you mean '\($0)'?" })
                return nil
            }
        }
        guard let pairs = n.mapping(allowed: ["repeat", "repeatBackwards"], what: expected) else { return nil }
        guard pairs.count == 1, let (k, _, v) = pairs.first else {
            n.fail(expected)
            return nil
        }
        guard let count = v.number("a number of times, such as 3 or 2.5") else { return nil }
        guard count > 0, count <= 10_000 else {
            sink.error("\(k) takes a number of times above 0 and at most 10000, found \(formatted(count))", at: v.mark)
            return nil
        }
        return k == "repeat" ? .repeat(Float(count)) : .repeatBackwards(Float(count))
    }
}

/// What showing a Lottie animation adds to a scene: the Lottie layers it is built into, and the
/// levels its layers nest (the `lottie` layer itself included).
struct LottieCost {
    /// The file's path (the reader's key for it).
    var file: String
    var layers: Int
    var levels: Int
    /// The pixels of its images, counted toward the scene's once (`countedImages`).
    var imagePixels: Int
    var countedImages = false
}
