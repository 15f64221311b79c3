#!/usr/bin/env python3
"""Writes docs/lottie-gallery.md and a montage per Lottie sample in docs/lottie-gallery/: each
snapshot instant as iOS drew it (top row) above Flipbook's render (bottom row), over white, with
the share of pixels that differ. Run scripts/lottie_score.py --json FILE first; this reads that
file, its renders and the snapshots.

Usage: scripts/lottie_gallery.py SCORE.json [--renders DIR] [--lottie DIR] [--docs DIR]
"""
import argparse
import collections
import json
import os

from PIL import Image, ImageDraw

CELL = 96  # the taller side of each picture, in pixels: small enough to keep the folder light


def over_white(path):
    image = Image.open(path).convert("RGBA")
    backdrop = Image.new("RGBA", image.size, (255, 255, 255, 255))
    return Image.alpha_composite(backdrop, image).convert("RGB")


def thumbnail(image):
    scale = CELL / max(image.size)
    return image.resize((max(1, round(image.size[0] * scale)), max(1, round(image.size[1] * scale))), Image.LANCZOS)


def montage(frames, snapshots, renders):
    """Frames (name, mismatch, passed) in columns: iOS above, Flipbook below, the figure under."""
    cells = []
    for name, mismatched, passed in frames:
        ios = thumbnail(over_white(os.path.join(snapshots, name + ".png")))
        ours_path = os.path.join(renders, name + ".png")
        ours = thumbnail(over_white(ours_path)) if os.path.exists(ours_path) else Image.new("RGB", ios.size, (255, 0, 0))
        cells.append((ios, ours.resize(ios.size), f"{name.rsplit('-', 1)[1]}: {mismatched * 100:.1f} %", passed))
    width = sum(c[0].size[0] for c in cells) + 6 * (len(cells) + 1)
    height = 2 * CELL + 30
    sheet = Image.new("RGB", (width, height), (60, 60, 60))
    draw = ImageDraw.Draw(sheet)
    x = 6
    for ios, ours, label, passed in cells:
        sheet.paste(ios, (x, 4))
        sheet.paste(ours, (x, CELL + 8))
        draw.text((x, 2 * CELL + 13), label, fill=(160, 230, 160) if passed else (255, 150, 150))
        x += ios.size[0] + 6
    return sheet.quantize(colors=128, method=Image.Quantize.MEDIANCUT)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("score")
    parser.add_argument("--renders", default="/tmp/flipbook-lottie-renders")
    parser.add_argument("--lottie", default=os.path.join(here, "..", "..", "shared", "lottie"))
    parser.add_argument("--docs", default=os.path.join(here, "..", "docs"))
    args = parser.parse_args()
    with open(args.score, encoding="utf-8") as f:
        score = json.load(f)
    by_sample = collections.defaultdict(list)
    for frame in score["frames"]:
        by_sample[frame["sample"]].append((frame["frame"], frame["mismatched"], frame["pass"]))
    folder = os.path.join(args.docs, "lottie-gallery")
    os.makedirs(folder, exist_ok=True)
    snapshots = os.path.join(args.lottie, "ios-snapshots")
    rows = []
    for sample in sorted(by_sample):
        frames = sorted(by_sample[sample], key=lambda f: float(f[0].rsplit("-", 1)[1]))
        montage(frames, snapshots, args.renders).save(os.path.join(folder, sample + ".png"), optimize=True)
        passed = sum(1 for f in frames if f[2])
        rows.append(f"| {sample} | {passed} / {len(frames)} | {max(f[1] for f in frames) * 100:.1f} % | "
                    f"![{sample}](lottie-gallery/{sample}.png) |")
    summary = score["summary"]
    page = [
        "# Lottie gallery: iOS above, Flipbook below",
        "",
        "Every sample of `../shared/lottie/samples` at lottie-ios's snapshot instants: iOS's Core Animation",
        "render (top row) above Flipbook's (bottom row), each with the share of pixels more than 3 ΔE apart",
        "(green: passes lottie-ios's rule; red: fails). Written by `scripts/lottie_gallery.py` from",
        "`scripts/lottie_score.py --json`; docs/lottie.md says what fails and why.",
        "",
        f"{summary['frames_passed']} of {summary['frames']} frames pass; {summary['samples_passed']} of "
        f"{summary['samples']} samples pass whole; mean {summary['mean_mismatched_percent']:.2f} % of pixels differ.",
        "",
        "| sample | frames passed | most differing | iOS above, Flipbook below |",
        "|---|---|---|---|",
    ] + rows
    with open(os.path.join(args.docs, "lottie-gallery.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    main()
