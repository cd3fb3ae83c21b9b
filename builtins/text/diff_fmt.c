/* diff_fmt.c: the function lines of -F RE / -p in hunk headers, and
 * GNU diff's if-then-else formats: --LTYPE-line-format (%l,
 * %L, %%, %c'C', %c'\OOO', %[-0width.prec]{doxX}n) and
 * --GTYPE-group-format (%<, %>, %=, the line numbers %[...]{doxX} of
 * e f l m n (old file) and E F L M N (new file)).  The conditional form
 * %(A=B?T:E) is not supported: it is written as it stands. */
#include "builtins/text/diff_int.h"

#include "core/regex.h"

#include <stdio.h>
#include <string.h>

/* A printf-like number spec at *pp ("-04d"), stopped before the letter
 * that names the value; false when there is none. */
static bool num_spec(const char **pp, char *spec, size_t cap) {
  const char *p = *pp;
  size_t k = 0;
  spec[k++] = '%';
  while (*p && strchr("-+ #0'", *p) && k < cap - 8) spec[k++] = *p++;
  while (*p >= '0' && *p <= '9' && k < cap - 8) spec[k++] = *p++;
  if (*p == '.') {
    spec[k++] = *p++;
    while (*p >= '0' && *p <= '9' && k < cap - 8) spec[k++] = *p++;
  }
  if (!*p || !strchr("doxX", *p)) return false;
  spec[k++] = 'l';
  spec[k++] = 'l';
  spec[k++] = *p++;
  spec[k] = 0;
  *pp = p;
  return true;
}

/* %c'C' or %c'\OOO' at p (after the %); the bytes used, 0 if not one. */
static size_t char_spec(vsh_buf *o, const char *p) {
  if (p[0] != 'c' || p[1] != '\'') return 0;
  const char *q = p + 2;
  int ch;
  if (*q == '\\' && q[1] >= '0' && q[1] <= '7') {
    ch = 0;
    q++;
    for (int i = 0; i < 3 && *q >= '0' && *q <= '7'; i++, q++)
      ch = ch * 8 + (*q - '0');
  } else if (*q && *q != '\\' && *q != '\'') {
    ch = (unsigned char)*q++;
  } else {
    return 0;
  }
  if (*q != '\'') return 0;
  vsh__buf_putc(o, (char)ch);
  return (size_t)(q + 1 - p);
}

static void put_num(vsh_buf *o, const char *spec, long long v) {
  char tmp[64];
  snprintf(tmp, sizeof tmp, spec, v);
  vsh__buf_puts(o, tmp);
}

/* Line i of f through a line format. */
static void fmt_line(vsh_buf *o, const char *fmt, const df_file *f, size_t i) {
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') {
      vsh__buf_putc(o, *p);
      continue;
    }
    const char *q = p + 1;
    char spec[32];
    size_t used;
    if (*q == 'l' || *q == 'L') {
      vsh__buf_append(o, f->line[i], f->len[i]);
      if (*q == 'L' && !(i == f->n - 1 && f->nonl)) vsh__buf_putc(o, '\n');
      p = q;
    } else if (*q == '%') {
      vsh__buf_putc(o, '%');
      p = q;
    } else if ((used = char_spec(o, q))) {
      p = q + used - 1;
    } else if (num_spec(&q, spec, sizeof spec) && *q == 'n') {
      put_num(o, spec, (long long)i + 1);
      p = q;
    } else {
      vsh__buf_putc(o, '%');
    }
  }
}

static void fmt_lines(vsh_buf *o, const char *fmt, const df_file *f,
                      size_t from, size_t to) {
  for (size_t i = from; i < to; i++) fmt_line(o, fmt, f, i);
}

