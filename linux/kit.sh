#!/usr/bin/env bash
# Builds the pmusim Linux kit from Debian packages only: a Linux 6.1 kernel Image for
# RISC-V virt machines (QEMU's virt, pmusim's virt64) and an initramfs (rootfs.cpio) with a
# static busybox, a static perf, a static objdump (for perf annotate) and the test programs
# of linux/guests/. See docs/linux.md.
#
# usage: linux/kit.sh [OUT_DIR]          (default build/linux; `make linux` runs this)
#
# Environment:
#   PMUSIM_LINUX_CACHE  where built parts are kept, keyed by a hash of their inputs
#                       (default /var/cache/pmusim/linux)
#   PMUSIM_LINUX_JOBS   parallel make jobs (default: the number of cores)
#   PMUSIM_LINUX_CLEAN  1: remove the build trees under $PMUSIM_LINUX_CACHE/work at the end
#                       (about 2.5 GB; by default they stay: deleting the unpacked kernel tree
#                       takes minutes, and the next build of the kernel or perf reuses it)
#
# Every input comes from Debian: linux-source-6.1 (the kernel and perf), the
# riscv64-linux-gnu cross toolchain and C library, and the source packages busybox, zlib,
# elfutils (libelf, so perf reads symbols) and binutils (objdump) fetched with
# `apt-get source`, for which a deb-src entry is derived from the machine's apt sources.
# Installing packages needs root (or sudo); with everything installed and cached it does not.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here/../build/linux}
mkdir -p "$out"
out=$(cd "$out" && pwd)
cache=${PMUSIM_LINUX_CACHE:-/var/cache/pmusim/linux}
jobs=${PMUSIM_LINUX_JOBS:-$(nproc 2>/dev/null || echo 2)}
cross=riscv64-linux-gnu-
linux_pkg=linux-source-6.1

# Debian packages the build uses (their versions are part of every cache key).
packages=(
    "$linux_pkg" gcc-riscv64-linux-gnu libc6-dev-riscv64-cross binutils-riscv64-linux-gnu
    gcc libc6-dev make bc bison flex python3 perl cpio xz-utils bzip2 dpkg-dev
)
# Source packages fetched with apt-get source.
source_packages=(busybox zlib elfutils binutils)

t_start=$(date +%s)
summary=()

say() { printf 'kit: %s\n' "$*"; }
die() { printf 'kit: error: %s\n' "$*" >&2; exit 1; }
elapsed() { # seconds -> "1m23s"
    local s=$1
    if [ "$s" -ge 60 ]; then printf '%dm%02ds' $((s / 60)) $((s % 60)); else printf '%ds' "$s"; fi
}
# run_logged LOG CMD...: run a build step with its output in LOG; on failure show its end.
run_logged() {
    local log=$1; shift
    if ! "$@" >>"$log" 2>&1; then
        echo "kit: error: '$*' failed; the end of $log:" >&2
        tail -n 40 "$log" >&2
        exit 1
    fi
}
sha() { sha256sum | cut -c1-16; }
# CPU seconds (user + system) used so far by the finished child processes of this script: a
# measure of a part's work that does not depend on what else the machine is doing.
# Sets $cpu_s. (`times` must run in this shell: in a pipeline or $(...), a subshell with no
# children would answer.)
times_file=$(mktemp)
trap 'rm -f "$times_file"' EXIT
cpu_now() {
    times >"$times_file"
    cpu_s=$(awk 'NR == 2 {
        t = 0
        for (i = 1; i <= 2; i++) { split($i, a, /[ms]/); t += a[1] * 60 + a[2] }
        printf "%d\n", t }' "$times_file")
}

as_root=()
if [ "$(id -u)" -ne 0 ]; then
    as_root=(sudo)
