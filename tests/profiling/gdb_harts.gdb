# Two harts: two threads; each reads its own mhartid. A write watchpoint on qs[0] stops when
# memcpy (the first writer of qs in examples/sort.c) stores there, after the store: the byte at
# qs is the byte at input.
info threads
thread 2
printf "hart2_mhartid=%d\n", $mhartid
thread 1
printf "hart1_mhartid=%d\n", $mhartid
watch qs[0]
continue
printf "in_memcpy=%d\n", (unsigned long)$pc >= (unsigned long)&memcpy && (unsigned long)$pc < (unsigned long)&memcmp
printf "byte_copied=%d\n", *(unsigned char *)qs == *(unsigned char *)input
delete
kill
