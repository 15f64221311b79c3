#!/usr/bin/env bash
# The third attack round's costly inputs (issue 39), generated here and run once each with the
# release build: wall time, CPU time, peak RSS and exit status of each (bench/runstat.c), and
# how long the preview takes to answer /status while three clients send 5 MiB request lines.
# Record the figures in docs/benchmarks.md ("Third attack round").
# Usage: bench/hostile-work.sh
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"; kill $(jobs -p) 2>/dev/null || true' EXIT
gcc -O2 -o "$work/runstat" bench/runstat.c
make --no-print-directory build >/dev/null 2>&1
flipbook=.build/release/flipbook

python3 - "$work" <<'EOF'
import sys
work = sys.argv[1]
small = 'canvas: { width: 200, height: 200, scale: 1, background: "#ffffff" }\nfps: 10\nduration: 0.5\n'
for n in (2500, 5000, 10000, 20000):
    steps = "\n".join("  - { drag: 0, duration: 0 }" for _ in range(n))
    open(f"{work}/touch{n}.yaml", "w").write(
        'canvas: { width: 100, height: 100, scale: 1, background: "#ffffff" }\nduration: 1\nfps: 10\nlayers:\n'
        '  - { id: list, type: scroll, frame: [0, 0, 100, 100], contentSize: [100, 400] }\n'
        f'touches:\n  - {{ at: 0.1, down: list }}\n{steps}\n  - {{ release: true }}\n')
open(f"{work}/nested.yaml", "w").write(small + '''layers:
  - id: r1
    type: replicator
    frame: [0, 0, 200, 200]
    instanceCount: 1e18
    instanceTransform: translate(0.01, 0)
    sublayers:
      - id: r2
        type: replicator
        frame: [0, 0, 200, 200]
        instanceCount: 1e18
        instanceTransform: translate(0, 0.01)
        sublayers:
          - { id: dot, frame: [10, 10, 5, 5], backgroundColor: "#ff0000" }
''')
emitters = "\n".join(f'''  - id: e{i}
    type: emitter
    frame: [0, 0, 200, 200]
    emitterPosition: [100, 100]
    emitterCells:
      - {{ birthRate: 100000, lifetime: 10, velocity: 50, emissionRange: 360deg, particle: {{ shape: circle, size: [2, 2] }}, color: "#ff0000" }}'''
                     for i in range(500))
open(f"{work}/emitters.yaml", "w").write(small + "layers:\n" + emitters + "\n")
open(f"{work}/shadows.yaml", "w").write(
    'canvas: { width: 2000, height: 2000, scale: 1, background: "#ffffff" }\nfps: 10\nduration: 0.2\n' + '''layers:
  - id: r
    type: replicator
    frame: [0, 0, 2000, 2000]
    instanceCount: 10000
    instanceTransform: translate(0.1, 0)
    sublayers:
      - { id: big, frame: [0, 0, 2000, 2000], backgroundColor: "#ff0000", shadowOpacity: 1, shadowRadius: 10 }
''')
path = "M0 0" + " L1 1" * 99_998
open(f"{work}/paths.yaml", "w").write(small + "layers:\n" + "\n".join(
    f'  - {{ id: p{i}, type: shape, path: "{path}", strokeColor: "#000000" }}' for i in range(40)) + "\n")
# A GIF of 40 one-pixel frames on an 8000 x 8000 screen.
side = 8000
gif = bytearray(b"GIF89a" + bytes([side & 255, side >> 8, side & 255, side >> 8, 0, 0, 0]))
for _ in range(40):
    gif += bytes([0x21, 0xF9, 0x04, 0x00, 0x0A, 0x00, 0x00, 0x00])
    gif += bytes([0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 0x02, 0x02, 0x44, 0x01, 0x00])
open(f"{work}/bomb.gif", "wb").write(bytes(gif + b"\x3b"))
EOF

