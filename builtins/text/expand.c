/* expand.c: expand and unexpand (GNU coreutils: -t LIST with "/N" and
 * "+N", -i / --first-only, -a).  Both live here because they share the
 * tab-stop list.  Columns count bytes, as GNU 9.1 does; backspace steps
 * back one column.  Streams byte by byte over all files as one input. */
#include "builtins/builtins.h"

#include <string.h>

enum { OPT_FIRST_ONLY = BI_OPT_FIRST };

static const bi_option expand_longopts[] = {
    {"initial", BI_ARG_NONE, 'i', NULL},
    {"tabs", BI_ARG_REQUIRED, 't', NULL},
    {0}};

static const bi_option unexpand_longopts[] = {
    {"all", BI_ARG_NONE, 'a', NULL},
    {"first-only", BI_ARG_NONE, OPT_FIRST_ONLY, NULL},
    {"tabs", BI_ARG_REQUIRED, 't', NULL},
    {0}};

/* The option lists are spelled out: -t has two lines. */
static const bi_cmd expand_cmd = {
    .name = "expand",
    .usage = "Usage: expand [OPTION]... [FILE]...\n",
    .about =
        "Convert tabs in each FILE to spaces, writing to standard output.\n"
        "\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "Mandatory arguments to long options are mandatory for short "
        "options too.\n"
        "  -i, --initial    do not convert tabs after non blanks\n"
        "  -t, --tabs=N     have tabs N characters apart, not 8\n"
        "  -t, --tabs=LIST  use comma separated list of tab positions.\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "it:",
    .longopts = expand_longopts,
};

static const bi_cmd unexpand_cmd = {
    .name = "unexpand",
    .usage = "Usage: unexpand [OPTION]... [FILE]...\n",
    .about =
        "Convert blanks in each FILE to tabs, writing to standard output.\n"
        "\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "Mandatory arguments to long options are mandatory for short "
        "options too.\n"
        "  -a, --all        convert all blanks, instead of just initial "
        "blanks\n"
        "      --first-only  convert only leading sequences of blanks "
        "(overrides -a)\n"
        "  -t, --tabs=N     have tabs N characters apart instead of 8 "
        "(enables -a)\n"
        "  -t, --tabs=LIST  use comma separated list of tab positions.\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "at:",
    .longopts = unexpand_longopts,
};

typedef struct tabs {
  uint64_t *list;
  size_t n, cap;
  uint64_t size;      /* a single repeating size, else 0 */
  uint64_t extend;    /* "/N": multiples of N after the list */
  uint64_t increment; /* "+N": every N after the last stop */
} tabs;

static bool add_stop(tabs *t, uint64_t v) {
  if (t->n == t->cap) {
    size_t nc = t->cap ? 2 * t->cap : 8;
    uint64_t *l =
        vsh__realloc(NULL, t->list, t->cap * sizeof *l, nc * sizeof *l);
    if (!l) return false;
    t->list = l;
    t->cap = nc;
  }
  t->list[t->n++] = v;
  return true;
}

static bool set_last(bi_ctx *b, tabs *t, uint64_t v, bool ext) {
  uint64_t *slot = ext ? &t->extend : &t->increment;
  if (*slot) {
    bi_err(b, ext ? "'/' specifier only allowed with the last value"
                  : "'+' specifier only allowed with the last value");
    return false;
  }
  *slot = v;
  return true;
}

static bool parse_tabs(bi_ctx *b, tabs *t, const char *s) {
  bool have = false, ext = false, inc = false;
  uint64_t v = 0;
  const char *num = NULL;
  for (; *s; s++) {
    if (*s == ',' || *s == ' ' || *s == '\t') {
      if (have) {
        if (ext || inc) {
          if (!set_last(b, t, v, ext)) return false;
        } else if (!add_stop(t, v)) {
          return false;
        }
      }
      have = false;
    } else if (*s == '/' || *s == '+') {
      if (have) {
        bi_err(b, "'%c' specifier not at start of number: " BI_LQ "%s" BI_RQ,
               *s, s);
        return false;
      }
      ext = *s == '/';
      inc = *s == '+';
    } else if (*s >= '0' && *s <= '9') {
      if (!have) {
        v = 0;
        have = true;
        num = s;
      }
      if (v > (UINT64_MAX - 9) / 10) {
        size_t l = strspn(num, "0123456789");
        bi_err(b, "tab stop is too large " BI_LQ "%.*s" BI_RQ, (int)l, num);
        return false;
      }
      v = v * 10 + (uint64_t)(*s - '0');
    } else {
      bi_err(b, "tab size contains invalid character(s): " BI_LQ "%s" BI_RQ, s);
      return false;
    }
  }
  if (have) {
    if (ext || inc) return set_last(b, t, v, ext);
    return add_stop(t, v);
  }
  return true;
}

