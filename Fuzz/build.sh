#!/usr/bin/env bash
# Builds the libFuzzer targets into .build/fuzz/<target>:
#   Fuzz/build.sh                  every target
#   Fuzz/build.sh lifecycle        only those named (lifecycle, frontmatter, mustache)
#
# Each module a harness needs is compiled straight from its source folder with
# coverage instrumentation (and AddressSanitizer), as a static library with
# -enable-testing, so the harness can `@testable import` it exactly as the test
# target that shares the harness file does. The front matter target builds a
# `Site` module from only the files FrontMatter.parse needs.
set -euo pipefail

cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
# FUZZ_SANITIZERS=fuzzer builds without AddressSanitizer.
SANITIZERS=${FUZZ_SANITIZERS:-fuzzer,address}
OUT=.build/fuzz
MODULES=$OUT/modules
mkdir -p "$MODULES"

# The package's language mode; -O as a release build, so exec/s means something.
FLAGS=(-sanitize="$SANITIZERS" -parse-as-library -O -wmo -swift-version 6 -g -I "$MODULES" -I Sources/CYAML)

# module NAME SOURCE... : a static library and its .swiftmodule under $MODULES.
module() {
    local name=$1
    shift
    echo "  module $name"
    "$SWIFTC" "${FLAGS[@]}" -enable-testing -module-name "$name" -emit-module -emit-module-path "$MODULES/$name.swiftmodule" \
        -emit-library -static -o "$MODULES/lib$name.a" "$@"
}

# target NAME HARNESS LIBRARIES... : the fuzzer binary $OUT/NAME.
target() {
    local name=$1 harness=$2
    shift 2
    local libs=()
    for lib in "$@"; do libs+=("$MODULES/lib$lib.a"); done
    echo "  target $name"
    # -D FUZZING turns on the LLVMFuzzerTestOneInput entry point (the tests compile the file without it).
    "$SWIFTC" "${FLAGS[@]}" -D FUZZING -module-name "${name}_fuzzer" "$harness" Fuzz/entry.swift "${libs[@]}" -lyaml -o "$OUT/$name" \
        2> >(grep -v "Cannot export local symbol '__asan" >&2)
}

build_diagnostics() { [ -n "${built_diagnostics:-}" ] || { module Diagnostics Sources/Diagnostics/*.swift; built_diagnostics=1; }; }

build() {
    case $1 in
    lifecycle)
        build_diagnostics
        module LifecycleModel $(find Sources/LifecycleModel -name '*.swift' | sort)
        module Scenarios Sources/Scenarios/*.swift
        target lifecycle Fuzz/lifecycle.swift Scenarios LifecycleModel Diagnostics
        ;;
    frontmatter)
        build_diagnostics
        module YAML Sources/YAML/*.swift
        module Site Sources/Site/FrontMatter.swift Sources/Site/SourceText.swift Sources/Site/SiteConfig.swift \
            Sources/Site/YAMLLocator.swift
        target frontmatter Fuzz/frontmatter.swift Site YAML Diagnostics
        ;;
    mustache)
        build_diagnostics
        module Mustache Sources/Mustache/*.swift
        target mustache Fuzz/mustache.swift Mustache Diagnostics
        ;;
    *)
        echo "unknown fuzz target '$1' (lifecycle, frontmatter, mustache)" >&2
        exit 2
        ;;
    esac
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(lifecycle frontmatter mustache)
for t in "${targets[@]}"; do
    echo "Building fuzz target $t"
    build "$t"
done
