/*
 * strings: tokenizing, reversing and a word-frequency count over a fixed text,
 * using picolibc's string functions (strtok_r, strcmp, strstr, strchr, strlen,
 * memcpy, qsort) and picolibc's printf for the result lines.
 * Checks: token count equals an independent character-level word count, double
 * reversal restores the text, frequencies sum to the token count, the count of
 * "the" equals a strstr-based count, and the frequency table is properly ordered.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pmusim_example.h"

static const char text[] =
    "The quick brown fox jumps over the lazy dog. A simulator models the machine, and the "
    "machine runs the program; the program counts the events.\n"
    "Performance counters count cycles, instructions, branches and cache misses: the counts "
    "tell the story of the program. Level, radar and noon read the same in both directions.\n"
    "When the counter overflows, the interrupt fires, the handler samples the program counter "
    "and the profile grows. A deterministic simulator gives the same counts on every run, "
    "which makes the tests reproducible and the bugs easy to find.\n";

static const char delims[] = " ,.;:\n";

#define MAX_WORDS 128
#define WORD_LEN 24

typedef struct {
    char word[WORD_LEN];
    int count;
} freq_t;

static char buf[sizeof text];
static char rev[sizeof text];
static char *tokens[256];
static freq_t table[MAX_WORDS];

static void reverse(char *s, size_t n)
{
    for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
        char t = s[i];
        s[i] = s[j - 1];
        s[j - 1] = t;
    }
}

static int by_count_then_word(const void *a, const void *b)
{
    const freq_t *x = a, *y = b;
    if (x->count != y->count)
        return y->count - x->count;
    return strcmp(x->word, y->word);
}

/* Words in text by a character scan: counts delimiter -> non-delimiter transitions. */
static int count_words_scan(const char *s)
{
    int words = 0, in_word = 0;
    for (; *s; s++) {
        int delim = strchr(delims, *s) != NULL;
        if (!delim && !in_word)
            words++;
        in_word = !delim;
    }
    return words;
}

/* Occurrences of a lower-case word as a whole word, case-insensitively, with strstr. */
static int count_word_strstr(const char *lower_text, const char *w)
{
    int n = 0;
    size_t len = strlen(w);
    for (const char *p = strstr(lower_text, w); p; p = strstr(p + 1, w)) {
        int start_ok = p == lower_text || strchr(delims, p[-1]) != NULL;
        int end_ok = p[len] == 0 || strchr(delims, p[len]) != NULL;
        n += start_ok && end_ok;
    }
    return n;
}

static int is_palindrome(const char *w)
{
    size_t n = strlen(w);
    for (size_t i = 0; i < n / 2; i++)
        if (w[i] != w[n - 1 - i])
            return 0;
    return 1;
}

int main(void)
{
    ex_state_t ex;
    ex_begin(&ex, "strings");

    /* lower-case copy */
    size_t len = strlen(text);
    for (size_t i = 0; i <= len; i++)
        buf[i] = (char)tolower((unsigned char)text[i]);
    char lower[sizeof text];
    memcpy(lower, buf, sizeof lower);

    /* double reversal of the whole text */
    memcpy(rev, buf, sizeof rev);
    reverse(rev, len);
    ex_check(&ex, strcmp(rev, buf) != 0, "reversed text differs");
    reverse(rev, len);
    ex_check(&ex, strcmp(rev, buf) == 0, "double reversal");

    /* tokenize */
    int ntok = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, delims, &save); t && ntok < 256; t = strtok_r(NULL, delims, &save))
        tokens[ntok++] = t;
    ex_check(&ex, ntok == count_words_scan(text), "token count == scan count");

    /* reverse every token twice, count palindromes and the longest word */
    int palindromes = 0;
    size_t longest = 0;
    const char *longest_word = "";
    for (int i = 0; i < ntok; i++) {
        char w[WORD_LEN];
        size_t n = strlen(tokens[i]);
        if (n >= WORD_LEN) {
            ex_check(&ex, 0, "word too long");
            continue;
        }
        strcpy(w, tokens[i]);
        reverse(w, n);
        palindromes += strcmp(w, tokens[i]) == 0 && n > 1;
        ex_check(&ex, (strcmp(w, tokens[i]) == 0) == is_palindrome(tokens[i]), "palindrome test");
        reverse(w, n);
        ex_check(&ex, strcmp(w, tokens[i]) == 0, "word double reversal");
        if (n > longest) {
            longest = n;
            longest_word = tokens[i];
        }
    }

    /* word frequencies */
    int nunique = 0;
    for (int i = 0; i < ntok; i++) {
        int j;
        for (j = 0; j < nunique; j++)
            if (strcmp(table[j].word, tokens[i]) == 0)
                break;
        if (j == nunique) {
            if (nunique == MAX_WORDS) {
                ex_check(&ex, 0, "too many words");
                break;
            }
            strcpy(table[nunique].word, tokens[i]);
            table[nunique++].count = 0;
        }
        table[j].count++;
    }
    qsort(table, (size_t)nunique, sizeof table[0], by_count_then_word);

    int total = 0, ordered = 1;
    for (int i = 0; i < nunique; i++) {
        total += table[i].count;
        if (i > 0 && by_count_then_word(&table[i - 1], &table[i]) >= 0)
            ordered = 0;
    }
    ex_check(&ex, total == ntok, "frequencies sum to token count");
    ex_check(&ex, ordered, "frequency table order");
    ex_check(&ex, strcmp(table[0].word, "the") == 0, "most frequent word is 'the'");
    ex_check(&ex, table[0].count == count_word_strstr(lower, "the"), "count('the') == strstr count");
    ex_check(&ex, table[0].count == 19, "count('the') == 19");
    ex_check(&ex, palindromes == 3, "3 palindromes longer than 1 (level, radar, noon)");

    printf("strings: %d tokens, %d unique, longest \"%s\" (%d), %d palindromes\n", ntok, nunique,
           longest_word, (int)longest, palindromes);
    printf("strings: top:");
    for (int i = 0; i < 5 && i < nunique; i++)
        printf(" %s=%d", table[i].word, table[i].count);
    printf("\n");

    uint32_t h = 0x811C9DC5u;
    for (int i = 0; i < nunique; i++) {
        for (const char *p = table[i].word; *p; p++)
            h = (h ^ (uint8_t)*p) * 0x01000193u;
        h = (h ^ (uint32_t)table[i].count) * 0x01000193u;
    }
    ex_report(&ex, h);
    return ex_finish(&ex);
}
