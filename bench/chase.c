/*
 * chase: pointer chasing over a few MiB, a benchmark of a different character than coremark:
 * nearly every instruction is a load or a store whose address depends on the previous load, over
 * a working set far larger than a host's L2 cache.
 *
 * NODES nodes of 16 bytes are linked into one random cycle (Sattolo's shuffle: a uniformly random
 * cyclic permutation, so a walk of NODES steps from any node visits every node once and comes
 * back). Each of ROUNDS rounds walks the whole cycle, adding up the nodes' values and
 * incrementing each value as it passes. The program checks itself: every round must end where it
 * started after exactly NODES steps, and its sum must be the initial sum (computed by a plain
 * loop over the array) plus NODES for every earlier round.
 */
#include "pmusim_example.h"

#ifndef NODES
#define NODES (1u << 18) /* 4 MiB */
#endif
#ifndef ROUNDS
#define ROUNDS 200
#endif

typedef struct node {
    uint32_t next;
    uint32_t value;
    uint32_t pad[2];
} node_t;

static node_t nodes[NODES];

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "chase");
    uint32_t seed = 0x9E3779B9u;
    for (uint32_t k = 0; k < NODES; k++) {
        nodes[k].next = k;
        nodes[k].value = ex_rand(&seed) & 0xFFFF;
    }
    for (uint32_t k = NODES - 1; k > 0; k--) { /* Sattolo: j < k, so the result is one cycle */
        uint32_t j = ex_rand(&seed) % k, t = nodes[k].next;
        nodes[k].next = nodes[j].next;
        nodes[j].next = t;
    }
    uint32_t initial = 0;
    for (uint32_t k = 0; k < NODES; k++)
        initial += nodes[k].value;

    uint32_t checksum = 0, at = 0;
    int bad_cycle = 0, bad_sum = 0;
    for (uint32_t r = 0; r < ROUNDS; r++) {
        uint32_t sum = 0, start = at, steps = 0;
        do {
            node_t *n = &nodes[at];
            sum += n->value++;
            at = n->next;
            steps++;
        } while (at != start && steps <= NODES);
        bad_cycle += steps != NODES || at != start;
        bad_sum += sum != initial + r * NODES;
        checksum = (checksum ^ sum) * 0x01000193u;
        at = (at + r * 7919u) % NODES; /* the next round starts elsewhere */
    }
    ex_check(&ex, bad_cycle == 0, "every walk is one cycle through all nodes");
    ex_check(&ex, bad_sum == 0, "every round's sum is the initial sum plus the increments");
    rt_printf("chase: %u nodes, %u rounds\n", (unsigned)NODES, (unsigned)ROUNDS);
    ex_report(&ex, checksum);
    return ex_finish(&ex);
}
