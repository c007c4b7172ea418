/* Held-out kernels: code of other shapes than kernels.c, measured on the RTL but never used to
 * choose the timing model's rules or constants. Insertion sort, heap sort, a binary search tree
 * walk, an open-addressing hash table probe, a bytecode interpreter (a switch dispatch loop) and
 * string code (strlen, strcmp, a byte copy and a word count). Built twice, as kernels.c: with
 * -DDATA_DCCM=1 the data live in the DCCM, otherwise in external memory; code and stack are in
 * external memory either way. Every datum is initialised by code (the RTL testbench does not
 * preload the DCCM). */
#include <stdint.h>

#include "harness.h"
#include "pmusim_rt.h"

#if DATA_DCCM
#define DATA __attribute__((section(".dccm")))
#define WHERE "dccm"
#else
#define DATA
#define WHERE "ext"
#endif

DATA volatile uint32_t ho_sink;
static uint32_t seed;

static uint32_t rnd(void)
{
    seed = seed * 1664525u + 1013904223u;
    return seed >> 7;
}

/* ---- insertion sort ---- */
#define N_INS 96
DATA int32_t ins_a[N_INS];

static void ins_setup(void)
{
    seed = 11;
    for (unsigned i = 0; i < N_INS; i++)
        ins_a[i] = (int32_t)(rnd() & 0xFFFF) - 0x8000;
}

static void ins_run(void)
{
    for (int i = 1; i < N_INS; i++) {
        int32_t v = ins_a[i];
        int j = i - 1;
        while (j >= 0 && ins_a[j] > v) {
            ins_a[j + 1] = ins_a[j];
            j--;
        }
        ins_a[j + 1] = v;
    }
}

/* ---- heap sort ---- */
#define N_HEAP 160
DATA uint32_t heap_a[N_HEAP];

static void heap_setup(void)
{
    seed = 12;
    for (unsigned i = 0; i < N_HEAP; i++)
        heap_a[i] = rnd();
}

static void sift_down(uint32_t *a, unsigned root, unsigned n)
{
    uint32_t v = a[root];
    for (;;) {
        unsigned child = 2 * root + 1;
        if (child >= n)
            break;
        if (child + 1 < n && a[child + 1] > a[child])
            child++;
        if (a[child] <= v)
            break;
        a[root] = a[child];
        root = child;
    }
    a[root] = v;
}

static void heap_run(void)
{
    for (unsigned i = N_HEAP / 2; i-- > 0;)
        sift_down(heap_a, i, N_HEAP);
    for (unsigned n = N_HEAP - 1; n > 0; n--) {
        uint32_t t = heap_a[0];
        heap_a[0] = heap_a[n];
        heap_a[n] = t;
        sift_down(heap_a, 0, n);
    }
}

/* ---- binary search tree: built from random keys, then searched ---- */
#define N_TREE 128
#define N_LOOKUP 192
typedef struct tnode {
    uint16_t key;
    uint16_t count;
    struct tnode *left, *right;
} tnode_t;
DATA tnode_t tree_nodes[N_TREE];
DATA uint16_t tree_keys[N_LOOKUP];
DATA tnode_t *tree_root;

static void tree_setup(void)
{
    seed = 13;
    tree_root = 0;
    for (unsigned i = 0; i < N_TREE; i++) {
        tnode_t *n = &tree_nodes[i];
        n->key = (uint16_t)(rnd() & 0x3FF);
        n->count = 0;
        n->left = n->right = 0;
        tnode_t **at = &tree_root;
        while (*at)
            at = n->key < (*at)->key ? &(*at)->left : &(*at)->right;
        *at = n;
    }
    for (unsigned i = 0; i < N_LOOKUP; i++)
        tree_keys[i] = i & 1 ? tree_nodes[rnd() % N_TREE].key : (uint16_t)(rnd() & 0x3FF);
}

static void tree_run(void)
{
    uint32_t found = 0;
    for (unsigned i = 0; i < N_LOOKUP; i++) {
        uint16_t k = tree_keys[i];
        tnode_t *n = tree_root;
        while (n && n->key != k)
            n = k < n->key ? n->left : n->right;
        if (n) {
            n->count++;
            found++;
        }
    }
    ho_sink = found;
}

/* ---- hash table: open addressing, linear probing ---- */
#define N_HASH 256 /* slots, a power of two */
#define N_KEYS 176
#define N_PROBE 256
DATA uint32_t hash_keys[N_HASH];
DATA uint32_t hash_vals[N_HASH];
DATA uint32_t probe_keys[N_PROBE];

static unsigned hash_of(uint32_t k)
{
    return (k * 2654435761u) >> 24;
}

static void hash_setup(void)
{
    seed = 14;
    for (unsigned i = 0; i < N_HASH; i++)
        hash_keys[i] = 0;
    for (unsigned i = 0; i < N_KEYS; i++) {
        uint32_t k = (rnd() & 0xFFFFF) | 1;
        unsigned h = hash_of(k);
        while (hash_keys[h] && hash_keys[h] != k)
            h = (h + 1) & (N_HASH - 1);
        hash_keys[h] = k;
        hash_vals[h] = i;
    }
    for (unsigned i = 0; i < N_PROBE; i++) {
        uint32_t r = rnd();
        probe_keys[i] = r & 1 ? hash_keys[r % N_HASH] | 1 : (r & 0xFFFFF) | 1;
    }
}

