# Command-line checks shared by the CLI suite (tests/cli, the real pmusim) and the unit suite
# (tests/unit) and the other suites. Each check runs expect.sh: exit status AND messages.

set(CLI_EXPECT ${CMAKE_CURRENT_LIST_DIR}/expect.sh)
set(CLI_UNREADABLE ${CMAKE_CURRENT_LIST_DIR}/unreadable.sh)

# cli_expect(NAME <test> STATUS <n> [LABEL l] [FIXTURES f...] [ENV var=value...]
#            [STDOUT ere...] [STDERR ere...] [NO_STDOUT] [NO_STDERR]
#            [SIGINT seconds [SIGNAL name] [THEN name]]
#            COMMAND <cmd> [args...])
function(cli_expect)
  cmake_parse_arguments(E "NO_STDOUT;NO_STDERR" "NAME;STATUS;LABEL;SIGINT;SIGNAL;THEN"
                        "FIXTURES;ENV;STDOUT;STDERR;COMMAND" ${ARGN})
  set(args --status ${E_STATUS})
  foreach(re ${E_STDOUT})
    list(APPEND args --stdout ${re})
  endforeach()
  foreach(re ${E_STDERR})
    list(APPEND args --stderr ${re})
  endforeach()
  if(E_NO_STDOUT)
    list(APPEND args --no-stdout)
  endif()
  if(E_NO_STDERR)
    list(APPEND args --no-stderr)
  endif()
  if(E_SIGINT)
    list(APPEND args --sigint ${E_SIGINT})
  endif()
  if(E_SIGNAL)
    list(APPEND args --signal ${E_SIGNAL})
  endif()
  if(E_THEN)
    list(APPEND args --then ${E_THEN})
  endif()
  add_test(NAME ${E_NAME} COMMAND sh ${CLI_EXPECT} ${args} -- ${E_COMMAND})
  set_tests_properties(${E_NAME} PROPERTIES LABELS "${E_LABEL}" TIMEOUT 60)
  if(E_FIXTURES)
    set_tests_properties(${E_NAME} PROPERTIES FIXTURES_REQUIRED "${E_FIXTURES}")
  endif()
  if(E_ENV)
    set_tests_properties(${E_NAME} PROPERTIES ENVIRONMENT "${E_ENV}")
  endif()
endfunction()

