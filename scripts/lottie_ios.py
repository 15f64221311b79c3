#!/usr/bin/env python3
"""lottie-ios's own Core Animation engine on Flipbook (issue 60): ports ../shared/lottie-ios
with only the edits Swift forces on Linux (scripts/lottie_ios/port.py, docs/porting.md), builds
it against this checkout, renders every snapshot of ../shared/lottie through lottie-ios's
`LottieAnimationView` as lottie-ios's SnapshotTests take them, and scores the renders with
../shared/lottie/score.py (lottie-ios's rule). Outside `make test`: it compiles 2 MB of Swift.

Usage: scripts/lottie_ios.py [--release] [--out DIR] [--json OUT.json] [--only PREFIX ...]
Prints the port's edits, the build's outcome, and score.py's report (its last line: the frames
that pass). Exits non-zero when the port does not build or a render fails.
"""
import argparse
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from snapshots import linked_subset, score  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SHARED = os.path.join(REPO, "..", "shared")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lottie-ios", default=os.path.join(SHARED, "lottie-ios"))
    parser.add_argument("--lottie", default=os.path.join(SHARED, "lottie"))
    parser.add_argument("--package", default=os.path.join(REPO, ".build", "lottie-ios"),
                        help="where the ported package is written and built")
    parser.add_argument("--out", default=os.path.join(tempfile.gettempdir(), "flipbook-lottie-ios-renders"))
    parser.add_argument("--json")
    parser.add_argument("--release", action="store_true", help="an optimised build (slower to build, faster to render)")
    parser.add_argument("--only", action="append", default=[], help="snapshots whose name starts with this (repeatable)")
    args = parser.parse_args()

    subprocess.run([sys.executable, os.path.join(HERE, "lottie_ios", "port.py"), "--lottie-ios", args.lottie_ios,
                    "--lottie", args.lottie, "--out", args.package], check=True)
    configuration = "release" if args.release else "debug"
    build = subprocess.run(["swift", "build", "-c", configuration, "--product", "LottieIOSRunner",
                            "--package-path", args.package], capture_output=True, text=True)
    errors = [line for line in build.stdout.splitlines() + build.stderr.splitlines() if ": error:" in line]
    print(f"lottie-ios built against Flipbook: {len(set(errors))} errors")
    if build.returncode != 0:
        sys.stdout.write("\n".join(sorted(set(errors))[:50]) + "\n" if errors else build.stdout[-4000:] + build.stderr[-4000:])
        sys.exit(1)

    os.makedirs(args.out, exist_ok=True)
    for name in os.listdir(args.out):
        if name.endswith(".png"):
            os.remove(os.path.join(args.out, name))
    runner = os.path.join(args.package, ".build", configuration, "LottieIOSRunner")
    run = subprocess.run([runner, args.lottie, args.out, *args.only], capture_output=True, text=True)
    summary = run.stdout.strip().splitlines()[-1:] if run.stdout.strip() else []
    print("renders:", " ".join(summary) or "none")
    if run.returncode != 0:
        sys.stderr.write(run.stderr[-4000:])
        sys.exit(1)

    snapshots = os.path.join(args.lottie, "ios-snapshots")
    if args.only:
        snapshots = linked_subset(snapshots, [n for n in os.listdir(snapshots) if n.startswith(tuple(args.only))])
    sys.exit(score(args.lottie, args.out, snapshots, args.json))


if __name__ == "__main__":
    main()
