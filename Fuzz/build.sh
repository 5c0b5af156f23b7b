#!/usr/bin/env bash
# Builds the libFuzzer targets into .build/fuzz/<target>:
#   Fuzz/build.sh                  every target
#   Fuzz/build.sh lifecycle        only those named (lifecycle, exercise, search, frontmatter, mustache, requestpath, article)
#
# Each module a harness needs is compiled straight from its source folder with
# coverage instrumentation (and AddressSanitizer), as a static library with
# -enable-testing, so the harness can `@testable import` it exactly as the test
# target that shares the harness file does. The front matter target needs only
# SiteContent (where content is read), the request path target a `PreviewServer`
# module from RequestPath.swift alone.
set -euo pipefail

cd "$(dirname "$0")/.."
SWIFTC=${SWIFTC:-swiftc}
# FUZZ_SANITIZERS=fuzzer builds without AddressSanitizer.
SANITIZERS=${FUZZ_SANITIZERS:-fuzzer,address}
OUT=.build/fuzz
MODULES=$OUT/modules
mkdir -p "$MODULES"

# The package's language mode and name (for `package` access); -O as a release build, so exec/s means something.
FLAGS=(-sanitize="$SANITIZERS" -parse-as-library -O -wmo -swift-version 6 -package-name LifecycleDocs -g -I "$MODULES" -I Sources/CYAML)

# module NAME SOURCE... : a static library and its .swiftmodule under $MODULES.
module() {
    local name=$1
    shift
    echo "  module $name"
    "$SWIFTC" "${FLAGS[@]}" -enable-testing -module-name "$name" -emit-module -emit-module-path "$MODULES/$name.swiftmodule" \
        -emit-library -static -o "$MODULES/lib$name.a" "$@"
}

# target NAME HARNESS... -- LIBRARIES... : the fuzzer binary $OUT/NAME.
target() {
    local name=$1
    shift
    local sources=()
    while [ "$1" != "--" ]; do sources+=("$1"); shift; done
    shift
    local libs=()
    for lib in "$@"; do libs+=("$MODULES/lib$lib.a"); done
    echo "  target $name"
    # -D FUZZING turns on the LLVMFuzzerTestOneInput entry point (the tests compile the file without it).
    "$SWIFTC" "${FLAGS[@]}" -D FUZZING -module-name "${name}_fuzzer" "${sources[@]}" Fuzz/entry.swift "${libs[@]}" \
        -lyaml -lcmark-gfm -lcmark-gfm-extensions -lstemmer -o "$OUT/$name" \
        2> >(grep -v "Cannot export local symbol '__asan" >&2)
    # From three sources on, swiftc leaves the executable's module files in the current folder.
    rm -f "${name}_fuzzer"-*.swiftmodule "${name}_fuzzer"-*.swiftdoc "${name}_fuzzer"-*.swiftsourceinfo
}

# once NAME SOURCE... : module, unless this run built it already.
once() {
    local flag="built_$1"
    [ -n "${!flag:-}" ] && return
    module "$@"
    printf -v "$flag" 1
}
build_encoding() { once Encoding Sources/Encoding/*.swift; }
build_diagnostics() { build_encoding; once Diagnostics Sources/Diagnostics/*.swift; }
build_model() {
    build_encoding
    once LifecycleModel $(find Sources/LifecycleModel -name '*.swift' | sort)
    once LifecycleMachines Sources/LifecycleMachines/*.swift
}
build_markdown() { build_diagnostics; once Markdown -I Sources/CCMarkGFM Sources/Markdown/*.swift; }
# Scenarios verifies parsed Markdown (ArticleVerifier): it needs the Markdown module.
build_scenarios() { build_model; build_markdown; once Scenarios -I Sources/CCMarkGFM Sources/Scenarios/*.swift; }
# Where content is read: front matter, site.yml, articles (verified by Scenarios).
build_content() {
    build_scenarios
    once YAML Sources/YAML/*.swift
    once FileIO Sources/FileIO/*.swift
    # SiteContent lexes code samples (their comparable form for translations) since 615ff34.
    once Highlight Sources/Highlight/*.swift
    once SiteContent -I Sources/CCMarkGFM Sources/SiteContent/*.swift
}

build() {
    case $1 in
    lifecycle)
        build_diagnostics
        build_scenarios
        target lifecycle Fuzz/lifecycle.swift Fuzz/blocktext.swift -I Sources/CCMarkGFM -- Scenarios Markdown LifecycleMachines LifecycleModel Diagnostics Encoding
        ;;
    exercise)
        build_diagnostics
        build_scenarios
        target exercise Fuzz/exercise.swift Fuzz/blocktext.swift -I Sources/CCMarkGFM -- Scenarios Markdown LifecycleMachines LifecycleModel Diagnostics Encoding
        ;;
    search)
        build_encoding
        once Search -I Sources/CStemmer Sources/Search/*.swift
        target search Fuzz/search.swift -I Sources/CStemmer -- Search Encoding
        ;;
    frontmatter)
        build_content
        target frontmatter Fuzz/frontmatter.swift Fuzz/placement.swift -I Sources/CCMarkGFM -- \
            SiteContent Highlight Scenarios Markdown YAML FileIO LifecycleMachines LifecycleModel Diagnostics Encoding
        ;;
    mustache)
        build_diagnostics
        once Mustache Sources/Mustache/*.swift
        target mustache Fuzz/mustache.swift -- Mustache Diagnostics Encoding
        ;;
    requestpath)
        module PreviewServer Sources/PreviewServer/RequestPath.swift
        target requestpath Fuzz/requestpath.swift -- PreviewServer
        ;;
    article)
        build_content
        once Mustache Sources/Mustache/*.swift
        once Highlight Sources/Highlight/*.swift
        once Diagrams Sources/Diagrams/*.swift
        once Translations -I Sources/CCMarkGFM Sources/Translations/*.swift
        once SiteRender -I Sources/CCMarkGFM Sources/SiteRender/*.swift
        target article Fuzz/article.swift Fuzz/placement.swift -I Sources/CCMarkGFM -- \
            SiteRender Translations SiteContent Mustache Highlight Diagrams Scenarios Markdown YAML FileIO LifecycleMachines LifecycleModel \
            Diagnostics Encoding
        ;;
    *)
        echo "unknown fuzz target '$1' (lifecycle, exercise, search, frontmatter, mustache, requestpath, article)" >&2
        exit 2
        ;;
    esac
}

targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(lifecycle exercise search frontmatter mustache requestpath article)
for t in "${targets[@]}"; do
    echo "Building fuzz target $t"
    build "$t"
done
