# examples/sort.c: the first memcmp is memcmp(qs, ins, sizeof qs) with N = 600 int32_t: n = 2400.
break memcmp
continue
printf "at_memcmp=%d\n", (unsigned long)$pc == (unsigned long)&memcmp
printf "a2=%d\n", $a2
printf "sp_aligned=%d\n", ((unsigned long)$sp & 15) == 0
# mhpmevent3 = 4: VeeR "instructions committed" (docs/pmu-veer-el2.md); three steps commit three
# (one may be a taken branch: the pc stays within the first 64 bytes of memcmp)
set $mhpmevent3 = 4
set $mhpmcounter3 = 0
set $before = $minstret
stepi
stepi
stepi
printf "hpm3=%d\n", $mhpmcounter3
printf "instret_delta=%d\n", $minstret - $before
printf "still_in_memcmp=%d\n", (unsigned long)$pc > (unsigned long)&memcmp && (unsigned long)$pc <= (unsigned long)&memcmp + 64
printf "hpmevent3=%d\n", $mhpmevent3
detach
