# pmusim_add_guest(): guest programs, RISC-V ELF files built with Debian's riscv64-unknown-elf-gcc
# and picolibc, with the SDK's runtime and link scripts. The same file serves pmusim's own tree
# (cmake/guest.cmake includes it) and an installed SDK (find_package(pmusim-sdk),
# pmusim-sdkConfig.cmake includes it); the SDK is the folder above this file's in both.
#
#   pmusim_add_guest(<name> MACHINE <virt32|virt64|veer-el2|mbv32|mbv64> SOURCES <files...>
#                    [MARCH <isa-string>] [CFLAGS <flags...>] [LDSCRIPT <file> | TTEXT <addr>] [BARE]
#                    [DEPENDS <files...>])
#
# Produces <dir>/<name>.elf and the target guest_<name> (part of ALL), <dir> being
# PMUSIM_GUEST_DIR when it is set (pmusim's tree: build/guests), else the current binary folder.
# The guest is rebuilt when a file its sources include changes (a depfile written by
# pmusim_guest_deps.cmake); DEPENDS names further files it is rebuilt after.
# Without BARE the SDK (crt0, runtime, picolibc's libc, libgcc) is linked in.
# BARE links only the given sources and libgcc: for riscv-tests-style assembly programs.
# TTEXT links with the toolchain's default link script and -Ttext=<addr>, as many users' own
# flows do (the first segment then starts a page below <addr>, carrying the ELF headers).
#
# Debian's toolchain has no rv32imc multilib (-march=rv32imc silently picks the rv64 default),
# so libraries are taken from rv32im/ilp32 (VeeR EL2 has no A extension) and rv64imac/lp64.
#
# After inclusion PMUSIM_GUEST_TOOLCHAIN_ERROR is empty, or says what is missing (the compiler
# or picolibc); pmusim_add_guest then does nothing.

include_guard(GLOBAL)

get_filename_component(_pmusim_sdk_dir ${CMAKE_CURRENT_LIST_DIR}/.. ABSOLUTE)
set_property(GLOBAL PROPERTY PMUSIM_SDK_DIR ${_pmusim_sdk_dir})
unset(_pmusim_sdk_dir)

set(PMUSIM_PICOLIBC /usr/lib/picolibc/riscv64-unknown-elf CACHE PATH
    "Debian's picolibc for riscv64-unknown-elf (package picolibc-riscv64-unknown-elf)")
find_program(PMUSIM_RISCV_CC riscv64-unknown-elf-gcc)
set(PMUSIM_GUEST_TOOLCHAIN_ERROR "")
if(NOT PMUSIM_RISCV_CC)
  set(PMUSIM_GUEST_TOOLCHAIN_ERROR
      "riscv64-unknown-elf-gcc not found (Debian: apt-get install gcc-riscv64-unknown-elf; or set PMUSIM_RISCV_CC)")
elseif(NOT EXISTS ${PMUSIM_PICOLIBC}/include/picolibc.h)
  set(PMUSIM_GUEST_TOOLCHAIN_ERROR
      "picolibc not found in ${PMUSIM_PICOLIBC} (Debian: apt-get install picolibc-riscv64-unknown-elf; or set PMUSIM_PICOLIBC)")
else()
  foreach(abi rv32im/ilp32 rv64imac/lp64)
    string(REPLACE "/" ";" parts ${abi})
    list(GET parts 0 march)
    list(GET parts 1 mabi)
    execute_process(COMMAND ${PMUSIM_RISCV_CC} -march=${march} -mabi=${mabi} -print-libgcc-file-name
                    OUTPUT_VARIABLE lib OUTPUT_STRIP_TRAILING_WHITESPACE)
    set_property(GLOBAL PROPERTY PMUSIM_LIBGCC_${march} ${lib})
  endforeach()
endif()
set_property(GLOBAL PROPERTY PMUSIM_GUEST_TOOLCHAIN_ERROR "${PMUSIM_GUEST_TOOLCHAIN_ERROR}")

