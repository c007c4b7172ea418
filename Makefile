# Convenience wrapper around CMake/CTest.
#   make           configure and build (Release) in build/
#   make test      run the test suite in build/ twice: with every block translated at its first
#                  execution (PMUSIM_JIT=eager), then with the translator off (the interpreter),
#                  leaving out of the second run the tests that would only repeat the first
#                  (labels no-pmusim and jit-independent, tests/CMakeLists.txt) and the Linux
#                  boots (label linux)
#   make sanitize  build with clang (Debug, AddressSanitizer + UBSan) in build-asan/ and run the tests
#                  there (translator eager) but those that run no pmusim, the Linux boots and
#                  sanitize-repeat (tests/CMakeLists.txt): with the gcc build of
#                  `make test`, both compilers are checked. The guests are not compiled again: they
#                  are build/'s (PMUSIM_PREBUILT_GUESTS), built first by `make guests`
#   make check     linux, test, then sanitize (README.md, "Tests"): the whole suite, the Linux
#                  tests included (the kit is built or taken from its cache first; LINUX=0 skips
#                  that, and the linux tests then say they are skipped)
#   make guests    configure build/ and build only its guest programs
#   make demo      run the bundled hello example on veer-el2, then count the VeeR events of
#                  the CoreMark-like benchmark with pmusim stat
#   make linux     build the Linux kit (kernel Image, rootfs.cpio with busybox, perf and test
#                  programs) in build/linux/ from Debian packages (linux/kit.sh, docs/linux.md);
#                  parts are cached in /var/cache/pmusim/linux (PMUSIM_LINUX_CACHE)
#   make linux-qemu  boot the kit under QEMU, run perf in it and power it off (linux/boot-qemu.py)
#   make install   build, then install under PREFIX (default /usr/local): pmusim, libpmusim (shared
#                  and static), its header, pkg-config file and CMake package (docs/library.md),
#                  and the guest SDK: headers, link scripts, runtime sources, CMake package
#                  pmusim-sdk, pkg-config modules pmusim-sdk-<machine> (docs/sdk.md)
#   make clean     remove both build trees
# A new build tree is configured for Ninja when it is installed (scripts/setup.sh installs it):
# it runs the ~260 guest rules with far less overhead than make's recursive Makefiles. A tree
# keeps the generator it was first configured with.

BUILD := build
ASAN_BUILD := build-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CTEST_FLAGS ?= --output-on-failure -j2
# ctest -LE: the tests a pass leaves out (regular expressions over the labels). The linux tests
# (tests/linux: Linux booted with perf, 4 tests of about 15-40 s each) run in the first pass only.
SECOND_PASS_SKIPS := ^(no-pmusim|jit-independent|linux)$$
SANITIZE_SKIPS := ^(no-pmusim|linux|sanitize-repeat)$$
# The tests read no console input of ours (< /dev/null): an idle guest whose standard input is an
# open pipe or terminal waits there in host time (docs/usage.md "Console input"), and a test that
# types into a guest gives it a pipe of its own.

# $(call generator,TREE): -G Ninja for a tree not configured yet, when ninja is installed
generator = $(if $(wildcard $(1)/CMakeCache.txt),,$(if $(shell command -v ninja 2>/dev/null),-G Ninja))
# make check builds all of build/, guests included, before sanitize: no need to check them again
SANITIZE_GUESTS ?= guests

PREFIX ?= /usr/local

.PHONY: all build guests configure test sanitize check demo linux linux-qemu install clean

all: build

configure:
	cmake -S . -B $(BUILD) $(call generator,$(BUILD)) -DCMAKE_BUILD_TYPE=Release

build: configure
	cmake --build $(BUILD) -j $(JOBS)

guests: configure
	cmake --build $(BUILD) -j $(JOBS) --target pmusim_guests

test: build
	cd $(BUILD) && PMUSIM_JIT=eager ctest $(CTEST_FLAGS) < /dev/null
	cd $(BUILD) && PMUSIM_JIT=off ctest $(CTEST_FLAGS) -LE '$(SECOND_PASS_SKIPS)' < /dev/null

sanitize: $(SANITIZE_GUESTS)
	cmake -S . -B $(ASAN_BUILD) $(call generator,$(ASAN_BUILD)) -DCMAKE_BUILD_TYPE=Debug -DPMUSIM_SANITIZE=ON \
	      -DCMAKE_C_COMPILER=clang -DPMUSIM_PREBUILT_GUESTS=$(CURDIR)/$(BUILD)/guests
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && PMUSIM_JIT=eager ctest $(CTEST_FLAGS) -LE '$(SANITIZE_SKIPS)' < /dev/null

# one after the other, also under make -j: both configure build/. The kit first, so that
# `make test` finds it in $(BUILD)/linux.
LINUX ?= 1
check:
ifeq ($(LINUX),1)
	$(MAKE) linux
endif
	$(MAKE) test
	$(MAKE) sanitize SANITIZE_GUESTS=

demo: build
	$(BUILD)/src/pmusim run $(BUILD)/guests/hello-veer.elf
	$(BUILD)/src/pmusim stat $(BUILD)/guests/coremark-veer.elf

linux:
	bash linux/kit.sh $(BUILD)/linux

linux-qemu: linux
	python3 linux/boot-qemu.py --kit $(BUILD)/linux --smp 2

install: build
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
