/* csplit.c: cut a file into pieces at line numbers and at lines matching
 * BREs (GNU csplit: -b -f -k -n -s -z --suppress-matched, /RE/[OFF],
 * %RE%[OFF], N, {N}, {*}).  The input is read whole; a piece is a run of
 * lines written when it closes, so a failed run leaves the same files
 * GNU leaves.  As GNU with a small input: a regex search goes on from
 * the line after the last one examined (never before the first unwritten
 * line), and --suppress-matched drops the line each later piece starts at. */
#include "builtins/builtins.h"
#include "core/regex.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { OPT_SUPPRESS = BI_OPT_FIRST };

static const bi_option csplit_longopts[] = {
    {"suffix-format", BI_ARG_REQUIRED, 'b', NULL},
    {"prefix", BI_ARG_REQUIRED, 'f', NULL},
    {"keep-files", BI_ARG_NONE, 'k', NULL},
    {"suppress-matched", BI_ARG_NONE, OPT_SUPPRESS, NULL},
    {"digits", BI_ARG_REQUIRED, 'n', NULL},
    {"quiet", BI_ARG_NONE, 's', NULL},
    {"silent", BI_ARG_NONE, 's', NULL},
    {"elide-empty-files", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd csplit_cmd = {
    .name = "csplit",
    .usage = "Usage: csplit [OPTION]... FILE PATTERN...\n",
    .about =
        "Output pieces of FILE separated by PATTERN(s) to files 'xx00', "
        "'xx01', ...,\n"
        "and output byte counts of each piece to standard output.\n\n"
        "Read standard input if FILE is -\n\n"
        "Mandatory arguments to long options are mandatory for short "
        "options too.\n"
        "  -b, --suffix-format=FORMAT  use sprintf FORMAT instead of %02d\n"
        "  -f, --prefix=PREFIX        use PREFIX instead of 'xx'\n"
        "  -k, --keep-files           do not remove output files on errors\n"
        "      --suppress-matched     suppress the lines matching PATTERN\n"
        "  -n, --digits=DIGITS        use specified number of digits "
        "instead of 2\n"
        "  -s, --quiet, --silent      do not print counts of output file "
        "sizes\n"
        "  -z, --elide-empty-files    remove empty output files\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n\n"
        "Each PATTERN may be:\n"
        "  INTEGER            copy up to but not including specified line "
        "number\n"
        "  /REGEXP/[OFFSET]   copy up to but not including a matching line\n"
        "  %REGEXP%[OFFSET]   skip to, but not including a matching line\n"
        "  {INTEGER}          repeat the previous pattern specified number "
        "of times\n"
        "  {*}                repeat the previous pattern as many times as "
        "possible\n\n"
        "A line OFFSET is an integer optionally preceded by '+' or '-'\n",
    .shortopts = "b:f:kn:sz",
    .longopts = csplit_longopts,
};

typedef struct cs_ctl {
  const char *arg; /* the operand, for messages */
  vsh_regex *re;   /* NULL: a line number */
  bool skip;       /* %RE% */
  int64_t line, offset;
  uint64_t repeat;
  bool forever, repeated; /* a {N} was given */
} cs_ctl;

typedef struct cs_st {
  bi_ctx *b;
  const char *data;
  size_t *off; /* line i (1-based) is data[off[i-1]..off[i]) */
  int64_t n, head, cur;
  bool open;
  int64_t start; /* first line of the open piece */
  const char *prefix, *fmt;
  int digits;
  bool silent, keep, elide, suppress;
  int nfiles;
  vsh_re_budget budget;
} cs_st;

enum { CS_FATAL = -1, CS_DONE = -2 };

static bool cs_cancelled(void *ud) { return bi_cancelled(ud); }

static char *file_name(cs_st *s, int k) {
  char suf[512];
  if (s->fmt) snprintf(suf, sizeof suf, s->fmt, k);
  else snprintf(suf, sizeof suf, "%0*d", s->digits, k);
  size_t l = strlen(s->prefix) + strlen(suf) + 1;
  char *r = vsh__arena_alloc(s->b->arena, l);
  snprintf(r, l, "%s%s", s->prefix, suf);
  return r;
}

/* Writes the open piece (lines start..head-1) and prints its size. */
static int close_piece(cs_st *s) {
  if (!s->open) return 0;
  s->open = false;
  size_t from = s->off[s->start - 1], to = s->off[s->head - 1];
  if (s->elide && from == to) return 0;
  char *name = file_name(s, s->nfiles);
  int rc = bi_write_file(s->b, name, s->data + from, to - from, 0666);
  if (rc) {
    bi_err(s->b, "%s: %s", name, vsh_strerror(rc));
    return CS_FATAL;
  }
  s->nfiles++;
  if (!s->silent) bi_printf(s->b, "%zu\n", to - from);
  return 0;
}

/* An error after pieces were made: the open one is closed, then all go
 * unless -k. */
static int fatal(cs_st *s) {
  close_piece(s);
  for (int k = 0; !s->keep && k < s->nfiles; k++) {
    const char *p = bi_path(s->b, file_name(s, k));
    if (p) vfs_unlink(s->b->fs, p);
  }
  return CS_FATAL;
}

static int range_error(cs_st *s, const cs_ctl *c, uint64_t rep) {
  if (rep)
    bi_err(s->b, "%s: line number out of range on repetition %llu",
           bi_cquote(s->b, c->arg), (unsigned long long)rep);
  else bi_err(s->b, "%s: line number out of range", bi_cquote(s->b, c->arg));
  return fatal(s);
}

static void open_piece(cs_st *s) {
  s->open = true;
  s->start = s->head;
}

/* GNU's end test looks past the last line a regex examined too. */
static bool no_more(const cs_st *s) { return s->head > s->n || s->cur >= s->n; }

static int do_line(cs_st *s, const cs_ctl *c, uint64_t rep) {
  int64_t last = c->line * (int64_t)(rep + 1);
  open_piece(s);
  if (s->suppress && no_more(s)) return range_error(s, c, rep);
  if (s->head > s->n) {
    /* GNU: the buffer is gone; the empty piece stays */
    bi_write_file(s->b, file_name(s, s->nfiles), "", 0, 0666);
    bi_err(s->b, "input disappeared");
    return CS_FATAL;
  }
  for (int64_t l = s->head; l < last; l++) {
    if (s->head > s->n) return range_error(s, c, rep);
    s->head++;
  }
  if (close_piece(s)) return fatal(s);
  if (s->suppress && s->head <= s->n) s->head++;
  if (!s->suppress && no_more(s)) return range_error(s, c, rep);
  return 0;
}

static bool line_matches(cs_st *s, const cs_ctl *c, int64_t l, int *err) {
  size_t a = s->off[l - 1], e = s->off[l];
  if (e > a && s->data[e - 1] == '\n') e--;
  vsh_regmatch m[1];
  s->budget.steps = VSH_RE_DEFAULT_STEPS;
  int r = vsh__regex_exec(c->re, s->data + a, e - a, 0, 0, m, 1, &s->budget);
  if (r < 0) *err = r;
  return r == 1;
}

static int do_regex(cs_st *s, const cs_ctl *c, uint64_t rep) {
  if (!c->skip) open_piece(s);
  int64_t l = (s->cur + 1 > s->head ? s->cur + 1 : s->head);
  int err = 0;
  for (;; l++) {
    if (bi_charge(s->b, 1)) return fatal(s);
    if (l > s->n) {
      s->head = s->n + 1; /* the rest goes to the open piece */
      if (c->forever) return close_piece(s) ? fatal(s) : CS_DONE;
      if (rep)
        bi_err(s->b, "%s: match not found on repetition %llu",
               bi_cquote(s->b, c->arg), (unsigned long long)rep);
      else bi_err(s->b, "%s: match not found", bi_cquote(s->b, c->arg));
      return fatal(s);
    }
    if (line_matches(s, c, l, &err)) break;
    if (err) {
      bi_err(s->b, "%s", vsh_strerror(err));
      return fatal(s);
    }
  }
  s->cur = l;
  int64_t brk = l + c->offset;
  if (s->head > brk) return range_error(s, c, 0);
  while (s->head < brk) {
    if (s->head > s->n) return range_error(s, c, 0);
    s->head++;
  }
  if (!c->skip && close_piece(s)) return fatal(s);
  if (c->offset > 0) s->cur = brk;
  if (s->suppress && s->head <= s->n) s->head++;
  return 0;
}

/* A whole number after optional blanks and sign, as strtoimax reads it. */
static bool parse_int(const char *p, int64_t *out) {
  char *end;
  while (*p == ' ' || *p == '\t') p++;
  if (!*p || !(*p == '+' || *p == '-' || (*p >= '0' && *p <= '9')))
    return false;
  long long v = strtoll(p, &end, 10);
  if (*end || end == p || (end == p + 1 && (*p == '+' || *p == '-')))
    return false;
  *out = v;
  return true;
}

static int parse_regex(bi_ctx *b, cs_ctl *c, const char *a) {
  const char *close = strrchr(a + 1, a[0]);
  if (!close) {
    bi_err(b, "%s: closing delimiter '%c' missing", a, a[0]);
    return 1;
  }
  c->skip = a[0] == '%';
  if (close[1] && !parse_int(close + 1, &c->offset)) {
    bi_err(b, "%s: integer expected after delimiter", bi_cquote(b, a));
    return 1;
  }
  vsh_buf msg = {0};
  if (vsh__regex_compile(&c->re, a + 1, (size_t)(close - a - 1), VSH_RE_NOSUB,
                         &msg)) {
    bi_err(b, "%s: invalid regular expression: %s", bi_cquote(b, a),
           msg.data ? msg.data : "Invalid regular expression");
    vsh_buf_dispose(&msg);
    return 1;
  }
  return 0;
}

static int parse_repeat(bi_ctx *b, cs_ctl *c, const char *a) {
  size_t l = strlen(a);
  if (a[l - 1] != '}') {
    bi_err(b, "%s: '}' is required in repeat count", bi_cquote(b, a));
    return 1;
  }
  char *inner = vsh__arena_strndup(b->arena, a + 1, l - 2);
  int64_t v;
  if (!strcmp(inner, "*")) c->forever = true;
  else if (parse_int(inner, &v) && v >= 0 && inner[strspn(inner, " \t")] != '-')
    c->repeat = (uint64_t)v;
  else {
    bi_err(b, "%s}: integer required between '{' and '}'",
           bi_cquote(b, vsh__arena_strndup(b->arena, a, l - 1)));
    return 1;
  }
  return 0;
}

/* The patterns into ctl[]; 0 or the exit status. */
static int parse_patterns(bi_ctx *b, int n, char **args, cs_ctl *ctl,
                          int *nctl) {
  int64_t prev_line = 0;
  *nctl = 0;
  for (int i = 0; i < n; i++) {
    const char *a = args[i];
    if (a[0] == '{' && *nctl > 0 && !ctl[*nctl - 1].repeated) {
      ctl[*nctl - 1].repeated = true;
      if (parse_repeat(b, &ctl[*nctl - 1], a)) return 1;
      continue;
    }
    cs_ctl *c = &ctl[(*nctl)++];
    c->arg = a;
    if (a[0] == '/' || a[0] == '%') {
      if (parse_regex(b, c, a)) return 1;
      continue;
    }
    if (!parse_int(a, &c->line) || a[strspn(a, " \t")] == '-') {
      bi_err(b, "%s: invalid pattern", bi_cquote(b, a));
      return 1;
    }
    if (c->line == 0) {
      bi_err(b, "%s: line number must be greater than zero", a);
      return 1;
    }
    if (c->line < prev_line) {
      bi_err(b, "line number %s is smaller than preceding line number, %lld",
             bi_cquote(b, a), (long long)prev_line);
      return 1;
    }
    if (c->line == prev_line)
      bi_err(b, "warning: line number %s is the same as preceding line number",
             bi_cquote(b, a));
    prev_line = c->line;
  }
  return 0;
}

/* -b FORMAT: one %d-like conversion (flags -0#', width, precision). */
static bool check_format(bi_ctx *b, const char *f) {
  int convs = 0;
  for (const char *p = f; *p; p++) {
    if (*p != '%') continue;
    if (p[1] == '%') {
      p++;
      continue;
    }
    p++;
    p += strspn(p, "-0#'");
    p += strspn(p, "0123456789");
    if (*p == '.') p += 1 + strspn(p + 1, "0123456789");
    if (!*p) {
      bi_err(b, "missing conversion specifier in suffix");
      return false;
    }
    if (!strchr("diouxX", *p)) {
      bi_err(b, "invalid conversion specifier in suffix: %c", *p);
      return false;
    }
    if (++convs > 1) {
      bi_err(b, "too many %% conversion specifications in suffix");
      return false;
    }
  }
  if (!convs) bi_err(b, "missing %% conversion specification in suffix");
  return convs == 1;
}

/* Runs the controls over the lines; the exit status. */
static int csplit_run(cs_st *s, cs_ctl *ctl, int nctl) {
  for (int i = 0; i < nctl; i++) {
    cs_ctl *c = &ctl[i];
    for (uint64_t j = 0; c->forever || j <= c->repeat; j++) {
      int r = c->re ? do_regex(s, c, j) : do_line(s, c, j);
      if (r == CS_DONE) return 0;
      if (r) return 1;
    }
  }
  open_piece(s);
  s->head = s->n + 1;
  return close_piece(s) ? (fatal(s), 1) : 0;
}

static int csplit_input(cs_st *s, const char *name, vsh_buf *all,
                        vsh_buf *offs) {
  bi_ctx *b = s->b;
  int rc = bi_slurp(b, name, all);
  if (rc == VSH_EISDIR) return 2; /* a read error, after the patterns */
  if (rc) {
    bi_err(b, "cannot open %s for reading: %s", bi_quote(b, name),
           vsh_strerror(rc));
    return 1;
  }
  size_t z = 0;
  vsh__buf_append(offs, &z, sizeof z);
  for (size_t i = 0; i < all->len;) {
    const char *nl = memchr(all->data + i, '\n', all->len - i);
    i = nl ? (size_t)(nl - all->data) + 1 : all->len;
    if (vsh__buf_append(offs, &i, sizeof i)) return 1;
  }
  s->data = all->data;
  s->off = (size_t *)offs->data;
  s->n = (int64_t)(offs->len / sizeof z) - 1;
  s->head = 1;
  return 0;
}

int bi_csplit_main(bi_ctx *b) {
  cs_st s = {.b = b, .prefix = "xx", .digits = 2};
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &csplit_cmd)) != -1) {
    switch (c) {
    case 'b': s.fmt = g.arg; break;
    case 'f': s.prefix = g.arg; break;
    case 'k': s.keep = true; break;
    case 'n': {
      int64_t v;
      if (!parse_int(g.arg, &v) || v < 0 || v > 100) {
        bi_err(b, "invalid number: %s", bi_cquote(b, g.arg));
        return 1;
      }
      s.digits = (int)v;
      break;
    }
    case 's': s.silent = true; break;
    case 'z': s.elide = true; break;
    case OPT_SUPPRESS: s.suppress = true; break;
    default: return g.status;
    }
  }
  if (g.noperands < 2)
    return g.noperands
               ? bi_usage_error(b, &csplit_cmd,
                                "missing operand after " BI_LQ "%s" BI_RQ,
                                g.operands[0])
               : bi_usage_error(b, &csplit_cmd, "missing operand");
  if (s.fmt && !check_format(b, s.fmt)) return 1;
  int nctl = 0, st = 1;
  cs_ctl *ctl = vsh__calloc(NULL, (size_t)g.noperands * sizeof *ctl);
  vsh_buf all = {0}, offs = {0};
  if (!ctl) return 1;
  s.budget = (vsh_re_budget){VSH_RE_DEFAULT_STEPS, cs_cancelled, b};
  int in = csplit_input(&s, g.operands[0], &all, &offs);
  if (in != 1 &&
      !parse_patterns(b, g.noperands - 1, g.operands + 1, ctl, &nctl)) {
    if (in == 0) st = csplit_run(&s, ctl, nctl);
    else { /* GNU made and closed the first piece before the read */
      bi_err(b, "read error: %s", vsh_strerror(VSH_EISDIR));
      if (!s.silent && !ctl[0].skip) bi_puts(b, "0\n");
    }
  }
  for (int i = 0; i < g.noperands; i++)
    if (ctl[i].re) vsh__regex_free(ctl[i].re);
  vsh__free(NULL, ctl, (size_t)g.noperands * sizeof *ctl);
  vsh_buf_dispose(&all);
  vsh_buf_dispose(&offs);
  return b->epipe ? 141 : st;
}
