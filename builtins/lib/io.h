/* io.h: reading and writing for the commands: open an operand the way
 * cat does ("-" and /dev/stdin included), read it whole, in chunks, or
 * line by line with the one line reader (bi_reader), write a file, loop
 * over operands with head's headers, and report a file error with GNU's
 * wording and exit status.  Part of the command library (lib.h). */
#ifndef VSH_BUILTINS_LIB_IO_H
#define VSH_BUILTINS_LIB_IO_H

#include "shell/command.h"

/* Opens an operand for reading: "-" is stdin, /dev/stdin and /dev/fd/N
 * are the shell's descriptors; a directory gives VSH_EISDIR.  *out holds
 * a reference (sh_stream_unref it). */
int bi_open_input(bi_ctx *b, const char *name, sh_stream **out);

/* Line reader over a stream: bi_read_line returns 1 with the line
 * (including its delimiter when present) valid until the next call, 0 at
 * the end, or a negative vsh_err (VSH_EABORTED when cancelled). */
typedef struct bi_reader {
  bi_ctx *b;
  sh_stream *s;
  char chunk[65536];
  size_t pos, n;
  bool eof;
  vsh_buf line;
} bi_reader;
void bi_reader_init(bi_reader *r, bi_ctx *b, sh_stream *s);
int bi_read_line(bi_reader *r, char delim, const char **line, size_t *len);
void bi_reader_dispose(bi_reader *r);

/* Runs fn on each operand in turn (stdin when there is none) as GNU head
 * and tail do: "==> NAME <==" headers (a blank line between) when headers
 * is 1, or 0 and there are several; open and read errors are reported
 * and the loop goes on.  Returns the exit status (0, 1, or 141 when the
 * reader of stdout is gone). */
typedef int (*bi_input_fn)(bi_ctx *b, sh_stream *in, void *ud);
int bi_each_input(bi_ctx *b, int n, char **names, int headers, bi_input_fn fn,
                  void *ud);

/* Reads up to n bytes, retrying short reads until n or EOF; checks
 * cancellation.  >= 0 bytes or a negative vsh_err. */
int64_t bi_read_full(bi_ctx *b, sh_stream *s, void *buf, size_t n);
/* Appends the whole stream to out (bounded by the exec's memory). */
int bi_read_all(bi_ctx *b, sh_stream *s, vsh_buf *out);
/* Appends the whole file name ("-" = stdin) to out. */
int bi_slurp(bi_ctx *b, const char *name, vsh_buf *out);
/* Creates or truncates name and writes data (mode for a new file). */
int bi_write_file(bi_ctx *b, const char *name, const void *data, size_t n,
                  unsigned mode);

/* Prints "NAME: file: strerror" unless rc is EPIPE/EABORTED, the file
 * quoted as GNU coreutils quote it (bi_quotef). */
void bi_file_err(bi_ctx *b, const char *file, int rc);
/* The same with the name as given (diffutils, util-linux: "a b: ..."). */
void bi_file_err_raw(bi_ctx *b, const char *file, int rc);
/* Exit status for a fatal rc: 141 for EPIPE, else fallback. */
static inline int bi_err_status(int rc, int fallback) {
  return rc == VSH_EPIPE ? 141 : fallback;
}

/* "PROG: " and the question on stderr, then one line of stdin; true
 * when it starts with y or Y (GNU's yes-or-no; no answer is no). */
bool bi_ask(bi_ctx *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* -i: "PROG: overwrite 'NAME'? " on stderr, then one line of stdin; true
 * when it starts with y or Y (GNU's yes-or-no; no answer is no). */
bool bi_ask_overwrite(bi_ctx *b, const char *name);

#endif /* VSH_BUILTINS_LIB_IO_H */
