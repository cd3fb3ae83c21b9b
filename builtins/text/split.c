/* split.c: split a file into pieces (-l lines, -b bytes, -n chunks incl.
 * l/N and K/N, -d/-x numeric/hex suffixes, -a length,
 * --additional-suffix, PREFIX).  Streams line/byte modes; -n needs the
 * input size, so it reads a regular file's size or buffers stdin.
 * Deviation: suffixes do not widen automatically when exhausted. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

enum { OPT_ADDITIONAL_SUFFIX = BI_OPT_FIRST, OPT_VERBOSE };

static const bi_option split_longopts[] = {
    {"suffix-length", BI_ARG_REQUIRED, 'a', NULL},
    {"additional-suffix", BI_ARG_REQUIRED, OPT_ADDITIONAL_SUFFIX, NULL},
    {"bytes", BI_ARG_REQUIRED, 'b', NULL},
    {"lines", BI_ARG_REQUIRED, 'l', NULL},
    {"number", BI_ARG_REQUIRED, 'n', NULL},
    {"numeric-suffixes", BI_ARG_OPTIONAL, 'd', NULL},
    {"hex-suffixes", BI_ARG_OPTIONAL, 'x', NULL},
    {"verbose", BI_ARG_NONE, OPT_VERBOSE, NULL},
    {0}};

/* -NUM is -l NUM: the digits are short options. */
static const bi_cmd split_cmd = {
    .name = "split",
    .usage = "Usage: split [OPTION]... [FILE [PREFIX]]\n",
    .about =
        "Output pieces of FILE to PREFIXaa, PREFIXab, ...;\n"
        "default size is 1000 lines, and default PREFIX is 'x'.\n"
        "\n"
        "  -a, --suffix-length=N   generate suffixes of length N (default "
        "2)\n"
        "      --additional-suffix=SUFFIX  append an additional SUFFIX to "
        "file names\n"
        "  -b, --bytes=SIZE        put SIZE bytes per output file\n"
        "  -d                      use numeric suffixes starting at 0, not "
        "alphabetic\n"
        "  -x                      use hex suffixes starting at 0, not "
        "alphabetic\n"
        "  -l, --lines=NUMBER      put NUMBER lines/records per output file\n"
        "  -n, --number=CHUNKS     generate CHUNKS output files\n"
        "      --verbose           print a diagnostic just before each "
        "output file is opened\n"
        "      --help     display this help and exit\n"
        "      --version  output version information and exit\n",
    .shortopts = "a:b:dxl:n:0123456789",
    .longopts = split_longopts,
};

typedef struct sp_st {
  bi_ctx *b;
  const char *prefix, *add_suffix;
  int suffix_len;
  int radix; /* 26, 10, 16 */
  uint64_t index;
  bool verbose;
  vfs_file *cur;
} sp_st;

static int open_next(sp_st *s) {
  if (s->cur) {
    vfs_file_close(s->cur);
    s->cur = NULL;
  }
  uint64_t max = 1;
  for (int i = 0; i < s->suffix_len; i++) max *= (uint64_t)s->radix;
  if (s->index >= max) {
    bi_err(s->b, "output file suffixes exhausted");
    return 1;
  }
  char suf[64];
  uint64_t v = s->index++;
  for (int i = s->suffix_len - 1; i >= 0; i--) {
    unsigned d = (unsigned)(v % (uint64_t)s->radix);
    v /= (uint64_t)s->radix;
    suf[i] = (char)(s->radix == 26 ? 'a' + d : d < 10 ? '0' + d : 'a' + d - 10);
  }
  suf[s->suffix_len] = 0;
  vsh_buf name = {0};
  vsh__buf_printf(&name, "%s%s%s", s->prefix, suf,
                  s->add_suffix ? s->add_suffix : "");
  if (s->verbose)
    bi_printf(s->b, "creating file %s\n", bi_quote(s->b, name.data));
  const char *p = bi_path(s->b, name.data);
  int rc = p ? vfs_open(s->b->fs, p, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                        bi_create_mode(s->b, 0666), &s->cur)
             : VSH_ENAMETOOLONG;
  if (rc) bi_err(s->b, "%s: %s", name.data, vsh_strerror(rc));
  vsh_buf_dispose(&name);
  return rc ? 1 : 0;
}

