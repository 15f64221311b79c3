// swift-tools-version:6.1
import PackageDescription

let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

var products: [Product] = [
    .library(name: "Flipbook", targets: ["Flipbook"]),
    // The engine and renderer alone (no YAML reader, no Lottie): a shorter first build.
    .library(name: "FlipbookEngine", targets: ["FlipbookEngine"]),
    .library(name: "FlipbookGolden", targets: ["FlipbookGolden"]),
    .library(name: "FlipbookCompare", targets: ["FlipbookCompare"]),
    .library(name: "FlipbookTesting", targets: ["FlipbookTesting"]),
    // swift-snapshot-testing's `.image` strategies for UIView, CALayer, UIViewController and
    // UIImage, drawn by Flipbook: an iOS team's snapshot suite runs on Linux.
    .library(name: "FlipbookSnapshotTesting", targets: ["FlipbookSnapshotTesting"]),
    .executable(name: "flipbook", targets: ["FlipbookMain"]),
    // `swift package flipbook test|render|compare …` from a package that depends on Flipbook.
    .plugin(name: "FlipbookCommand", targets: ["FlipbookCommand"]),
    .executable(name: "flipbook-bench", targets: ["FlipbookBenchmarks"]),
    // `flipbook preview` runs it: the HTTP server stays out of every other command's start-up.
    .executable(name: "flipbook-preview", targets: ["FlipbookPreviewMain"]),
    // For the fuzzer (Fuzz/), which drives the preview's request reader; not for apps.
    .library(name: "FlipbookPreview", targets: ["FlipbookPreview"])
]
var platformModules: [Target] = []
#if os(Linux)
    // `import QuartzCore` ports unchanged on Linux, where no system module has that name. On Apple
    // platforms the system's module wins and this one is not declared, so nothing changes there.
    // UIKit and CoreGraphics are not offered: the toolchain's Swift Testing declares cross-import
    // overlays for those names (_Testing_UIKit, _Testing_CoreGraphics) that do not exist on
    // Linux, so a test file importing Testing and a module of ours named UIKit fails to compile.
    products.append(.library(name: "QuartzCore", targets: ["QuartzCore"]))
    platformModules.append(.target(name: "QuartzCore", dependencies: ["FlipbookCore", "FlipbookUIKit"], swiftSettings: strictSettings))
    // `import Lottie` likewise, for iOS code that shows a Lottie view (on Apple platforms the
    // lottie-ios package owns the name).
    products.append(.library(name: "Lottie", targets: ["Lottie"]))
    platformModules.append(
        .target(name: "Lottie", dependencies: ["FlipbookCore", "FlipbookUIKit", "FlipbookLottie"], swiftSettings: strictSettings))
    // `import ImageIO`, `import MobileCoreServices` and `import UniformTypeIdentifiers` likewise,
    // for a refresh header that plays a GIF (image sources over Flipbook's readers, uniform types).
    products.append(.library(name: "ImageIO", targets: ["ImageIO"]))
    platformModules.append(.target(name: "ImageIO", dependencies: ["FlipbookCore", "FlipbookRender"], swiftSettings: strictSettings))
    products.append(.library(name: "MobileCoreServices", targets: ["MobileCoreServices"]))
    platformModules.append(.target(name: "MobileCoreServices", dependencies: ["FlipbookCore"], swiftSettings: strictSettings))
    products.append(.library(name: "UniformTypeIdentifiers", targets: ["UniformTypeIdentifiers"]))
    platformModules.append(.target(name: "UniformTypeIdentifiers", dependencies: ["FlipbookCore"], swiftSettings: strictSettings))
#endif
// Real iOS code ported with `import Flipbook` (and, on Linux, `import QuartzCore`).
platformModules.append(
    .testTarget(
        name: "PortingTests",
        dependencies: ["Flipbook"]
            + platformModules.filter {
                ["QuartzCore", "Lottie", "ImageIO", "MobileCoreServices", "UniformTypeIdentifiers"].contains($0.name)
            }
            .map { .target(name: $0.name) },
        swiftSettings: strictSettings))

