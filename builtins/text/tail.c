/* tail.c: the last N lines or bytes of files, or everything from line or
 * byte K (+K).  GNU flags -n -c -q -v -z and the obsolete -K form.  Input
 * streams through a window holding only the last N lines/bytes.
 * Deviation: -f/-F/--follow are refused (nothing in a sandbox can grow a
 * file while tail waits), with status 1. */
#include "builtins/builtins.h"

#include <string.h>

typedef struct tail_opts {
  uint64_t n;
  bool bytes, from; /* from: +K, start at line/byte K */
  char delim;
} tail_opts;

enum { OPT_RETRY = BI_OPT_FIRST, OPT_PID };

static const bi_option tail_longopts[] = {
    {"bytes", BI_ARG_REQUIRED, 'c', NULL},
    {"lines", BI_ARG_REQUIRED, 'n', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"silent", BI_ARG_NONE, 'q', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {"follow", BI_ARG_OPTIONAL, 'f', NULL},
    {"retry", BI_ARG_NONE, OPT_RETRY, NULL},
    {"pid", BI_ARG_REQUIRED, OPT_PID, NULL},
    {"sleep-interval", BI_ARG_REQUIRED, 's', NULL},
    {0}};

/* The option list is spelled out: -q has two long names. */
static const bi_cmd tail_cmd = {
    .name = "tail",
    .usage = "Usage: tail [OPTION]... [FILE]...\n",
    .about =
        "Print the last 10 lines of each FILE to standard output.\n"
        "With more than one FILE, precede each with a header giving the "
        "file name.\n"
        "\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "  -c, --bytes=[+]NUM       output the last NUM bytes; or use -c "
        "+NUM to\n"
        "                             output starting with byte NUM of each "
        "file\n"
        "  -n, --lines=[+]NUM       output the last NUM lines, instead of "
        "the last 10;\n"
        "                             or use -n +NUM to skip NUM-1 lines at "
        "the start\n"
        "  -q, --quiet, --silent    never output headers giving file names\n"
        "  -v, --verbose            always output headers giving file names\n"
        "  -z, --zero-terminated    line delimiter is NUL, not newline\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n"
        "(-f, -F and --follow are not supported in vsh.)\n",
    .shortopts = "c:n:qvzfFs:",
    .longopts = tail_longopts,
};

/* +K: skip K-1 lines (or bytes), copy the rest. */
static int tail_from(bi_ctx *b, sh_stream *in, const tail_opts *o, char *buf,
                     size_t cap) {
  uint64_t skip = o->n ? o->n - 1 : 0;
  for (;;) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    int64_t r = bi_read(b, in, buf, cap);
    if (r <= 0) return (int)r;
    size_t start = 0;
    if (skip && o->bytes) {
      start = (uint64_t)r < skip ? (size_t)r : (size_t)skip;
      skip -= start;
    } else if (skip) {
      start = (size_t)r;
      for (size_t i = 0; i < (size_t)r; i++)
        if (buf[i] == o->delim && --skip == 0) {
          start = i + 1;
          break;
        }
    }
    if (start < (size_t)r) {
      int rc = bi_write(b, buf + start, (size_t)r - start);
      if (rc) return rc;
    }
  }
}

/* Last n bytes: keep a window of at most n bytes (compacted lazily so
 * the copying stays linear). */
static int tail_bytes(bi_ctx *b, sh_stream *in, uint64_t n, char *buf,
                      size_t cap) {
  vsh_buf win = {0};
  int rc = 0;
  for (;;) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, buf, cap);
    if (r <= 0) {
      rc = (int)r;
      break;
    }
    if (vsh__buf_append(&win, buf, (size_t)r)) {
      rc = VSH_ENOMEM;
      break;
    }
    if (win.len > n && win.len - n >= n + cap) {
      size_t drop = win.len - (size_t)n;
      memmove(win.data, win.data + drop, (size_t)n);
      win.len = (size_t)n;
    }
  }
  if (!rc && win.len) {
    size_t start = win.len > n ? win.len - (size_t)n : 0;
    rc = bi_write(b, win.data + start, win.len - start);
  }
  vsh_buf_dispose(&win);
  return rc;
}

