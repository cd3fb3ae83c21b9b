/* split.c: split a file into pieces (-l lines, -b bytes, -C line bytes,
 * -n chunks: N, K/N, l/N, l/K/N, r/N, r/K/N; -e; -t separator; -d/-x
 * numeric/hex suffixes from a start, -a length, --additional-suffix,
 * PREFIX).  Streams -l and -b; -C and -n read the whole input first.
 * Without -a the suffix widens as GNU's does (xyz, xzaaa, ...), and -n
 * makes it long enough for its chunks. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

enum { OPT_ADDITIONAL_SUFFIX = BI_OPT_FIRST, OPT_VERBOSE };

/* the ways to split: at most one may be named */
enum { SP_LINES = 1, SP_BYTES, SP_LINE_BYTES, SP_CHUNKS };

static const bi_option split_longopts[] = {
    {"suffix-length", BI_ARG_REQUIRED, 'a', NULL},
    {"additional-suffix", BI_ARG_REQUIRED, OPT_ADDITIONAL_SUFFIX, NULL},
    {"bytes", BI_ARG_REQUIRED, 'b', NULL},
    {"lines", BI_ARG_REQUIRED, 'l', NULL},
    {"number", BI_ARG_REQUIRED, 'n', NULL},
    {"numeric-suffixes", BI_ARG_OPTIONAL, 'd', NULL},
    {"hex-suffixes", BI_ARG_OPTIONAL, 'x', NULL},
    {"verbose", BI_ARG_NONE, OPT_VERBOSE, NULL},
    {"line-bytes", BI_ARG_REQUIRED, 'C', NULL},
    {"elide-empty-files", BI_ARG_NONE, 'e', NULL},
    {"separator", BI_ARG_REQUIRED, 't', NULL},
    {"unbuffered", BI_ARG_NONE, 'u', NULL},
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
        "  -C, --line-bytes=SIZE   put at most SIZE bytes of records per "
        "output file\n"
        "  -d                      use numeric suffixes starting at 0, not "
        "alphabetic\n"
        "      --numeric-suffixes[=FROM]  same as -d, but allow setting the "
        "start value\n"
        "  -x                      use hex suffixes starting at 0, not "
        "alphabetic\n"
        "      --hex-suffixes[=FROM]  same as -x, but allow setting the "
        "start value\n"
        "  -e, --elide-empty-files  do not generate empty output files "
        "with '-n'\n"
        "  -l, --lines=NUMBER      put NUMBER lines/records per output file\n"
        "  -n, --number=CHUNKS     generate CHUNKS output files\n"
        "  -t, --separator=SEP     use SEP instead of newline as the record "
        "separator\n"
        "  -u, --unbuffered        accepted (output is never held back)\n"
        "      --verbose           print a diagnostic just before each "
        "output file is opened\n"
        "      --help     display this help and exit\n"
        "      --version  output version information and exit\n",
    .shortopts = "a:b:C:dxel:n:t:u0123456789",
    .longopts = split_longopts,
};

typedef struct sp_st {
  bi_ctx *b;
  const char *prefix, *add_suffix;
  int suffix_len;
  bool auto_len;    /* no -a: the suffix widens (xyz, xzaaa) */
  int radix;        /* 26, 10, 16 */
  const char *from; /* --numeric-suffixes=FROM: the first suffix's digits */
  bool started;
  unsigned char digit[64];
  char widened[64]; /* the last letters the prefix gained in widening */
  int nwidened;
  bool verbose;
  vfs_file *cur;
  char sep; /* -t */
} sp_st;

static char digit_char(const sp_st *s, unsigned d) {
  return (char)(s->radix == 26 ? 'a' + d : d < 10 ? '0' + d : 'a' + d - 10);
}

/* The suffix's next value, as GNU's next_file_name: without -a, when
 * its first digit would become the last one of the alphabet the prefix
 * takes that character and the suffix grows by one.  False when
 * exhausted. */