fi
root_cmd() {
    if [ ${#as_root[@]} -gt 0 ] && ! command -v sudo >/dev/null; then
        die "'$*' needs root: run as root or install sudo"
    fi
    "${as_root[@]}" "$@"
}

# --- deb-src entries derived from the machine's own apt sources ------------------------------
# The entries for this release (its codename, -updates and -security suites) of every enabled
# deb822 .sources file and one-line .list file are copied with the type deb-src, so the source
# packages come from the same mirror as the binary ones.
debsrc_file=/etc/apt/sources.list.d/pmusim-deb-src.sources
debsrc_list=/etc/apt/sources.list.d/pmusim-deb-src.list

derive_deb_src_sources() {
    local codename=$1 f
    for f in /etc/apt/sources.list.d/*.sources; do
        [ -e "$f" ] && [ "$f" != "$debsrc_file" ] || continue
        awk -v cn="$codename" '
            function flush(   i, n, ok, parts) {
                if (nl == 0) return
                ok = (" " types " ") ~ /[ \t]deb[ \t]/ && enabled != "no"
                if (ok && cn != "") {
                    n = split(suites, parts, /[ \t]+/); ok = 0
                    for (i = 1; i <= n; i++)
                        if (parts[i] == cn || parts[i] == cn "-updates" || parts[i] == cn "-security") ok = 1
                }
                if (ok) {
                    if (printed++) print ""
                    for (i = 1; i <= nl; i++) print lines[i]
                }
                nl = 0; types = ""; suites = ""; enabled = ""
            }
            /^[ \t]*$/ { flush(); next }
            /^[ \t]*#/ { next }
            {
                line = $0; key = tolower($1)
                if (key == "types:") { types = substr($0, index($0, ":") + 1); line = "Types: deb-src" }
                else if (key == "suites:") suites = substr($0, index($0, ":") + 1)
                else if (key == "enabled:") enabled = tolower($2)
                lines[++nl] = line
            }
            END { flush() }' "$f"
    done
}

derive_deb_src_list() {
    local codename=$1 f
    for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
        [ -e "$f" ] && [ "$f" != "$debsrc_list" ] || continue
        awk -v cn="$codename" '
            $1 == "deb" {
                i = 2
                if ($2 ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
                suite = $(i + 1)
                if (cn != "" && suite != cn && suite != cn "-updates" && suite != cn "-security") next
                sub(/^[ \t]*deb/, "deb-src"); print
            }' "$f"
    done
}

have_deb_src() {
    [ -n "$(apt-cache showsrc --only-source "${source_packages[0]}" 2>/dev/null | head -n 1)" ]
}

# --- 1. packages -------------------------------------------------------------------------------
t0=$(date +%s)
missing=()
for p in "${packages[@]}"; do
    if [ "$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null)" != installed ]; then
        missing+=("$p")
    fi
done
need_update=0
if ! have_deb_src; then
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    say "adding deb-src entries derived from the apt sources (release '${codename:-any}')"
    tmp=$(mktemp)
    derive_deb_src_sources "$codename" >"$tmp"
    if [ -s "$tmp" ]; then root_cmd install -m 644 "$tmp" "$debsrc_file"; fi
    derive_deb_src_list "$codename" >"$tmp"
    if [ -s "$tmp" ]; then root_cmd install -m 644 "$tmp" "$debsrc_list"; fi
    rm -f "$tmp"
    [ -e "$debsrc_file" ] || [ -e "$debsrc_list" ] || die "no deb entries found in the apt sources"
    need_update=1
fi
[ ${#missing[@]} -eq 0 ] || need_update=1
if [ $need_update -eq 1 ]; then
    export DEBIAN_FRONTEND=noninteractive
    say "apt-get update"
    root_cmd apt-get update -q >/dev/null
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing ${missing[*]}"
        root_cmd apt-get install -y -q --no-install-recommends "${missing[@]}" </dev/null >/dev/null
    fi
    have_deb_src || die "apt-get source still finds no source packages"
fi
t_packages=$(( $(date +%s) - t0 ))
summary+=("packages       $(elapsed $t_packages)")

# --- the cache and the source package versions ----------------------------------------------------
mkdir -p "$cache" 2>/dev/null || root_cmd mkdir -p "$cache"
[ -w "$cache" ] || root_cmd chown "$(id -u):$(id -g)" "$cache"
exec 9>"$cache/.lock"
flock 9

# The version apt-get source would fetch (without its epoch), from the name of the .dsc it
# would download; this asks no server.
declare -A srcver
uris=$(apt-get source --print-uris -q "${source_packages[@]}" 2>/dev/null || true)
for p in "${source_packages[@]}"; do
    srcver[$p]=$(awk -v p="$p" '$2 ~ "^" p "_.*[.]dsc$" {
        v = $2; sub("^" p "_", "", v); sub("[.]dsc$", "", v); print v; exit }' <<<"$uris")
    [ -n "${srcver[$p]}" ] || die "apt-get source $p: no version found"
done

work=$cache/work
logs=$cache/logs
mkdir -p "$work" "$logs"

# have PART KEY: is the part built? Sets $dir to its directory in the cache.
have() { dir=$cache/$1-$2; [ -e "$dir/.done" ]; }
# Start a part: a fresh temporary result directory ($tmpd) and log ($log).
begin() {
    part=$1; key=$2; part_t0=$(date +%s); cpu_now; part_cpu0=$cpu_s
    tmpd=$cache/$part-$key.tmp; log=$logs/$part-$key.log
    rm -rf "$tmpd"; mkdir -p "$tmpd"; : >"$log"
    say "$part: building (log: $log)"
}
finish() {
    touch "$tmpd/.done"
    rm -rf "$cache/$part-$key"
    mv "$tmpd" "$cache/$part-$key"
    dir=$cache/$part-$key
    cpu_now
    local t=$(( $(date +%s) - part_t0 )) cpu=$(( cpu_s - part_cpu0 ))
    echo "$t" >"$dir/.seconds"
    echo "$cpu" >"$dir/.cpu-seconds"
    say "$part: built in $(elapsed $t) ($(elapsed $cpu) of CPU time)"
    summary+=("$(printf '%-14s %s built, %s of CPU time' "$part" "$(elapsed $t)" "$(elapsed $cpu)")")
}
cached() {
    say "$1: cached ($cache/$1-$2, built in $(elapsed "$(cat "$cache/$1-$2/.seconds" 2>/dev/null || echo 0)") from scratch)"
    summary+=("$(printf '%-14s cached' "$1")")
}

# Source trees -------------------------------------------------------------------------------------
ksrc=$work/$linux_pkg
kernel_source() {
    [ -e "$ksrc/.unpacked" ] && return
    local t0; t0=$(date +%s)
    rm -rf "$ksrc"; mkdir -p "$work"
    say "unpacking /usr/src/$linux_pkg.tar.xz"
    tar -C "$work" -xf "/usr/src/$linux_pkg.tar.xz"
    local p
    for p in $patch_files; do
        patch -d "$ksrc" -p1 --quiet <"$here/$p" || die "$p does not apply"
    done
    touch "$ksrc/.unpacked"
    say "unpacked in $(elapsed $(( $(date +%s) - t0 )))"
}

# debian_source PKG: download PKG's source once (kept in $cache/src) and unpack it in $work;
# sets $srcdir. Downloading is the only step here that uses the network.
debian_source() {
    local p=$1 v=${srcver[$1]} dl=$cache/src/$1_${srcver[$1]}
    srcdir=$work/$p-src
    if [ ! -e "$dl/.done" ]; then
        rm -rf "$dl"; mkdir -p "$dl"
        # apt's download sandbox user must be able to write there
        if id _apt >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then chown _apt "$dl"; fi
        say "apt-get source $p ($v)"
        (cd "$dl" && apt-get source --download-only -q "$p" >"$logs/src-$p.log" 2>&1) ||
            { tail -n 20 "$logs/src-$p.log" >&2; die "apt-get source $p failed"; }
        touch "$dl/.done"
    fi
    rm -rf "$srcdir"
    [ -e "$dl/${p}_$v.dsc" ] || die "apt-get source $p did not fetch ${p}_$v.dsc"
    (cd "$work" && dpkg-source -x "$dl/${p}_$v.dsc" "$srcdir" >>"$logs/src-$p.log" 2>&1) ||
        die "dpkg-source -x $p failed (see $logs/src-$p.log)"
}

# A part's build tree stays until the part is built again (then it is removed first), or until
# the end of this run with PMUSIM_LINUX_CLEAN=1.
cleanup_work() {
    [ "${PMUSIM_LINUX_CLEAN:-0}" != 1 ] || rm -rf "$@"
}

# --- 2. kernel -------------------------------------------------------------------------------------
build_kernel() {
    kernel_source
    local kout=$work/kernel-out
    rm -rf "$kout"; mkdir -p "$kout"
    local mk=(make -C "$ksrc" O="$kout" ARCH=riscv CROSS_COMPILE=$cross)
    run_logged "$log" "${mk[@]}" tinyconfig
    run_logged "$log" "$ksrc/scripts/kconfig/merge_config.sh" -m -O "$kout" "$kout/.config" "$here/kernel.config"
    run_logged "$log" "${mk[@]}" olddefconfig
    # Every value the fragment asks for must have survived olddefconfig.
    local bad=0 line sym
    while IFS= read -r line; do
        case $line in
            CONFIG_*=*) sym=${line%%=*}
                grep -qxF "$line" "$kout/.config" || { echo "kit: kernel config: $line did not stick" >&2; bad=1; } ;;
            "# CONFIG_"*" is not set") sym=${line#\# }; sym=${sym%% *}
                if grep -q "^$sym=" "$kout/.config"; then echo "kit: kernel config: $sym is set" >&2; bad=1; fi ;;
        esac
    done <"$here/kernel.config"
    [ $bad -eq 0 ] || die "the kernel config fragment does not apply (see $kout/.config)"
    run_logged "$log" "${mk[@]}" -j"$jobs" Image
    cp "$kout/arch/riscv/boot/Image" "$kout/vmlinux" "$kout/System.map" "$tmpd/"
    cp "$kout/.config" "$tmpd/kernel.config"
    cleanup_work "$kout"
}

# --- 3. busybox ------------------------------------------------------------------------------------
build_busybox() {
    debian_source busybox
    local b=$srcdir
    run_logged "$log" make -C "$b" defconfig
    sed -i -e 's/^# CONFIG_STATIC is not set/CONFIG_STATIC=y/' \
        -e 's/^CONFIG_TC=y/# CONFIG_TC is not set/' "$b/.config"
    run_logged "$log" make -C "$b" oldconfig </dev/null
    grep -qx CONFIG_STATIC=y "$b/.config" || die "busybox: CONFIG_STATIC did not stick"
    run_logged "$log" make -C "$b" -j"$jobs" CROSS_COMPILE=$cross busybox busybox.links
    cp "$b/busybox" "$b/busybox.links" "$tmpd/"
    cp "$b/.config" "$tmpd/busybox.config"
    cleanup_work "$b"
}

# --- 4. zlib and libelf (static, riscv64) for perf -------------------------------------------------
build_elf() {
    local prefix=$tmpd/sysroot
    mkdir -p "$prefix/lib" "$prefix/include"
    debian_source zlib
    local z=$srcdir
    (cd "$z" && run_logged "$log" env CC=${cross}gcc CFLAGS=-O2 ./configure --static --prefix="$prefix")
    run_logged "$log" make -C "$z" -j"$jobs" libz.a
    run_logged "$log" make -C "$z" install
    cleanup_work "$z"

    debian_source elfutils
    local e=$srcdir eb=$work/elfutils-build
    rm -rf "$eb"; mkdir -p "$eb"
    (cd "$eb" && run_logged "$log" "$e/configure" --host=riscv64-linux-gnu --prefix="$prefix" \
        CPPFLAGS="-I$prefix/include" LDFLAGS="-L$prefix/lib" \
        --disable-debuginfod --disable-libdebuginfod --disable-nls --disable-demangler \
        --without-bzlib --without-lzma --without-zstd)
    run_logged "$log" make -C "$eb/lib" -j"$jobs"
    run_logged "$log" make -C "$eb/libelf" -j"$jobs" libelf.a
    cp "$eb/libelf/libelf.a" "$prefix/lib/"
    cp "$e/libelf/libelf.h" "$e/libelf/gelf.h" "$e/libelf/nlist.h" "$prefix/include/"
    cleanup_work "$e" "$eb"
}

# --- 5. perf (static, riscv64) -----------------------------------------------------------------------
build_perf() {
    kernel_source
    local sysroot=$cache/elf-$k_elf/sysroot pout=$work/perf-out
    rm -rf "$pout"; mkdir -p "$pout"
    # No library that riscv64 lacks in Debian 12: only glibc, and the zlib and libelf built above.
    # Only the perf program: the dlfilter examples cannot link (shared objects) with -static.
    run_logged "$log" make -C "$ksrc/tools/perf" O="$pout" ARCH=riscv CROSS_COMPILE=$cross \
        -j"$jobs" WERROR=0 \
        EXTRA_CFLAGS="-I$sysroot/include" LDFLAGS="-static -L$sysroot/lib" \
        NO_LIBPERL=1 NO_LIBPYTHON=1 NO_SLANG=1 NO_GTK2=1 NO_LIBUNWIND=1 NO_DWARF=1 \
        NO_LIBDW_DWARF_UNWIND=1 NO_DEMANGLE=1 NO_LIBAUDIT=1 NO_LIBNUMA=1 NO_LIBBPF=1 \
        NO_BPF_SKEL=1 NO_LIBCRYPTO=1 NO_LIBZSTD=1 NO_LZMA=1 NO_LIBCAP=1 \
        NO_LIBBABELTRACE=1 NO_JVMTI=1 NO_SDT=1 NO_LIBDEBUGINFOD=1 NO_LIBPFM4=1 perf
    grep -q 'libelf: .*on' "$log" || die "perf: built without libelf (see $log)"
    "${cross}strip" -o "$tmpd/perf" "$pout/perf"
    cleanup_work "$pout"
}

# --- 6. objdump (static, riscv64), which perf annotate runs -----------------------------------------
build_objdump() {
    debian_source binutils
    local s=$srcdir bb=$work/binutils-build
    rm -rf "$bb"; mkdir -p "$bb"
    (cd "$bb" && run_logged "$log" "$s/configure" --host=riscv64-linux-gnu \
        --target=riscv64-linux-gnu --prefix=/usr --disable-nls --disable-werror \
        --disable-gdb --disable-gdbserver --disable-sim --disable-gold --disable-ld \
        --disable-gas --disable-gprof --disable-gprofng --disable-libctf --disable-plugins \
        --disable-shared --enable-static --without-zstd --without-debuginfod LDFLAGS=-static)
    # The libraries objdump needs, then objdump alone, linked fully static (libtool's
    # -all-static; given to the top-level make it would reach the sub-configures, which fail).
    run_logged "$log" make -C "$bb" -j"$jobs" MAKEINFO=true \
        all-libiberty all-opcodes all-bfd all-libsframe configure-binutils
    run_logged "$log" make -C "$bb/binutils" -j"$jobs" MAKEINFO=true objdump LDFLAGS=-all-static
    "${cross}strip" -o "$tmpd/objdump" "$bb/binutils/objdump"
    cleanup_work "$s" "$bb"
}

# --- 7. test programs --------------------------------------------------------------------------------
build_guests() {
    local g=$here/guests cc=${cross}gcc
    run_logged "$log" "$cc" -static -nostdlib -o "$tmpd/loop" "$g/loop.S"
    run_logged "$log" "$cc" -O2 -static -Wall -Wextra -g -o "$tmpd/matmul" "$g/matmul.c"
    run_logged "$log" "$cc" -O2 -static -Wall -Wextra -g -o "$tmpd/stride" "$g/stride.c"
    # the CoreMark-like benchmark of examples/, ~1.05e9 instructions as bench/'s coremark-big:
    # a CPU-bound process to time against the same program bare-metal (bench/linux-process.sh)
    # (process-rt/pmusim_rt.h, included first, stands for the SDK's runtime header: same guard)
    run_logged "$log" "$cc" -O2 -static -Wall -Wextra -g -DITERATIONS=1250 \
        -include "$g/process-rt/pmusim_rt.h" -I"$here/../sdk/include" \
        -o "$tmpd/coremark-big" "$here/../examples/coremark.c"
}

# --- 8. the initramfs --------------------------------------------------------------------------------
build_rootfs() {
    local r=$work/rootfs
    rm -rf "$r"; mkdir -p "$r"
    cp -a "$here/rootfs/." "$r/"
    mkdir -p "$r"/{bin,sbin,usr/bin,usr/sbin,proc,sys,dev,tmp,root}
    chmod 1777 "$r/tmp"; chmod 700 "$r/root"
    install -m 755 "$cache/busybox-$k_busybox/busybox" "$r/bin/busybox"
    # busybox's applets as relative symbolic links (in one process: a fork per link is slow)
    run_logged "$log" python3 -c '
import os, sys
root = sys.argv[1]
for link in open(sys.argv[2]).read().split():
    if link == "/bin/busybox" or not link.startswith(("/bin/", "/sbin/", "/usr/")):
        continue
    path = root + link
    os.makedirs(os.path.dirname(path), exist_ok=True)
    if os.path.lexists(path):
        os.unlink(path)
    os.symlink(os.path.relpath(root + "/bin/busybox", os.path.dirname(path)), path)
' "$r" "$cache/busybox-$k_busybox/busybox.links"
    ln -sfn ../bin/busybox "$r/sbin/init"
    install -m 755 "$cache/perf-$k_perf/perf" "$r/usr/bin/perf"
    install -m 755 "$cache/objdump-$k_objdump/objdump" "$r/usr/bin/objdump"
    local p
    for p in loop matmul stride coremark-big; do
        install -m 755 "$cache/guests-$k_guests/$p" "$r/root/$p"
        ln -sfn ../../root/$p "$r/usr/bin/$p"
    done
    run_logged "$log" python3 "$here/mkcpio.py" "$tmpd/rootfs.cpio" "$r" --node /dev/console:0600:c:5:1
    (cd "$r" && find . | LC_ALL=C sort) >"$tmpd/rootfs.list"
    cleanup_work "$r"
}

# --- cache keys -----------------------------------------------------------------------------------
# A part's key hashes everything that goes into it: the versions of the installed Debian
# packages, the source package versions it uses, its files under linux/, the keys of the parts
# it is made of, and the text of the shell functions that build it (`declare -f`, so a comment
# does not count but any change of a command does).
pkg_versions=$(dpkg-query -W "${packages[@]}" | sort)
common=$( { echo "kit 1"; declare -p cross linux_pkg; declare -f run_logged; echo "$pkg_versions"; } | sha)
files_key() { (cd "$here" && sha256sum "$@") | sha; }
patch_files=$(cd "$here" && find patches -type f -name '*.patch' | LC_ALL=C sort)
guest_files=$(cd "$here" && find guests -type f | LC_ALL=C sort)
rootfs_files=$(cd "$here" && find rootfs -type f | LC_ALL=C sort)
k_kernel=$( { echo "$common"; declare -f build_kernel kernel_source; files_key kernel.config $patch_files; } | sha)
k_busybox=$( { echo "$common busybox ${srcver[busybox]}"; declare -f build_busybox debian_source; } | sha)
k_elf=$( { echo "$common zlib ${srcver[zlib]} elfutils ${srcver[elfutils]}"; declare -f build_elf debian_source; } | sha)
k_perf=$( { echo "$common $k_elf"; declare -f build_perf kernel_source; files_key $patch_files; } | sha)
k_objdump=$( { echo "$common binutils ${srcver[binutils]}"; declare -f build_objdump debian_source; } | sha)
k_guests=$( { echo "$common"; declare -f build_guests;
              files_key $guest_files ../examples/coremark.c ../sdk/include/pmusim_example.h; } | sha)
k_rootfs=$( { echo "$common $k_busybox $k_perf $k_objdump $k_guests"; declare -f build_rootfs;
              files_key mkcpio.py $rootfs_files; } | sha)

# part NAME KEY: take NAME from the cache or build it.
part() {
    if have "$1" "$2"; then cached "$1" "$2"; return; fi
    begin "$1" "$2"
    "build_$1"
    finish
}

# The unpacked kernel tree is reused while linux-source and the patches are the same.
ksrc_stamp=$( { dpkg-query -W "$linux_pkg"; files_key $patch_files; } | sha)
if [ "$(cat "$work/$linux_pkg.stamp" 2>/dev/null)" != "$ksrc_stamp" ]; then
    rm -rf "$ksrc"
    echo "$ksrc_stamp" >"$work/$linux_pkg.stamp"
fi

part kernel "$k_kernel"
part busybox "$k_busybox"
part elf "$k_elf"
part perf "$k_perf"
part objdump "$k_objdump"
part guests "$k_guests"
part rootfs "$k_rootfs"
cleanup_work "$ksrc"

# --- results -----------------------------------------------------------------------------------------
rm -f "$out"/{Image,vmlinux,System.map,kernel.config,rootfs.cpio,rootfs.list,kit.txt}
rm -rf "$out/guests"
mkdir -p "$out/guests"
cp "$cache/kernel-$k_kernel"/{Image,vmlinux,System.map,kernel.config} "$out/"
cp "$cache/rootfs-$k_rootfs"/{rootfs.cpio,rootfs.list} "$out/"
cp "$cache/guests-$k_guests"/* "$out/guests/"
total=$(( $(date +%s) - t_start ))
summary+=("total          $(elapsed $total)")
{
    echo "pmusim Linux kit, built by linux/kit.sh"
    echo
    echo "parts (cache: $cache):"
    for p in kernel:$k_kernel busybox:$k_busybox elf:$k_elf perf:$k_perf objdump:$k_objdump \
             guests:$k_guests rootfs:$k_rootfs; do
        printf '  %-8s %s  (built from scratch in %s, %s of CPU time)\n' "${p%%:*}" "${p#*:}" \
            "$(elapsed "$(cat "$cache/${p%%:*}-${p#*:}/.seconds" 2>/dev/null || echo 0)")" \
            "$(elapsed "$(cat "$cache/${p%%:*}-${p#*:}/.cpu-seconds" 2>/dev/null || echo 0)")"
    done
    echo
    echo "source packages:"
    for p in "${source_packages[@]}"; do echo "  $p ${srcver[$p]}"; done
    echo
    echo "installed packages:"
    echo "$pkg_versions" | sed 's/^/  /'
} >"$out/kit.txt"

say "done: $out/Image, $out/rootfs.cpio ($(du -h "$out/rootfs.cpio" | cut -f1))"
say "times:"
printf 'kit:   %s\n' "${summary[@]}"
