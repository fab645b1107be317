# tuolaji — the commands a fresh clone needs: `make play`, `make serve` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LOCALE := src/tuolaji/locale
POT := $(LOCALE)/tuolaji.pot

.PHONY: test lint typecheck unit bench bench-serve bench-ray install clean play serve catalogs pot schema \
	web web-test chromium screenshots bench-web bench-compare compiled test-compiled \
	serve-cluster haproxy bench-cluster

# One step at a time: `make play` and `make serve` install before they compile the
# catalogs with the pybabel their install brings (their prerequisites, in order).
.NOTPARALLEL:

# Three editable installs into the one .venv, each with a stamp: the terminal game's (the
# play extra, for `make play`), the online server's (the server extra, for `make serve`),
# and the full one (every extra and the development tools) for the tests, the checks
# and `make install`. A bigger one adds to a smaller one (pip keeps what is there), and
# the full one serves every use: after it, `make play` and `make serve` install nothing.
# Each is made again when pyproject.toml changes.
STAMP := $(VENV)/.installed
PLAY_STAMP := $(VENV)/.installed-play
SERVE_STAMP := $(VENV)/.installed-serve
FULL_EXTRAS := dev,play,arena,server,cluster
PIP := $(BIN)/python -m pip

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(PIP) install --quiet --upgrade pip
	$(PIP) install --quiet -e '.[$(FULL_EXTRAS)]'
	touch $@

# The install of the extra $(1), for $(2); nothing to do when the full one is current.
define install_for_use
	@if [ $(STAMP) -nt pyproject.toml ]; then :; else \
		echo "Installing what $(2) needs into $(VENV) (the first time only)..."; \
		$(PIP) install --quiet --upgrade pip && $(PIP) install --quiet -e '.[$(1)]'; \
	fi
	@touch $@
endef

$(PLAY_STAMP): $(BIN)/python pyproject.toml
	$(call install_for_use,play,the terminal game)

$(SERVE_STAMP): $(BIN)/python pyproject.toml
	$(call install_for_use,server,the online server)

install: $(STAMP)

# The compiled translations (make catalogs, below).
CATALOGS := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/tuolaji.po))

lint: $(STAMP)
	$(BIN)/ruff check src tests bench build_engine.py build_web.py hatch_build.py
	$(BIN)/ruff format --check src tests bench build_engine.py build_web.py hatch_build.py
	$(BIN)/lint-imports

# The package (strict for core and game) and the tests (pyproject.toml [tool.mypy]).
typecheck: $(STAMP)
	$(BIN)/mypy

# The tests and the doctests, on every core (pytest-xdist; JOBS=0 runs them in this
# process). Workers take tests as they free up, so one slow file holds no worker up.
JOBS ?= auto
unit: $(STAMP)
	TUOLAJI_EXPECT_BUILD=pure $(BIN)/pytest -n $(JOBS) --dist worksteal

# Everything, as CI runs it (.ci/run): the browser table is built and its unit tests run,
# Chromium is made sure of for its end-to-end tests (tests/web, part of `unit`) and
# HAProxy for the cluster's (tests/cluster); then the engine's tests again on the
# compiled build.
test: catalogs web lint typecheck web-test chromium haproxy unit test-compiled

# The compiled build (build_engine.py): a copy of the package in build/compiled with the
# engine's hot modules compiled by mypyc beside their sources, rebuilt when a source is
# newer. `pip install .` builds the same into the wheel; the editable .venv stays pure.
COMPILED := build/compiled
COMPILED_STAMP := $(COMPILED)/.built
PACKAGE_SOURCES := $(shell find src/tuolaji -name '*.py' -not -path '*/server/*' 2>/dev/null)

$(COMPILED_STAMP): $(STAMP) build_engine.py $(PACKAGE_SOURCES)
	$(BIN)/python build_engine.py $(COMPILED)
	@touch $@

compiled: $(COMPILED_STAMP)

# The engine's tests (rules, game, players, drivers, judge, analysis) on the compiled
# build, first on the import path; a test checks that the compiled modules are the ones
# imported (TUOLAJI_EXPECT_BUILD). The rest of the suite does not touch the compiled code
# differently and runs once, in `unit`.
COMPILED_TESTS := tests/core tests/game tests/bots tests/arena tests/test_simulate.py \
	tests/test_judge.py tests/test_judge_protocol.py tests/test_cli.py \
	tests/test_cli_analyse.py tests/test_engine_build.py
test-compiled: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) TUOLAJI_EXPECT_BUILD=compiled \
		$(BIN)/pytest -n $(JOBS) --dist worksteal $(COMPILED_TESTS)

# Play against three bots in the terminal (ARGS="--plain --lang es" and so on): the play
# extra is installed the first time, then the translations compiled.
play: $(PLAY_STAMP) $(CATALOGS)
	$(BIN)/tuolaji play $(ARGS)

# The online game on 127.0.0.1:8000 with the embedded database (a file in the data
# folder; ARGS="--port 9000 --db sqlite:///games.db" and so on): the server extra is
# installed the first time, then the translations compiled and the browser table built.
serve: $(SERVE_STAMP) $(CATALOGS) web
	$(BIN)/tuolaji serve --host 127.0.0.1 --port 8000 $(ARGS)

# The online game as a local cluster: N `tuolaji serve` processes (N=3 by default) on a
# throwaway PostgreSQL database behind HAProxy on 127.0.0.1:8000, which sends every
# request of a room to the same process (docs/scaling.md); Ctrl-C stops it all. Needs
# PostgreSQL's programs and HAProxy (installed with apt-get when missing, as root).
# ARGS="--restart", "--db postgresql://…", "-- --deal-interval 0.5" and so on.
N ?= 3
serve-cluster: $(SERVE_STAMP) $(CATALOGS) web haproxy
	$(BIN)/python -m tuolaji.cluster --processes $(N) --port 8000 $(ARGS)