static void hash_run(void)
{
    uint32_t s = 0;
    for (unsigned i = 0; i < N_PROBE; i++) {
        uint32_t k = probe_keys[i];
        unsigned h = hash_of(k);
        while (hash_keys[h]) {
            if (hash_keys[h] == k) {
                s += hash_vals[h];
                break;
            }
            h = (h + 1) & (N_HASH - 1);
        }
    }
    ho_sink = s;
}

/* ---- bytecode interpreter: a stack machine running a loop of arithmetic and branches ---- */
enum { OP_PUSH, OP_LOAD, OP_STORE, OP_ADD, OP_SUB, OP_MUL, OP_XOR, OP_SHR, OP_DUP, OP_JNZ, OP_HALT };
#define N_CODE 64
DATA uint8_t vm_code[N_CODE];
DATA int32_t vm_vars[4];

static void vm_setup(void)
{
    /* v0 = 60; v1 = 1; v2 = 0; do { v1 = v1 * 3 ^ (v1 >> 5); v2 = v2 + v1; v0 = v0 - 1 } while (v0) */
    static const uint8_t prog[] = {
        OP_PUSH,  60,      OP_STORE, 0,      OP_PUSH, 1,        OP_STORE, 1,        OP_PUSH, 0,
        OP_STORE, 2, /* loop at 12: */
        OP_LOAD,  1,       OP_PUSH,  3,      OP_MUL,  OP_LOAD,  1,        OP_PUSH,  5,       OP_SHR,
        OP_XOR,   OP_DUP,  OP_STORE, 1,      OP_LOAD, 2,        OP_ADD,   OP_STORE, 2,       OP_LOAD,
        0,        OP_PUSH, 1,        OP_SUB, OP_DUP,  OP_STORE, 0,        OP_JNZ,   12,      OP_HALT,
    };
    for (unsigned i = 0; i < N_CODE; i++)
        vm_code[i] = i < sizeof prog ? prog[i] : OP_HALT;
    for (unsigned i = 0; i < 4; i++)
        vm_vars[i] = 0;
}

static void vm_run(void)
{
    int32_t stack[8];
    unsigned sp = 0, pc = 0;
    for (;;) {
        uint8_t op = vm_code[pc++];
        switch (op) {
        case OP_PUSH: stack[sp++] = vm_code[pc++]; break;
        case OP_LOAD: stack[sp++] = vm_vars[vm_code[pc++]]; break;
        case OP_STORE: vm_vars[vm_code[pc++]] = stack[--sp]; break;
        case OP_ADD:
            sp--;
            stack[sp - 1] += stack[sp];
            break;
        case OP_SUB:
            sp--;
            stack[sp - 1] -= stack[sp];
            break;
        case OP_MUL:
            sp--;
            stack[sp - 1] *= stack[sp];
            break;
        case OP_XOR:
            sp--;
            stack[sp - 1] ^= stack[sp];
            break;
        case OP_SHR:
            sp--;
            stack[sp - 1] = (int32_t)((uint32_t)stack[sp - 1] >> stack[sp]);
            break;
        case OP_DUP:
            stack[sp] = stack[sp - 1];
            sp++;
            break;
        case OP_JNZ:
            if (stack[--sp])
                pc = vm_code[pc];
            else
                pc++;
            break;
        default: ho_sink = (uint32_t)vm_vars[2]; return;
        }
    }
}

/* ---- strings: strlen, strcmp, a byte copy, a word count ---- */
#define N_STR 16
#define STR_LEN 24
DATA char str_a[N_STR][STR_LEN], str_b[N_STR][STR_LEN], str_copy[N_STR * STR_LEN];

static void str_setup(void)
{
    static const char letters[] = "etaoin shrdlu  ";
    seed = 15;
    for (unsigned i = 0; i < N_STR; i++) {
        unsigned len = 4 + rnd() % (STR_LEN - 5);
        for (unsigned j = 0; j < len; j++)
            str_a[i][j] = letters[rnd() % (sizeof letters - 1)];
        str_a[i][len] = 0;
        for (unsigned j = 0; j <= len; j++)
            str_b[i][j] = str_a[i][j];
        if (i & 1) /* half the pairs differ somewhere */
            str_b[i][rnd() % len] = 'z';
    }
}

static unsigned my_strlen(const char *s)
{
    const char *p = s;
    while (*p)
        p++;
    return (unsigned)(p - s);
}

static int my_strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static void str_run(void)
{
    uint32_t s = 0;
    char *out = str_copy;
    for (unsigned i = 0; i < N_STR; i++) {
        unsigned len = my_strlen(str_a[i]);
        s += len + (my_strcmp(str_a[i], str_b[i]) != 0);
        for (unsigned j = 0; j <= len; j++)
            out[j] = str_a[i][j];
        out += len;
    }
    unsigned words = 0;
    int in_word = 0;
    for (const char *p = str_copy; *p; p++) {
        int letter = *p != ' ';
        words += letter && !in_word;
        in_word = letter;
    }
    ho_sink = s + words;
}

int main(void)
{
    vt_measure("isort-" WHERE, ins_setup, ins_run);
    vt_measure("heap-" WHERE, heap_setup, heap_run);
    vt_measure("tree-" WHERE, tree_setup, tree_run);
    vt_measure("hash-" WHERE, hash_setup, hash_run);
    vt_measure("vm-" WHERE, vm_setup, vm_run);
    vt_measure("str-" WHERE, str_setup, str_run);
    vt_done();
    return 0;
}
