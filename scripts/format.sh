#!/usr/bin/env bash
# Lays the code out as .swift-format says (what scripts/lint.sh checks), in place.
set -euo pipefail
cd "$(dirname "$0")/.."
swift format format --configuration .swift-format --in-place --recursive --parallel \
  Sources Tests Examples Fuzz/Sources Plugins Package.swift
