# Flipbook: `make demo` renders the demo scenario, `make test` runs the whole test suite.
# Both install the Debian packages they need first when they are missing.

SWIFT ?= swift
APT_PACKAGES := libcairo2-dev libpango1.0-dev libgif-dev zlib1g-dev pkg-config fonts-dejavu-core fonts-wqy-microhei

.PHONY: deps build demo test clean

deps:
	@missing=""; \
	for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product flipbook

demo: build
	@mkdir -p out
	.build/release/flipbook render scenarios/demo.yaml -o out/demo.gif --filmstrip out/demo.png
	@echo "Demo GIF: out/demo.gif (open it in a browser); filmstrip: out/demo.png"

test: deps
	$(SWIFT) test
	@python3 -c "import jsonschema, yaml" 2>/dev/null || python3 -m pip install -q jsonschema pyyaml
	python3 Tests/schema/check_scenarios.py

clean:
	rm -rf .build out