# The JSON Schema of the online protocol's frames, from its pydantic models
# (docs/protocol.schema.json; a test checks that the checked-in file is current).
schema: $(STAMP)
	$(BIN)/python -m tuolaji.server.schema --write docs/protocol.schema.json

# Compile each translation (.po) into the .mo file the game reads, only when the .po is
# newer, and quietly: pybabel's warnings are shown, a failure stops the build, and
# "compiling catalog …" lines are not printed before every game. pybabel comes with each
# install: `make catalogs` makes the full one, `make play` and `make serve` their own
# first (their prerequisites, made in order).
catalogs: $(STAMP) $(CATALOGS)
	@:

$(LOCALE)/%/LC_MESSAGES/tuolaji.mo: $(LOCALE)/%/LC_MESSAGES/tuolaji.po
	@log=$$($(BIN)/pybabel compile --domain tuolaji --locale $* --input-file $< \
		--output-file $@ 2>&1); status=$$?; \
	problems=$$(printf '%s\n' "$$log" | grep -v '^compiling catalog '); \
	if [ $$status -ne 0 ]; then \
		rm -f $@; printf '%s\n' "$$log" >&2; echo "catalogs: $< does not compile" >&2; exit 1; \
	fi; \
	if [ -n "$$problems" ]; then printf 'catalogs: %s\n%s\n' "$<" "$$problems" >&2; fi

# The browser table (web/, TypeScript + Preact built by Vite) is built into the server's
# static folder, which the wheel ships (docs/web.md). npm packages are installed from the
# lock file when node_modules is missing or older than it (the stamp), and the client is
# rebuilt when a source file is newer than the built page. Quiet unless something fails.
WEB := web
STATIC := src/tuolaji/server/static
NPM_STAMP := $(WEB)/node_modules/.installed
WEB_SOURCES := $(shell find $(WEB)/src -type f 2>/dev/null) \
	$(wildcard $(WEB)/index.html $(WEB)/package.json $(WEB)/vite.config.ts $(WEB)/tsconfig*.json)

$(NPM_STAMP): $(WEB)/package-lock.json
	@log=$$(cd $(WEB) && npm ci --no-audit --no-fund --loglevel=error 2>&1) \
		|| { printf '%s\n' "$$log" >&2; echo "web: npm ci failed" >&2; exit 1; }
	@touch $@

$(STATIC)/index.html: $(NPM_STAMP) $(WEB)/package-lock.json $(WEB_SOURCES)
	@log=$$(cd $(WEB) && npm run build 2>&1) \
		|| { printf '%s\n' "$$log" >&2; echo "web: the browser table does not build" >&2; exit 1; }
	@touch $@

web: $(STATIC)/index.html
	@:

# The client's unit tests (Vitest).
web-test: $(NPM_STAMP)
	@cd $(WEB) && npm test --silent

# Debian's Chromium, which tests/web drives: installed with apt-get when missing.
chromium:
	@scripts/ensure_chromium.sh

# HAProxy, the local cluster's proxy (make serve-cluster, tests/cluster): installed with
# apt-get when missing.
haproxy:
	@scripts/ensure_haproxy.sh

# Screenshots of the browser table for the docs (docs/screenshots/*.png).
screenshots: $(STAMP) catalogs web chromium
	$(BIN)/python bench/screenshots.py $(ARGS)

# The browser table's frame time for a 33-card hand and its initial JavaScript, gzipped
# (docs/benchmarks.md).
bench-web: $(STAMP) catalogs web chromium
	$(BIN)/python bench/web_frame.py $(ARGS)

# Refresh the message template from the source (then update the .po files from it).
pot: $(STAMP)
	$(BIN)/pybabel extract --mapping-file babel.cfg --output-file $(POT) \
		--project tuolaji --copyright-holder "tuolaji maintainers" \
		--add-comments TRANSLATORS: --keyword t --keyword tn:1,2 --keyword tc:1c,2 .

bench: $(STAMP)
	$(BIN)/python bench/run.py

# Self-play and search-playout speed, this tree against a323782, measured alternately in
# one run and reported as ratios: a few minutes (ARGS="--repeats 3", "--json out.json").
bench-compare: $(STAMP)
	$(BIN)/python bench/compare.py $(ARGS)

# Batch work on Ray against the local pool: a 200-deal heuristic tournament on --jobs 2
# and on a local Ray of 2 CPUs side by side, Ray's start-up and its cost per task, about
# a minute (ARGS="--repeats 5", "--json out.json"; docs/benchmarks.md).
bench-ray: $(STAMP)
	$(BIN)/python bench/ray_batch.py $(ARGS)

# The online server under load on loopback: 50 rooms of scripted clients by default, about
# a minute (ARGS="--rooms 10", "--search-seats", "--json out.json"; docs/benchmarks.md).
bench-serve: $(STAMP)
	$(BIN)/python bench/serve_load.py $(ARGS)

# The cluster under load: 1, 2 and 3 processes behind HAProxy on one PostgreSQL, rooms of
# scripted clients through the proxy, then SIGKILLs of a room's owner and the time until
# another process accepts its next action; a few minutes (ARGS="--rooms 50", "--kills 5",
# "--json out.json"; docs/benchmarks.md).
bench-cluster: $(STAMP) haproxy
	$(BIN)/python bench/cluster_load.py $(ARGS)

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .pytest_cache .hypothesis build
	rm -rf $(WEB)/node_modules $(STATIC) test-artifacts
