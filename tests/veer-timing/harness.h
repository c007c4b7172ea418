/* Timing measurement harness for VeeR EL2 (pmusim machine veer-el2 and the VeeR EL2 RTL
 * testbench): runs a case once to warm caches and predictor, then once per selector pass with
 * every counter stopped (mcountinhibit) around setup and read-out, and prints one line per pass:
 *
 *   @<case>,<pass>,<mcycle>,<minstret>,<ev>,<count>,<ev>,<count>,<ev>,<count>,<ev>,<count>
 *
 * Each case first sets MRAC to 0x59555555 (caches on, region 0xD side-effect).
 * The measured region is: csrwi mcountinhibit,0; the indirect call of the case; its return;
 * csrw mcountinhibit,0x7D. The programs do not check themselves: they only measure. */
#ifndef VEER_TIMING_HARNESS_H
#define VEER_TIMING_HARNESS_H

typedef void (*vt_fn)(void);

/* Measures `run` in every selector pass; `setup` (may be NULL) runs, uncounted, before each run. */
void vt_measure(const char *name, vt_fn setup, vt_fn run);
/* Ends the program (mailbox 0xFF on the testbench, exit 0 on pmusim). */
void vt_done(void);

#endif