let package = Package(
    name: "Flipbook",
    platforms: [.macOS(.v13)],
    products: products,
    dependencies: [
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7")
    ],
    targets: [
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo",
            providers: [.apt(["libcairo2-dev"])]
        ),
        // Pango, loaded when text is first drawn or measured (include/pango_shim.h says why).
        .target(
            name: "CPangoCairo",
            linkerSettings: [.linkedLibrary("fontconfig"), .linkedLibrary("dl")]
        ),
        .systemLibrary(
            name: "CGIF",
            providers: [.apt(["libgif-dev"])]
        ),
        // libwebp's animation encoder and decoder (WebPAnimEncoder, WebPAnimDecoder).
        .target(
            name: "CWebP",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        // libjpeg, loaded when the first JPEG is drawn (jpeg_decode.c).
        .target(
            name: "CJPEG",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        // libdeflate, loaded when the first PNG is read: one-shot inflate of PNG pixels, 2.4 times
        // Cairo's libpng reader on golden frames (PNGDecoder).
        .target(
            name: "CDeflate",
            linkerSettings: [.linkedLibrary("dl")]
        ),
        .target(name: "CMallocTuning"),
        // Registers FlipbookRender's services with FlipbookCore when the binary loads.
        .target(name: "CFlipbookRenderRegistration"),
        // Whether the main dispatch queue has work (the Stage skips its run-loop turn when not).
        .target(name: "CMainQueue"),
        .target(name: "FlipbookCore", dependencies: ["CMainQueue"], swiftSettings: strictSettings),
        // UIKit-lite above Core Animation, as on iOS: views, controls, controllers, gestures,
        // scrolling, Auto Layout, UIView animation blocks, UIKit's drawing values.
        .target(name: "FlipbookUIKit", dependencies: ["FlipbookCore"], swiftSettings: strictSettings),
        .target(
            name: "FlipbookRender",
            dependencies: [
                "FlipbookCore", "CCairo", "CPangoCairo", "CGIF", "CWebP", "CJPEG", "CZlib", "CDeflate", "CFlipbookRenderRegistration"
            ],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FlipbookScenario",
            dependencies: ["FlipbookCore", "FlipbookUIKit", "FlipbookLottie", .product(name: "Yams", package: "Yams")],
            swiftSettings: strictSettings
        ),
        // Lottie files as Core Animation layers and keyframe animations (docs/lottie.md).
        .target(name: "FlipbookLottie", dependencies: ["FlipbookCore", "FlipbookUIKit", "CZlib"], swiftSettings: strictSettings),
        .target(name: "FlipbookEngine", dependencies: ["FlipbookCore", "FlipbookUIKit", "FlipbookRender"], swiftSettings: strictSettings),
        .target(
            name: "Flipbook",
            dependencies: ["FlipbookCore", "FlipbookUIKit", "FlipbookRender", "FlipbookScenario", "FlipbookLottie"],
            swiftSettings: strictSettings
        ),
        // What golden tests and compare share: the perceptual pixel comparison and the pages'
        // house style and helpers (neither imports the other).
        .target(
            name: "FlipbookComparison",
            dependencies: ["Flipbook"],
            exclude: ["Pages"],
            swiftSettings: strictSettings,
            plugins: ["EmbedPages"]
        ),
        // Golden images: capture at golden instants, compare, record, report (the CLI's `test`).
        .target(
            name: "FlipbookGolden",
            dependencies: ["Flipbook", "FlipbookComparison", "CZlib"],
            exclude: ["Pages"],
            swiftSettings: strictSettings,
            plugins: ["EmbedPages"]
        ),
        // flipbook compare: variants and recordings on one clock, grids, plots, moves, the page.
        .target(
            name: "FlipbookCompare",
            dependencies: ["Flipbook", "FlipbookComparison"],
            exclude: ["Pages"],
            swiftSettings: strictSettings,
            plugins: ["EmbedPages"]
        ),
        // flipbook preview: watch a scene file, re-render it on save, serve the page on its own
        // bounded loopback HTTP server (docs/preview.md says why not FlyingFox). Not a library
        // product: `import Flipbook` users do not build it.
        .target(
            name: "FlipbookPreview",
            dependencies: ["Flipbook", "FlipbookComparison", "FlipbookCompare"],
            exclude: ["Pages"],
            swiftSettings: strictSettings,
            plugins: ["EmbedPages"]
        ),
        // The pages' HTML, CSS and JavaScript (each target's Pages/ folder) become Swift string
        // constants at build time: real files for editors, one static program for users.
        .executableTarget(name: "PageEmbedder", swiftSettings: strictSettings),
        .plugin(name: "EmbedPages", capability: .buildTool(), dependencies: ["PageEmbedder"]),
        // `swift package flipbook …`: the `flipbook` command built from this package, run in the
        // dependant's folder (docs/ci.md, "From an app's repository").
        .plugin(
            name: "FlipbookCommand",
            capability: .command(
                intent: .custom(verb: "flipbook", description: "Run the flipbook command (test, render, compare, …) in this package"),
                permissions: [.writeToPackageDirectory(reason: "flipbook writes goldens, artifacts and renders where it is told to")]
            ),
            dependencies: ["FlipbookMain"]
        ),
        // Golden assertions for Swift Testing and XCTest (reporting at the caller's line).
        .target(
            name: "FlipbookTesting",
            dependencies: ["Flipbook", "FlipbookGolden"],
            swiftSettings: strictSettings
        ),
        // swift-snapshot-testing strategies whose images Flipbook draws (docs/snapshot-testing.md).
        .target(
            name: "FlipbookSnapshotTesting",
            dependencies: ["Flipbook", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookSnapshotTestingTests",
            dependencies: ["FlipbookSnapshotTesting", "Flipbook", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")],
            exclude: ["__Snapshots__"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        // The command line: every command's parsing and logic, a library so that tests run it
        // in-process (FlipbookCLITests); FlipbookMain is the `flipbook` program around it.
        .target(
            name: "FlipbookCLI",
            dependencies: [
                "Flipbook", "FlipbookGolden", "FlipbookCompare",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FlipbookMain",
            dependencies: ["FlipbookCLI", "CMallocTuning"],
            swiftSettings: strictSettings
        ),
        .target(
            name: "FlipbookPreviewCLI",
            dependencies: ["Flipbook", "FlipbookPreview", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "FlipbookPreviewMain",
            dependencies: ["FlipbookPreviewCLI"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookCLITests",
            dependencies: [
                "FlipbookCLI", "FlipbookPreviewCLI", "ProcessTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ],
            swiftSettings: strictSettings
        ),
        // The README's Swift example, byte for byte (ReadmeSnippetTests keeps them equal).
        .executableTarget(
            name: "ReadmeExample",
            dependencies: ["Flipbook"],
            path: "Examples/ReadmeExample",
            swiftSettings: strictSettings
        ),
        // A header deferring its state with DispatchQueue.main.async, run by PortingTests. Swift 5
        // mode, as the libraries it stands for: in Swift 6 mode a main-queue block capturing a
        // view needs the view to be Sendable (UIKit's are @MainActor; ours are not).
        .executableTarget(
            name: "MainQueueExample",
            dependencies: ["Flipbook"],
            path: "Examples/MainQueueExample",
            swiftSettings: strictSettings + [.swiftLanguageMode(.v5)]
        ),
        // docs/porting.md's example: a refresh header written as iOS code, ported with only the
        // language-forced edits (each marked PORT:), in Swift 5 mode as iOS libraries are.
        .executableTarget(
            name: "PortingExample",
            dependencies: ["Flipbook"],
            path: "Examples/PortingExample",
            swiftSettings: strictSettings + [.swiftLanguageMode(.v5)]
        ),
        .executableTarget(
            name: "FlipbookBenchmarks",
            dependencies: ["Flipbook", "FlipbookCompare"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookCoreTests",
            dependencies: ["FlipbookCore", "FlipbookUIKit", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookRenderTests",
            dependencies: ["FlipbookRender", "FlipbookEngine", .product(name: "PropertyBased", package: "swift-property-based")],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookLottieTests",
            dependencies: ["FlipbookLottie", "FlipbookRender"],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookGoldenTests",
            dependencies: ["FlipbookGolden", "FlipbookComparison", "FlipbookTesting", "Flipbook", "BrowserTestSupport"],
            swiftSettings: strictSettings
        ),
        // Headless Chromium for the tests of pages people read (golden report, comparison page).
        .target(
            name: "BrowserTestSupport",
            path: "Tests/BrowserTestSupport",
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookCompareTests",
            dependencies: ["FlipbookCompare", "FlipbookComparison", "Flipbook", "BrowserTestSupport"],
            swiftSettings: strictSettings
        ),
        // The built programs and their folders, for the tests that run them.
        .target(
            name: "ProcessTestSupport",
            path: "Tests/ProcessTestSupport",
            swiftSettings: strictSettings
        ),
        // The command line, its output safety, the README's and the guide's example programs:
        // tests that spawn processes, apart from the in-process scenario tests.
        .testTarget(
            name: "FlipbookPreviewTests",
            dependencies: ["FlipbookPreview", "Flipbook", .product(name: "PropertyBased", package: "swift-property-based")],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["Flipbook", "ProcessTestSupport", "BrowserTestSupport"],
            swiftSettings: strictSettings
        ),
        .testTarget(
            name: "FlipbookScenarioTests",
            dependencies: [
                "FlipbookScenario", "Flipbook", "ProcessTestSupport", .product(name: "PropertyBased", package: "swift-property-based")
            ],
            resources: [.copy("Fixtures")],
            swiftSettings: strictSettings
        )
    ] + platformModules,
    swiftLanguageModes: [.v6]
)
