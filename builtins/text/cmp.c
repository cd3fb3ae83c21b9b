/* cmp.c: compare two files byte by byte (GNU diffutils cmp): first
 * difference as "A B differ: byte N, line M", -l lists every differing
 * byte in octal, -b adds the bytes cat -v style, -s only sets the status,
 * -i SKIP[:SKIP2], -n LIMIT.  Exit 0 same, 1 different, 2 trouble. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static void vis(char *out, unsigned char c) {
  char *p = out;
  if (c >= 128) {
    *p++ = 'M';
    *p++ = '-';
    c -= 128;
  }
  if (c < 32) {
    *p++ = '^';
    *p++ = (char)(c + 64);
  } else if (c == 127) {
    *p++ = '^';
    *p++ = '?';
  } else {
    *p++ = (char)c;
  }
  *p = 0;
}

static bool parse_skip(const char *s, uint64_t *a, uint64_t *b2) {
  const char *colon = strchr(s, ':');
  char first[64];
  size_t n = colon ? (size_t)(colon - s) : strlen(s);
  if (n >= sizeof(first)) return false;
  memcpy(first, s, n);
  first[n] = 0;
  if (!bi_parse_size(first, a)) return false;
  *b2 = *a;
  return colon ? bi_parse_size(colon + 1, b2) : true;
}

static int skip_bytes(bi_ctx *b, sh_stream *s, uint64_t n) {
  char buf[8192];
  while (n) {
    size_t want = n < sizeof(buf) ? (size_t)n : sizeof(buf);
    int64_t r = bi_read_full(b, s, buf, want);
    if (r < 0) return (int)r;
    if (r == 0) break;
    n -= (uint64_t)r;
  }
  return 0;
}

static uint64_t file_size(bi_ctx *b, const char *name) {
  vfs_info st;
  const char *p = strcmp(name, "-") ? bi_path(b, name) : NULL;
  if (p && !vfs_stat(b->fs, p, true, &st) && st.type == VFS_REG) return st.size;
  return INT64_MAX; /* unknown (a pipe): GNU sizes -l's column for the
                       largest offset there can be */
}

static const bi_option cmp_longopts[] = {
    {"print-bytes", BI_ARG_NONE, 'b', NULL},
    {"ignore-initial", BI_ARG_REQUIRED, 'i', NULL},
    {"verbose", BI_ARG_NONE, 'l', NULL},
    {"bytes", BI_ARG_REQUIRED, 'n', NULL},
    {"quiet", BI_ARG_NONE, 's', NULL},
    {"silent", BI_ARG_NONE, 's', NULL},
    {0}};

/* The option list is spelled out: -s has two long names. */
static const bi_cmd cmp_cmd = {
    .name = "cmp",
    .usage = "Usage: cmp [OPTION]... FILE1 [FILE2 [SKIP1 [SKIP2]]]\n",
    .about =
        "Compare two files byte by byte.\n"
        "\n"
        "  -b, --print-bytes          print differing bytes\n"
        "  -i, --ignore-initial=SKIP  skip first SKIP bytes of both inputs\n"
        "  -l, --verbose              output byte numbers and differing "
        "byte values\n"
        "  -n, --bytes=LIMIT          compare at most LIMIT bytes\n"
        "  -s, --quiet, --silent      suppress all normal output\n"
        "\n"
        "Exit status is 0 if inputs are the same, 1 if different, 2 if "
        "trouble.\n",
    .shortopts = "bi:ln:s",
    .longopts = cmp_longopts,
    .bad_status = 2,
    .flags = BI_CMD_TRY_NAMED, /* diffutils' Try line names the program */
};

typedef struct cmp_opts {
  bool bytes, list, silent, has_limit;
  uint64_t skip1, skip2, limit;
} cmp_opts;

/* Options and operands: -1 to go on, else the exit status. */
static int cmp_options(bi_ctx *b, bi_opts *g, cmp_opts *o) {
  int c;
  while ((c = bi_opt(b, g, &cmp_cmd)) != -1) {
    switch (c) {
    case 'b': o->bytes = true; break;
    case 'l': o->list = true; break;
    case 's': o->silent = true; break;
    case 'i':
      if (!parse_skip(g->arg, &o->skip1, &o->skip2))
        return bi_usage_error(b, &cmp_cmd,
                              "invalid --ignore-initial value '%s'", g->arg);
      break;
    case 'n':
      if (!bi_parse_size(g->arg, &o->limit))
        return bi_usage_error(b, &cmp_cmd, "invalid --bytes value '%s'",
                              g->arg);
      o->has_limit = true;
      break;
    default: return g->status;
    }
  }
  if (o->list && o->silent)
    return bi_usage_error(b, &cmp_cmd, "options -l and -s are incompatible");
  if (g->noperands < 1)
    return bi_usage_error(
        b, &cmp_cmd, "missing operand after '%s'", /* diffutils: ASCII quotes */
        b->argv[b->argc - 1]);
  if (g->noperands > 4)
    return bi_usage_error(b, &cmp_cmd, "invalid --ignore-initial value '%s'",
                          g->operands[4]);
  if (g->noperands > 2 && !bi_parse_size(g->operands[2], &o->skip1)) return 2;
  if (g->noperands > 3 && !bi_parse_size(g->operands[3], &o->skip2)) return 2;
  return -1;
}