/* Last n lines: pending bytes plus the offsets where lines start; the
 * front is dropped once more than n complete lines are held. */
static int tail_lines(bi_ctx *b, sh_stream *in, const tail_opts *o, char *buf,
                      size_t cap) {
  vsh_buf pend = {0};
  size_t *ends = NULL, nends = 0, ecap = 0;
  int rc = 0;
  for (;;) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, buf, cap);
    if (r <= 0) {
      rc = (int)r;
      break;
    }
    size_t base = pend.len;
    if (vsh__buf_append(&pend, buf, (size_t)r)) {
      rc = VSH_ENOMEM;
      break;
    }
    for (size_t i = 0; i < (size_t)r; i++) {
      if (buf[i] != o->delim) continue;
      if (nends == ecap) {
        ecap = ecap ? ecap * 2 : 64;
        size_t *ne = realloc(ends, ecap * sizeof(*ends));
        if (!ne) {
          rc = VSH_ENOMEM;
          goto done;
        }
        ends = ne;
      }
      ends[nends++] = base + i + 1;
    }
    /* Keep n+1 line ends at most: the last n lines may be complete ones,
     * or n-1 complete ones plus an unterminated tail. */
    if (nends > o->n + 1 && nends > 2 * (o->n + 1) + 1024) {
      size_t drop = nends - (size_t)o->n - 1;
      size_t cut = ends[drop - 1];
      memmove(pend.data, pend.data + cut, pend.len - cut);
      pend.len -= cut;
      for (size_t k = drop; k < nends; k++) ends[k - drop] = ends[k] - cut;
      nends -= drop;
    }
  }
  if (!rc && pend.len && o->n) {
    /* Lines = complete ones, plus a final one without a delimiter. */
    bool partial = nends == 0 || ends[nends - 1] != pend.len;
    size_t total = nends + (partial ? 1 : 0);
    size_t start = 0;
    if (total > o->n) {
      size_t skip = total - (size_t)o->n; /* lines to drop at the front */
      start = ends[skip - 1];
    }
    rc = bi_write(b, pend.data + start, pend.len - start);
  }
done:
  free(ends);
  vsh_buf_dispose(&pend);
  return rc;
}

static int tail_stream(bi_ctx *b, sh_stream *in, const tail_opts *o) {
  size_t cap = 65536;
  char *buf = malloc(cap);
  if (!buf) return VSH_ENOMEM;
  int rc;
  if (o->from) rc = tail_from(b, in, o, buf, cap);
  else if (o->bytes) rc = tail_bytes(b, in, o->n, buf, cap);
  else rc = tail_lines(b, in, o, buf, cap);
  free(buf);
  return rc;
}

static bool parse_count(bi_ctx *b, const char *s, tail_opts *o, bool bytes) {
  o->bytes = bytes;
  o->from = false;
  const char *p = s;
  if (*p == '+') {
    o->from = true;
    p++;
  } else if (*p == '-') {
    p++;
  }
  if (!bi_parse_size(p, &o->n)) {
    /* GNU names the count without a leading '-' (a '+' stays) */
    bi_err(b, "invalid number of %s: %s", bytes ? "bytes" : "lines",
           bi_cquote(b, *s == '-' ? s + 1 : s));
    return false;
  }
  return true;
}

/* bi_each_input's callback. */
static int tail_input(bi_ctx *b, sh_stream *in, void *ud) {
  return tail_stream(b, in, ud);
}

