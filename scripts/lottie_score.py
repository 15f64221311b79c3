#!/usr/bin/env python3
"""Renders every Lottie sample of ../shared/lottie/samples at its iOS snapshots' sizes and
instants with `flipbook still`, then scores the renders with ../shared/lottie/score.py
(lottie-ios's own rule: a frame passes when 98.5 % of its pixels are within 3 dE).

Usage: scripts/lottie_score.py [FLIPBOOK] [--lottie DIR] [--out DIR] [--json OUT.json] [--jobs N]
       [--only SAMPLE ...]
Prints score.py's report; the pass count is the first figure of its last line.
"""
import argparse
import concurrent.futures
import math
import os
import re
import subprocess
import sys

from PIL import Image

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "lib"))
from snapshots import linked_subset, score  # noqa: E402


# lottie-ios's per-sample test settings (lottie-ios-tests/SnapshotConfiguration.swift), as
# `flipbook still` options: the value providers its snapshots of these samples were taken with.
CONFIGURATION = {
    "Issues-issue_1837_opacity": ["Dark Gray Solid 1.Transform.Opacity=10"],
    "Issues-issue_1854": ["**.Colors=#00000000@0 #FFFFFF80@0.3 #FFFFFF@1"],
    "Issues-issue_2677": ["**.**.**.Colors=#8080FF@0.1 #3399B3@0.5"],
    "Issues-issue_2150": ["**.Color=#FF0000"],
    "Issues-issue_2094": ["**.Stroke Width=2"],
    "Nonanimating-Text_Color": ["**.TEXT.Color=#FF0000"],
    "TypeFace-G": ["G 2.Ellipse 1.Stroke 1.Color=#FF0000", "G Outlines 3.G.Fill 1.Color=#FF0000",
                   "Shape Layer 18.Shape 1.Stroke 2.Color=#FF0000"],
}

# Its text providers, as `flipbook still --text`: HardcodedTextProvider for issue_1722 (every text
# layer), DictionaryTextProvider for issue_1949's two (whole keypaths, then layers' own names).
TEXTS = {
    "Issues-issue_1722": ["**=Bounce-bounce"],
    "Issues-issue_1949_full_paths": ["ENVELOPE-FRONT.sender_username=Lottie", "ENVELOPE-FRONT.From=Airbnb (front)",
                                     "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.sender_username=Airbnb (back)",
                                     "ENVELOPE-BACK-TEXTBOX.LETTER-TEXTBOX.custom_text=Text providers are cool!"],
    "Issues-issue_1949_short_paths": ["sender_username=Lottie", "From=Airbnb", "custom_text=Text providers are cool!"],
}

# Other settings of that configuration: issue_2310's viewport, CGRect(0, 0, 85, 85).insetBy(10, 10);
# dog's HardcodedImageProvider, whose contentsGravity is .resizeAspectFill.
OPTIONS = {"Issues-issue_2310": ["--viewport", "10,10,65,65"],
           "Nonanimating-dog": ["--image-gravity", "resizeAspectFill"]}

# Frames lottie-ios's configuration snapshots at instants its file names round down
# (`framesToSnapshot`): Frame-4 is frame 4.999, Frame-9 is 9.9999999.
EXACT_FRAMES = {"Issues-issue_2209": {"4": "4.999", "9": "9.9999999"}}


def samples(folder):
    """(name as the snapshots spell it, file) for every .json and .lottie sample."""
    found = []
    for root, _, files in os.walk(folder):
        for f in files:
            if f.endswith((".json", ".lottie")):
                path = os.path.join(root, f)
                rel = os.path.relpath(path, folder)
                found.append((os.path.splitext(rel)[0].replace(os.sep, "-"), path))
    return sorted(found, key=lambda x: -len(x[0]))


SIZES = {}


def animation_size(flipbook, path):
    """The composition's width and height, as `flipbook inspect` reads them (`W×H pt`)."""
    if path not in SIZES:
        first = subprocess.run([flipbook, "inspect", path], capture_output=True, text=True).stdout.split("\n")[0]
        found = re.search(r"([0-9.]+)×([0-9.]+) pt", first)
        SIZES[path] = (float(found.group(1)), float(found.group(2))) if found else None
    return SIZES[path]


