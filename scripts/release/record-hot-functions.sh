#!/usr/bin/env bash
# Records scripts/release/hot-functions.txt: the functions of the release `flipbook` that run
# while it does typical work (the commands below, under callgrind). The release link places them
# first in the program's code (Makefile, RELEASE_BUILD), so a run maps a few MB of code instead
# of pages scattered over 17 MB. Run it again when the hot paths change; a name that no longer
# exists is skipped by the linker, a new hot function is only placed with the cold ones.
# Usage: scripts/release/record-hot-functions.sh   (needs valgrind; installs it when root)
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v valgrind >/dev/null || apt-get install -y -qq valgrind >/dev/null
make --no-print-directory flipbook >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Valgrind 3.19 cannot read the DWARF 5 the toolchain writes: profile a copy without it.
strip --strip-debug -o "$work/flipbook" .build/release/flipbook
runs=0
profile() {
  runs=$((runs + 1))
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/profile-$(printf %02d $runs)" \
    "$work/flipbook" "$@" >/dev/null 2>&1 || { echo "flipbook $* failed under callgrind" >&2; exit 1; }
}
profile --help
profile render scenarios/bench-pulse3.yaml -o "$work/pulse3.gif" --quiet
profile render scenarios/bench-wave.yaml -o "$work/wave.gif" --quiet
profile render scenarios/seeds/002-appcoda-letters.yaml -o "$work/letters.gif" --quiet
profile render scenarios/seeds/000-unread-refresh.yaml -o "$work/unread.gif" --frames "$work/frames" --quiet
profile render scenarios/demo.yaml -o "$work/demo.gif" --filmstrip "$work/demo.png"
profile still scenarios/seeds/001-news-banner.yaml --at 0.5 -o "$work/still.png"
profile validate scenarios/seeds/003-wave.yaml
profile test scenarios/seeds/004-progress-arc.yaml
profile inspect scenarios/seeds/000-dots-pulse.yaml
profile compare scenarios/variants/pulse-curves.yaml -o "$work/compare"
python3 scripts/release/hot_functions.py "$work/flipbook" "$work"/profile-* > "$work/hot-functions.txt"
mv "$work/hot-functions.txt" scripts/release/hot-functions.txt
echo "scripts/release/hot-functions.txt: $(wc -l < scripts/release/hot-functions.txt) functions from $runs runs"