static bool next_suffix(sp_st *s) {
  if (!s->started) {
    s->started = true;
    size_t fl = s->from ? strlen(s->from) : 0;
    for (int i = 0; i < s->suffix_len; i++) {
      int k = i - (s->suffix_len - (int)fl);
      s->digit[i] = (unsigned char)(k >= 0 ? s->from[k] - '0' : 0);
    }
    return true;
  }
  for (int i = s->suffix_len - 1; i >= 0; i--) {
    if (++s->digit[i] < s->radix) {
      if (i == 0 && s->auto_len && s->digit[0] == s->radix - 1) {
        if (s->nwidened + 1 >= (int)sizeof(s->widened) ||
            s->suffix_len + 1 >= (int)sizeof(s->digit))
          return false;
        s->widened[s->nwidened++] = digit_char(s, (unsigned)s->radix - 1);
        s->suffix_len++;
        memset(s->digit, 0, sizeof(s->digit));
      }
      return true;
    }
    s->digit[i] = 0;
  }
  return false;
}

static int open_next(sp_st *s) {
  if (s->cur) {
    vfs_file_close(s->cur);
    s->cur = NULL;
  }
  if (!next_suffix(s)) {
    bi_err(s->b, "output file suffixes exhausted");
    return 1;
  }
  char suf[64];
  for (int i = 0; i < s->suffix_len; i++) suf[i] = digit_char(s, s->digit[i]);
  suf[s->suffix_len] = 0;
  vsh_buf name = {0};
  vsh__buf_printf(&name, "%s%.*s%s%s", s->prefix, s->nwidened, s->widened, suf,
                  s->add_suffix ? s->add_suffix : "");
  if (s->verbose)
    bi_printf(s->b, "creating file %s\n", bi_quote(s->b, name.data));
  const char *p = bi_path(s->b, name.data);
  int rc = p ? vfs_open(s->b->fs, p, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                        bi_create_mode(s->b, 0666), &s->cur)
             : bi_path_error(name.data);
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
  int way; /* SP_* */
  uint64_t lines, bytes, chunks, only_chunk;
  bool chunk_lines, round_robin, elide;
} sp_sizes;

/* Names the way to split (GNU refuses two); false after the error. */
static bool set_way(bi_ctx *b, sp_sizes *z, int way) {
  if (z->way && z->way != way) {
    bi_usage_error(b, &split_cmd, "cannot split in more than one way");
    return false;
  }
  z->way = way;
  return true;
}

/* --numeric-suffixes=FROM: decimal digits, which GNU then writes as
 * the first suffix (in hex too). */
static bool parse_from(bi_ctx *b, const char *a, sp_st *s) {
  if (!*a || a[strspn(a, "0123456789")]) {
    bi_usage_error(b, &split_cmd,
                   "%s: invalid start value for numerical suffix",
                   bi_cquote(b, a));
    return false;
  }
  while (a[0] == '0' && a[1]) a++;
  s->from = a;
  return true;
}

/* FROM as a count, for the room -n needs (saturating). */
static uint64_t from_value(const sp_st *s) {
  uint64_t v = 0;
  for (const char *p = s->from; p && *p; p++)
    v = v > UINT64_MAX / 16 ? UINT64_MAX
                            : v * (uint64_t)s->radix + (uint64_t)(*p - '0');
  return v;
}

