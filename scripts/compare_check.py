#!/usr/bin/env python3
"""Checks `flipbook compare --against` against an independent measurement (numpy and Pillow).

Two parts (docs/compare.md, "Checked independently"):

1. Recordings made here with ffmpeg from a scene's own frames, with a known delay, noise (0.2 %
   of the pixels random greys) and H.264's padding of odd sizes: compare's offset must be the
   known one within a recording frame, and its tracked start, overshoot and settling (both
   sides) what numpy measures on the decoded frames within a frame and a point.
2. The seed scenarios against the blog GIFs in ../shared/reference/: compare's offset must lie
   within one GIF frame of the offset at which numpy finds the fewest differing pixels.

Nothing here uses Flipbook's code but its command line: frames are decoded by Pillow (GIF) and
ffmpeg (video), differences are pixelmatch's YIQ distance written again in numpy, and motion
is a colour mask's centre. Prints one line per check and exits 1 when any is off.

Usage: scripts/compare_check.py [FLIPBOOK] [REFERENCE_DIR]
"""

import json
import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

FLIPBOOK = sys.argv[1] if len(sys.argv) > 1 else ".build/release/flipbook"
REFERENCE = sys.argv[2] if len(sys.argv) > 2 else "../shared/reference"
failures = []


def check(ok, text):
    print(("ok    " if ok else "FAIL  ") + text)
    if not ok:
        failures.append(text)


# --- pixels ---------------------------------------------------------------------------------

def yiq_delta(a, b):
    """pixelmatch's squared YIQ distance of two RGB float arrays (opaque pixels)."""
    d = a - b
    y = d[..., 0] * 0.29889531 + d[..., 1] * 0.58662247 + d[..., 2] * 0.11448223
    i = d[..., 0] * 0.59597799 - d[..., 1] * 0.27417610 - d[..., 2] * 0.32180189
    q = d[..., 0] * 0.21147017 - d[..., 1] * 0.52261711 + d[..., 2] * 0.31114694
    return 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q


MAX_DELTA = 35215.0  # pixelmatch: the largest YIQ distance


def differs(a, b, threshold=0.1):
    return yiq_delta(a, b) > MAX_DELTA * threshold * threshold


def gif_frames(path):
    """(start times, RGB float frames) of a GIF, composited as a browser shows them."""
    image = Image.open(path)
    starts, frames, t = [], [], 0.0
    for index in range(getattr(image, "n_frames", 1)):
        image.seek(index)
        frames.append(np.asarray(image.convert("RGB"), dtype=np.float32))
        starts.append(t)
        delay = image.info.get("duration", 100) / 1000.0
        t += delay if delay >= 0.02 else 0.1  # browsers play delays under 2 cs as 10 cs
    return np.array(starts), frames, t


