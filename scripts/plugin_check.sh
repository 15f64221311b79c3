#!/usr/bin/env bash
# From a fresh package outside this checkout, as an app's repository uses Flipbook
# (docs/ci.md, "From an app's repository"): `swift package flipbook test` records a golden
# suite, passes it, and fails it when the scene changes; `swift test` runs a snapshot test
# written for swift-snapshot-testing, recording it, then passing.
set -euo pipefail
checkout=$(cd "$(dirname "$0")/.." && pwd)
identity=$(basename "$checkout" | tr '[:upper:]' '[:lower:]')
app=$(mktemp -d -t flipbook-app.XXXXXX)
trap 'rm -rf "$app"' EXIT
mkdir -p "$app/Sources/AppViews" "$app/Tests/AppSnapshotTests/__Snapshots__" "$app/scenarios"
cat > "$app/Package.swift" <<SWIFT
// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "$checkout")],
    targets: [
        .target(name: "AppViews", dependencies: [.product(name: "Flipbook", package: "$identity")]),
        .testTarget(
            name: "AppSnapshotTests",
            dependencies: ["AppViews", .product(name: "FlipbookSnapshotTesting", package: "$identity")],
            exclude: ["__Snapshots__"])
    ]
)
SWIFT
cat > "$app/Sources/AppViews/Badge.swift" <<'SWIFT'
import Flipbook

public final class Badge: UIView {
    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = .systemRed
        layer.cornerRadius = frame.height / 2
    }
    public required init?(coder: NSCoder) { nil }
}
SWIFT
cat > "$app/Tests/AppSnapshotTests/BadgeTests.swift" <<'SWIFT'
import AppViews
import FlipbookSnapshotTesting
import SnapshotTesting
import XCTest

final class BadgeTests: XCTestCase {
    func testBadge() {
        let badge = Badge(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        assertSnapshot(of: badge, as: .image(precision: 0.99, perceptualPrecision: 0.98))
    }
}
SWIFT
cp "$checkout/scenarios/demo.yaml" "$app/scenarios/demo.yaml"
cd "$app"
step() { echo "plugin check: $*"; }

step "swift package flipbook test records the suite"
swift package --allow-writing-to-package-directory flipbook test --record missing 2>&1 | tail -2
test -f golden/demo/manifest.json || { echo "plugin check: no goldens were recorded" >&2; exit 1; }
step "and passes it (CI=true)"
CI=true swift package --allow-writing-to-package-directory flipbook test 2>&1 | tail -1
step "and fails it when the scene changes"
sed -i 's/#c8c8c8/#ff0000/g' scenarios/demo.yaml
if CI=true swift package --allow-writing-to-package-directory flipbook test >changed.log 2>&1; then
    echo "plugin check: a changed scene passed" >&2
    exit 1
fi
grep -q 'failed' changed.log || { echo "plugin check: no failure was reported" >&2; cat changed.log >&2; exit 1; }
step "swift test records a snapshot test, then passes it"
if swift test >first.log 2>&1; then
    echo "plugin check: the first snapshot run did not record" >&2
    exit 1
fi
grep -q 'No reference was found on disk' first.log || { cat first.log >&2; exit 1; }
swift test 2>&1 | grep -E 'Executed .* 0 failures' | head -1
step "passed"