/* A differing byte at pos (1-based) on line: -l's line, or the first
 * difference ("differ: byte N, line L"; -b adds the byte values). */
static void put_diff(vsh_buf *o, const cmp_opts *co, const char *n1,
                     const char *n2, unsigned char c1, unsigned char c2,
                     uint64_t pos, uint64_t line, int owidth) {
  char v1[8], v2[8];
  vis(v1, c1);
  vis(v2, c2);
  if (co->list) {
    if (co->bytes)
      vsh__buf_printf(o, "%*llu %3o %-4s %3o %s\n", owidth,
                      (unsigned long long)pos, c1, v1, c2, v2);
    else
      vsh__buf_printf(o, "%*llu %3o %3o\n", owidth, (unsigned long long)pos, c1,
                      c2);
    return;
  }
  vsh__buf_printf(o, "%s %s differ: byte %llu, line %llu", n1, n2,
                  (unsigned long long)pos, (unsigned long long)line);
  if (co->bytes) vsh__buf_printf(o, " is %3o %s %3o %s", c1, v1, c2, v2);
  vsh__buf_putc(o, '\n');
}

/* One input (shorter) ended after off bytes inside the common range. */
static void eof_on(bi_ctx *b, const cmp_opts *co, const char *shorter,
                   uint64_t off, uint64_t line, bool last_nl) {
  if (off == 0) bi_err(b, "EOF on %s which is empty", shorter);
  else if (co->list)
    bi_err(b, "EOF on %s after byte %llu", shorter, (unsigned long long)off);
  else if (last_nl)
    bi_err(b, "EOF on %s after byte %llu, line %llu", shorter,
           (unsigned long long)off, (unsigned long long)(line - 1));
  else
    bi_err(b, "EOF on %s after byte %llu, in line %llu", shorter,
           (unsigned long long)off, (unsigned long long)line);
}

int bi_cmp_main(bi_ctx *b) {
  bi_opts g = {0};
  cmp_opts co = {0};
  int ost = cmp_options(b, &g, &co);
  if (ost >= 0) return ost;
  bool list = co.list, silent = co.silent, has_limit = co.has_limit;
  uint64_t skip1 = co.skip1, skip2 = co.skip2, limit = co.limit;
  const char *n1 = g.operands[0], *n2 = g.noperands > 1 ? g.operands[1] : "-";
  sh_stream *s1 = NULL, *s2 = NULL;
  /* -s: GNU is silent about files it cannot open too */
  int rc = bi_open_input(b, n1, &s1);
  if (rc) {
    if (!silent) bi_file_err_raw(b, n1, rc);
    return 2;
  }
  rc = bi_open_input(b, n2, &s2);
  if (rc) {
    if (!silent) bi_file_err_raw(b, n2, rc);
    sh_stream_unref(s1);
    return 2;
  }
  int st = 0;
  if ((rc = skip_bytes(b, s1, skip1)) || (rc = skip_bytes(b, s2, skip2))) {
    st = 2;
    goto done;
  }
  int owidth = 1;
  if (list) {
    uint64_t z1 = file_size(b, n1), z2 = file_size(b, n2);
    uint64_t m = z1 < z2 ? z1 : z2;
    if (has_limit && limit < m) m = limit;
    for (; m >= 10; m /= 10) owidth++;
  }
  unsigned char a[32768], bb[32768];
  uint64_t off = 0, line = 1;
  bool last_nl = false;
  vsh_buf o = {0};
  for (;;) {
    size_t want = sizeof(a);
    if (has_limit && limit - off < want) want = (size_t)(limit - off);
    if (!want) break;
    int64_t r1 = bi_read_full(b, s1, a, want);
    if (r1 < 0) {
      rc = (int)r1;
      bi_file_err_raw(b, n1, rc);
      st = 2;
      break;
    }
    int64_t r2 = bi_read_full(b, s2, bb, want);
    if (r2 < 0) {
      rc = (int)r2;
      bi_file_err_raw(b, n2, rc);
      st = 2;
      break;
    }
    size_t n = (size_t)(r1 < r2 ? r1 : r2);
    bool stop = false;
    for (size_t i = 0; i < n; i++) {
      if (a[i] != bb[i]) {
        st = 1;
        if (!silent)
          put_diff(&o, &co, n1, n2, a[i], bb[i], off + i + 1, line, owidth);
        if (silent || !list) {
          stop = true;
          break;
        }
        continue;
      }
      if (a[i] == '\n') line++;
      last_nl = a[i] == '\n';
    }
    if (stop) break;
    off += n;
    if (o.len > 32768) {
      if ((rc = bi_write(b, o.data, o.len))) break;
      vsh__buf_clear(&o);
    }
    if (r1 != r2) {
      /* one input ended inside the common range */
      st = 1;
      if (!silent) eof_on(b, &co, r1 < r2 ? n1 : n2, off, line, last_nl);
      break;
    }
    if ((size_t)r1 < want) break;
  }
  if (!rc && o.len) rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  if (rc == VSH_EPIPE) st = 141;
done:
  sh_stream_unref(s1);
  sh_stream_unref(s2);
  return st;
}
