# Shared by scripts/formats.sh and scripts/encoders.sh: frames of an animated file at 30 fps,
# and PSNR/SSIM of them against a folder of truecolour PNG frames.

# expand_frames FILE DIR: one PNG per 1/30 s of FILE, through Pillow (ffmpeg 5.1 cannot decode
# animated WebP and pairs some APNG frames wrongly; WebP also merges identical frames into one
# longer frame, so frames are repeated by duration).
expand_frames() {
  mkdir -p "$2"
  /usr/bin/python3 -c 'import sys; from PIL import Image
im = Image.open(sys.argv[1]); n = 0; t = 0.0
for i in range(getattr(im, "n_frames", 1)):
    im.seek(i); im.load()
    t += im.info.get("duration", 0) or 0
    end = max(round(t * 30 / 1000), n + 1)
    while n < end:
        im.convert("RGBA").save("%s/%04d.png" % (sys.argv[2], n)); n += 1' "$1" "$2"
}

# quality REFERENCE_PATTERN FFMPEG_INPUT_ARGS...: "PSNR SSIM", both means over the frames paired
# by index (settb=1/30,setpts=N on both sides: by time, ffmpeg pairs the wrong frames). PSNR is
# over RGB, 99 standing for identical; SSIM is ffmpeg's "All" figure.
quality() {
  local reference=$1; shift
  local stats
  stats=$(mktemp -d)
  ffmpeg -v error "$@" -framerate 30 -i "$reference" -filter_complex \
    "[0:v]settb=1/30,setpts=N,format=rgb24,pad=ceil(iw/2)*2:ceil(ih/2)*2,split[a1][a2];[1:v]settb=1/30,setpts=N,format=rgb24,pad=ceil(iw/2)*2:ceil(ih/2)*2,split[b1][b2];[a1][b1]psnr=stats_file=$stats/psnr;[a2][b2]ssim=stats_file=$stats/ssim" \
    -f null - 2>/dev/null || true
  local psnr ssim
  psnr=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^psnr_avg:/) { split($i, a, ":"); s += (a[2] == "inf" ? 99 : a[2]); n++ } } END { if (n) printf "%.1f", s / n; else print "?" }' "$stats/psnr" 2>/dev/null || echo "?")
  ssim=$(awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^All:/) { split($i, a, ":"); s += a[2]; n++ } } END { if (n) printf "%.5f", s / n; else print "?" }' "$stats/ssim" 2>/dev/null || echo "?")
  rm -rf "$stats"
  echo "$psnr $ssim"
}

# seconds_since START: wall seconds since START (from `date +%s.%N`), two decimals.
seconds_since() { awk "BEGIN { printf \"%.2f\", $(date +%s.%N) - $1 }"; }