/* Options and operand count: -1 to go on, else the exit status. */
static int split_options(bi_ctx *b, bi_opts *g, sp_st *s, sp_sizes *z) {
  int c;
  bool a_default = true;
  while ((c = bi_opt(b, g, &split_cmd)) != -1) {
    switch (c) {
    case 'a': {
      char *end;
      long v = strtol(g->arg, &end, 10);
      if (*end || !*g->arg || v < 0 || v > 60) {
        bi_err(b, "invalid suffix length: %s", bi_cquote(b, g->arg));
        return 1;
      }
      if (!v) break; /* -a 0: the default, growing length (GNU) */
      s->suffix_len = (int)v;
      s->auto_len = a_default = false;
      break;
    }
    case OPT_ADDITIONAL_SUFFIX: s->add_suffix = g->arg; break;
    case 'b':
    case 'C':
      if (!set_way(b, z, c == 'b' ? SP_BYTES : SP_LINE_BYTES)) return 1;
      if (!bi_parse_size(g->arg, &z->bytes) || !z->bytes) {
        bi_err(b, "invalid number of bytes: %s%s", bi_cquote(b, g->arg),
               bi_parse_size(g->arg, &z->bytes)
                   ? ": Numerical result out of range"
                   : "");
        return 1;
      }
      break;
    case 'e': z->elide = true; break;
    case 'u': break;
    case 't':
      if (g->arg[0] && g->arg[1] && strcmp(g->arg, "\\0")) {
        bi_err(b, "multi-character separator %s", bi_cquote(b, g->arg));
        return 1;
      }
      if (!g->arg[0]) {
        bi_err(b, "empty record separator");
        return 1;
      }
      s->sep = g->arg[1] ? 0 : g->arg[0];
      break;
    case 'l':
      if (!set_way(b, z, SP_LINES)) return 1;
      if (!bi_parse_size(g->arg, &z->lines) || !z->lines) {
        bi_err(b, "invalid number of lines: %s%s", bi_cquote(b, g->arg),
               bi_parse_size(g->arg, &z->lines)
                   ? ": Numerical result out of range"
                   : "");
        return 1;
      }
      break;
    case 'n': {
      if (!set_way(b, z, SP_CHUNKS)) return 1;
      const char *a = g->arg;
      z->chunk_lines = z->round_robin = false;
      if ((a[0] == 'l' || a[0] == 'r') && a[1] == '/') {
        z->chunk_lines = a[0] == 'l';
        z->round_robin = a[0] == 'r';
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
      break;
    }
    case 'd':
    case 'x':
      s->radix = c == 'd' ? 10 : 16;
      if (g->arg && !parse_from(b, g->arg, s)) return 1;
      break;
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
    case '9':
      if (z->way != SP_LINES) z->lines = 0;
      if (!set_way(b, z, SP_LINES)) return 1;
      z->lines = z->lines * 10 + (uint64_t)(c - '0');
      break;
    default: return g->status;
    }
  }
  if (!z->way) {
    z->way = SP_LINES;
    z->lines = 1000;
  }
  /* as GNU's set_suffix_length: -n N needs room for N names (from FROM
   * when FROM < N); a FROM or -n turns widening off */
  if (s->from) s->auto_len = false;
  if (z->way == SP_CHUNKS) {
    uint64_t end = z->chunks - 1, f = from_value(s);
    if (s->from && f < z->chunks) end = end + f < end ? UINT64_MAX : end + f;
    int len = 0;
    do len++;
    while (end /= (uint64_t)s->radix);
    if (!a_default && s->suffix_len < len) {
      bi_err(b, "the suffix length needs to be at least %d", len);
      return 1;
    }
    if (len > s->suffix_len) s->suffix_len = len;
    s->auto_len = false;
  }
  if (s->from && strlen(s->from) > (size_t)s->suffix_len) {
    return bi_usage_error(b, &split_cmd,
                          "numerical suffix start value is too large for the "
                          "suffix length");
  }
  if (g->noperands > 2)
    return bi_usage_error(b, &split_cmd, "extra operand %s",
                          bi_quote(b, g->operands[2]));
  return -1;
}

/* One piece from the whole input: a new file unless the piece is empty
 * under -e; the exit status. */
static int piece(sp_st *s, const sp_sizes *z, const char *d, size_t n) {
  if (!n && z->elide) return 0;
  if (open_next(s)) return 1;
  return n ? put(s, d, n) : 0;
}

/* -n r/N: record i to file i % N (all N made first, unless -e), or with
 * r/K/N the records of file K to stdout; the exit status. */
static int split_rr(bi_ctx *b, sp_st *s, const sp_sizes *z, const vsh_buf *a) {
  uint64_t n = z->chunks;
  vfs_file **fh = NULL;
  int st = 0;
  if (!z->only_chunk) {
    fh = calloc((size_t)n, sizeof(*fh));
    if (!fh) return 1;
  }
  for (uint64_t k = 0; fh && k < n && !st && !z->elide; k++) {
    st = open_next(s);
    fh[k] = s->cur;
    s->cur = NULL;
  }
  size_t pos = 0;
  for (uint64_t i = 0; pos < a->len && !st; i++) {
    if (bi_charge(b, 1)) {
      st = 1;
      break;
    }
    const char *e = memchr(a->data + pos, s->sep, a->len - pos);
    size_t len = e ? (size_t)(e - (a->data + pos)) + 1 : a->len - pos;
    uint64_t k = i % n;
    if (z->only_chunk) {
      if (k + 1 == z->only_chunk && bi_write(b, a->data + pos, len)) st = 141;
    } else {
      if (!fh[k] && !(st = open_next(s))) {
        fh[k] = s->cur;
        s->cur = NULL;
      }
      if (!st) {
        s->cur = fh[k];
        st = put(s, a->data + pos, len);
        s->cur = NULL;
      }
    }
    pos += len;
  }
  for (uint64_t k = 0; fh && k < n; k++)
    if (fh[k]) vfs_file_close(fh[k]);
  free(fh);
  return st;
}

/* -C SIZE: as many whole records as fit in SIZE bytes, a record longer
 * than that cut into SIZE-byte pieces (GNU's line_bytes_split). */
static int split_line_bytes(bi_ctx *b, sp_st *s, const sp_sizes *z,
                            const vsh_buf *a) {
  size_t pos = 0, max = (size_t)z->bytes;
  int st = 0;
  while (pos < a->len && !st) {
    if (bi_charge(b, 1)) return 1;
    size_t len = a->len - pos;
    if (len >= max) {
      len = max;
      for (size_t k = max; k-- > 0;)
        if (a->data[pos + k] == s->sep) {
          len = k + 1;
          break;
        }
    }
    st = piece(s, z, a->data + pos, len);
    pos += len;
  }
  return st;
}

/* -n CHUNKS: byte chunks (the last takes the rest), l/: moved to the
 * next record end; K/N: only chunk K, on stdout; the exit status. */
static int split_chunks(bi_ctx *b, sp_st *s, const sp_sizes *z,
                        const vsh_buf *all) {
  int st = 0;
  uint64_t chunks = z->chunks;
  uint64_t total = all->len, pos = 0;
  /* at least a byte a chunk while there are bytes, as GNU */
  uint64_t size = total / chunks ? total / chunks : 1;
  for (uint64_t k = 0; k < chunks && !st; k++) {
    if (bi_charge(b, 1)) return 1;
    uint64_t start = k * size < total ? k * size : total;
    uint64_t end =
        k + 1 == chunks || (k + 1) * size > total ? total : (k + 1) * size;
    if (z->chunk_lines) {
      /* chunk boundaries move to the next record end */
      start = pos;
      if (k + 1 < chunks) {
        uint64_t e = end;
        while (e < total && e > 0 && all->data[e - 1] != s->sep) e++;
        end = e < start ? start : e;
      }
      pos = end;
    }
    if (z->only_chunk) {
      if (k + 1 == z->only_chunk && end > start &&
          bi_write(b, all->data + start, end - start) == VSH_EPIPE)
        st = 141;
      continue;
    }
    st = piece(s, z, all->data + start, (size_t)(end - start));
  }
  return st;
}

/* The whole input, for -n and -C; 0 or 1. */
static int read_all(bi_ctx *b, sh_stream *in, char *buf, vsh_buf *all) {
  for (;;) {
    if (bi_cancelled(b)) return 1;
    int64_t r = bi_read(b, in, buf, 65536);
    if (r < 0) return 1;
    if (r == 0) return 0;
    if (vsh__buf_append(all, buf, (size_t)r)) return 1;
  }
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
          if (buf[k++] == s->sep) in_piece++;
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
  sp_st s = {.b = b,
             .prefix = "x",
             .suffix_len = 2,
             .auto_len = true,
             .radix = 26,
             .sep = '\n'};
  sp_sizes z = {0};
  int ost = split_options(b, &g, &s, &z);
  if (ost >= 0) return ost;
  const char *inf = g.noperands ? g.operands[0] : "-";
  if (g.noperands > 1) s.prefix = g.operands[1];
  sh_stream *in = b->in, *own = NULL;
  if (strcmp(inf, "-")) {
    const char *p = bi_path(b, inf);
    vfs_file *fh = NULL;
    int rc = p ? vfs_open(b->fs, p, VFS_O_READ, 0, &fh) : bi_path_error(inf);
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
  if (buf && (z.way == SP_CHUNKS || z.way == SP_LINE_BYTES)) {
    vsh_buf all = {0};
    st = read_all(b, in, buf, &all);
    if (!st && z.way == SP_LINE_BYTES) st = split_line_bytes(b, &s, &z, &all);
    else if (!st && z.round_robin) st = split_rr(b, &s, &z, &all);
    else if (!st) st = split_chunks(b, &s, &z, &all);
    vsh_buf_dispose(&all);
  } else if (buf) {
    st = split_stream(b, &s, &z, in, buf);
  }
  if (s.cur) vfs_file_close(s.cur);
  free(buf);
  if (own) sh_stream_unref(own);
  return st;
}
