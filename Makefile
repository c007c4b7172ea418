# Convenience wrapper around CMake/CTest.
#   make           configure and build (Release) in build/
#   make test      run the test suite in build/ twice: with every block translated at its first
#                  execution (PMUSIM_JIT=eager) and with the translator off (the interpreter)
#   make sanitize  build with clang (Debug, AddressSanitizer + UBSan) in build-asan/ and run the tests
#                  there (translator eager): with the gcc build of `make test`, both compilers are checked
#   make check     linux + test + sanitize: the whole suite, the Linux tests included (the kit is
#                  built or taken from its cache first; LINUX=0 skips that, and the linux tests
#                  then say they are skipped)
#   make demo      run the bundled hello example on veer-el2, then count the VeeR events of
#                  the CoreMark-like benchmark with pmusim stat
#   make linux     build the Linux kit (kernel Image, rootfs.cpio with busybox, perf and test
#                  programs) in build/linux/ from Debian packages (linux/kit.sh, docs/linux.md);
#                  parts are cached in /var/cache/pmusim/linux (PMUSIM_LINUX_CACHE)
#   make linux-qemu  boot the kit under QEMU, run perf in it and power it off (linux/boot-qemu.py)
#   make clean     remove both build trees

BUILD := build
ASAN_BUILD := build-asan
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CTEST_FLAGS ?= --output-on-failure -j2

.PHONY: all build test sanitize check demo linux linux-qemu clean

all: build

build:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release
	cmake --build $(BUILD) -j $(JOBS)

test: build
	cd $(BUILD) && PMUSIM_JIT=eager ctest $(CTEST_FLAGS)
	cd $(BUILD) && PMUSIM_JIT=off ctest $(CTEST_FLAGS)

sanitize:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DPMUSIM_SANITIZE=ON -DCMAKE_C_COMPILER=clang
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && PMUSIM_JIT=eager ctest $(CTEST_FLAGS)

# The kit before the tests, so that `make test` finds it in $(BUILD)/linux.
LINUX ?= 1
check: $(if $(filter 1,$(LINUX)),linux) test sanitize

demo: build
	$(BUILD)/src/pmusim run $(BUILD)/guests/hello-veer.elf
	$(BUILD)/src/pmusim stat $(BUILD)/guests/coremark-veer.elf

linux:
	bash linux/kit.sh $(BUILD)/linux

linux-qemu: linux
	python3 linux/boot-qemu.py --kit $(BUILD)/linux --smp 2

clean:
	rm -rf $(BUILD) $(ASAN_BUILD)
