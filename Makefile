# Makefile: a thin wrapper over meson + ninja.  Every target first runs
# scripts/bootstrap (idempotent: apt packages and the pinned grammar).
#   make / make build   configure build/ (debugoptimized) and compile
#   make test           unit tests in build/, again under ASan+UBSan in
#                       build-asan/, the parser corpus check (every Oils
#                       case: false syntax errors and tree-sitter/RD dump
#                       differences must both be 0; ~10 s, skipped without
#                       the conformance folder or bash), the spec cases
#                       (in build/, then again under ASan+UBSan), the
#                       Oils conformance run against
#                       tests/oils-known-failures.txt, then a summary
#   make demo           build and show that the CLI and library work
#   make bench          build and run bench/run.sh when it exists
#   make clean          remove both build directories
JOBS ?= 2
BUILD ?= build
ASAN_BUILD ?= build-asan
ASAN_ENV = ASAN_OPTIONS=detect_leaks=1 \
	UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1

.PHONY: all build bootstrap test demo bench clean spec-host-check

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
	python3 ./scripts/spec-run $(BUILD) || rc=1; \
	$(ASAN_ENV) python3 ./scripts/spec-run $(ASAN_BUILD) || rc=1; \
	python3 ./scripts/conformance $(BUILD) || rc=1; \
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

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)

# Proves the spec expectations with real bash and GNU tools (not in CI:
# the host's tools may differ).
spec-host-check:
	python3 ./scripts/spec-run --shell bash
