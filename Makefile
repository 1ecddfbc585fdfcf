# minimax: the two commands that matter are `make play` and `make test` (README.md).
BUILD ?= build
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE_FLAGS ?=
SHARED ?= ../shared

.PHONY: all build play test bench check-deep deps clean format format-check fuzz check-sanitize install

all: build

deps:
	@tools/check_deps.sh

$(BUILD)/CMakeCache.txt: | deps
	@cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS) >/dev/null

build: deps $(BUILD)/CMakeCache.txt
	@cmake --build $(BUILD) -j $(JOBS)

# A game at the terminal against the strongest machine minimax has; it plays its first moves from
# a Polyglot opening book when one is installed (Debian's gnuchess-book), or from BOOK=FILE
# (BOOK= for none). With SYZYGY_PATH set (make play SYZYGY_PATH=/path/to/syzygy), it reads those
# tablebases.
BOOK ?= $(wildcard /usr/share/games/gnuchess/book.bin)
SYZYGY_PATH ?=
comma := ,
empty :=
space := $(empty) $(empty)
PLAY_OPTIONS = $(subst $(space),$(comma),$(strip $(if $(BOOK),Book=$(BOOK)) $(if $(SYZYGY_PATH),SyzygyPath=$(SYZYGY_PATH))))
play: build
	@$(BUILD)/minimax play chess --white human --black strongest$(if $(PLAY_OPTIONS),:$(PLAY_OPTIONS))

# Every fast test (CI runs this).
test: build
	@cd $(BUILD) && ctest --output-on-failure -j $(JOBS) --timeout 900

# The program, its modules and its page under PREFIX (bin/, lib/minimax/, share/minimax/web/).
PREFIX ?= /usr/local
install: build
	@cmake --install $(BUILD) --prefix $(PREFIX)

# Speed and strength against reference engines, measured as ratios in one run.
bench: deps
	@tools/check_deps.sh --bench
	@$(MAKE) --no-print-directory build
	@bench/run_all.sh $(BUILD)

# The long suites: every perft position to its deepest depth, whole problem collections.
check-deep: build
	@cmake --build $(BUILD) -j $(JOBS) --target minimax_deep_tests
	@$(BUILD)/minimax_deep_tests
	@tools/check_deep.sh $(BUILD) $(SHARED)

# The suite under ASan/UBSan, the engine's threads under TSan (tools/check_sanitize.sh).
check-sanitize: deps
	@tools/check_sanitize.sh

# Coverage-guided fuzzing of every reader (clang's libFuzzer; docs/qa.md): FUZZ_SECONDS per target.
fuzz:
	@tools/fuzz.sh

clean:
	rm -rf $(BUILD)

# Every C++ source and test file as the repository's .clang-format writes it (CI refuses others).
FORMAT_FILES = $$(git ls-files 'src/*.cpp' 'src/*.hpp' 'tests/*.cpp' 'tests/*.hpp' 'fuzz/*.cpp' 'fuzz/*.hpp')

format: deps
	@clang-format -i $(FORMAT_FILES)

format-check: deps
	@clang-format --dry-run --Werror $(FORMAT_FILES) 2>&1 | grep -m 20 'error:' \
	  && { echo "make format-check: the files above differ from .clang-format (run make format)" >&2; exit 1; } \
	  || echo "make format-check: every file formatted"