def video_frames(path, fps):
    """RGB float frames of a video decoded by ffmpeg, at `fps`."""
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", path],
        capture_output=True, text=True, check=True)
    width, height = (int(v) for v in probe.stdout.strip().split(","))
    raw = subprocess.run(["ffmpeg", "-v", "error", "-i", path, "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
                         capture_output=True, check=True).stdout
    frames = np.frombuffer(raw, dtype=np.uint8).reshape(-1, height, width, 3).astype(np.float32)
    return np.arange(len(frames)) / fps, list(frames)


def png_frames(folder):
    names = sorted(n for n in os.listdir(folder) if n.endswith(".png"))
    frames = []
    for name in names:
        rgba = np.asarray(Image.open(os.path.join(folder, name)).convert("RGBA"), dtype=np.float32)
        alpha = rgba[..., 3:4] / 255
        frames.append(255 + (rgba[..., :3] - 255) * alpha)  # over white, as pixelmatch blends
    return frames


def frame_at(starts, t):
    """The index of the frame a recording shows at time t (its first before it starts)."""
    return max(0, int(np.searchsorted(starts, t + 1e-9, side="right")) - 1)


# --- motion ---------------------------------------------------------------------------------

def centres(frames, box, colour):
    """Per frame, the x centre of the pixels within pixelmatch's 0.1 of `colour` in box."""
    x, y, w, h = box
    target = np.array(colour, dtype=np.float32)
    out = []
    for f in frames:
        region = f[y:y + h, x:x + w]
        mask = ~differs(region, target)
        # Isolated pixels are noise: keep those with at least two of four neighbours.
        padded = np.pad(mask, 1)
        neighbours = (padded[:-2, 1:-1].astype(int) + padded[2:, 1:-1] + padded[1:-1, :-2] + padded[1:-1, 2:])
        mask &= neighbours >= 2
        xs = np.nonzero(mask)[1]
        out.append(x + xs.mean() + 0.5 if len(xs) else np.nan)
    return np.array(out)


def figures(times, xs):
    """start (last sample at the first rest), overshoot past the final rest (points), settled
    (first sample after which it stays within 2 % of the move around the final rest)."""
    rest, final = xs[0], np.median(xs[-5:])
    moved = np.nonzero(np.abs(xs - rest) > 0.5)[0]
    first = moved[0]
    size = final - rest
    overshoot = max(0.0, np.nanmax(np.sign(size) * (xs[first:] - final)))
    outside = np.nonzero(np.abs(xs - final) > 0.02 * abs(size))[0]
    return {"start": times[first - 1], "overshootPoints": overshoot, "settledAt": times[outside[-1] + 1]}


# --- part 1: recordings with a known delay ---------------------------------------------------

SCENE = """\
canvas: { width: 161, height: 61, scale: 1, background: "#ffffff" }
duration: 3
fps: 30
layers:
  - { id: dot, frame: [10, 20, 20, 20], backgroundColor: "#d0302a", cornerRadius: 10 }
animations:
  out: { type: spring, keyPath: position.x, from: 20, to: 120, stiffness: 100, damping: DAMPING, duration: 2,
         fillMode: forwards, removedOnCompletion: false }
script:
  - { at: 0.4, add: out, to: dot }
"""
DOT = (0xD0, 0x30, 0x2A)


def recording_case(folder, damping, delay_frames, noise, fps=30):
    scene_path = os.path.join(folder, "dot.yaml")
    with open(scene_path, "w") as f:
        f.write(SCENE.replace("DAMPING", str(damping)))
    frames_dir = os.path.join(folder, "frames")
    subprocess.run([FLIPBOOK, "render", scene_path, "--frames", frames_dir, "--quiet"], check=True)
    scene = png_frames(frames_dir)
    # The recording: the first frame held (delay > 0) or the first frames cut (delay < 0).
    sequence = [scene[0]] * max(0, delay_frames) + scene[max(0, -delay_frames):]
    rng = np.random.default_rng(7)
    noisy_dir = os.path.join(folder, "noisy")
    os.makedirs(noisy_dir, exist_ok=True)
    for i, frame in enumerate(sequence):
        pixels = frame.astype(np.uint8).copy()
        if noise:
            count = pixels.shape[0] * pixels.shape[1] // 500
            ys = rng.integers(0, pixels.shape[0], count)
            xs = rng.integers(0, pixels.shape[1], count)
            pixels[ys, xs] = rng.integers(0, 256, (count, 1))
        Image.fromarray(pixels).save(os.path.join(noisy_dir, "f-%04d.png" % i))
    video = os.path.join(folder, "device.mp4")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-framerate", str(fps), "-i", noisy_dir + "/f-%04d.png",
                    "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-crf", "18", video],
                   check=True)
    result = subprocess.run([FLIPBOOK, "compare", scene_path, "--against", video, "--track", "dot=0,15,161,30",
                             "-o", os.path.join(folder, "c.gif"), "--json"], capture_output=True, text=True)
    label = f"spring damping {damping}, recording {delay_frames / fps:+.3f} s late{', noisy' if noise else ''}, H.264 padded"
    if result.returncode != 0:
        check(False, f"{label}: compare failed: {result.stderr.strip()}")
        return
    rows = json.loads(result.stdout)
    recording = next(r for r in rows if r["label"] == "device.mp4")
    ours = next(r for r in rows if r["label"] == "default")
    frame = 1 / fps
    expected = -delay_frames / fps
    check(abs(recording["offset"] - expected) <= frame + 1e-9,
          f"{label}: offset {recording['offset']:+.3f} s, made {expected:+.3f} s")
    # numpy's own figures: the recording on the comparison's clock (its time minus the offset
    # that was made), the scene on its own.
    decoded_times, decoded = video_frames(video, fps)
    decoded = [f[:61, :161] for f in decoded]  # the padding
    rec = figures(decoded_times + expected, centres(decoded, (0, 15, 161, 30), DOT))
    own = figures(np.arange(len(scene)) / fps, centres(scene, (0, 15, 161, 30), DOT))
    track = ours["tracks"][0]
    for side, measured in (("reference", rec), ("scene", own)):
        got = track[side]
        check(abs(got["start"] - measured["start"]) <= frame + 1e-6,
              f"{label}: {side} starts {got['start']:.3f} s, numpy {measured['start']:.3f} s")
        check(abs(got["overshootPoints"] - measured["overshootPoints"]) <= 1,
              f"{label}: {side} overshoot {got['overshootPoints']:.2f} pt, numpy {measured['overshootPoints']:.2f} pt")
        check(got["settledAt"] is not None and abs(got["settledAt"] - measured["settledAt"]) <= frame + 1e-6,
              f"{label}: {side} settled {got['settledAt']} s, numpy {measured['settledAt']:.3f} s")


