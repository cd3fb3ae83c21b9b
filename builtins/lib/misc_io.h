/* misc_io.h: input helpers shared by the misc toolbox commands (od, xxd,
 * the checksums, diff, patch, compressors, tar...): open an operand the
 * way cat does ("-" and /dev/stdin included), read it in chunks or
 * whole, and map stream errors to GNU exit statuses.  Lines: bi_reader
 * (builtins.h), the one line reader. */
#ifndef VSH_BUILTINS_MISC_IO_H
#define VSH_BUILTINS_MISC_IO_H

#include "builtins/builtins.h"

/* Opens name for reading: "-" is stdin.  *out holds a reference. */
int mi_open(bi_ctx *b, const char *name, sh_stream **out);
/* Reads up to n bytes, retrying short reads until n or EOF; checks
 * cancellation.  >= 0 bytes or a negative vsh_err. */
int64_t mi_read_full(bi_ctx *b, sh_stream *s, void *buf, size_t n);
/* Appends the whole stream to out (bounded by the exec's memory). */
int mi_read_all(bi_ctx *b, sh_stream *s, vsh_buf *out);
/* Whole file by name ("-" = stdin). */
int mi_slurp(bi_ctx *b, const char *name, vsh_buf *out);
/* Creates/truncates path and writes data. */
int mi_write_file(bi_ctx *b, const char *name, const void *data, size_t n,
                  unsigned mode);

/* ts formatted as date +FORMAT does, in the context's TZ (date.c). */
void mi_format_time(bi_ctx *b, vsh_buf *o, const char *fmt,
                    struct timespec ts);
/* ts as "%Y-%m-%d %H:%M:%S.%N %z". */
void mi_format_mtime(bi_ctx *b, vsh_buf *o, struct timespec ts);

/* Prints "name: file: strerror" unless rc is EPIPE/EABORTED. */
void mi_file_err(bi_ctx *b, const char *file, int rc);
/* Exit status for a fatal rc: 141 for EPIPE, else fallback. */
static inline int mi_status(int rc, int fallback) {
  return rc == VSH_EPIPE ? 141 : fallback;
}

#endif