def snapshot_size(flipbook, path, pixels):
    """lottie-ios's snapshot size in points (SnapshotTests.swift `snapshotSize`: the longer side
    clamped to 500, the aspect kept); its image is that at 2x rounded up. The snapshot's own
    pixels halved when they disagree."""
    size = animation_size(flipbook, path)
    if size is None:
        return f"{pixels[0] / 2:g}x{pixels[1] / 2:g}"
    w, h = size
    if w > h:
        width = min(w, 500.0)
        height = width * h / w
    else:
        height = min(h, 500.0)
        width = height * w / h
    if (math.ceil(width * 2 - 1e-6), math.ceil(height * 2 - 1e-6)) != pixels:
        return f"{pixels[0] / 2:g}x{pixels[1] / 2:g}"
    return f"{width:.6f}x{height:.6f}"


def jobs(flipbook, lottie, out):
    """One render per snapshot: the sample, the instant option and the size in points."""
    names = samples(os.path.join(lottie, "samples"))
    work = []
    for snap in sorted(os.listdir(os.path.join(lottie, "ios-snapshots"))):
        if not snap.endswith(".png"):
            continue
        stem = snap[:-4]
        for name, path in names:
            if not stem.startswith(name + "-"):
                continue
            rest = stem[len(name) + 1:]
            frame = re.fullmatch(r"Frame-(-?[0-9.]+)", rest)
            progress = re.fullmatch(r"([0-9.]+)", rest)
            if not frame and not progress:
                continue
            shown = frame and EXACT_FRAMES.get(name, {}).get(frame.group(1), frame.group(1))
            instant = ["--frame", shown] if frame else ["--at", progress.group(1) + "%"]
            pixels = Image.open(os.path.join(lottie, "ios-snapshots", snap)).size
            values = ([v for value in CONFIGURATION.get(name, []) for v in ("--value", value)]
                      + [v for text in TEXTS.get(name, []) for v in ("--text", text)] + OPTIONS.get(name, []))
            work.append((path, instant + values, snapshot_size(flipbook, path, pixels), os.path.join(out, snap)))
            break
    return work


def render(flipbook, images, job):
    """`flipbook still` of one snapshot's instant (lottie-ios's tests give the samples' Images/ folder as their image
    provider and register the fonts of Fonts/ for the process)."""
    path, instant, size, target = job
    fonts = os.path.join(os.path.dirname(images), "Fonts")
    r = subprocess.run([flipbook, "still", path, *instant, "--size", size, "--scale", "2", "--images", images,
                        "--fonts", fonts, "-o", target],
                       capture_output=True, text=True)
    return (target, r.returncode, r.stderr.strip().splitlines()[-1:] if r.returncode else [])


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("flipbook", nargs="?", default=os.path.join(here, "..", ".build", "release", "flipbook"))
    parser.add_argument("--lottie", default=os.path.join(here, "..", "..", "shared", "lottie"))
    parser.add_argument("--out", default="/tmp/flipbook-lottie-renders")
    parser.add_argument("--json")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--only", action="append", default=[],
                        help="score only the samples whose snapshot name starts with this (repeatable)")
    args = parser.parse_args()
    os.makedirs(args.out, exist_ok=True)
    if not args.only:
        for f in os.listdir(args.out):
            os.remove(os.path.join(args.out, f))
    work = jobs(args.flipbook, args.lottie, args.out)
    snapshots = os.path.join(args.lottie, "ios-snapshots")
    if args.only:
        # A folder of links to just these snapshots, so the scorer does not count the rest as missing.
        work = [j for j in work if os.path.basename(j[3]).startswith(tuple(args.only))]
        snapshots = linked_subset(snapshots, [os.path.basename(job[3]) for job in work])
    failed = 0
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        images = os.path.join(args.lottie, "samples", "Images")
        for target, code, message in pool.map(lambda j: render(args.flipbook, images, j), work):
            if code:
                failed += 1
                print(f"render failed: {os.path.basename(target)}: {' '.join(message)}", file=sys.stderr)
    print(f"{len(work)} renders, {failed} failed to render", file=sys.stderr)
    sys.exit(score(args.lottie, args.out, snapshots, args.json))


if __name__ == "__main__":
    main()
