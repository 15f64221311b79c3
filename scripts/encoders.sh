#!/usr/bin/env bash
# Flipbook's full-colour outputs against the other encoders on this machine, on the same frames
# (docs/benchmarks.md, "Against other encoders"): ffmpeg's own APNG encoder and its libwebp_anim
# encoder, and img2webp from Debian's webp package (cwebp encodes stills only). Bytes, seconds,
# PSNR and SSIM against the truecolour PNG frames (scripts/lib/quality.sh). Flipbook's seconds
# are the whole render (drawing included); the others' start from the PNG frames (reading them
# included). Then the video path's pipe: ffmpeg encoding the same raw frames from a file, from
# a pipe, and its start-up alone, which bound what linking libavcodec could save.
# Usage: scripts/encoders.sh [FLIPBOOK]   (needs ffmpeg, webp, python3-pil)
set -euo pipefail
# shellcheck source=lib/quality.sh
source "$(dirname "$0")/lib/quality.sh"
flipbook=${1:-.build/release/flipbook}
out=out/encoders
rm -rf "$out"; mkdir -p "$out"
printf '%-22s %-18s %10s %8s %8s %8s\n' scene encoder bytes seconds PSNR SSIM
for scenario in scenarios/seeds/*.yaml scenarios/bench-wave.yaml; do
  name=$(basename "$scenario" .yaml)
  frames="$out/$name-frames"
  "$flipbook" render "$scenario" --fps 30 --frames "$frames" > /dev/null
  pngs=("$frames"/frame-*.png)
  for spec in \
    "flipbook apng|$name.apng|$flipbook render $scenario --fps 30 -o $out/$name.apng" \
    "ffmpeg apng|$name-ff.apng|ffmpeg -v error -framerate 30 -i $frames/frame-%04d.png -plays 0 -f apng $out/$name-ff.apng" \
    "flipbook webp|$name.webp|$flipbook render $scenario --fps 30 -o $out/$name.webp" \
    "ffmpeg webp|$name-ff.webp|ffmpeg -v error -framerate 30 -i $frames/frame-%04d.png -c:v libwebp_anim -lossless 1 -pix_fmt bgra -loop 0 $out/$name-ff.webp" \
    "img2webp|$name-i2w.webp|img2webp -loop 0 -lossless -d 33 ${pngs[*]} -o $out/$name-i2w.webp" \
    "flipbook webp q90|$name-q90.webp|$flipbook render $scenario --fps 30 --quality 90 -o $out/$name-q90.webp" \
    "ffmpeg webp q90|$name-ff-q90.webp|ffmpeg -v error -framerate 30 -i $frames/frame-%04d.png -c:v libwebp_anim -quality 90 -pix_fmt yuva420p -loop 0 $out/$name-ff-q90.webp" \
    "img2webp q90|$name-i2w-q90.webp|img2webp -loop 0 -lossy -q 90 -d 33 ${pngs[*]} -o $out/$name-i2w-q90.webp"; do
    IFS='|' read -r label file command <<< "$spec"
    start=$(date +%s.%N)
    # shellcheck disable=SC2086
    $command > /dev/null 2>&1
    seconds=$(seconds_since "$start")
    expand_frames "$out/$file" "$out/$file-frames"
    read -r psnr ssim <<< "$(quality "$frames/frame-%04d.png" -framerate 30 -i "$out/$file-frames/%04d.png")"
    printf '%-22s %-18s %10d %8s %8s %8s\n' "$name" "$label" "$(stat -c %s "$out/$file")" "$seconds" "$psnr" "$ssim"
  done
done

echo
printf '%-22s %10s %10s %10s %10s %10s\n' scene "render mp4" "render gif" "from file" "from pipe" "start-up"
for scenario in scenarios/seeds/000-unread-refresh.yaml scenarios/seeds/001-news-banner.yaml scenarios/bench-wave.yaml; do
  name=$(basename "$scenario" .yaml)
  frames="$out/$name-frames"
  size=$(/usr/bin/python3 -c 'import sys; from PIL import Image; w, h = Image.open(sys.argv[1]).size; print(f"{w}x{h}")' "$frames/frame-0000.png")
  ffmpeg -v error -framerate 30 -i "$frames/frame-%04d.png" -f rawvideo -pix_fmt rgba "$out/$name.rgba"
  # The arguments FFmpegVideoWriter gives ffmpeg, the input aside.
  encode=(-vf "pad=ceil(iw/2)*2:ceil(ih/2)*2" -pix_fmt yuv420p -r 30 -c:v libx264 -preset medium -crf 18 -f mp4)
  raw=(-f rawvideo -pix_fmt rgba -s "$size" -framerate 30)
  start=$(date +%s.%N); "$flipbook" render "$scenario" --fps 30 -o "$out/$name-r.mp4" > /dev/null; mp4=$(seconds_since "$start")
  start=$(date +%s.%N); "$flipbook" render "$scenario" --fps 30 -o "$out/$name-r.gif" > /dev/null; gif=$(seconds_since "$start")
  start=$(date +%s.%N); ffmpeg -v error -y "${raw[@]}" -i "$out/$name.rgba" "${encode[@]}" "$out/$name-f.mp4"; file=$(seconds_since "$start")
  start=$(date +%s.%N); cat "$out/$name.rgba" | ffmpeg -v error -y "${raw[@]}" -i pipe:0 "${encode[@]}" "$out/$name-p.mp4"; pipe=$(seconds_since "$start")
  start=$(date +%s.%N); ffmpeg -v error -y -f lavfi -i "color=s=16x16:d=0.04" -c:v libx264 -f mp4 "$out/startup.mp4"; startup=$(seconds_since "$start")
  printf '%-22s %10s %10s %10s %10s %10s\n' "$name" "$mp4" "$gif" "$file" "$pipe" "$startup"
done
