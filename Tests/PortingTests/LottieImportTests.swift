// This file imports what an iOS file showing a Lottie animation imports: Lottie (and Testing).
// The Lottie module of ours exists on Linux only (on Apple platforms lottie-ios owns the name).
#if os(Linux)
    import Lottie
    import Testing

    /// A "liked" burst as iOS code shows it with lottie-ios: a `LottieAnimationView` from a file,
    /// aspect-fit, played once at double speed with a completion, then looped back and forth.
    @Suite("import Lottie")
    struct LottieImportTests {
        /// A 100 × 100 composition, 10 fps, frames 0…20: a square moving right by 80 points.
        static func file() throws -> String {
            let json = #"""
                {"v":"5.7","fr":10,"ip":0,"op":20,"w":100,"h":100,"layers":[{"ty":4,"ind":1,"ip":0,"op":20,"st":0,
                "ks":{"p":{"a":1,"k":[{"t":0,"s":[10,50],"i":{"x":1,"y":1},"o":{"x":0,"y":0}},{"t":20,"s":[90,50]}]}},
                "shapes":[{"ty":"rc","p":{"a":0,"k":[0,0]},"s":{"a":0,"k":[10,10]},"r":{"a":0,"k":0}},
                {"ty":"fl","c":{"a":0,"k":[1,0,0,1]},"o":{"a":0,"k":100}}]}]}
                """#
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("burst-\(UUID().uuidString).json").path
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        @Test("played once at double speed: the completion gets true after 1 s, on the last frame")
        func playOnce() throws {
            let stage = Stage(size: CGSize(width: 200, height: 200))
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            stage.rootLayer.addSublayer(container.layer)

            // As written for iOS:
            let animationView = LottieAnimationView(filePath: try Self.file())
            animationView.frame = CGRect(x: 50, y: 50, width: 100, height: 100)
            animationView.contentMode = .scaleAspectFit
            animationView.loopMode = .playOnce
            animationView.animationSpeed = 2
            container.addSubview(animationView)
            var finished: [Bool] = []
            animationView.play { finished.append($0) }

            stage.advance(to: 0.5)
            #expect(animationView.isAnimationPlaying && abs(animationView.currentProgress - 0.5) < 1e-6)
            stage.advance(to: 1.5)
            #expect(finished == [true] && animationView.currentProgress == 1 && !animationView.isAnimationPlaying)
        }

        @Test("play(fromProgress:toProgress:loopMode: .autoReverse) goes back and forth until paused")
        func autoReverse() throws {
            let stage = Stage(size: CGSize(width: 100, height: 100))
            let animationView = LottieAnimationView(animation: LottieAnimation.filepath(try Self.file()))
            stage.rootLayer.addSublayer(animationView.layer)
            var finished: [Bool] = []
            animationView.play(fromProgress: 0, toProgress: 0.5, loopMode: .autoReverse) { finished.append($0) }
            stage.advance(to: 1.5)  // 1 s up to frame 10, then half way back
            #expect(abs(animationView.currentFrame - 5) < 1e-6)
            animationView.pause()
            #expect(finished == [false] && abs(animationView.currentFrame - 5) < 1e-6)
        }
    }
#endif
