#!/usr/bin/env python3
"""Draws the small hand-made Lottie files of scripts/lottie_probe/probes.py with lottie-ios's own
Core Animation engine on Flipbook (scripts/lottie_ios.py) and with FlipbookLottie (`flipbook
still`, scripts/lottie_score.py), and scores FlipbookLottie's frames against lottie-ios's by
lottie-ios's rule (../shared/lottie/score.py). Where a probe fails, one of the mappings differs
from lottie-ios's (or Flipbook's Core Animation draws lottie-ios's tree unlike iOS): look at
both before changing either. Outside `make test` (it builds lottie-ios, several minutes).

Usage: scripts/lottie_probe.py [--work DIR] [--only NAME ...] [--files DIR] [--reuse]
  --files  draws the `.json` files of DIR too (animations from elsewhere, at lottie-ios's snapshot
           size for them), not only the probes: a survey of where the two mappings part.
  --reuse  keeps lottie-ios's renders from the last run (only FlipbookLottie is drawn again).
"""
import argparse
import json
import math
import os
import shutil
import subprocess
import sys

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lottie_probe"))
from probes import probes  # noqa: E402

SHARED = os.path.join(HERE, "..", "..", "shared", "lottie")
INSTANTS = ["0", "25", "50", "75", "100"]


def snapshot_pixels(content):
    """The size of lottie-ios's snapshot of an animation (SnapshotTests' `snapshotSize`: the
    longer side clamped to 500 pt, the aspect kept, at 2x rounded up)."""
    w, h = float(content.get("w", 100)), float(content.get("h", 100))
    longer = max(w, h, 1e-9)
    factor = min(longer, 500.0) / longer
    return (max(1, math.ceil(w * factor * 2 - 1e-6)), max(1, math.ceil(h * factor * 2 - 1e-6)))


def animations(names, files):
    """The probes, and the `.json` files of the folder `files` by their names without `.json`."""
    found = dict(probes())
    for name in sorted(os.listdir(files)) if files else []:
        if name.endswith(".json"):
            with open(os.path.join(files, name)) as f:
                found[name[:-len(".json")]] = json.load(f)
    return {name: content for name, content in found.items() if not names or name in names}


def prepare(work, names, files=None):
    """A folder laid out as ../shared/lottie: the probes (and the files of `files`) as
    samples/Probe/NAME.json, blank stand-in snapshots of the size lottie-ios's snapshot would have
    (100 pt at 2x for a probe), and links to the rest."""
    lottie = os.path.join(work, "lottie")
    shutil.rmtree(lottie, ignore_errors=True)
    os.makedirs(os.path.join(lottie, "samples", "Probe"))
    os.makedirs(os.path.join(lottie, "ios-snapshots"))
    for entry in ["lottie-ios-tests", "score.py", "LICENSE-lottie-ios"]:
        os.symlink(os.path.abspath(os.path.join(SHARED, entry)), os.path.join(lottie, entry))
    for folder in ["Fonts", "Images"]:
        os.symlink(os.path.abspath(os.path.join(SHARED, "samples", folder)), os.path.join(lottie, "samples", folder))
    for name, content in animations(names, files).items():
        blank = Image.new("RGBA", snapshot_pixels(content), (0, 0, 0, 0))
        with open(os.path.join(lottie, "samples", "Probe", name + ".json"), "w") as f:
            json.dump(content, f)
        for instant in INSTANTS:
            blank.save(os.path.join(lottie, "ios-snapshots", f"Probe-{name}-{instant}.png"))
    return lottie


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--work", default=os.path.join("/tmp", "flipbook-lottie-probe"))
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--files", help="a folder of Lottie .json files drawn besides the probes")
    parser.add_argument("--reuse", action="store_true")
    args = parser.parse_args()
    lottie = prepare(args.work, set(args.only), args.files)
    theirs, ours = os.path.join(args.work, "lottie-ios"), os.path.join(args.work, "flipbooklottie")
    if not args.reuse:
        # Its score against the blank stand-ins fails by design: only its renders are wanted.
        subprocess.run([sys.executable, os.path.join(HERE, "lottie_ios.py"), "--lottie", lottie, "--out", theirs],
                       stdout=subprocess.DEVNULL)
    subprocess.run([sys.executable, os.path.join(HERE, "lottie_score.py"), "--lottie", lottie, "--out", ours],
                   stdout=subprocess.DEVNULL)
    rendered = sorted(n for n in os.listdir(theirs) if n.endswith(".png")) if os.path.isdir(theirs) else []
    if not rendered:
        sys.exit("lottie-ios drew nothing: see scripts/lottie_ios.py's output")
    reference = os.path.join(args.work, "reference")
    shutil.rmtree(reference, ignore_errors=True)
    os.makedirs(reference)
    for name in rendered:
        if not args.only or any(name.startswith(f"Probe-{n}-") for n in args.only):
            shutil.copy(os.path.join(theirs, name), os.path.join(reference, name))
    print(f"lottie-ios drew {len(os.listdir(reference))} frames; FlipbookLottie's scored against them:")
    sys.exit(subprocess.run([sys.executable, os.path.join(lottie, "score.py"), ours, reference]).returncode)


if __name__ == "__main__":
    main()
