# Guest programs: RISC-V ELF files built with Debian's riscv64-unknown-elf-gcc and picolibc.
#
#   pmusim_add_guest(<name> MACHINE <virt32|virt64|veer-el2|mbv32|mbv64> SOURCES <files...>
#                    [MARCH <isa-string>] [CFLAGS <flags...>] [LDSCRIPT <file> | TTEXT <addr>] [BARE])
#
# Produces ${PMUSIM_GUEST_DIR}/<name>.elf and the target guest_<name> (part of ALL).
# Without BARE the SDK (crt0, runtime, picolibc's libc, libgcc) is linked in.
# BARE links only the given sources and libgcc: for riscv-tests-style assembly programs.
# TTEXT links with the toolchain's default link script and -Ttext=<addr>, as many users' own
# flows do (the first segment then starts a page below <addr>, carrying the ELF headers).
#
# Debian's toolchain has no rv32imc multilib (-march=rv32imc silently picks the rv64 default),
# so libraries are taken from rv32im/ilp32 (VeeR EL2 has no A extension) and rv64imac/lp64.

set(PMUSIM_GUEST_DIR ${CMAKE_BINARY_DIR}/guests)
set(PMUSIM_SDK_DIR ${CMAKE_SOURCE_DIR}/sdk)
set(PMUSIM_PICOLIBC /usr/lib/picolibc/riscv64-unknown-elf)
find_program(PMUSIM_RISCV_CC riscv64-unknown-elf-gcc)
if(PMUSIM_GUESTS AND NOT PMUSIM_RISCV_CC)
  message(WARNING "riscv64-unknown-elf-gcc not found: guest programs and their tests are skipped (run scripts/setup.sh)")
  set(PMUSIM_GUESTS OFF)
endif()
if(PMUSIM_GUESTS)
  add_custom_target(pmusim_guests ALL)
  file(MAKE_DIRECTORY ${PMUSIM_GUEST_DIR})
  foreach(abi rv32im/ilp32 rv64imac/lp64)
    string(REPLACE "/" ";" parts ${abi})
    list(GET parts 0 march)
    list(GET parts 1 mabi)
    execute_process(COMMAND ${PMUSIM_RISCV_CC} -march=${march} -mabi=${mabi} -print-libgcc-file-name
                    OUTPUT_VARIABLE lib OUTPUT_STRIP_TRAILING_WHITESPACE)
    set(PMUSIM_LIBGCC_${march} ${lib})
  endforeach()
endif()

function(pmusim_add_guest name)
  if(NOT PMUSIM_GUESTS)
    return()
  endif()
  cmake_parse_arguments(G "BARE" "MACHINE;MARCH;LDSCRIPT;TTEXT" "SOURCES;CFLAGS" ${ARGN})
  # The machine's console port, and the base ISA its SDK builds for (64-bit or 32-bit)
  if(G_MACHINE STREQUAL "virt64" OR G_MACHINE STREQUAL "virt32")
    set(port -DPMUSIM_MACHINE_VIRT=1)
  elseif(G_MACHINE STREQUAL "mbv64" OR G_MACHINE STREQUAL "mbv32")
    set(port -DPMUSIM_MACHINE_MBV=1)
  elseif(G_MACHINE STREQUAL "veer-el2")
    set(port -DPMUSIM_MACHINE_VEER=1)
  else()
    message(FATAL_ERROR "pmusim_add_guest(${name}): unknown MACHINE '${G_MACHINE}'")
  endif()
  if(G_MACHINE MATCHES "64$")
    set(march rv64imac_zicsr_zifencei)
    set(mabi lp64)
    set(libdir rv64imac/lp64)
    set(libgcc ${PMUSIM_LIBGCC_rv64imac})
  else()
    set(march rv32imc_zicsr_zifencei)
    set(mabi ilp32)
    set(libdir rv32im/ilp32)
    set(libgcc ${PMUSIM_LIBGCC_rv32im})
  endif()
  if(G_MARCH)
    set(march ${G_MARCH})
  endif()
  if(G_LDSCRIPT)
    set(ld ${G_LDSCRIPT})
  else()
    set(ld ${PMUSIM_SDK_DIR}/ld/${G_MACHINE}.ld)
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
  if(G_BARE)
    set(libs ${libgcc})
  else()
    file(GLOB rt_srcs ${PMUSIM_SDK_DIR}/rt/*.c ${PMUSIM_SDK_DIR}/rt/*.S)
    list(APPEND flags -I${PMUSIM_SDK_DIR}/include -isystem ${PMUSIM_PICOLIBC}/include)
    list(PREPEND srcs ${rt_srcs})
    set(libs ${PMUSIM_PICOLIBC}/lib/${libdir}/libc.a ${libgcc})
  endif()
  set(out ${PMUSIM_GUEST_DIR}/${name}.elf)
  file(GLOB sdk_deps ${PMUSIM_SDK_DIR}/include/*.h ${PMUSIM_SDK_DIR}/ld/*.ld)
  add_custom_command(OUTPUT ${out}
    COMMAND ${PMUSIM_RISCV_CC} ${flags} ${G_CFLAGS} -o ${out} ${srcs} ${libs}
    DEPENDS ${srcs} ${ld} ${sdk_deps}
    COMMENT "Guest ${name}.elf (${G_MACHINE})"
    VERBATIM)
  add_custom_target(guest_${name} DEPENDS ${out})
  add_dependencies(pmusim_guests guest_${name})
endfunction()
