#!/usr/bin/env python3
"""What users wait for around a render (issue 45), each row interleaved with its baseline.

Rows (docs/benchmarks.md, "Interactive speed"):
  preview   save a 2 s scene (scenarios/demo.yaml) with `flipbook preview` open: seconds from
            the save until the new page is served, and until its first frame is; baseline: the
            render alone (`flipbook render` to a GIF).
  recording `compare` the 6.2 s scene (scenarios/examples/spr-indicator-header.yaml) against
            an 18 s 50 fps 404x401 dithered GIF (made once with ffmpeg from the scene's own
            frames, padded, with temporal noise, as a screen recording is); without and with
            --html (page bytes printed); baseline: the render alone.
  recording3x  the same recording's first 6 s at three times the size, compared with --crop and
            --scale 1/3 (a phone's screen recording); baseline: the render alone.
  variants  `compare` the 2 s scene's two variants with --html; baseline: the render alone.
  test      `flipbook test` of one failing scene writing its artifacts; baseline: the same
            scene passing.

Each row's runs alternate with its baseline's (so a busy moment hits both), medians of RUNS,
wall and CPU by bench/runstat.c. Usage: bench/interactive.py [RUNS] [--only ROW,...]
Needs ffmpeg for the recording (made once under $TMPDIR/flipbook-interactive-bench).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLIPBOOK = os.path.join(ROOT, ".build/release/flipbook")
SMALL = os.path.join(ROOT, "scenarios/demo.yaml")
LONG = os.path.join(ROOT, "scenarios/examples/spr-indicator-header.yaml")
CACHE = os.path.join(tempfile.gettempdir(), "flipbook-interactive-bench")


def runstat(work):
    """bench/runstat.c built once: prints `wall cpu maxrss-KB` of the command it runs."""
    exe = os.path.join(work, "runstat")
    if not os.path.exists(exe):
        subprocess.run(["gcc", "-O2", "-o", exe, os.path.join(ROOT, "bench/runstat.c")], check=True)
    return exe


def timed(work, args, cwd=None, expect=(0,)):
    out = subprocess.run([runstat(work)] + args, cwd=cwd, capture_output=True, text=True)
    line = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else ""
    fields = line.split()
    if len(fields) != 3:
        sys.exit(f"runstat printed nothing for {' '.join(args)}:\n{out.stderr}")
    return float(fields[0]), float(fields[1])


def recording():
    """The 18 s 50 fps 404x401 recording: the scene's frames at 50 fps looped three times,
    padded into a larger screen, with temporal noise (a camera's or encoder's), as one global
    palette with error diffusion (how screen-recording GIF tools dither)."""
    os.makedirs(CACHE, exist_ok=True)
    gif = os.path.join(CACHE, "recording-18s-50fps.gif")
    if os.path.exists(gif):
        return gif
    frames = os.path.join(CACHE, "scene-50fps.png")
    subprocess.run([FLIPBOOK, "render", LONG, "--fps", "50", "--animated", "-o", frames, "--quiet"],
                   check=True, capture_output=True)
    graph = ("[0:v]pad=404:401:15:90:white,eq=saturation=1.1,noise=alls=1:allf=t,split[a][b];"
             "[a]palettegen=stats_mode=full[p];[b][p]paletteuse=dither=sierra2_4a:diff_mode=rectangle")
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-stream_loop", "2", "-i", frames, "-filter_complex", graph,
                    "-t", "18", "-r", "50", gif + ".part.gif"], check=True)
    os.replace(gif + ".part.gif", gif)
    return gif


def recording_3x():
    """The recording above at three times its size (1212x1203, 6 s: a 3x phone's screen
    recording of the 1x scene), nearest-neighbour, one palette; compared with --scale 1/3."""
    gif = os.path.join(CACHE, "recording-6s-50fps-3x.gif")
    if os.path.exists(gif):
        return gif
    graph = "scale=1212:1203:flags=neighbor,split[a][b];[a]palettegen=max_colors=64[p];[b][p]paletteuse=dither=none"
    subprocess.run(["ffmpeg", "-v", "error", "-y", "-i", recording(), "-t", "6", "-vf", graph, gif + ".part.gif"], check=True)
    os.replace(gif + ".part.gif", gif)
    return gif


def report(name, rows):
    """rows: {label: [(wall, cpu)]}; the first label is the baseline."""
    base = None
    for label, runs in rows.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        if base is None:
            base = (wall, cpu)
            print(f"{name}: {label}: {wall:.3f} s wall, {cpu:.3f} s CPU")
        elif cpu == 0:  # measured from outside the process: wall only
            print(f"{name}: {label}: {wall:.3f} s wall ({wall / base[0]:.2f}x)")
        else:
            print(f"{name}: {label}: {wall:.3f} s wall, {cpu:.3f} s CPU ({wall / base[0]:.2f}x, CPU {cpu / base[1]:.2f}x)")
    sys.stdout.flush()


def row_preview(work, runs):
    scene = os.path.join(work, "preview.yaml")
    shutil.copy(SMALL, scene)
    server = subprocess.Popen([FLIPBOOK, "preview", scene, "--port", "0"], stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True)
    try:
        line = server.stdout.readline()
        url = line.split(" at ")[1].split()[0]
        status = lambda after: json.loads(urllib.request.urlopen(f"{url}status?after={after}", timeout=30).read())
        current = status(-1)
        while current["version"] == 0:
            current = status(current["attempts"])
        ready, first, baseline, sizes = [], [], [], []
        for k in range(runs):
            baseline.append(timed(work, [FLIPBOOK, "render", scene, "-o", os.path.join(work, "p.gif"), "--quiet"]))
            with open(scene, "a") as f:
                f.write(f"# save {k}\n")
            start = time.monotonic()
            # The server checks the file every 0.1 s: that wait is counted (a user pays it).
            previous = current["version"]
            while current["version"] == previous:
                current = status(current["attempts"])
            page = urllib.request.urlopen(url, timeout=30).read()
            ready.append((time.monotonic() - start, 0))
            version = current["version"]
            urllib.request.urlopen(f"{url}frame/{version}/0.png", timeout=30).read()
            first.append((time.monotonic() - start, 0))
            sizes.append(len(page))
        report("preview", {"render alone": baseline, "save -> page served": ready, "save -> first frame": first})
        print(f"preview: page {statistics.median(sizes) / 1e6:.3f} MB")
    finally:
        server.terminate()
        server.wait()


def row_recording(work, runs):
    gif = recording()
    out = os.path.join(work, "vs.gif")
    page = os.path.join(work, "vs.html")
    base, plain, html = [], [], []
    common = [FLIPBOOK, "compare", LONG, "--against", gif, "--crop", "15,90,373,220", "-o", out, "--quiet"]
    for _ in range(runs):
        base.append(timed(work, [FLIPBOOK, "render", LONG, "-o", os.path.join(work, "r.gif"), "--quiet"]))
        plain.append(timed(work, common))
        html.append(timed(work, common + ["--html", page]))
    report("recording", {"render alone": base, "compare --against": plain, "compare --against --html": html})
    print(f"recording: page {os.path.getsize(page) / 1e6:.2f} MB, comparison GIF {os.path.getsize(out) / 1e6:.2f} MB")


def row_recording3x(work, runs):
    gif = recording_3x()
    out = os.path.join(work, "vs3x.gif")
    base, plain = [], []
    for _ in range(runs):
        base.append(timed(work, [FLIPBOOK, "render", LONG, "-o", os.path.join(work, "r.gif"), "--quiet"]))
        plain.append(timed(work, [FLIPBOOK, "compare", LONG, "--against", gif, "--crop", "45,270,1119,660",
                                  "--scale", "0.3333333", "-o", out, "--quiet"]))
    report("recording3x", {"render alone": base, "compare --against --scale 1/3": plain})


def row_variants(work, runs):
    page = os.path.join(work, "variants.html")
    base, html = [], []
    for _ in range(runs):
        base.append(timed(work, [FLIPBOOK, "render", SMALL, "-o", os.path.join(work, "r.gif"), "--quiet"]))
        html.append(timed(work, [FLIPBOOK, "compare", SMALL, "-o", os.path.join(work, "v.gif"), "--html", page, "--quiet"]))
    report("variants", {"render alone": base, "compare --html": html})
    print(f"variants: page {os.path.getsize(page) / 1e6:.3f} MB")


def row_test(work, runs):
    folders = {}
    for state in ("pass", "fail"):
        top = os.path.join(work, "test-" + state)
        os.makedirs(os.path.join(top, "scenarios"))
        shutil.copytree(os.path.join(ROOT, "golden/demo"), os.path.join(top, "golden/demo"))
        with open(SMALL) as f:
            text = f.read()
        if state == "fail":
            text = text.replace("#c8c8c8", "#c8c8c9")  # the dots' colour one step off: every frame fails
        with open(os.path.join(top, "scenarios/demo.yaml"), "w") as f:
            f.write(text)
        folders[state] = top
    passing, failing = [], []
    args = [FLIPBOOK, "test", "scenarios", "--record", "never", "--artifacts", "art"]
    for _ in range(runs):
        passing.append(timed(work, args, cwd=folders["pass"]))
        failing.append(timed(work, args, cwd=folders["fail"]))
    report("test", {"passing": passing, "failing, artifacts written": failing})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("runs", nargs="?", type=int, default=5)
    parser.add_argument("--only", default="preview,recording,recording3x,variants,test")
    args = parser.parse_args()
    if not os.path.exists(FLIPBOOK):
        subprocess.run(["make", "--no-print-directory", "flipbook"], cwd=ROOT, check=True, capture_output=True)
    rows = {"preview": row_preview, "recording": row_recording, "recording3x": row_recording3x, "variants": row_variants,
            "test": row_test}
    with tempfile.TemporaryDirectory() as work:
        for name in args.only.split(","):
            rows[name](work, args.runs)


if __name__ == "__main__":
    main()