static bool finish_tabs(bi_ctx *b, tabs *t) {
  uint64_t prev = 0;
  for (size_t i = 0; i < t->n; i++) {
    if (t->list[i] == 0) {
      bi_err(b, "tab size cannot be 0");
      return false;
    }
    if (t->list[i] <= prev) {
      bi_err(b, "tab sizes must be ascending");
      return false;
    }
    prev = t->list[i];
  }
  if (t->increment && t->extend) {
    bi_err(b, "'/' specifier is mutually exclusive with '+'");
    return false;
  }
  if (t->n == 0)
    t->size = t->extend ? t->extend : t->increment ? t->increment : 8;
  else if (t->n == 1 && !t->extend && !t->increment) t->size = t->list[0];
  return true;
}

/* The next stop after col; *last when past the final stop of a list. */
static uint64_t next_tab(const tabs *t, uint64_t col, size_t *idx, bool *last) {
  *last = false;
  if (t->size) return col + (t->size - col % t->size);
  for (; *idx < t->n; (*idx)++)
    if (col < t->list[*idx]) return t->list[*idx];
  if (t->extend) return col + (t->extend - col % t->extend);
  if (t->increment) {
    uint64_t end = t->list[t->n - 1];
    return col + (t->increment - (col - end) % t->increment);
  }
  *last = true;
  return 0;
}

/* All operands read as one input, byte by byte (a line may span files,
 * as in GNU). */
typedef struct input {
  bi_ctx *b;
  char **files;
  int nfiles, next;
  sh_stream *cur;
  char buf[16384];
  size_t pos, len;
  int status;
  int fatal; /* VSH_EPIPE / VSH_EABORTED */
} input;

/* The next byte, or -1 at the end of all input. */
static int in_getc(input *in) {
  while (in->pos == in->len) {
    if (in->fatal) return -1;
    if (!in->cur) {
      if (in->next >= in->nfiles) return -1;
      const char *f = in->files[in->next++];
      int rc = bi_open_input(in->b, f, &in->cur);
      if (rc) {
        bi_err(in->b, "%s: %s", bi_quotef(in->b, f), vsh_strerror(rc));
        in->status = 1;
        continue;
      }
    }
    if (bi_cancelled(in->b)) {
      in->fatal = VSH_EABORTED;
      return -1;
    }
    int64_t r = bi_read(in->b, in->cur, in->buf, sizeof in->buf);
    if (r <= 0) {
      if (r < 0) {
        bi_err(in->b, "%s: %s", in->files[in->next - 1], vsh_strerror((int)r));
        in->status = 1;
      }
      sh_stream_unref(in->cur);
      in->cur = NULL;
      continue;
    }
    in->pos = 0;
    in->len = (size_t)r;
  }
  return (unsigned char)in->buf[in->pos++];
}

/* Buffered output so a byte-at-a-time filter does not write per byte. */
typedef struct outbuf {
  bi_ctx *b;
  char buf[16384];
  size_t len;
  int rc;
} outbuf;

static void out_flush(outbuf *o) {
  if (o->len && !o->rc) o->rc = bi_write(o->b, o->buf, o->len);
  o->len = 0;
}
static void out_put(outbuf *o, const char *s, size_t n) {
  while (n) {
    if (o->len == sizeof o->buf) out_flush(o);
    size_t k = sizeof o->buf - o->len;
    if (k > n) k = n;
    memcpy(o->buf + o->len, s, k);
    o->len += k;
    s += k;
    n -= k;
  }
}
static void out_c(outbuf *o, char c) { out_put(o, &c, 1); }

static bool is_blank(int c) { return c == ' ' || c == '\t'; }

static void run_expand(input *in, outbuf *o, const tabs *t, bool initial) {
  for (;;) {
    uint64_t col = 0;
    size_t idx = 0;
    bool convert = true;
    int c;
    do {
      c = in_getc(in);
      if (convert) {
        if (c == '\t') {
          bool last;
          uint64_t nt = next_tab(t, col, &idx, &last);
          if (last) nt = col + 1;
          while (++col < nt) out_c(o, ' ');
          c = ' ';
        } else if (c == '\b') {
          col -= !!col;
          idx -= !!idx;
        } else {
          col++;
        }
        convert &= !initial || is_blank(c);
      }
      if (c < 0) return;
      out_c(o, (char)c);
      if (o->rc) return;
    } while (c != '\n');
  }
}

