// This file imports exactly what an iOS animation file imports: QuartzCore (and Testing).
// The QuartzCore module of ours exists on Linux only (on Apple platforms it is the system's).
#if os(Linux)
    import QuartzCore
    import Testing

    /// Older loading-indicator code, as written for iOS, compiles against `import QuartzCore`:
    /// `HUGE`, `CACurrentMediaTime`, `NSValue`, `CGFloat`, `sin`.
    @Suite("import QuartzCore")
    struct QuartzCoreImportTests {
        @Test("repeatCount = HUGE repeats forever (timing-model.md 1.3)")
        func hugeRepeats() {
            let stage = Stage(size: CGSize(width: 20, height: 20))
            let layer = CALayer()
            stage.rootLayer.addSublayer(layer)
            let spin = CABasicAnimation(keyPath: "transform.rotation.z")
            spin.fromValue = 0
            spin.toValue = 2 * CGFloat.pi
            spin.duration = 1
            spin.repeatCount = HUGE
            layer.add(spin, forKey: "spin")
            stage.advance(to: 1000.25)
            let angle = layer.presentation()?.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0
            #expect(abs(angle - .pi / 2) < 1e-6, "a quarter turn into the 1001st cycle: \(angle)")
            #expect(HUGE == Float.greatestFiniteMagnitude)
            #expect(abs(sin(CGFloat.pi / 2) - 1) < 1e-12)
            #expect(NSValue(cgPoint: CGPoint(x: 1, y: 2)).cgPointValue == CGPoint(x: 1, y: 2))
        }
    }
#endif
