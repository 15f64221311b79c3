#!/usr/bin/env python3
"""Copies lottie-ios's sources into a package that builds them against this checkout of
Flipbook, applying only the edits Swift forces on Linux (docs/porting.md, "lottie-ios").

Usage: scripts/lottie_ios/port.py [--lottie-ios DIR] [--out DIR]
Writes OUT/Package.swift, OUT/Sources/LottieIOS (the ported sources), the UIKit, CoreGraphics
and CoreText modules (each re-exports Flipbook) and the runner; prints each kind of edit with
its count.
"""
import argparse
import os
import re
import shutil
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

# What is left out, as docs/porting.md says: SwiftUI (no such module on Linux) and Combine.
LEFT_OUT = (
    "Private/EmbeddedLibraries/EpoxyCore/",
    "Public/Animation/LottieView.swift",
    "Public/Controls/LottieButton.swift",
    "Public/Controls/LottieSwitch.swift",
    "Private/Utility/Helpers/View+ValueChanged.swift",
    "Private/Utility/Helpers/Binding+Map.swift",
)


# Boolean properties whose Swift name is their Objective-C getter's.
OBJC_PROPERTY_NAMES = {"isHidden": "hidden", "isDoubleSided": "doubleSided", "isOpaque": "opaque",
                       "isGeometryFlipped": "geometryFlipped"}


def forced_edits(text, counts):
    """The edits the language forces, each counted by kind."""

    def count(kind, n):
        if n:
            counts[kind] = counts.get(kind, 0) + n

    # `#keyPath(CALayer.opacity)` names a property through the Objective-C runtime: its string,
    # spelled as Objective-C names it (`isHidden` is the getter of `hidden`).
    def key_path(match):
        path = match.group(1).split(".")
        if len(path) > 1 and path[0][:1].isupper():
            path = path[1:]
        path = [OBJC_PROPERTY_NAMES.get(part, part) for part in path]
        return '"' + ".".join(path) + '"'

    text, n = re.subn(r"#keyPath\(\s*([A-Za-z_][\w.]*)\s*\)", key_path, text)
    count("#keyPath(Type.property) -> \"property\"", n)
    # `@objc`, `@objc(name)`, `@objcMembers`, `dynamic`: no Objective-C runtime.
    text, n = re.subn(r"@objc(\([^)]*\))?\s+", "", text)
    count("@objc removed", n)
    text, n = re.subn(r"@objcMembers\s+", "", text)
    count("@objcMembers removed", n)
    text, n = re.subn(r"(?<=\s)dynamic\s+(?=(var|public|open|internal|private|fileprivate|final|override)\b)", "", text)
    count("dynamic removed", n)
    # `@NSManaged var x: T` in a CALayer subclass asks the Objective-C runtime for accessors
    # over the layer's key-value storage (Core Animation's dynamic properties): written out.
    def managed(match):
        indent, access, name, kind = match.group(1), match.group(2) or "", match.group(3), match.group(4)
        zero = {"Bool": "false"}.get(kind, "0")
        return (f"{indent}{access}var {name}: {kind} {{\n"
                f"{indent}  get {{ (value(forKey: \"{name}\") as? {kind}) ?? {zero} }}\n"
                f"{indent}  set {{ setValue(newValue, forKey: \"{name}\") }}\n{indent}}}")

    text, n = re.subn(r"^(\s*)@NSManaged\s+((?:public |internal |private |fileprivate )?)var (\w+): (\w+)\s*$", managed, text, flags=re.M)
    count("@NSManaged var -> accessors over value(forKey:)", n)
    # `#selector(method)` needs the Objective-C runtime: the method named through its class.
    def selector(match):
        owner = enclosing_type(text, match.start())
        return f"{owner}.{match.group(1)}"

    text, n = re.subn(r"#selector\(\s*([A-Za-z_]\w*(?:\([\w:]*\))?)\s*\)", selector, text)
    count("#selector(method) -> Type.method", n)
    # swift-corelibs-foundation keeps URLSession and its types in FoundationNetworking.
    first_import = re.search(r"^import \w+\n", text, re.M)
    if re.search(r"\bURL(Session|Response)\w*\b", text) and first_import:
        at = first_import.end()
        text = text[:at] + "#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n" + text[at:]
        count("import FoundationNetworking (URLSession)", 1)
    # Linux's Foundation gives CGFloat a static `abs`, which hides the global one in its
    # extensions: the global named by its module.
    if "extension CGFloat" in text:
        text, n = re.subn(r"(?<![\w.])abs\(", "Swift.abs(", text)
        count("abs( -> Swift.abs( in CGFloat extensions", n)
    return text


