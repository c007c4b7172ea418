/* The CSR table (src/cpu/csr.c): sorted, without overlaps, every number found in its own row,
 * and the existence predicates as the privileged spec has them. Links only the cpu layer. */
#include <string.h>

#include "cpu/csr.h"
#include "isa/isa.h"
#include "unit.h"

int main(void)
{
    unit_t ut = { 0 }, *u = &ut;
    size_t n;
    const csr_desc_t *rows = csr_table_rows(&n);
    CHECK(n > 30);
    for (size_t k = 0; k < n; k++) {
        CHECK(rows[k].first <= rows[k].last);
        CHECK(rows[k].name && rows[k].read);
        if (k > 0)
            CHECK(rows[k - 1].last < rows[k].first); /* sorted, no overlap: csr_find is exact */
        CHECK(csr_find(rows[k].first) == &rows[k]);
        CHECK(csr_find(rows[k].last) == &rows[k]);
        /* a read-only number (bits 11:10 = 3) has no write */
        if ((rows[k].first >> 10) == 3)
            CHECK(rows[k].write == NULL);
    }
    CHECK(csr_find(0x000) == NULL);
    CHECK(csr_find(0x7c0) == NULL); /* custom numbers belong to cores, not to the table */
    CHECK(csr_find(CSR_MHPMEVENT3 + 5)->first == CSR_MHPMEVENT3);
    CHECK(strcmp(csr_find(CSR_MSTATUS)->name, "mstatus") == 0);
    CHECK(csr_find(CSR_MIE)->run_loop && !csr_find(CSR_MSCRATCH)->run_loop);

    /* existence follows the hart's modes and XLEN */
    hart_t h;
    memset(&h, 0, sizeof(h));
    h.xlen = 64;
    h.isa = ISA_EXT_I;
    CHECK(csr_find(CSR_SATP)->exists(&h) == false);
    CHECK(csr_find(CSR_MSTATUSH)->exists(&h) == false);
    CHECK(csr_find(CSR_MCOUNTEREN)->exists(&h) == false);
    h.isa |= ISA_EXT_S | ISA_EXT_U;
    h.xlen = 32;
    CHECK(csr_find(CSR_SATP)->exists(&h));
    CHECK(csr_find(CSR_MSTATUSH)->exists(&h));
    CHECK(csr_find(CSR_MCOUNTEREN)->exists(&h));
    return unit_finish(u, "unit_csr_table");
}
