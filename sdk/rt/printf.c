/* Small formatted output for guests: integers (up to 64 bits), strings, chars, pointers. */
#include "pmusim_rt.h"

typedef struct sink {
    char *buf;   /* NULL: write to the console */
    size_t size; /* buffer capacity including the terminating NUL */
    size_t len;  /* characters produced so far (may exceed size) */
} sink_t;

static void sink_put(sink_t *s, char c)
{
    if (!s->buf)
        rt_putc(c);
    else if (s->len + 1 < s->size)
        s->buf[s->len] = c;
    s->len++;
}

static void sink_pad(sink_t *s, char c, int n)
{
    while (n-- > 0)
        sink_put(s, c);
}

enum { F_LEFT = 1, F_ZERO = 2, F_PLUS = 4, F_SPACE = 8, F_ALT = 16 };

/* Formats one integer: magnitude v, sign already split off into neg. */
static void put_uint(sink_t *s, uint64_t v, int neg, unsigned base, int upper, int flags, int width,
                     int prec)
{
    char digits[24];
    const char *set = upper ? "0123456789ABCDEF" : "0123456789abcdef";
    int n = 0;
    if (base == 10) {
        /* use 32-bit division while the value fits: much cheaper on RV32 */
        while (v > 0xFFFFFFFFu) {
            digits[n++] = set[v % 10u];
            v /= 10u;
        }
        uint32_t w = (uint32_t)v;
        while (w) {
            digits[n++] = set[w % 10u];
            w /= 10u;
        }
    } else {
        unsigned shift = base == 16 ? 4 : 3;
        while (v) {
            digits[n++] = set[v & (base - 1)];
            v >>= shift;
        }
    }
    if (prec < 0 && n == 0)
        digits[n++] = '0';
    int zeros = prec > n ? prec - n : 0;
    char sign = neg ? '-' : (flags & F_PLUS) ? '+' : (flags & F_SPACE) ? ' ' : 0;
    const char *prefix = "";
    if ((flags & F_ALT) && base == 16)
        prefix = upper ? "0X" : "0x";
    int plen = (sign ? 1 : 0) + (prefix[0] ? 2 : 0);
    int total = plen + zeros + n;
    int pad = width > total ? width - total : 0;
    if ((flags & F_ZERO) && !(flags & F_LEFT) && prec < 0) {
        zeros += pad;
        pad = 0;
    }
    if (!(flags & F_LEFT))
        sink_pad(s, ' ', pad);
    if (sign)
        sink_put(s, sign);
    for (const char *p = prefix; *p; p++)
        sink_put(s, *p);
    sink_pad(s, '0', zeros);
    while (n > 0)
        sink_put(s, digits[--n]);
    if (flags & F_LEFT)
        sink_pad(s, ' ', pad);
}

static void format(sink_t *s, const char *fmt, va_list ap)
{
    for (; *fmt; fmt++) {
        if (*fmt != '%') {
            sink_put(s, *fmt);
            continue;
        }
        fmt++;
        int flags = 0;
        for (;; fmt++) {
            if (*fmt == '-')
                flags |= F_LEFT;
            else if (*fmt == '0')
                flags |= F_ZERO;
            else if (*fmt == '+')
                flags |= F_PLUS;
            else if (*fmt == ' ')
                flags |= F_SPACE;
            else if (*fmt == '#')
                flags |= F_ALT;
            else
                break;
        }
        int width = 0;
        if (*fmt == '*') {
            width = va_arg(ap, int);
            if (width < 0) {
                flags |= F_LEFT;
                width = -width;
            }
            fmt++;
        } else {
            while (*fmt >= '0' && *fmt <= '9')
                width = width * 10 + (*fmt++ - '0');
        }
        int prec = -1;
        if (*fmt == '.') {
            fmt++;
            prec = 0;
            if (*fmt == '*') {
                prec = va_arg(ap, int);
                fmt++;
            } else {
                while (*fmt >= '0' && *fmt <= '9')
                    prec = prec * 10 + (*fmt++ - '0');
            }
        }
        int lng = 0; /* 0 int, 1 long, 2 long long, 3 size_t/ptrdiff_t/intmax_t */
        for (;; fmt++) {
            if (*fmt == 'l')
                lng++;
            else if (*fmt == 'h')
                ; /* promoted to int anyway */
            else if (*fmt == 'z' || *fmt == 't')
                lng = sizeof(size_t) == sizeof(long long) ? 2 : 1;
            else if (*fmt == 'j')
                lng = 2;
            else
                break;
        }
        if (lng > 2)
            lng = 2;
        char c = *fmt;
        if (c == 0)
            break;
        switch (c) {
        case 'd':
        case 'i': {
            int64_t v = lng == 2 ? va_arg(ap, long long) : lng == 1 ? va_arg(ap, long) : va_arg(ap, int);
            uint64_t m = v < 0 ? 0u - (uint64_t)v : (uint64_t)v;
            put_uint(s, m, v < 0, 10, 0, flags, width, prec);
            break;
        }
        case 'u':
        case 'x':
        case 'X':
        case 'o': {
            uint64_t v = lng == 2   ? va_arg(ap, unsigned long long)
                         : lng == 1 ? va_arg(ap, unsigned long)
                                    : va_arg(ap, unsigned int);
            unsigned base = c == 'u' ? 10 : c == 'o' ? 8 : 16;
            put_uint(s, v, 0, base, c == 'X', flags & ~(F_PLUS | F_SPACE), width, prec);
            break;
        }
        case 'p': {
            uintptr_t v = (uintptr_t)va_arg(ap, void *);
            put_uint(s, v, 0, 16, 0, F_ALT | (flags & F_LEFT), width, prec);
            break;
        }
        case 'c': {
            char ch = (char)va_arg(ap, int);
            if (!(flags & F_LEFT))
                sink_pad(s, ' ', width - 1);
            sink_put(s, ch);
            if (flags & F_LEFT)
                sink_pad(s, ' ', width - 1);
            break;
        }
        case 's': {
            const char *str = va_arg(ap, const char *);
            if (!str)
                str = "(null)";
            int n = 0;
            while (str[n] && (prec < 0 || n < prec))
                n++;
            if (!(flags & F_LEFT))
                sink_pad(s, ' ', width - n);
            for (int i = 0; i < n; i++)
                sink_put(s, str[i]);
            if (flags & F_LEFT)
                sink_pad(s, ' ', width - n);
            break;
        }
        case '%':
            sink_put(s, '%');
            break;
        default: /* unknown conversion: print it verbatim */
            sink_put(s, '%');
            sink_put(s, c);
            break;
        }
    }
}

int rt_vprintf(const char *fmt, va_list ap)
{
    sink_t s = {0, 0, 0};
    va_list aq;
    va_copy(aq, ap);
    format(&s, fmt, aq);
    va_end(aq);
    return (int)s.len;
}

int rt_printf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = rt_vprintf(fmt, ap);
    va_end(ap);
    return n;
}

int rt_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    char dummy;
    sink_t s = {size ? buf : &dummy, size, 0};
    va_list aq;
    va_copy(aq, ap);
    format(&s, fmt, aq);
    va_end(aq);
    if (size)
        buf[s.len < size ? s.len : size - 1] = 0;
    return (int)s.len;
}

int rt_snprintf(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = rt_vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}
