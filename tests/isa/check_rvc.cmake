# cmake -DOBJDUMP=<objdump> -DELF=<elf> -DXLEN=<32|64> -P check_rvc.cmake
# Checks that the compressed-instruction test really contains the 16-bit encoding of
# every C instruction (the assembler could otherwise silently widen them).
execute_process(COMMAND ${OBJDUMP} -d -M no-aliases ${ELF}
                OUTPUT_VARIABLE dis RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "objdump failed: ${rc}")
endif()
set(required c.addi4spn c.lw c.sw c.addi c.li c.addi16sp c.lui c.srli c.srai c.andi
             c.sub c.xor c.or c.and c.j c.beqz c.bnez c.slli c.lwsp c.swsp c.jr c.mv
             c.ebreak c.jalr c.add)
if(XLEN EQUAL 64)
  list(APPEND required c.ld c.sd c.addiw c.subw c.addw c.ldsp c.sdsp)
else()
  list(APPEND required c.jal)
endif()
set(missing)
foreach(m ${required})
  string(REPLACE "." "\\." re "${m}")
  if(NOT dis MATCHES "\t${re}\t" AND NOT dis MATCHES "\t${re}\n")
    list(APPEND missing ${m})
  endif()
endforeach()
# c.nop is encoded as 0x0001 (shown as c.addi zero,0 without aliases)
if(NOT dis MATCHES "\t0001 +\tc\\.addi\tzero,0")
  list(APPEND missing c.nop)
endif()
if(missing)
  message(FATAL_ERROR "16-bit encodings missing from ${ELF}: ${missing}")
endif()
list(LENGTH required n)
math(EXPR n "${n} + 1")
message(STATUS "all ${n} compressed instructions present")
