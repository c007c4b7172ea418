# Run by pmusim_add_guest's build command (cmake -P), before the compiler: writes DEPFILE, one make
# rule "OUTPUT: <every file the SOURCES include>", so that the guest is rebuilt when a header (or an
# included .S file) changes. gcc -MD cannot do it in the compile-and-link command itself: with
# several sources each one's dependencies overwrite the previous one's in the same .d file.
#
#   cmake -DCC=<compiler> -DFLAGS=<flags, '|'-separated> -DOUTPUT=<elf> -DDEPFILE=<file>
#         -DSOURCES=<files, '|'-separated> -P pmusim_guest_deps.cmake
#
# A source the preprocessor rejects adds nothing: the compile that follows reports the error.

string(REPLACE "|" ";" flags "${FLAGS}")
string(REPLACE "|" ";" sources "${SOURCES}")
set(deps "")
foreach(src IN LISTS sources)
  execute_process(COMMAND ${CC} ${flags} -MM -MT pmusim-guest-deps ${src}
                  OUTPUT_VARIABLE rule RESULT_VARIABLE status ERROR_QUIET)
  if(status EQUAL 0)
    string(REPLACE "\\\n" " " rule "${rule}")
    string(REPLACE "pmusim-guest-deps:" "" rule "${rule}")
    string(STRIP "${rule}" rule)
    string(APPEND deps " ${rule}")
  endif()
endforeach()
file(WRITE ${DEPFILE} "${OUTPUT}:${deps}\n")
