#!/usr/bin/env bash
# Bytes, render time and quality of each output format on the seed gallery and bench-wave
# (docs/benchmarks.md, "Output formats"). Quality is PSNR over RGB and SSIM against the PNG frames
# (scripts/lib/quality.sh: frames paired by index; PSNR 99 stands for identical). Every render runs at
# 30 fps so all formats have the same frames. Needs ffmpeg, and Pillow (python3-pil) for WebP
# (which ffmpeg 5.1 cannot decode when animated) and APNG (ffmpeg 5.1's decoder pairs some of
# our frames wrongly; Pillow reads every frame exactly).
# Usage: scripts/formats.sh [FLIPBOOK]
set -euo pipefail
# shellcheck source=lib/quality.sh
source "$(dirname "$0")/lib/quality.sh"
flipbook=${1:-.build/release/flipbook}
out=out/formats
rm -rf "$out"; mkdir -p "$out"
printf '%-22s %-10s %10s %8s %8s %8s\n' scene format bytes seconds PSNR SSIM
for scenario in scenarios/seeds/*.yaml scenarios/bench-wave.yaml; do
  name=$(basename "$scenario" .yaml)
  "$flipbook" render "$scenario" --fps 30 --frames "$out/$name-frames" > /dev/null
  for spec in "gif|$name.gif|" "apng|$name.apng|" "webp|$name.webp|" "webp q90|$name-q90.webp|--quality 90" "mp4|$name.mp4|" "webm|$name.webm|"; do
    IFS='|' read -r label file extra <<< "$spec"
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    "$flipbook" render "$scenario" --fps 30 -o "$out/$file" $extra > /dev/null
    seconds=$(seconds_since "$start")
    input=(-i "$out/$file")
    if [[ "$file" == *.webp || "$file" == *.apng ]]; then
      expand_frames "$out/$file" "$out/$file-frames"
      input=(-framerate 30 -i "$out/$file-frames/%04d.png")
    fi
    read -r psnr ssim <<< "$(quality "$out/$name-frames/frame-%04d.png" "${input[@]}")"
    printf '%-22s %-10s %10d %8s %8s %8s\n' "$name" "$label" "$(stat -c %s "$out/$file")" "$seconds" "$psnr" "$ssim"
  done
done
