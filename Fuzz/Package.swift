// swift-tools-version:6.0
// The libFuzzer target for the scenario loader, the golden store's files and the image readers. A package of its own so that
// the main package's plain `swift build` never links a target without `main`:
//   swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer
//   Fuzz/.build/release/ScenarioFuzzer -max_total_time=60 CORPUS_DIR SEED_DIRS...
// (`make fuzz` does both, seeded from scenarios/ and the bad-scenario corpus.)
import PackageDescription

let package = Package(
    name: "FlipbookFuzz",
    dependencies: [.package(name: "Flipbook", path: "..")],
    targets: [
        .executableTarget(
            name: "ScenarioFuzzer",
            dependencies: [
                .product(name: "Flipbook", package: "Flipbook"), .product(name: "FlipbookGolden", package: "Flipbook"),
                .product(name: "FlipbookPreview", package: "Flipbook"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