static int put(sp_st *s, const char *d, size_t n) {
  int64_t w = vfs_file_write(s->cur, d, n);
  if (w < 0) {
    bi_err(s->b, "write error: %s", vsh_strerror((int)w));
    return 1;
  }
  return 0;
}

typedef struct sp_sizes {
  uint64_t lines, bytes, chunks, only_chunk;
  bool chunk_lines;
} sp_sizes;

/* Options and operand count: -1 to go on, else the exit status. */
static int split_options(bi_ctx *b, bi_opts *g, sp_st *s, sp_sizes *z) {
  int c;
  while ((c = bi_opt(b, g, &split_cmd)) != -1) {
    switch (c) {
    case 'a': {
      char *end;
      long v = strtol(g->arg, &end, 10);
      if (*end || v < 1 || v > 60) {
        bi_err(b, "invalid suffix length: %s", bi_cquote(b, g->arg));
        return 1;
      }
      s->suffix_len = (int)v;
      break;
    }
    case OPT_ADDITIONAL_SUFFIX: s->add_suffix = g->arg; break;
    case 'b':
      if (!bi_parse_size(g->arg, &z->bytes) || !z->bytes) {
        bi_err(b, "invalid number of bytes: %s%s", bi_cquote(b, g->arg),
               bi_parse_size(g->arg, &z->bytes)
                   ? ": Numerical result out of range"
                   : "");
        return 1;
      }
      z->lines = z->chunks = 0;
      break;
    case 'l':
      if (!bi_parse_size(g->arg, &z->lines) || !z->lines) {
        bi_err(b, "invalid number of lines: %s%s", bi_cquote(b, g->arg),
               bi_parse_size(g->arg, &z->lines)
                   ? ": Numerical result out of range"
                   : "");
        return 1;
      }
      z->bytes = z->chunks = 0;
      break;
    case 'n': {
      const char *a = g->arg;
      z->chunk_lines = false;
      if (a[0] == 'l' && a[1] == '/') {
        z->chunk_lines = true;
        a += 2;
      }
      const char *sl = strchr(a, '/');
      if (sl) {
        char k[32];
        size_t kl = (size_t)(sl - a);
        if (kl >= sizeof k) return 1;
        memcpy(k, a, kl);
        k[kl] = 0;
        if (!bi_parse_size(k, &z->only_chunk) || !z->only_chunk) {
          bi_err(b, "invalid chunk number: %s", bi_cquote(b, k));
          return 1;
        }
        a = sl + 1;
      }
      if (!bi_parse_size(a, &z->chunks) || !z->chunks) {
        bi_err(b, "invalid number of chunks: %s", bi_cquote(b, a));
        return 1;
      }
      if (z->only_chunk > z->chunks) {
        bi_err(b, "invalid chunk number: %s", bi_cquote(b, g->arg));
        return 1;
      }
      z->lines = z->bytes = 0;
      break;
    }
    case 'd': s->radix = 10; break;
    case 'x': s->radix = 16; break;
    case OPT_VERBOSE: s->verbose = true; break;
    case '0':
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9': z->lines = z->lines * 10 + (uint64_t)(c - '0'); break;
    default: return g->status;
    }
  }
  if (!z->lines && !z->bytes && !z->chunks) z->lines = 1000;
  if (g->noperands > 2)
    return bi_usage_error(b, &split_cmd, "extra operand %s",
                          bi_quote(b, g->operands[2]));
  return -1;
}

/* -n CHUNKS: the whole input read first (its size decides the
 * chunks), then cut into pieces (l/: at line ends; K/N: only chunk K on
 * stdout); the exit status. */