# Checks that need no RISC-V program: command line, help, and input files that are not programs.
#   cli_add_common_checks(PREFIX p PMUSIM exe LABEL l WORK dir)
function(cli_add_common_checks)
  cmake_parse_arguments(C "" "PREFIX;PMUSIM;LABEL;WORK" "" ${ARGN})
  set(p ${C_PREFIX})
  set(exe ${C_PMUSIM})
  set(l ${C_LABEL})
  file(MAKE_DIRECTORY ${C_WORK})
  file(WRITE ${C_WORK}/not-elf.txt "this is a text file, not a program\n")

  # help and version
  cli_expect(NAME ${p}.help STATUS 0 LABEL ${l} NO_STDERR
    STDOUT "^Usage: pmusim COMMAND" "^  run " "^  machines " "^  125 " "^  126 "
    COMMAND ${exe} --help)
  cli_expect(NAME ${p}.help-run STATUS 0 LABEL ${l} NO_STDERR
    STDOUT "^Usage: pmusim run " "--machine NAME" "--ram-size SIZE" "--max-insns N" "--user-mode"
           "--quiet" "--signature FILE" "--signature-granularity N" "^  124 " "^  130 "
    COMMAND ${exe} run --help)
  cli_expect(NAME ${p}.help-command STATUS 0 LABEL ${l} NO_STDERR STDOUT "^Usage: pmusim machines"
    COMMAND ${exe} help machines)
  cli_expect(NAME ${p}.version STATUS 0 LABEL ${l} NO_STDERR STDOUT "^pmusim [0-9]+\\.[0-9]+\\.[0-9]+$"
    COMMAND ${exe} --version)
  cli_expect(NAME ${p}.machines STATUS 0 LABEL ${l} NO_STDERR
    STDOUT "^virt32 " "^virt64 " "^veer-el2 " "\\(default\\)$"
    COMMAND ${exe} machines)

  # usage errors: 125
  cli_expect(NAME ${p}.no-arguments STATUS 125 LABEL ${l} NO_STDOUT STDERR "^Usage: pmusim"
    COMMAND ${exe})
  cli_expect(NAME ${p}.unknown-command STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: unknown command 'rnu' \\(did you mean 'run'\\?\\)$"
    COMMAND ${exe} rnu x.elf)
  cli_expect(NAME ${p}.unknown-main-option STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: unknown option '--frobnicate'"
    COMMAND ${exe} --frobnicate)
  cli_expect(NAME ${p}.unknown-option STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: run: unknown option '--bogus'; see 'pmusim run --help'$"
    COMMAND ${exe} run --bogus ${C_WORK}/not-elf.txt)
  cli_expect(NAME ${p}.misspelt-option STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: run: unknown option '--max-insn' \\(did you mean '--max-insns'\\?\\)$"
    COMMAND ${exe} run --max-insn 5 ${C_WORK}/not-elf.txt)
  cli_expect(NAME ${p}.option-needs-value STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: run: option '-M' needs a value \\(NAME\\)$"
    COMMAND ${exe} run -M)
  cli_expect(NAME ${p}.unknown-machine STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: unknown machine 'virt23'; did you mean 'virt32'\\? \\(machines: .*virt64.*\\)$"
    COMMAND ${exe} run -M virt23 ${C_WORK}/not-elf.txt)
  cli_expect(NAME ${p}.unknown-machine-far STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: unknown machine 'spike' \\(machines: .*veer-el2.*\\)$"
    COMMAND ${exe} run --machine=spike ${C_WORK}/not-elf.txt)
  cli_expect(NAME ${p}.bad-ram-size STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: run: bad --ram-size '12Q'"
    COMMAND ${exe} run --ram-size 12Q ${C_WORK}/not-elf.txt)
  cli_expect(NAME ${p}.bad-max-insns STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: run: bad --max-insns 'many'"
    COMMAND ${exe} run --max-insns many ${C_WORK}/not-elf.txt)
  cli_expect(NAME ${p}.no-program STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: run: no program given"
    COMMAND ${exe} run -q)
  cli_expect(NAME ${p}.machines-extra-argument STATUS 125 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: machines: unexpected argument 'virt32'$"
    COMMAND ${exe} machines virt32)

  # files that are not programs: 126
  cli_expect(NAME ${p}.missing-file STATUS 126 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: ${C_WORK}/missing\\.elf: No such file or directory$"
    COMMAND ${exe} run ${C_WORK}/missing.elf)
  add_test(NAME ${p}.unreadable-file
           COMMAND sh ${CLI_UNREADABLE} ${CLI_EXPECT} ${C_WORK} ${exe} run)
  set_tests_properties(${p}.unreadable-file PROPERTIES LABELS "${l}" TIMEOUT 60)
  cli_expect(NAME ${p}.not-elf STATUS 126 LABEL ${l} NO_STDOUT
    STDERR "^pmusim: ${C_WORK}/not-elf\\.txt: not an ELF file$"
    COMMAND ${exe} run ${C_WORK}/not-elf.txt)
  if(EXISTS /bin/true)
    cli_expect(NAME ${p}.wrong-machine STATUS 126 LABEL ${l} NO_STDOUT
      STDERR "^pmusim: /bin/true: is a program for [^,]+, not for RISC-V$"
      COMMAND ${exe} run /bin/true)
  endif()
endfunction()

# Checks with RISC-V ELF files that cannot run on the machine asked for.
#   cli_add_elf_checks(PREFIX p PMUSIM exe LABEL l FIXTURES f TRUNCATED_RV32 elf RV64 elf
#                      OUTSIDE_RV32 elf)
function(cli_add_elf_checks)
  cmake_parse_arguments(C "" "PREFIX;PMUSIM;LABEL;FIXTURES;TRUNCATED_RV32;RV64;OUTSIDE_RV32" "" ${ARGN})
  set(p ${C_PREFIX})
  set(exe ${C_PMUSIM})
  set(l ${C_LABEL})
  cli_expect(NAME ${p}.truncated-elf STATUS 126 LABEL ${l} FIXTURES ${C_FIXTURES} NO_STDOUT
    STDERR "^pmusim: ${C_TRUNCATED_RV32}: is truncated: its program headers end at byte [0-9]+ but the file has 100 bytes$"
    COMMAND ${exe} run -M virt32 ${C_TRUNCATED_RV32})
  cli_expect(NAME ${p}.wrong-class STATUS 126 LABEL ${l} FIXTURES ${C_FIXTURES} NO_STDOUT
    STDERR "^pmusim: ${C_RV64}: is a 64-bit RISC-V program but machine virt32 is RV32; try -M virt64$"
    COMMAND ${exe} run -M virt32 ${C_RV64})
  cli_expect(NAME ${p}.segment-outside STATUS 126 LABEL ${l} FIXTURES ${C_FIXTURES} NO_STDOUT
    STDERR "^pmusim: ${C_OUTSIDE_RV32}: segment [0-9]+ at 0x40000000 \\([0-9]+ bytes\\) is outside the memory of machine virt32$"
    COMMAND ${exe} run -M virt32 ${C_OUTSIDE_RV32})
endfunction()
