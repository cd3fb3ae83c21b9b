# Makefile: a thin wrapper over meson + ninja.  Every target first runs
# scripts/bootstrap (idempotent: apt packages and the pinned grammar).
#   make / make build   configure build/ (debugoptimized) and compile
#   make test           the meson tests (unit suites, spec cases per
#                       area, net, fuzz replays) in build/, again under
#                       ASan+UBSan in build-asan/, the parser corpus check
#                       (every Oils case: false syntax errors and
#                       tree-sitter/RD dump differences must both be 0;
#                       ~10 s, skipped without the conformance folder or
#                       bash), the Oils conformance run against
#                       tests/oils-known-failures.txt, the import check
#                       (no libc regex, no host process/env calls), the
#                       hostile battery and deadline table
#                       (tests/hostile/run.py), the agent battery
#                       (tests/agent/run.py: agent idioms in bash and
#                       vsh over the same tree), then a summary
#   make demo           build and show that the CLI and library work
#   make format         clang-format -i every tracked C source (the root
#                       .clang-format); scripts/check-format (run by make
#                       test) lists the files it would change
#   make bench          build and run bench/run.sh when it exists
#   make clean          remove both build directories
JOBS ?= 2
BUILD ?= build
ASAN_BUILD ?= build-asan
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

.PHONY: all build bootstrap test demo bench clean spec-host-check node python \
	format

all: build

bootstrap:
	@./scripts/bootstrap

build: bootstrap
	@./scripts/configure $(BUILD) --buildtype=debugoptimized
	ninja -C $(BUILD) -j$(JOBS)

# Both runs always happen so the summary covers them; the exit status is
# non-zero if either failed.  The summary adds up both test logs.
test: build
	@rc=0; \
	rm -f $(BUILD)/meson-logs/testlog.txt \
	  $(ASAN_BUILD)/meson-logs/testlog.txt; \
	meson test -C $(BUILD) --print-errorlogs --num-processes $(JOBS) \
	  || rc=1; \
	if ./scripts/configure $(ASAN_BUILD) --buildtype=debug \
	     -Db_sanitize=address,undefined -Db_lundef=false \
	   && ninja -C $(ASAN_BUILD) -j$(JOBS); then \
	  $(ASAN_ENV) meson test -C $(ASAN_BUILD) --print-errorlogs \
	    --num-processes $(JOBS) || rc=1; \
	else rc=1; fi; \
	conf=; for d in "$$VSH_CONFORMANCE" ../shared/conformance \
	  ../../shared/conformance; do \
	  if [ -n "$$d" ] && [ -f "$$d/run_spec.py" ]; then conf=$$d; break; fi; \
	done; \
	if [ -n "$$conf" ] && command -v bash >/dev/null; then \
	  python3 ./scripts/parse_corpus.py --brief --ts \
	    --driver $(BUILD)/tests/parse_corpus \
	    --conformance "$$conf" || rc=1; \
	fi; \
	python3 ./scripts/conformance $(BUILD) || rc=1; \
	python3 ./scripts/conformance-awk $(BUILD) || rc=1; \
	python3 ./scripts/conformance-jq $(BUILD) || rc=1; \
	./scripts/check-imports $(BUILD) || rc=1; \
	./scripts/check-size || rc=1; \
	./scripts/check-mainlen || rc=1; \
	./scripts/check-decl || rc=1; \
	./scripts/check-format || rc=1; \
	python3 ./tests/hostile/run.py $(BUILD)/vsh || rc=1; \
	python3 ./tests/agent/run.py $(BUILD)/vsh || rc=1; \
	python3 ./tests/difffuzz/difffuzz.py $(BUILD)/vsh --seed 1 --cases 400 \
	  || rc=1; \
	if command -v node >/dev/null; then \
	  $(MAKE) --no-print-directory node >/dev/null && \
	  node --expose-gc --test bindings/node/test/ || rc=1; \
	else echo "node tests: skipped (no node)"; fi; \
	if python3 -c 'import cffi' 2>/dev/null; then \
	  python3 -m unittest discover -s bindings/python/tests || rc=1; \
	else echo "python tests: skipped (no python3 cffi)"; fi; \
	./scripts/unit-summary $(BUILD)/meson-logs/testlog.txt \
	  $(ASAN_BUILD)/meson-logs/testlog.txt; \
	exit $$rc

demo: build
	@echo "--- vsh running demo/agent.sh over demo/project (mounted read-only)"
	./$(BUILD)/vsh --mount demo/project:/home/user/project demo/agent.sh
	@echo "--- the C API: sandbox file verbs (tests/demo.c)"
	./$(BUILD)/tests/demo demo/project
	@echo "--- curl behind the sandbox network policy (demo/net.sh)"
	@sh demo/net.sh

bench: build
	@if [ -f bench/run.sh ]; then sh bench/run.sh; \
	else echo "bench: bench/run.sh does not exist yet"; fi

# The Node package (bindings/node): the N-API addon built by meson against
# the system's Node headers, copied into the package (prebuilds/vsh.node).
node: build
	ninja -C $(BUILD) -j$(JOBS) bindings/node/vsh.node
	mkdir -p bindings/node/prebuilds
	cp $(BUILD)/bindings/node/vsh.node bindings/node/prebuilds/vsh.node
	@echo "node: bindings/node is ready (import it, or npm pack it)"

# The Python package (bindings/python): cffi over libvsh.so, copied into
# the package folder (vsh/libvsh.so).
python: build
	cp -L $(BUILD)/libvsh.so bindings/python/vsh/libvsh.so
	@echo "python: bindings/python is ready (PYTHONPATH=bindings/python)"

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)

format: bootstrap
	git ls-files '*.c' '*.h' | xargs clang-format -i --style=file

# Proves the spec expectations with real bash and GNU tools (not in CI:
# the host's tools may differ).
spec-host-check:
	python3 ./scripts/spec-run --shell bash
