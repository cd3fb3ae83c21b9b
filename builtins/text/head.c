/* head.c: the first (or all but the last) N lines or bytes of files.
 * GNU flags -n -c (with -K "all but the last K"), -q -v -z, the obsolete
 * -K form.  Streams: "all but the last" keeps only a K-line/K-byte window.
 * Deviation: none known for these flags. */
#include "builtins/builtins.h"

#include <string.h>

typedef struct head_opts {
  uint64_t n;
  bool bytes, allbut;
  char delim;
} head_opts;

/* First n lines/bytes: stop reading as soon as they are out. */
static int head_first(bi_ctx *b, sh_stream *in, const head_opts *o, char *buf,
                      size_t cap) {
  uint64_t left = o->n;
  while (left > 0) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    /* -c reads no more than it prints (GNU): a pipe keeps the rest */
    size_t want = o->bytes && left < cap ? (size_t)left : cap;
    int64_t r = bi_read(b, in, buf, want);
    if (r <= 0) return (int)r;
    size_t take = (size_t)r;
    if (o->bytes) {
      if (take > left) take = (size_t)left;
      left -= take;
    } else {
      for (size_t i = 0; i < (size_t)r; i++)
        if (buf[i] == o->delim && --left == 0) {
          take = i + 1;
          break;
        }
    }
    int rc = bi_write(b, buf, take);
    if (rc) return rc;
    /* the rest stays for the next reader of a shared regular file */
    bi_unread(b, in, (size_t)r - take);
  }
  return 0;
}

/* All but the last n bytes: a sliding window of n bytes held back. */
static int head_allbut_bytes(bi_ctx *b, sh_stream *in, uint64_t n, char *buf,
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
    if (win.len > n) {
      size_t out = win.len - (size_t)n;
      rc = bi_write(b, win.data, out);
      if (rc) break;
      memmove(win.data, win.data + out, (size_t)n);
      win.len = (size_t)n;
    }
  }
  vsh_buf_dispose(&win);
  return rc;
}

/* All but the last n lines: hold back pending bytes and the offsets of
 * line ends; flush whatever precedes the last n complete lines. */
static int head_allbut_lines(bi_ctx *b, sh_stream *in, const head_opts *o,
                             char *buf, size_t cap) {
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
    if (nends > o->n) {
      size_t drop = nends - (size_t)o->n; /* lines safe to print */
      size_t cut = ends[drop - 1];
      rc = bi_write(b, pend.data, cut);
      if (rc) break;
      memmove(pend.data, pend.data + cut, pend.len - cut);
      pend.len -= cut;
      for (size_t k = drop; k < nends; k++) ends[k - drop] = ends[k] - cut;
      nends -= drop;
    }
  }
  if (!rc) {
    /* An unterminated last line counts as a line too. */
    size_t complete = nends ? ends[nends - 1] : 0;
    size_t total = nends + (pend.len > complete ? 1 : 0);
    if (total > o->n) rc = bi_write(b, pend.data, ends[total - o->n - 1]);
  }
done:
  free(ends);
  vsh_buf_dispose(&pend);
  return rc;
}

static int head_stream(bi_ctx *b, sh_stream *in, const head_opts *o) {
  size_t cap = 65536;
  char *buf = malloc(cap);
  if (!buf) return VSH_ENOMEM;
  int rc;
  if (!o->allbut) rc = head_first(b, in, o, buf, cap);
  else if (o->bytes) rc = head_allbut_bytes(b, in, o->n, buf, cap);
  else rc = head_allbut_lines(b, in, o, buf, cap);
  free(buf);
  return rc;
}

static bool parse_count(bi_ctx *b, const char *s, head_opts *o, bool bytes) {
  o->bytes = bytes;
  o->allbut = false;
  const char *p = s;
  if (*p == '-') {
    o->allbut = true;
    p++;
  } else if (*p == '+') {
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

static const bi_option head_longopts[] = {
    {"bytes", BI_ARG_REQUIRED, 'c', NULL},
    {"lines", BI_ARG_REQUIRED, 'n', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"silent", BI_ARG_NONE, 'q', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {0}};

/* The option list is spelled out: -q has two long names. */
static const bi_cmd head_cmd = {
    .name = "head",
    .usage = "Usage: head [OPTION]... [FILE]...\n",
    .about =
        "Print the first 10 lines of each FILE to standard output.\n"
        "With more than one FILE, precede each with a header giving the file "
        "name.\n\nWith no FILE, or when FILE is -, read standard input.\n\n"
        "  -c, --bytes=[-]NUM       print the first NUM bytes of each file;\n"
        "                             with the leading '-', print all but the "
        "last\n                             NUM bytes of each file\n"
        "  -n, --lines=[-]NUM       print the first NUM lines instead of the "
        "first 10;\n                             with the leading '-', print "
        "all but the last\n                             NUM lines of each "
        "file\n"
        "  -q, --quiet, --silent    never print headers giving file names\n"
        "  -v, --verbose            always print headers giving file names\n"
        "  -z, --zero-terminated    line delimiter is NUL, not newline\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "c:n:qvz",
    .longopts = head_longopts,
};

static int head_run(bi_ctx *b, head_opts *op);

int bi_head_main(bi_ctx *b) {
  head_opts o = {.n = 10, .delim = '\n'};
  /* Obsolete "head -5" / "head -5c": only as the first argument; it is
   * consumed here and the rest parsed as usual. */
  const char *a1 = b->argc > 1 ? b->argv[1] : "";
  if (a1[0] == '-' && a1[1] >= '0' && a1[1] <= '9') {
    char num[64];
    size_t k = strspn(a1 + 1, "0123456789");
    char unit = a1[1 + k];
    if (k + 2 >= sizeof(num) ||
        (unit && (a1[2 + k] || !strchr("bcklm", unit)))) {
      return bi_usage_error(b, &head_cmd, "invalid option -- '%c'",
                            unit ? unit : a1[1]);
    }
    memcpy(num, a1 + 1, k);
    num[k] = 0;
    if (unit == 'b' || unit == 'k' || unit == 'm') {
      num[k] = unit == 'b' ? 'b' : unit == 'k' ? 'K' : 'M';
      num[k + 1] = 0;
    }
    if (!parse_count(b, num, &o, unit && unit != 'l')) return 1;
    char **argv2 = vsh__arena_alloc(b->arena, (size_t)b->argc * sizeof(char *));
    if (!argv2) return 1;
    argv2[0] = b->argv[0];
    for (int i = 2; i < b->argc; i++) argv2[i - 1] = b->argv[i];
    char **saved = b->argv;
    b->argv = argv2;
    b->argc--;
    int st = head_run(b, &o);
    b->argv = saved;
    b->argc++;
    return st;
  }
  return head_run(b, &o);
}

/* bi_each_input's callback. */
static int head_input(bi_ctx *b, sh_stream *in, void *ud) {
  return head_stream(b, in, ud);
}

static int head_run(bi_ctx *b, head_opts *op) {
  head_opts o = *op;
  int headers = 0; /* -1 never, 1 always */
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &head_cmd)) != -1) {
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
    default: return g.status;
    }
  }
  return bi_each_input(b, g.noperands, g.operands, headers, head_input, &o);
}