# --- part 2: the seeds against the blog GIFs --------------------------------------------------

SEEDS = [
    ("000-unread-refresh", "seed000-unread-refresh/1.gif"),
    ("000-dots-on-arcs", "seed000-unread-refresh/2.gif"),
    ("000-dots-pulse", "seed000-unread-refresh/3.gif"),
    ("002-appcoda-letters", "seed002-appcoda-letters/PullRefresh.gif"),
    ("003-wave", "seed003-cbpulltoreflesh-wave/dailyui-094.gif"),
]


def best_offset(scene, fps, starts, recording, span=0.5, step=0.005):
    """The offset (recording frame at t is the one it shows at t - offset) with the fewest
    differing pixels over the scene's frames; each (scene, recording) frame pair diffed once."""
    cache = {}
    scores = []
    offsets = np.round(np.arange(-span, span + step / 2, step), 6)
    for offset in offsets:
        total = 0.0
        for i, frame in enumerate(scene):
            j = frame_at(starts, i / fps - offset)
            if (i, j) not in cache:
                cache[(i, j)] = float(differs(frame, recording[j]).mean())
            total += cache[(i, j)]
        scores.append(total / len(scene))
    best = int(np.argmin(scores))
    return offsets[best], scores[best]


def seed_case(folder, name, original):
    path = os.path.join(REFERENCE, original)
    scenario = os.path.join("scenarios", "seeds", name + ".yaml")
    result = subprocess.run([FLIPBOOK, "compare", scenario, "--against", path, "-o", os.path.join(folder, name + ".gif"), "--json"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        check(False, f"{name}: compare failed: {result.stderr.strip()}")
        return
    rows = json.loads(result.stdout)
    # docs/gallery.md: every seed within 2 % of its GIF in its worst frame, not only on average.
    worst = rows[1]["largestDifference"]
    check(worst <= 0.02, f"{name}: worst frame {worst:.2%} at {rows[1].get('worstAt', 0):.3f} s (at most 2 %), mean {rows[1]['meanDifference']:.2%}")
    found = rows[0]["offset"]
    estimate = rows[0].get("offsetEstimate", {})
    # compare's own rule (docs/compare.md, "How sure the offset is").
    trusted = estimate.get("evidence", 0) >= 5 and estimate.get("strength", 0) >= 5 and estimate.get("margin", 0) >= 0.1
    frames_dir = os.path.join(folder, name)
    subprocess.run([FLIPBOOK, "render", scenario, "--frames", frames_dir, "--quiet"], check=True)
    scene = png_frames(frames_dir)
    fps = len(scene) / rows[1]["duration"]
    starts, recording, _ = gif_frames(path)
    if recording[0].shape != scene[0].shape:
        check(False, f"{name}: the GIF is {recording[0].shape[1]}x{recording[0].shape[0]} px, the scene {scene[0].shape[1]}x{scene[0].shape[0]}")
        return
    best, share = best_offset(scene, fps, starts, recording)
    # One GIF frame: the longest delay around the best offset's instants.
    delays = np.diff(np.append(starts, starts[-1] + 0.1))
    frame = float(np.median(delays))
    if not trusted:
        check(found == 0, f"{name}: offset not trusted, 0 used; numpy's best {best:+.3f} s")
        return
    check(abs(found - best) <= frame + 1e-9,
          f"{name}: offset {found:+.3f} s, numpy's fewest differing pixels at {best:+.3f} s ({share:.2%}; a GIF frame {frame:.3f} s)")


def main():
    with tempfile.TemporaryDirectory(prefix="flipbook-compare-check-") as folder:
        cases = [(10, 12, True), (10, -6, False), (6, 9, True)]
        for index, (damping, delay, noise) in enumerate(cases):
            sub = os.path.join(folder, f"recording-{index}")
            os.makedirs(sub)
            recording_case(sub, damping, delay, noise)
        if os.path.isdir(REFERENCE):
            for name, original in SEEDS:
                seed_case(folder, name, original)
        else:
            print(f"no {REFERENCE}: the seeds against the blog GIFs skipped")
    if failures:
        print(f"{len(failures)} check(s) off")
        sys.exit(1)
    print("every figure agrees with the independent measurement")


if __name__ == "__main__":
    main()