static int tail_run(bi_ctx *b, tail_opts *op) {
  tail_opts o = *op;
  int headers = 0; /* -1 never, 1 always */
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &tail_cmd)) != -1) {
    switch (ch) {
    case 'c':
      if (!parse_count(b, g.arg, &o, true)) return 1;
      break;
    case 'n':
      if (!parse_count(b, g.arg, &o, false)) return 1;
      break;
    case 'q': headers = -1; break;
    case 'v': headers = 1; break;
    case 'z': o.delim = 0; break;
    case 's':
    case OPT_RETRY:
    case OPT_PID: break;
    case 'f':
    case 'F':
      bi_err(b, "following files (-f, -F, --follow) is not supported in vsh: "
                "files cannot grow while tail waits");
      return 1;
    default: return g.status;
    }
  }
  /* GNU: the last 0 lines or bytes need no input; nothing is opened, so
   * not even a missing file is reported */
  if (o.n == 0 && !o.from) return 0;
  return bi_each_input(b, g.noperands, g.operands, headers, tail_input, &o);
}

/* "tail +5 [FILE]": from line 5, as GNU here takes it when at most one
 * file follows (after an optional "--"); "+N" with a unit other than b,
 * c, l is a file name. */
static bool obsolete_plus(bi_ctx *b, const char *a1) {
  if (a1[0] != '+') return false;
  bool dashes = b->argc >= 3 && b->argc <= 4 && !strcmp(b->argv[2], "--");
  if (!dashes && b->argc == 3 && b->argv[2][0] == '-' && b->argv[2][1])
    return false;
  if (!dashes && b->argc != 2 && b->argc != 3) return false;
  const char *u = a1 + 1 + strspn(a1 + 1, "0123456789");
  return !*u || (strchr("bcl", *u) && !u[1]);
}

int bi_tail_main(bi_ctx *b) {
  tail_opts o = {.n = 10, .delim = '\n'};
  /* Obsolete "tail -5" / "tail -5c": only as the first argument; it is
   * consumed here and the rest parsed as usual. */
  static const char none[2] = "";
  const char *a1 = b->argc > 1 ? b->argv[1] : none;
  bool plus = obsolete_plus(b, a1);
  bool minus = a1[0] == '-' && a1[1] >= '0' && a1[1] <= '9';
  /* GNU: the obsolete form takes one option and at most one file; else
   * its digit is an option out of place */
  bool dashes = b->argc >= 3 && b->argc <= 4 && !strcmp(b->argv[2], "--");
  if (minus && b->argc != 2 && !dashes &&
      (b->argc != 3 || (b->argv[2][0] == '-' && b->argv[2][1]))) {
    bi_err(b, "option used in invalid context -- %c", a1[1]);
    return 1;
  }
  if (minus || plus) {
    char num[64];
    size_t k = strspn(a1 + 1, "0123456789");
    char unit = a1[1 + k];
    if (k + 2 >= sizeof(num) ||
        (unit && (a1[2 + k] || !strchr("bclf", unit)))) {
      return bi_usage_error(b, &tail_cmd, "invalid option -- '%c'",
                            unit ? unit : a1[1]);
    }
    if (unit == 'f') {
      bi_err(b, "following files (-f, -F, --follow) is not supported in vsh: "
                "files cannot grow while tail waits");
      return 1;
    }
    size_t at = 0;
    if (plus) num[at++] = '+';
    if (!k) num[at++] = '1', num[at++] = '0'; /* "+" alone is +10 */
    memcpy(num + at, a1 + 1, k);
    k += at;
    num[k] = unit == 'b' ? 'b' : 0;
    num[k + 1] = 0;
    if (!parse_count(b, num, &o, unit == 'b' || unit == 'c')) return 1;
    char **argv2 = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
    if (!argv2) return 1;
    argv2[0] = b->argv[0];
    for (int i = 2; i < b->argc; i++) argv2[i - 1] = b->argv[i];
    char **saved = b->argv;
    b->argv = argv2;
    b->argc--;
    int st = tail_run(b, &o);
    b->argv = saved;
    b->argc++;
    return st;
  }
  return tail_run(b, &o);
}