/* GNU's algorithm: blanks are held back until it is known whether they
 * reach a tab stop; a single blank just before a stop stays a blank. */
static void run_unexpand(input *in, outbuf *o, const tabs *t, bool all) {
  char *pend = vsh__malloc(NULL, 65536);
  size_t pcap = 65536;
  if (!pend) {
    o->rc = VSH_ENOMEM;
    return;
  }
  for (;;) {
    bool convert = true, one_before = false, prev_blank = true;
    uint64_t col = 0;
    size_t pending = 0, idx = 0;
    int c;
    do {
      c = in_getc(in);
      if (convert) {
        bool blank = is_blank(c);
        if (blank) {
          bool last;
          uint64_t nt = next_tab(t, col, &idx, &last);
          if (last) convert = false;
          if (convert) {
            if (c == '\t') {
              col = nt;
              if (pending) pend[0] = '\t';
            } else {
              col++;
              if (!(prev_blank && col == nt)) {
                if (col == nt) one_before = true;
                if (pending == pcap) {
                  char *np = vsh__realloc(NULL, pend, pcap, 2 * pcap);
                  if (!np) {
                    o->rc = VSH_ENOMEM;
                    goto done;
                  }
                  pend = np;
                  pcap *= 2;
                }
                pend[pending++] = (char)c;
                prev_blank = true;
                continue;
              }
              pend[0] = (char)(c = '\t');
            }
            pending = one_before;
          }
        } else if (c == '\b') {
          col -= !!col;
          idx -= !!idx;
        } else {
          col++;
        }
        if (pending) {
          if (pending > 1 && one_before) pend[0] = '\t';
          out_put(o, pend, pending);
          pending = 0;
          one_before = false;
        }
        prev_blank = blank;
        convert &= all || blank;
      }
      if (c < 0) goto done;
      out_c(o, (char)c);
      if (o->rc) goto done;
    } while (c != '\n');
  }
done:
  vsh__free(NULL, pend, pcap);
}

static int tab_main(bi_ctx *b, bool un) {
  tabs t = {0};
  bool initial = false, all = false, first_only = false, ok = true;
  bi_opts g = {0};
  int c, st = 0;
  /* obsolete "-N" / "-N,M" tab lists */
  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "--")) break;
    if (a[0] == '-' && a[1] >= '0' && a[1] <= '9') {
      size_t l = strlen(a);
      char *w = vsh__arena_alloc(b->arena, l + 2);
      if (!w) return 1;
      memcpy(w, "-t", 2);
      memcpy(w + 2, a + 1, l);
      b->argv[i] = w;
    }
  }
  while (ok && (c = bi_opt(b, &g, un ? &unexpand_cmd : &expand_cmd)) != -1) {
    switch (c) {
    case 'i': initial = true; break;
    case 'a': all = true; break;
    case OPT_FIRST_ONLY: first_only = true; break;
    case 't':
      ok = parse_tabs(b, &t, g.arg);
      all = true;
      break;
    default: vsh__free(NULL, t.list, t.cap * sizeof *t.list); return g.status;
    }
  }
  if (ok) ok = finish_tabs(b, &t);
  if (!ok) {
    vsh__free(NULL, t.list, t.cap * sizeof *t.list);
    return 1;
  }
  if (first_only) all = false;
  char *stdin_only[] = {(char *)"-"};
  input *in = vsh__calloc(NULL, sizeof *in);
  outbuf *o = vsh__calloc(NULL, sizeof *o);
  if (in && o) {
    in->b = o->b = b;
    in->files = g.noperands ? g.operands : stdin_only;
    in->nfiles = g.noperands ? g.noperands : 1;
    if (un) run_unexpand(in, o, &t, all);
    else run_expand(in, o, &t, initial);
    out_flush(o);
    if (in->cur) sh_stream_unref(in->cur);
    st = o->rc == VSH_EPIPE ? 141 : (o->rc || in->fatal) ? 1 : in->status;
  } else {
    st = 1;
  }
  vsh__free(NULL, in, sizeof *in);
  vsh__free(NULL, o, sizeof *o);
  vsh__free(NULL, t.list, t.cap * sizeof *t.list);
  return st;
}

int bi_expand_main(bi_ctx *b) { return tab_main(b, false); }
int bi_unexpand_main(bi_ctx *b) { return tab_main(b, true); }