function(pmusim_add_guest name)
  # pmusim's own tree: guests off, or taken from another build tree (cmake/guest.cmake)
  if(DEFINED PMUSIM_GUESTS AND NOT PMUSIM_GUESTS)
    return()
  endif()
  cmake_parse_arguments(G "BARE" "MACHINE;MARCH;LDSCRIPT;TTEXT" "SOURCES;CFLAGS;DEPENDS" ${ARGN})
  if(PMUSIM_GUEST_DIR)
    set(out_dir ${PMUSIM_GUEST_DIR})
  else()
    set(out_dir ${CMAKE_CURRENT_BINARY_DIR})
  endif()
  if(PMUSIM_PREBUILT_GUESTS)
    set_property(GLOBAL APPEND PROPERTY PMUSIM_PREBUILT_GUEST_FILES ${out_dir}/${name}.elf)
    return()
  endif()
  get_property(toolchain_error GLOBAL PROPERTY PMUSIM_GUEST_TOOLCHAIN_ERROR)
  if(toolchain_error)
    return()
  endif()
  if(NOT G_SOURCES)
    message(FATAL_ERROR "pmusim_add_guest(${name}): no SOURCES")
  endif()
  get_property(sdk GLOBAL PROPERTY PMUSIM_SDK_DIR)
  # The machine's console port, and the base ISA its SDK builds for (64-bit or 32-bit)
  if(G_MACHINE STREQUAL "virt64" OR G_MACHINE STREQUAL "virt32")
    set(port -DPMUSIM_MACHINE_VIRT=1)
  elseif(G_MACHINE STREQUAL "mbv64" OR G_MACHINE STREQUAL "mbv32")
    set(port -DPMUSIM_MACHINE_MBV=1)
  elseif(G_MACHINE STREQUAL "veer-el2")
    set(port -DPMUSIM_MACHINE_VEER=1)
  else()
    message(FATAL_ERROR "pmusim_add_guest(${name}): unknown MACHINE '${G_MACHINE}' "
                        "(virt32, virt64, veer-el2, mbv32 or mbv64)")
  endif()
  if(G_MACHINE MATCHES "64$")
    set(march rv64imac_zicsr_zifencei)
    set(mabi lp64)
    set(libdir rv64imac/lp64)
    get_property(libgcc GLOBAL PROPERTY PMUSIM_LIBGCC_rv64imac)
  else()
    set(march rv32imc_zicsr_zifencei)
    set(mabi ilp32)
    set(libdir rv32im/ilp32)
    get_property(libgcc GLOBAL PROPERTY PMUSIM_LIBGCC_rv32im)
  endif()
  if(G_MARCH)
    set(march ${G_MARCH})
  endif()
  if(G_LDSCRIPT)
    get_filename_component(ld ${G_LDSCRIPT} ABSOLUTE)
  else()
    set(ld ${sdk}/ld/${G_MACHINE}.ld)
  endif()
  set(srcs)
  foreach(s ${G_SOURCES})
    get_filename_component(abs ${s} ABSOLUTE)
    list(APPEND srcs ${abs})
  endforeach()
  if(G_TTEXT)
    set(link -Wl,-Ttext=${G_TTEXT})
    set(ld)
  else()
    set(link -T ${ld})
  endif()
  set(flags -march=${march} -mabi=${mabi} -mcmodel=medany -O2 -g -ffreestanding -fno-builtin
            -nostdlib -static -Wall -Wextra ${port} ${link})
  set(rt_srcs)
  if(G_BARE)
    set(libs ${libgcc})
  else()
    file(GLOB rt_srcs ${sdk}/rt/*.c ${sdk}/rt/*.S)
    list(APPEND flags -I${sdk}/include -isystem ${PMUSIM_PICOLIBC}/include)
    list(PREPEND srcs ${rt_srcs})
    set(libs ${PMUSIM_PICOLIBC}/lib/${libdir}/libc.a ${libgcc})
  endif()
  file(MAKE_DIRECTORY ${out_dir})
  set(out ${out_dir}/${name}.elf)
  file(GLOB sdk_deps ${sdk}/include/*.h ${sdk}/ld/*.ld)
  # The headers the guest's own sources include, found by the preprocessor (the SDK's are sdk_deps)
  set(own_srcs ${srcs})
  if(rt_srcs)
    list(REMOVE_ITEM own_srcs ${rt_srcs})
  endif()
  string(REPLACE ";" "|" dep_flags "${flags};${G_CFLAGS}")
  string(REPLACE ";" "|" dep_srcs "${own_srcs}")
  add_custom_command(OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DCC=${PMUSIM_RISCV_CC} "-DFLAGS=${dep_flags}" -DOUTPUT=${out}
            -DDEPFILE=${out}.d "-DSOURCES=${dep_srcs}" -P ${sdk}/cmake/pmusim_guest_deps.cmake
    COMMAND ${PMUSIM_RISCV_CC} ${flags} ${G_CFLAGS} -o ${out} ${srcs} ${libs}
    DEPENDS ${srcs} ${ld} ${sdk_deps} ${G_DEPENDS} ${sdk}/cmake/pmusim_guest_deps.cmake
    DEPFILE ${out}.d
    COMMENT "Guest ${name}.elf (${G_MACHINE})"
    VERBATIM)
  # in pmusim's tree the target pmusim_guests (part of ALL) gathers them
  if(TARGET pmusim_guests)
    add_custom_target(guest_${name} DEPENDS ${out})
    add_dependencies(pmusim_guests guest_${name})
  else()
    add_custom_target(guest_${name} ALL DEPENDS ${out})
  endif()
endfunction()
