/* join.c: join lines of two sorted files on a common field (GNU join).
 * Options -1 -2 -j -a -v -e -o (incl. auto and 0) -t -i -z --header
 * --check-order --nocheck-order.  Streams both inputs, holding only the
 * current run of equal keys per file.  Keys compare bytewise (C.UTF-8
 * order); -i folds ASCII case only, as GNU does in that locale. */
#include "builtins/builtins.h"

#include <string.h>

enum { CHECK_DEFAULT, CHECK_ON, CHECK_OFF };
enum { OPT_CHECK = BI_OPT_FIRST, OPT_NOCHECK, OPT_HEADER };

static const bi_option join_longopts[] = {
    {"ignore-case", BI_ARG_NONE, 'i', NULL},
    {"check-order", BI_ARG_NONE, OPT_CHECK, NULL},
    {"nocheck-order", BI_ARG_NONE, OPT_NOCHECK, NULL},
    {"header", BI_ARG_NONE, OPT_HEADER, NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd join_cmd = {
    .name = "join",
    .usage = "Usage: join [OPTION]... FILE1 FILE2\n",
    .about =
        "For each pair of input lines with identical join fields, write a "
        "line to\n"
        "standard output.  The default join field is the first, delimited "
        "by blanks.\n"
        "\n"
        "  -a FILENUM        also print unpairable lines from file FILENUM\n"
        "  -e STRING         replace missing (empty) input fields with "
        "STRING\n"
        "  -i, --ignore-case ignore differences in case when comparing "
        "fields\n"
        "  -j FIELD          equivalent to '-1 FIELD -2 FIELD'\n"
        "  -o FORMAT         obey FORMAT while constructing output line\n"
        "  -t CHAR           use CHAR as input and output field separator\n"
        "  -v FILENUM        like -a FILENUM, but suppress joined output "
        "lines\n"
        "  -1 FIELD          join on this FIELD of file 1\n"
        "  -2 FIELD          join on this FIELD of file 2\n"
        "      --check-order   check that the input is correctly sorted\n"
        "      --nocheck-order do not check that the input is correctly "
        "sorted\n"
        "      --header      treat the first line in each file as field "
        "headers\n"
        "  -z, --zero-terminated     line delimiter is NUL, not newline\n",
    .shortopts = "a:e:ij:o:t:v:1:2:z",
    .longopts = join_longopts,
};

typedef struct span {
  size_t off, len;
} span;

/* One input line without its delimiter, split into fields. */
typedef struct jline {
  vsh_buf text;
  vsh_buf fields; /* span[] */
} jline;

typedef struct ofield {
  int file; /* 0 = the join field, else 1 or 2 */
  size_t field;
} ofield;

typedef struct jfile {
  const char *name;
  sh_stream *s;
  bi_reader rd;
  uint64_t lineno;
  size_t key; /* 0-based join field */
  size_t autocount;
  vsh_buf prev; /* key of the previous line, for the order check */
  bool has_prev, warned;
  jline *seq; /* the current run of lines with an equal key */
  size_t count, cap;
} jfile;

typedef struct join_state {
  bi_ctx *b;
  jfile f[2];
  int tab; /* -1 = blanks */
  char delim;
  bool ignore_case, print_pairs, unpaired[2], autoformat, seen_unpairable;
  int check;
  const char *empty; /* -e, or NULL */
  ofield *out;
  size_t nout;
  vsh_buf line; /* the output line being built */
} join_state;

static size_t nfields(const jline *l) { return l->fields.len / sizeof(span); }

static const span *field_at(const jline *l, size_t i) {
  return i < nfields(l) ? (const span *)l->fields.data + i : NULL;
}

static int add_field(jline *l, size_t off, size_t len) {
  span sp = {off, len};
  return vsh__buf_append(&l->fields, &sp, sizeof sp);
}

static bool is_blank_sep(char c) { return c == ' ' || c == '\t' || c == '\n'; }

/* GNU's splitting: with -t every separator ends a field (an empty line
 * has none); with blanks, runs of blanks separate and leading ones are
 * skipped. */
static int split(const join_state *j, jline *l) {
  vsh__buf_clear(&l->fields);
  const char *t = l->text.data;
  size_t n = l->text.len, p = 0;
  if (n == 0) return 0;
  if (j->tab >= 0) {
    for (size_t i = 0; i < n; i++)
      if ((unsigned char)t[i] == j->tab) {
        if (add_field(l, p, i - p)) return VSH_ENOMEM;
        p = i + 1;
      }
    return add_field(l, p, n - p);
  }
  while (p < n && is_blank_sep(t[p])) p++;
  while (p < n) {
    size_t e = p;
    while (e < n && !is_blank_sep(t[e])) e++;
    if (add_field(l, p, e - p)) return VSH_ENOMEM;
    p = e;
    while (p < n && is_blank_sep(t[p])) p++;
    /* trailing blanks leave one empty last field, as in GNU */
    if (p == n && e < n) return add_field(l, n, 0);
  }
  return 0;
}

static int cmp_bytes(const join_state *j, const char *a, size_t na,
                     const char *b, size_t nb) {
  /* an empty or missing key sorts before every other key */
  if (!na) return nb ? -1 : 0;
  if (!nb) return 1;
  size_t n = na < nb ? na : nb;
  for (size_t i = 0; i < n; i++) {
    int x = (unsigned char)a[i], y = (unsigned char)b[i];
    if (j->ignore_case) {
      if (x >= 'a' && x <= 'z') x -= 32;
      if (y >= 'a' && y <= 'z') y -= 32;
    }
    if (x != y) return x < y ? -1 : 1;
  }
  return na < nb ? -1 : na > nb;
}

static void key_of(const jline *l, size_t k, const char **p, size_t *n) {
  const span *s = field_at(l, k);
  *p = s ? l->text.data + s->off : "";
  *n = s ? s->len : 0;
}

static int keycmp(const join_state *j, const jline *a, size_t ka,
                  const jline *b, size_t kb) {
  const char *pa, *pb;
  size_t na, nb;
  key_of(a, ka, &pa, &na);
  key_of(b, kb, &pb, &nb);
  return cmp_bytes(j, pa, na, pb, nb);
}

/* Reads the next line of file fi into *l: 1, 0 at the end, or an error
 * (VSH_EINVAL: a fatal --check-order failure, already reported). */
static int get_line(join_state *j, int fi, jline *l) {
  jfile *f = &j->f[fi];
  const char *p;
  size_t n;
  int rc = bi_read_line(&f->rd, j->delim, &p, &n);
  if (rc <= 0) return rc;
  if (n && p[n - 1] == j->delim) n--;
  vsh__buf_clear(&l->text);
  if (vsh__buf_append(&l->text, p, n) || vsh__buf_putc(&l->text, '\0'))
    return VSH_ENOMEM;
  l->text.len = n;
  if ((rc = split(j, l))) return rc;
  f->lineno++;
  const char *k;
  size_t kn;
  key_of(l, f->key, &k, &kn);
  /* GNU checks order when asked, or by default once a line was
   * unpairable (sorted-looking output with pairs missing is the
   * symptom worth reporting) */
  if (f->has_prev && !f->warned &&
      (j->check == CHECK_ON ||
       (j->check == CHECK_DEFAULT && j->seen_unpairable)) &&
      cmp_bytes(j, f->prev.data, f->prev.len, k, kn) > 0) {
    bi_err(j->b, "%s:%llu: is not sorted: %.*s", f->name,
           (unsigned long long)f->lineno, (int)n, l->text.data);
    f->warned = true;
    if (j->check == CHECK_ON) return VSH_EINVAL;
  }
  vsh__buf_clear(&f->prev);
  if (vsh__buf_append(&f->prev, k, kn)) return VSH_ENOMEM;
  f->has_prev = true;
  return 1;
}

/* Makes room for one more line in file fi's run and reads into it. */
static int seq_push(join_state *j, int fi) {
  jfile *f = &j->f[fi];
  if (f->count == f->cap) {
    size_t nc = f->cap ? f->cap * 2 : 4;
    jline *ns = vsh__realloc(vsh__default_alloc(), f->seq,
                             f->cap * sizeof(jline), nc * sizeof(jline));
    if (!ns) return VSH_ENOMEM;
    memset(ns + f->cap, 0, (nc - f->cap) * sizeof(jline));
    f->seq = ns;
    f->cap = nc;
  }
  int rc = get_line(j, fi, &f->seq[f->count]);
  if (rc == 1) f->count++;
  return rc;
}

/* Replaces the run by its next line (count becomes 0 at the end). */
static int seq_advance(join_state *j, int fi) {
  j->f[fi].count = 0;
  int rc = seq_push(j, fi);
  return rc < 0 ? rc : 0;
}

static int put_sep(join_state *j) {
  char c = j->tab >= 0 ? (char)j->tab : ' ';
  return vsh__buf_putc(&j->line, c);
}

/* A field, or -e's string when it is missing or empty (GNU). */
static int put_field(join_state *j, const jline *l, size_t i) {
  const span *s = l ? field_at(l, i) : NULL;
  if (s && s->len)
    return vsh__buf_append(&j->line, l->text.data + s->off, s->len);
  if (j->empty) return vsh__buf_puts(&j->line, j->empty);
  return 0;
}

static int put_rest(join_state *j, const jline *l, int fi) {
  size_t key = j->f[fi].key;
  size_t n = j->f[fi].autocount ? j->f[fi].autocount : l ? nfields(l) : 0;
  int rc = 0;
  for (size_t i = 0; i < n && !rc; i++)
    if (i != key) rc = put_sep(j) || put_field(j, l, i) ? VSH_ENOMEM : 0;
  return rc;
}

/* Writes one output line from l1 and l2, either possibly NULL (the
 * missing side of an unpaired line). */
static int print_join(join_state *j, const jline *l1, const jline *l2) {
  vsh__buf_clear(&j->line);
  int rc = 0;
  if (j->nout) {
    for (size_t i = 0; i < j->nout && !rc; i++) {
      const ofield *o = &j->out[i];
      if (i && put_sep(j)) rc = VSH_ENOMEM;
      else if (o->file == 0)
        rc = l1 ? put_field(j, l1, j->f[0].key) : put_field(j, l2, j->f[1].key);
      else rc = put_field(j, o->file == 1 ? l1 : l2, o->field);
    }
  } else {
    rc = l1 ? put_field(j, l1, j->f[0].key) : put_field(j, l2, j->f[1].key);
    if (!rc) rc = put_rest(j, l1, 0);
    if (!rc) rc = put_rest(j, l2, 1);
  }
  if (!rc && vsh__buf_putc(&j->line, j->delim)) rc = VSH_ENOMEM;
  if (!rc) rc = bi_write(j->b, j->line.data, j->line.len);
  return rc;
}

static int print_unpaired(join_state *j, int fi, const jline *l) {
  if (!j->unpaired[fi]) return 0;
  return fi == 0 ? print_join(j, l, NULL) : print_join(j, NULL, l);
}

/* The merge proper, after the header lines. */
static int merge(join_state *j) {
  jfile *f1 = &j->f[0], *f2 = &j->f[1];
  int rc = 0;
  while (f1->count && f2->count) {
    if (bi_cancelled(j->b)) return VSH_EABORTED;
    int d = keycmp(j, &f1->seq[0], f1->key, &f2->seq[0], f2->key);
    if (d) {
      int fi = d < 0 ? 0 : 1;
      if ((rc = print_unpaired(j, fi, &j->f[fi].seq[0]))) return rc;
      j->seen_unpairable = true;
      if ((rc = seq_advance(j, fi))) return rc;
      continue;
    }
    /* collect each file's run of lines equal to the other's key; the
     * first line past the run ends up last in seq */
    bool eof[2] = {false, false};
    for (int fi = 0; fi < 2; fi++) {
      jfile *f = &j->f[fi], *o = &j->f[1 - fi];
      for (;;) {
        if ((rc = seq_push(j, fi)) < 0) return rc;
        if (rc == 0) {
          eof[fi] = true;
          break;
        }
        if (keycmp(j, &f->seq[f->count - 1], f->key, &o->seq[0], o->key)) break;
      }
    }
    size_t n1 = f1->count - !eof[0], n2 = f2->count - !eof[1];
    if (j->print_pairs)
      for (size_t a = 0; a < n1; a++)
        for (size_t b = 0; b < n2; b++) {
          if (bi_cancelled(j->b)) return VSH_EABORTED;
          if ((rc = print_join(j, &f1->seq[a], &f2->seq[b]))) return rc;
        }
    for (int fi = 0; fi < 2; fi++) {
      jfile *f = &j->f[fi];
      if (eof[fi]) {
        f->count = 0;
        continue;
      }
      jline t = f->seq[0];
      f->seq[0] = f->seq[f->count - 1];
      f->seq[f->count - 1] = t;
      f->count = 1;
    }
  }
  /* the tails: printed when asked, and read anyway to check the order */
  for (int fi = 0; fi < 2; fi++) {
    jfile *f = &j->f[fi];
    if (!f->count || !(j->unpaired[fi] || j->check != CHECK_OFF)) continue;
    do {
      if (bi_cancelled(j->b)) return VSH_EABORTED;
      if ((rc = print_unpaired(j, fi, &f->seq[0]))) return rc;
      if ((rc = seq_advance(j, fi))) return rc;
    } while (f->count);
  }
  return 0;
}

static bool parse_num(const char *s, size_t *out) {
  if (!*s) return false;
  uint64_t v = 0;
  for (const char *p = s; *p; p++) {
    if (*p < '0' || *p > '9') return false;
    v = v * 10 + (uint64_t)(*p - '0');
    if (v > (uint64_t)1 << 40) return false;
  }
  if (!v) return false;
  *out = (size_t)v;
  return true;
}

static bool field_arg(bi_ctx *b, const char *s, size_t *out) {
  if (parse_num(s, out)) return true;
  bi_err(b, "invalid field number: \u2018%s\u2019", s);
  return false;
}

/* -o: specs separated by commas or blanks: 0 or FILE.FIELD. */
static bool parse_outlist(bi_ctx *b, join_state *j, const char *s) {
  const char *p = s;
  for (;;) {
    size_t n = strcspn(p, ", \t");
    char spec[64];
    if (n >= sizeof spec) n = sizeof spec - 1;
    memcpy(spec, p, n);
    spec[n] = '\0';
    ofield o = {0, 0};
    if (strcmp(spec, "0")) {
      char *dot = strchr(spec, '.');
      if (spec[0] && dot && dot == spec + 1 &&
          (spec[0] == '1' || spec[0] == '2')) {
        if (!field_arg(b, dot + 1, &o.field)) return false;
        o.file = spec[0] - '0';
        o.field--;
      } else if (!dot && spec[0] != '1' && spec[0] != '2' && spec[0]) {
        bi_err(b, "invalid field specifier: \u2018%s\u2019", spec);
        return false;
      } else if (!dot) {
        if (spec[0]) bi_err(b, "invalid field specifier: \u2018%s\u2019", spec);
        else
          bi_err(b, "invalid file number in field spec: \u2018%s\u2019", spec);
        return false;
      } else {
        if (dot == spec + 1 && spec[0] == '0')
          bi_err(b, "invalid field specifier: \u2018%s\u2019", spec);
        else
          bi_err(b, "invalid file number in field spec: \u2018%s\u2019", spec);
        return false;
      }
    }
    ofield *no = vsh__arena_alloc(b->arena, (j->nout + 1) * sizeof(ofield));
    if (!no) return false;
    if (j->nout) memcpy(no, j->out, j->nout * sizeof(ofield));
    no[j->nout++] = o;
    j->out = no;
    p += n;
    if (!*p) return true;
    p++;
  }
}

/* -1 to go on, else the exit status; *k1 and *k2 are the join fields
 * (1-based). */
static int join_options(bi_ctx *b, bi_opts *g, join_state *j, size_t *k1,
                        size_t *k2, bool *header) {
  int c;
  while ((c = bi_opt(b, g, &join_cmd)) != -1) {
    size_t n;
    switch (c) {
    case 'a':
    case 'v':
      if (!parse_num(g->arg, &n) || n > 2) {
        bi_err(b, "invalid field number: \u2018%s\u2019", g->arg);
        return 1;
      }
      j->unpaired[n - 1] = true;
      if (c == 'v') j->print_pairs = false;
      break;
    case 'e': j->empty = g->arg; break;
    case 'i': j->ignore_case = true; break;
    case 'j':
      if (!field_arg(b, g->arg, &n)) return 1;
      *k1 = *k2 = n;
      break;
    case '1':
      if (!field_arg(b, g->arg, k1)) return 1;
      break;
    case '2':
      if (!field_arg(b, g->arg, k2)) return 1;
      break;
    case 'o':
      if (!strcmp(g->arg, "auto")) j->autoformat = true;
      else if (!parse_outlist(b, j, g->arg)) return 1;
      break;
    case 't':
      if (!g->arg[0]) j->tab = '\n'; /* '' = the whole line is the field */
      else if (!strcmp(g->arg, "\\0")) j->tab = 0;
      else if (g->arg[1]) {
        bi_err(b, "multi-character tab \u2018%s\u2019", g->arg);
        return 1;
      } else j->tab = (unsigned char)g->arg[0];
      break;
    case 'z': j->delim = '\0'; break;
    case OPT_CHECK: j->check = CHECK_ON; break;
    case OPT_NOCHECK: j->check = CHECK_OFF; break;
    case OPT_HEADER: *header = true; break;
    default: return g->status;
    }
  }
  return -1;
}

/* --header, then the merge of the two files; 0 or a vsh_err. */
static int join_run(join_state *j, bool header) {
  int rc = seq_push(j, 0);
  if (rc >= 0) rc = seq_push(j, 1);
  if (rc >= 0) rc = 0;
  if (!rc && j->autoformat)
    for (int i = 0; i < 2; i++)
      j->f[i].autocount = j->f[i].count ? nfields(&j->f[i].seq[0]) : 0;
  if (!rc && header) {
    jfile *f1 = &j->f[0], *f2 = &j->f[1];
    if (f1->count || f2->count)
      rc = print_join(j, f1->count ? &f1->seq[0] : NULL,
                      f2->count ? &f2->seq[0] : NULL);
    for (int i = 0; i < 2 && !rc; i++) {
      /* headers are exempt from the order check */
      j->f[i].has_prev = false;
      if (j->f[i].count) rc = seq_advance(j, i);
    }
  }
  if (!rc) rc = merge(j);
  return rc;
}

int bi_join_main(bi_ctx *b) {
  join_state j = {.b = b, .tab = -1, .delim = '\n', .print_pairs = true};
  bool header = false;
  size_t k1 = 1, k2 = 1;
  bi_opts g = {0};
  int ost = join_options(b, &g, &j, &k1, &k2, &header);
  if (ost >= 0) return ost;
  if (g.noperands == 0) return bi_usage_error(b, &join_cmd, "missing operand");
  if (g.noperands == 1)
    return bi_usage_error(
        b, &join_cmd, "missing operand after " BI_LQ "%s" BI_RQ, g.operands[0]);
  if (g.noperands > 2)
    return bi_usage_error(b, &join_cmd, "extra operand '%s'", g.operands[2]);
  j.f[0].key = k1 - 1;
  j.f[1].key = k2 - 1;
  int st = 0, rc = 0;
  for (int i = 0; i < 2; i++) {
    j.f[i].name = g.operands[i];
    rc = bi_open_input(b, g.operands[i], &j.f[i].s);
    if (rc) {
      bi_err(b, "%s: %s", bi_quotef(b, g.operands[i]), vsh_strerror(rc));
      st = 1;
      goto done;
    }
    bi_reader_init(&j.f[i].rd, b, j.f[i].s);
  }
  rc = join_run(&j, header);
  if (rc == VSH_EPIPE) st = 141;
  else if (rc == VSH_EINVAL || rc == VSH_EABORTED) st = 1;
  else if (rc) {
    bi_err(b, "read error: %s", vsh_strerror(rc));
    st = 1;
  } else if (j.f[0].warned || j.f[1].warned) {
    bi_err(b, "input is not in sorted order");
    st = 1;
  }
done:
  for (int i = 0; i < 2; i++) {
    jfile *f = &j.f[i];
    if (f->s) {
      bi_reader_dispose(&f->rd);
      sh_stream_unref(f->s);
    }
    for (size_t k = 0; k < f->cap; k++) {
      vsh_buf_dispose(&f->seq[k].text);
      vsh_buf_dispose(&f->seq[k].fields);
    }
    vsh__free(vsh__default_alloc(), f->seq, f->cap * sizeof(jline));
    vsh_buf_dispose(&f->prev);
  }
  vsh_buf_dispose(&j.line);
  return st;
}
