#!/usr/bin/env bash
# Bytes, render time and quality of each output format on the seed gallery and bench-wave
# (docs/benchmarks.md, "Output formats"). Quality is PSNR over RGB against the PNG frames
# (ffmpeg's psnr filter, frames paired by index; 99 stands for identical). Every render runs at
# 30 fps so all formats have the same frames. Needs ffmpeg, and Pillow (python3-pil) for WebP
# (which ffmpeg 5.1 cannot decode when animated) and APNG (ffmpeg 5.1's decoder pairs some of
# our frames wrongly; Pillow reads every frame exactly).
# Usage: scripts/formats.sh [FLIPBOOK]
set -euo pipefail
flipbook=${1:-.build/release/flipbook}
out=out/formats
rm -rf "$out"; mkdir -p "$out"
printf '%-22s %-10s %10s %8s %10s\n' scene format bytes seconds PSNR
for scenario in scenarios/seeds/*.yaml scenarios/bench-wave.yaml; do
  name=$(basename "$scenario" .yaml)
  "$flipbook" render "$scenario" --fps 30 --frames "$out/$name-frames" > /dev/null
  for spec in "gif|$name.gif|" "apng|$name.apng|" "webp|$name.webp|" "webp q90|$name-q90.webp|--quality 90" "mp4|$name.mp4|" "webm|$name.webm|"; do
    IFS='|' read -r label file extra <<< "$spec"
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$flipbook" render "$scenario" --fps 30 -o "$out/$file" $extra > /dev/null
    seconds=$(awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $start }")
    first=(-i "$out/$file")
    if [[ "$file" == *.webp || "$file" == *.apng ]]; then
      mkdir -p "$out/$file-frames"
      # One PNG per 1/30 s: WebP merges identical frames into one longer frame.
      /usr/bin/python3 -c 'import sys; from PIL import Image
im = Image.open(sys.argv[1]); n = 0; t = 0.0
for i in range(getattr(im, "n_frames", 1)):
    im.seek(i); im.load()
    t += im.info.get("duration", 0) or 0
    end = max(round(t * 30 / 1000), n + 1)
    while n < end:
        im.convert("RGBA").save("%s/%04d.png" % (sys.argv[2], n)); n += 1' \
        "$out/$file" "$out/$file-frames"
      first=(-framerate 30 -i "$out/$file-frames/%04d.png")
    fi
    psnr=$( (ffmpeg -v error "${first[@]}" -framerate 30 -i "$out/$name-frames/frame-%04d.png" \
             -filter_complex "[0:v]settb=1/30,setpts=N,format=rgb24,pad=ceil(iw/2)*2:ceil(ih/2)*2[a];[1:v]settb=1/30,setpts=N,format=rgb24,pad=ceil(iw/2)*2:ceil(ih/2)*2[b];[a][b]psnr=stats_file=-" -f null - 2>/dev/null || true) \
             | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^psnr_avg:/) { split($i, a, ":"); s += (a[2] == "inf" ? 99 : a[2]); n++ } } END { if (n) printf "%.1f", s / n; else print "?" }')
    printf '%-22s %-10s %10d %8s %10s\n' "$name" "$label" "$(stat -c %s "$out/$file")" "$seconds" "$psnr"
  done
done
