# Memory writes that fail half-way write nothing; one that succeeds replaces decoded (and translated)
# code. examples/sort.c calls memcmp 6 times (3 rounds, each comparing qs with ins and with ms);
# stopping at the fifth call, memcmp's byte loop has run 4 x 2400 times: decoded, and hot enough for
# the translation tier.
break memcmp
ignore 1 4
continue
printf "at_memcmp=%d\n", (unsigned long)$pc == (unsigned long)&memcmp
set $w0 = *(unsigned int *)&memcmp
set $w1 = *((unsigned int *)&memcmp + 1)
# M with a bad hex digit in its third byte: E01, and the first two bytes stay as they were
eval "maint packet M%lx,8:0545zz8000000000", (unsigned long)&memcmp
printf "m_bad_unchanged=%d\n", *(unsigned int *)&memcmp == $w0 && *((unsigned int *)&memcmp + 1) == $w1
# M with fewer digits than bytes announced: E01, nothing written
eval "maint packet M%lx,8:05458280", (unsigned long)&memcmp
printf "m_short_unchanged=%d\n", *(unsigned int *)&memcmp == $w0 && *((unsigned int *)&memcmp + 1) == $w1
# X with fewer bytes than announced: E01, nothing written
eval "maint packet X%lx,8:abcd", (unsigned long)&memcmp
printf "x_short_unchanged=%d\n", *(unsigned int *)&memcmp == $w0 && *((unsigned int *)&memcmp + 1) == $w1
# X ending in a lone escape character: E01, nothing written
eval "maint packet X%lx,2:a}", (unsigned long)&memcmp
printf "x_escape_unchanged=%d\n", *(unsigned int *)&memcmp == $w0
delete
# a write that succeeds: memcmp becomes "c.li a0, 1; c.ret" (0x4505, 0x8082), so the fifth and sixth
# calls return 1 and sort reports exactly two failed checks; stale decoded code would return 0
set *(unsigned int *)&memcmp = 0x80824505
printf "patched=%d\n", *(unsigned int *)&memcmp == 0x80824505
continue
