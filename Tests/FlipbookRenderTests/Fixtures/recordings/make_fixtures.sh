#!/bin/sh
# Makes the recording fixtures with other encoders than ours: Pillow (Debian's python3-pil) and
# ffmpeg. What each frame must show follows from GIF89a and the APNG specification; the
# tests (RecordingStreamTests) state it. Run from this folder.
set -e
/usr/bin/python3 make_fixtures.py
# ffmpeg's own APNG encoder (it chooses its own blend/dispose ops per frame), with the source frames.
rm -f ffmpeg-src-*.png
ffmpeg -v error -y -f lavfi -i "testsrc=size=32x24:rate=10" -frames:v 4 ffmpeg-src-%d.png
ffmpeg -v error -y -framerate 10 -i ffmpeg-src-%d.png -plays 0 -f apng ffmpeg.apng