printf '%-48s %8s %8s %9s %5s\n' "input" "wall s" "CPU s" "peak MB" "exit"
run() {
  local label=$1; shift
  local line status
  line=$("$work/runstat" "$@" 2>/dev/null) && status=0 || status=$?
  # runstat prints "wall cpu maxrss-KB" and exits with the command's status.
  read -r wall cpu rss <<< "$line"
  printf '%-48s %8.2f %8.2f %9.1f %5s\n' "$label" "$wall" "$cpu" "$(echo "$rss / 1024" | bc -l)" "$status"
}
for n in 2500 5000 10000 20000; do run "render: $n zero-length touch steps" "$flipbook" render "$work/touch$n.yaml" -o "$work/t.gif" --quiet; done
run "render: nested replicators, 1e18 copies each" "$flipbook" render "$work/nested.yaml" -o "$work/n.gif" --quiet
run "render: 500 emitters at their particle cap" "$flipbook" render "$work/emitters.yaml" -o "$work/e.gif" --quiet
run "render: 10,000 shadowed 2000 px copies" "$flipbook" render "$work/shadows.yaml" -o "$work/s.gif" --quiet
run "validate: 40 paths of 100 k elements" "$flipbook" validate "$work/paths.yaml"
run "inspect: 40 frames of 8000 x 8000 (GIF)" "$flipbook" inspect "$work/bomb.gif"

# The fourth round (issue 63): deep nesting, Lottie files and archives, images, long recordings.
python3 bench/hostile_round4.py "$work"
ffmpeg -loglevel error -y -f lavfi -i "color=c=red:s=8192x8192:r=10:d=2,format=yuv420p" -c:v libx264 -preset ultrafast "$work/big.mp4"
for n in 256 420; do run "still: layers nested $n deep" "$flipbook" still "$work/nest$n.yaml" --at 0.1 -o "$work/s.png"; done
run "still: Lottie, 240 nested groups" "$flipbook" still "$work/groups240.json" --at 0 -o "$work/s.png"
run "still: Lottie, a 2,000-layer parent chain" "$flipbook" still "$work/parents2000.json" --at 0 -o "$work/s.png"
run "still: Lottie, 2 M keyframes (46 MB)" "$flipbook" still "$work/keyframes.json" --at 0 -o "$work/s.png"
run "still: Lottie, tm of 200 k keyframes, 50 layers" "$flipbook" still "$work/remap.json" --at 50% -o "$work/s.png"
run "still: Lottie, a gradient of 1 M stops" "$flipbook" still "$work/stops.json" --at 0 -o "$work/s.png"
run "still: Lottie, a path of 2.5 M vertices" "$flipbook" still "$work/vertices.json" --at 0 -o "$work/s.png"
run "validate: .lottie, a body listed 4,000 times" "$flipbook" validate "$work/bomb.lottie"
run "validate: 40 different 8192² PNGs" "$flipbook" validate "$work/images.yaml"
run "still: 40 different 8192² PNGs" "$flipbook" still "$work/images.yaml" --at 0 -o "$work/s.png"
run "still: Lottie, 30 8192² images" "$flipbook" still "$work/images.json" --at 0 -o "$work/s.png"
run "compare --against a GIF lasting 15 days" "$flipbook" compare scenarios/demo.yaml --against "$work/days.gif" \
  --crop 0,0,64,24 --scale 5 -o "$work/c.gif"
run "inspect: 8192² H.264, 20 frames" "$flipbook" inspect "$work/big.mp4"

# The preview: three clients send 5 MiB request lines, then /status is asked for.
echo 'canvas: { width: 100, height: 100 }
duration: 1
layers: [ { id: a, frame: [0, 0, 10, 10], backgroundColor: "#ff0000" } ]' > "$work/scene.yaml"
.build/release/flipbook-preview "$work/scene.yaml" --port 0 > "$work/preview.txt" 2>&1 &
for _ in $(seq 50); do grep -q http "$work/preview.txt" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*' "$work/preview.txt")
python3 - "$url" <<'EOF'
import socket, sys, time, urllib.request
url = sys.argv[1]
host, port = url.split("//")[1].rstrip("/").split(":")
socks = []
for _ in range(3):
    s = socket.create_connection((host, int(port)))
    try:
        s.sendall(b"GET /" + b"a" * (5 << 20))
    except OSError:
        pass
    socks.append(s)
start = time.time()
urllib.request.urlopen(url + "status").read()
print("%-44s %8.3f s" % ("preview: /status after three 5 MiB lines", time.time() - start))
EOF
