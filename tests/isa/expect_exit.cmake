# cmake -DCMD=<command;args...> -DEXPECT=<status> -P expect_exit.cmake
# Runs CMD and succeeds only if it exits with status EXPECT (used by the negative
# self-checks: a deliberately failing ISA test must report its failing test number).
execute_process(COMMAND ${CMD} RESULT_VARIABLE rc TIMEOUT 25)
if(NOT "${rc}" STREQUAL "${EXPECT}")
  message(FATAL_ERROR "expected exit status ${EXPECT}, got '${rc}'")
endif()
message(STATUS "exit status ${rc} as expected")