static int split_chunks(bi_ctx *b, sp_st *s, const sp_sizes *z, sh_stream *in,
                        char *buf) {
  vsh_buf all = {0};
  int st = 0;
  uint64_t chunks = z->chunks;
  /* need the whole size: read it all (bounded by the fs/limits) */
  for (;;) {
    if (bi_cancelled(b)) {
      st = 1;
      break;
    }
    int64_t r = bi_read(b, in, buf, 65536);
    if (r <= 0) break;
    if (vsh__buf_append(&all, buf, (size_t)r)) {
      st = 1;
      break;
    }
  }
  uint64_t total = all.len, pos = 0;
  for (uint64_t k = 0; k < chunks && !st; k++) {
    uint64_t start = k * (total / chunks),
             end = k + 1 == chunks ? total : (k + 1) * (total / chunks);
    if (z->chunk_lines) {
      /* chunk boundaries move to the next line end */
      start = pos;
      if (k + 1 < chunks) {
        uint64_t e = end;
        while (e < total && e > 0 && all.data[e - 1] != '\n') e++;
        end = e < start ? start : e;
      }
      pos = end;
    }
    if (z->only_chunk) {
      if (k + 1 == z->only_chunk && end > start &&
          bi_write(b, all.data + start, end - start) == VSH_EPIPE)
        st = 141;
      continue;
    }
    if (open_next(s)) st = 1;
    else if (end > start) st = put(s, all.data + start, end - start);
  }
  vsh_buf_dispose(&all);
  return st;
}

/* -l LINES or -b BYTES: a new piece every so many; the exit status. */
static int split_stream(bi_ctx *b, sp_st *s, const sp_sizes *z, sh_stream *in,
                        char *buf) {
  uint64_t lines = z->lines, bytes = z->bytes;
  uint64_t in_piece = 0; /* lines or bytes written to the current piece */
  int st = 0;
  for (;;) {
    if (bi_cancelled(b)) return 1;
    int64_t r = bi_read(b, in, buf, 65536);
    if (r < 0) return 1;
    if (r == 0) break;
    size_t i = 0, n = (size_t)r;
    while (i < n && !st) {
      if (!s->cur || (bytes && in_piece == bytes) ||
          (lines && in_piece == lines)) {
        if (open_next(s)) return 1;
        in_piece = 0;
      }
      size_t take;
      if (bytes) {
        take = n - i;
        if (take > bytes - in_piece) take = (size_t)(bytes - in_piece);
        in_piece += take;
      } else {
        size_t k = i;
        while (k < n && in_piece < lines) {
          if (buf[k++] == '\n') in_piece++;
        }
        take = k - i;
      }
      st = put(s, buf + i, take);
      i += take;
    }
    if (st) break;
  }
  return st;
}

int bi_split_main(bi_ctx *b) {
  bi_opts g = {0};
  sp_st s = {.b = b, .prefix = "x", .suffix_len = 2, .radix = 26};
  sp_sizes z = {0};
  int ost = split_options(b, &g, &s, &z);
  if (ost >= 0) return ost;
  const char *inf = g.noperands ? g.operands[0] : "-";
  if (g.noperands > 1) s.prefix = g.operands[1];
  sh_stream *in = b->in, *own = NULL;
  if (strcmp(inf, "-")) {
    const char *p = bi_path(b, inf);
    vfs_file *fh = NULL;
    int rc = p ? vfs_open(b->fs, p, VFS_O_READ, 0, &fh) : VSH_ENAMETOOLONG;
    if (rc) {
      bi_err(b, "cannot open %s for reading: %s", bi_quote(b, inf),
             vsh_strerror(rc));
      return 1;
    }
    own = sh_stream_file_new(fh, inf);
    if (!own) return 1;
    in = own;
  }
  int st = 1;
  char *buf = malloc(65536);
  if (buf && z.chunks) st = split_chunks(b, &s, &z, in, buf);
  else if (buf) st = split_stream(b, &s, &z, in, buf);
  if (s.cur) vfs_file_close(s.cur);
  free(buf);
  if (own) sh_stream_unref(own);
  return st;
}
