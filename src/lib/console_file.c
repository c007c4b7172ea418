#include "lib/console_file.h"

static void console_file_write(void *ctx, const void *buf, size_t n)
{
    fwrite(buf, 1, n, (FILE *)ctx);
}

static void console_file_flush(void *ctx)
{
    fflush((FILE *)ctx);
}

console_sink_t console_file_sink(FILE *f)
{
    return (console_sink_t){ console_file_write, console_file_flush, f };
}