def enclosing_type(text, offset):
    """The class, struct or extension whose body holds `offset`."""
    owner = None
    for match in re.finditer(r"^\s*(?:[\w@]+\s+)*(?:class|struct|extension|enum)\s+([A-Za-z_]\w*)", text[:offset], re.M):
        owner = match.group(1)
    if owner is None:
        raise SystemExit("a #selector outside any type")
    return owner


def port(source, out):
    target = os.path.join(out, "Sources", "LottieIOS")
    if os.path.isdir(target):
        shutil.rmtree(target)
    counts = {}
    files = 0
    for root, _, names in os.walk(source):
        for name in sorted(names):
            if not name.endswith(".swift"):
                continue
            path = os.path.join(root, name)
            rel = os.path.relpath(path, source)
            if any(rel.startswith(prefix) for prefix in LEFT_OUT):
                continue
            with open(path, encoding="utf-8") as f:
                text = f.read()
            edited = forced_edits(text, counts)
            dest = os.path.join(target, rel)
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "w", encoding="utf-8") as f:
                f.write(edited)
            files += 1
    return files, counts


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lottie-ios", default=os.path.join(REPO, "..", "shared", "lottie-ios"))
    parser.add_argument("--lottie", default=os.path.join(REPO, "..", "shared", "lottie"),
                        help="the samples and lottie-ios's snapshot settings (lottie-ios-tests/)")
    parser.add_argument("--out", default=os.path.join(REPO, ".build", "lottie-ios"))
    args = parser.parse_args()
    source = os.path.join(args.lottie_ios, "Sources")
    if not os.path.isdir(source):
        sys.exit(f"{source}: no lottie-ios sources there (expected lottie-ios's Sources folder)")
    os.makedirs(args.out, exist_ok=True)
    files, counts = port(source, args.out)
    for module in ("UIKit", "CoreGraphics", "CoreText"):
        folder = os.path.join(args.out, "Sources", module)
        os.makedirs(folder, exist_ok=True)
        shutil.copy(os.path.join(HERE, "Shims", module + ".swift"), folder)
    runner = os.path.join(args.out, "Sources", "LottieIOSRunner")
    if os.path.isdir(runner):
        shutil.rmtree(runner)
    shutil.copytree(os.path.join(HERE, "Runner"), runner)
    # lottie-ios's per-sample snapshot settings, its own file; here its module is LottieIOS.
    configuration = os.path.join(args.lottie, "lottie-ios-tests", "SnapshotConfiguration.swift")
    with open(configuration, encoding="utf-8") as f:
        text = f.read().replace("import Lottie\n", "import LottieIOS\n")
    with open(os.path.join(runner, "SnapshotConfiguration.swift"), "w", encoding="utf-8") as f:
        f.write(text)
    with open(os.path.join(HERE, "Package.swift.in"), encoding="utf-8") as f:
        manifest = f.read().replace("@FLIPBOOK@", os.path.relpath(REPO, args.out))
        # SwiftPM names a path dependency by its folder.
        manifest = manifest.replace("@FLIPBOOK_ID@", os.path.basename(REPO).lower())
    with open(os.path.join(args.out, "Package.swift"), "w", encoding="utf-8") as f:
        f.write(manifest)
    print(f"{files} files ported into {args.out}")
    for kind, n in sorted(counts.items()):
        print(f"  {n:4d}  {kind}")


if __name__ == "__main__":
    main()