/* A group line number: lower case the old file's [s,e), upper the new's. */
static bool group_num(char c, size_t a0, size_t a1, size_t b0, size_t b1,
                      long long *v) {
  size_t s = c >= 'a' ? a0 : b0, e = c >= 'a' ? a1 : b1;
  switch (c | 0x20) {
  case 'e': *v = (long long)s; return true;     /* the line before */
  case 'f': *v = (long long)s + 1; return true; /* the first */
  case 'l': *v = (long long)e; return true;     /* the last */
  case 'm': *v = (long long)e + 1; return true; /* the line after */
  case 'n': *v = (long long)(e - s); return true;
  default: return false;
  }
}

static void fmt_group(vsh_buf *o, const df_opts *op, const char *fmt,
                      const df_file *a, const df_file *b2, size_t a0, size_t a1,
                      size_t b0, size_t b1) {
  const char *lf[DF_NLFMT];
  for (int k = 0; k < DF_NLFMT; k++) lf[k] = op->lfmt[k] ? op->lfmt[k] : "%l\n";
  for (const char *p = fmt; *p; p++) {
    if (*p != '%') {
      vsh__buf_putc(o, *p);
      continue;
    }
    const char *q = p + 1;
    char spec[32];
    long long v;
    size_t used;
    if (*q == '<') fmt_lines(o, lf[DF_OLD], a, a0, a1);
    else if (*q == '>') fmt_lines(o, lf[DF_NEW], b2, b0, b1);
    else if (*q == '=') fmt_lines(o, lf[DF_UNCHANGED], a, a0, a1);
    else if (*q == '%') vsh__buf_putc(o, '%');
    else if ((used = char_spec(o, q))) q += used - 1;
    else if (num_spec(&q, spec, sizeof spec) &&
             group_num(*q, a0, a1, b0, b1, &v))
      put_num(o, spec, v);
    else {
      vsh__buf_putc(o, '%');
      continue;
    }
    p = q;
  }
}

void df_fmt_out(vsh_buf *o, const df_opts *op, const df_file *a,
                const df_file *b2, const df_hunk *h, size_t nh) {
  static const char *const gdef[DF_NGFMT] = {"%<", "%>", "%<%>", "%="};
  const char *gf[DF_NGFMT];
  for (int k = 0; k < DF_NGFMT; k++)
    gf[k] = op->gfmt[k] ? op->gfmt[k] : gdef[k];
  size_t i = 0, j = 0;
  for (size_t k = 0; k <= nh; k++) {
    size_t ea = k < nh ? h[k].a0 : a->n, eb = k < nh ? h[k].b0 : b2->n;
    if (ea > i) fmt_group(o, op, gf[DF_G_UNCHANGED], a, b2, i, ea, j, eb);
    if (k == nh) break;
    const df_hunk *c = &h[k];
    int g = c->b0 == c->b1   ? DF_G_OLD
            : c->a0 == c->a1 ? DF_G_NEW
                             : DF_G_CHANGED;
    fmt_group(o, op, gf[g], a, b2, c->a0, c->a1, c->b0, c->b1);
    i = c->a1;
    j = c->b1;
  }
}

static bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

static bool fn_match(const df_opts *op, const char *s, size_t n) {
  for (int k = 0; k < op->nfn; k++) {
    vsh_regmatch m;
    if (vsh__regex_exec(op->fn_re[k], s, n, 0, 0, &m, 1, NULL) == 1)
      return true;
  }
  return false;
}

void df_fn_line(const df_opts *op, const df_file *a, size_t start,
                df_fn_state *st, vsh_buf *o) {
  if (!op->nfn) return;
  for (size_t i = start; i > st->searched; i--)
    if (fn_match(op, a->line[i - 1], a->len[i - 1])) {
      st->found = (long)(i - 1);
      break;
    }
  if (start > st->searched) st->searched = start;
  if (st->found < 0) return;
  const char *s = a->line[st->found];
  size_t len = a->len[st->found], i = 0;
  while (i < len && is_space(s[i])) i++; /* GNU skips the indent */
  size_t j = len - i < 40 ? len : i + 40;
  while (j > i && is_space(s[j - 1])) j--;
  vsh__buf_putc(o, ' ');
  vsh__buf_append(o, s + i, j - i);
}
