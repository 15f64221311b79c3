# Flipbook: `make demo` renders the demo scenario, `make test` runs the whole test suite.
# Both install the Debian packages they need first when they are missing.

SWIFT ?= swift
APT_PACKAGES := libcairo2-dev libpango1.0-dev libgif-dev libwebp-dev libjpeg-dev zlib1g-dev libdeflate-dev pkg-config fonts-dejavu-core fonts-wqy-microhei fonts-liberation fonts-texgyre
# The golden report's browser test needs Chromium, the video-output tests ffmpeg, the memory
# test GNU time (only `make test` installs them, with their recommended packages, as
# docs/toolchain.md does).
TEST_APT_PACKAGES := chromium ffmpeg time python3-numpy python3-pil
DEBIAN_PYTHON := $(shell test -x /usr/bin/python3 && echo /usr/bin/python3 || echo python3)

# Release programs link Swift's runtime and Foundation statically: the 14 shared libraries (ICU
# among them) cost half of every flipbook call's start-up (docs/benchmarks.md, "Start-up").
# lld links them without gold's notes about functions the static Foundation references.
# Each function in its own section, and the functions typical runs execute placed first
# (scripts/release/hot-functions.txt, recorded by scripts/release/record-hot-functions.sh): a run
# maps ~5 MB of the program's code instead of ~10. Relative relocations packed (RELR, glibc
# 2.36): 2 MB of relocation entries read at every start become 16 KB, and the program stays
# position independent. scripts/release/check_layout.py checks both in `make test`.
HOT_FUNCTIONS := $(CURDIR)/scripts/release/hot-functions.txt
RELEASE_BUILD := $(SWIFT) build -c release --static-swift-stdlib -Xswiftc -use-ld=lld \
  -Xswiftc -Xfrontend -Xswiftc -function-sections \
  -Xlinker --symbol-ordering-file=$(HOT_FUNCTIONS) -Xlinker --no-warn-symbol-ordering \
  -Xlinker -z -Xlinker pack-relative-relocs

.PHONY: gallery deps test-deps flipbook build demo test lint fuzz clean relink-if-reordered

# Installs the Debian packages in $(1) that are missing (root or sudo), with apt flags $(2).
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $(2) $$missing; \
	fi
endef

deps:
	$(call install_missing,$(APT_PACKAGES),--no-install-recommends)

# SwiftPM does not know the link reads $(HOT_FUNCTIONS): a program older than the list is
# removed so that the next release build links it again.
relink-if-reordered:
	@for program in .build/release/flipbook .build/release/flipbook-preview; do \
	  if [ -e $$program ] && [ $$program -ot $(HOT_FUNCTIONS) ]; then rm -f $$program; fi; \
	done

# .build/release/flipbook alone (the benchmarks and `make test` use it).
flipbook: deps relink-if-reordered
	$(RELEASE_BUILD) --product flipbook

build: flipbook
	$(RELEASE_BUILD) --product flipbook-preview

demo: build
	@mkdir -p out
	.build/release/flipbook render scenarios/seeds/000-unread-refresh.yaml -o out/demo.gif --filmstrip out/demo.png
	@echo "Demo GIF: out/demo.gif, the Unread pull-to-refresh control in a table (open it in a browser); filmstrip: out/demo.png"

# Every seed scenario rendered into out/gallery/, with montages against the blog GIFs when
# ../shared/reference/ is there (docs/gallery.md).
gallery: build
	scripts/gallery.sh .build/release/flipbook ../shared/reference

test-deps: deps
	$(call install_missing,$(TEST_APT_PACKAGES))

# The lint, swift test, then the golden suite over scenarios/ (CI=true: a missing golden fails),
# the same goldens from debug and release builds on 1 and 2 threads (byte-identical), the schema
# check, compare's figures against numpy's (docs/compare.md, "Checked independently"), and a
# minute of fuzzing.
test: test-deps lint relink-if-reordered
	@# The tests' temporary folders (thousands a run) go in one folder of the run's own,
	@# removed afterwards whether they pass or fail.
	@tmp=$$(mktemp -d -t flipbook-swift-test.XXXXXX) && echo "TMPDIR=$$tmp $(SWIFT) test" && \
	  TMPDIR=$$tmp $(SWIFT) test; status=$$?; rm -rf "$$tmp"; exit $$status
	.build/debug/flipbook test --artifacts .artifacts
	@# The public Swift API against the last release's: a break is a decision (CHANGELOG.md).
	scripts/api_breakage.sh
	@# As an app's repository uses it: the package plugin and a snapshot test, from a fresh package.
	scripts/plugin_check.sh
	$(RELEASE_BUILD) --product flipbook
	@# What `make build` (so `make demo`) builds besides: the preview's server links statically too.
	$(RELEASE_BUILD) --product flipbook-preview
	scripts/release/check_layout.py .build/release/flipbook
	scripts/determinism.sh .build/debug/flipbook .build/release/flipbook
	@python3 -c "import jsonschema, yaml" 2>/dev/null || python3 -m pip install -q jsonschema pyyaml
	python3 Tests/schema/check_scenarios.py
	@# numpy and Pillow come from Debian's packages (TEST_APT_PACKAGES), so Debian's python3
	@# runs the check: a python3 earlier on PATH (pyenv's) may have neither.
	$(DEBIAN_PYTHON) scripts/compare_check.py .build/release/flipbook ../shared/reference
	$(MAKE) --no-print-directory fuzz

# swift-format's rules as .swift-format sets them, and lines of code at most 140 characters.
lint:
	scripts/lint.sh

# libFuzzer over the scenario loader and value parser, Lottie files and .lottie archives (built and drawn), the golden
# store's manifests and traces, shards' results.json (test merge), and the PNG and GIF readers (Fuzz/), seeded from
# scenarios/, the bad-scenario corpus, the Lottie samples and Fuzz/seeds, with Fuzz/flipbook.dict's keys (zip records and
# Lottie's nesting keys among them) and a mutator that nests an input up to 600 levels deeper one time in four;
# `make fuzz FUZZ_SECONDS=3600` runs longer. A crash, a hang (10 s) or a rejection without FILE:LINE:COLUMN fails it
# and leaves the input in .build/fuzz-artifacts/.
FUZZ_SECONDS ?= 60
FUZZ_SEEDS := scenarios scenarios/loaders scenarios/seeds Tests/FlipbookScenarioTests/Fixtures/bad-scenarios Fuzz/seeds \
  Tests/FlipbookLottieTests/Fixtures/samples
fuzz: deps
	$(SWIFT) build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer -Xswiftc -use-ld=lld
	@mkdir -p .build/fuzz-corpus .build/fuzz-artifacts
	@echo "Fuzzing the scenario loader for $(FUZZ_SECONDS) s (log: .build/fuzz.log)"
	@SWIFT_BACKTRACE=enable=no Fuzz/.build/release/ScenarioFuzzer -max_total_time=$(FUZZ_SECONDS) -timeout=10 -dict=Fuzz/flipbook.dict \
	  -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=.build/fuzz-artifacts/ \
	  .build/fuzz-corpus $(FUZZ_SEEDS) > .build/fuzz.log 2>&1; status=$$?; \
	  grep -E "^(Done|stat::number_of_executed_units|stat::new_units_added)|Fatal error|ERROR" .build/fuzz.log; \
	  exit $$status

clean:
	rm -rf .build out Fuzz/.build
