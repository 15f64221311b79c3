#!/usr/bin/env python3
"""Renders four Lottie samples frame by frame to PNG at their iOS snapshot size, with flipbook
(one `flipbook render --frames` per sample) and with rlottie-python (`pip install
rlottie-python`), interleaved, and prints the time per frame of each and the ratio
(docs/benchmarks.md, "Lottie"). Not a test: figures.

Usage: bench/lottie-vs-rlottie.py [FLIPBOOK] [--lottie DIR] [--runs N]
"""
import argparse, json, os, resource, shutil, subprocess, sys, tempfile, time

from PIL import Image
from rlottie_python import LottieAnimation

SAMPLES = ["LottieLogo2", "PinJump", "Watermelon", "9squares_AlBoardman"]


def cpu_of_children():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("flipbook", nargs="?", default=os.path.join(here, "..", ".build", "release", "flipbook"))
    parser.add_argument("--lottie", default=os.path.join(here, "..", "..", "shared", "lottie"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'sample':22s} {'frames':>6s} {'size px':>10s} {'flipbook ms/frame':>18s} {'rlottie ms/frame':>17s} {'ratio':>6s}")
    for name in SAMPLES:
        path = os.path.join(args.lottie, "samples", name + ".json")
        w, h = Image.open(os.path.join(args.lottie, "ios-snapshots", name + "-0.png")).size
        meta = json.load(open(path))
        frames = int(meta["op"] - meta["ip"])
        ours, theirs = [], []
        for _ in range(args.runs):
            out = tempfile.mkdtemp()
            start, cpu = time.perf_counter(), cpu_of_children()
            subprocess.run([args.flipbook, "render", path, "--frames", out, "--size", f"{w / 2:g}x{h / 2:g}", "--scale", "2",
                            "--fps", str(meta["fr"]), "--threads", "1", "--quiet"], check=True)
            ours.append((time.perf_counter() - start, cpu_of_children() - cpu))
            shutil.rmtree(out)
            out = tempfile.mkdtemp()
            start = time.process_time()
            wall = time.perf_counter()
            anim = LottieAnimation.from_file(path)
            for k in range(frames):
                anim.render_pillow_frame(frame_num=int(meta["ip"]) + k, width=w, height=h).save(os.path.join(out, f"{k}.png"))
            theirs.append((time.perf_counter() - wall, time.process_time() - start))
            shutil.rmtree(out)
        o = min(c for _, c in ours) / frames * 1000
        t = min(c for _, c in theirs) / frames * 1000
        print(f"{name:22s} {frames:6d} {w:>4d}x{h:<5d} {o:18.2f} {t:17.2f} {o / t:6.2f}")
    print("CPU time (user + system) per frame, best of the runs; flipbook on one thread, PNG encoding included on both sides")


if __name__ == "__main__":
    sys.exit(main())
