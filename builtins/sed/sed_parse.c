/* sed_parse.c: compiles sed scripts (GNU sed 4.9 syntax) into the flat
 * command array of sed_int.h.  Each -e expression or -f file is one
 * chunk parsed to its end; blocks and a/i/c text ending in a backslash
 * go on into the next chunk, as in GNU.  Error messages and their
 * "char N" positions follow GNU's wording. */
#include "builtins/sed/sed_int.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define SED_EOF (-1)

void sed_prog_init(sed_prog *p, bi_ctx *b) {
  memset(p, 0, sizeof(*p));
  p->b = b;
  p->pending = -1;
}

static void rx_free(sed_rx *rx) {
  if (!rx) return;
  if (rx->re) vsh__regex_free(rx->re);
  free(rx->lit);
  free(rx);
}

void sed_prog_dispose(sed_prog *p) {
  for (size_t i = 0; i < p->n; i++) {
    sed_cmd *c = &p->cmds[i];
    free(c->text);
    for (size_t k = 0; k < c->nrp; k++) free(c->rp[k].lit);
    free(c->rp);
    free(c->ymap);
  }
  free(p->cmds);
  for (size_t i = 0; i < p->nrx; i++) rx_free(p->rxs[i]);
  free(p->rxs);
  for (size_t i = 0; i < p->nout; i++) {
    if (p->outs[i]->f) vfs_file_close(p->outs[i]->f);
    free(p->outs[i]->name);
    free(p->outs[i]);
  }
  free(p->outs);
  for (size_t i = 0; i < p->nrf; i++) {
    sed_rfile *r = p->rfs[i];
    if (r->rd) {
      bi_reader_dispose(r->rd);
      free(r->rd);
    }
    if (r->s) sh_stream_unref(r->s);
    free(r->name);
    free(r);
  }
  free(p->rfs);
  free(p->open);
  vsh_buf_dispose(&p->err);
}

/* ---- errors and reading ------------------------------------------------ */

static int perr_at(sed_prog *p, const sed_src *s, size_t at, const char *fmt,
                   ...) __attribute__((format(printf, 4, 5)));
static int perr_at(sed_prog *p, const sed_src *s, size_t at, const char *fmt,
                   ...) {
  vsh__buf_clear(&p->err);
  if (s->file) {
    unsigned long line = 1;
    for (size_t k = 0; k + 1 < at && k < s->n; k++)
      if (s->s[k] == '\n') line++;
    vsh__buf_printf(&p->err, "file %s line %lu: ", s->file, line);
  } else {
    vsh__buf_printf(&p->err, "-e expression #%d, char %zu: ", s->expr,
                    at > s->n ? s->n : at);
  }
  va_list ap;
  va_start(ap, fmt);
  char m[512];
  vsnprintf(m, sizeof(m), fmt, ap);
  va_end(ap);
  vsh__buf_puts(&p->err, m);
  return -1;
}

#define perr(p, s, ...) perr_at((p), (s), (s)->i, __VA_ARGS__)

static int getch(sed_src *s) {
  if (s->i >= s->n) return SED_EOF;
  return (unsigned char)s->s[s->i++];
}

static void ungetch(sed_src *s, int c) {
  if (c != SED_EOF && s->i) s->i--;
}

static int peekch(const sed_src *s) {
  return s->i < s->n ? (unsigned char)s->s[s->i] : SED_EOF;
}

static bool is_blank(int c) { return c == ' ' || c == '\t'; }

static void skip_blanks(sed_src *s) {
  while (is_blank(peekch(s))) s->i++;
}

static bool xpush(void **v, size_t *n, size_t *cap, size_t sz) {
  if (*n < *cap) return true;
  size_t nc = *cap ? *cap * 2 : 16;
  void *nv = realloc(*v, nc * sz);
  if (!nv) return false;
  *v = nv;
  *cap = nc;
  return true;
}

/* ---- regexes ----------------------------------------------------------- */

static int hexval(int c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* GNU's escapes that produce one byte: \a \f \n \r \t \v \dNNN \oNNN
 * \xHH \cX.  At t[*i] (after the backslash); returns the byte and
 * advances, or -1 when it is not one of them. */
static int byte_escape(const char *t, size_t n, size_t *i) {
  size_t k = *i;
  if (k >= n) return -1;
  int c = (unsigned char)t[k];
  int v = -1;
  switch (c) {
  case 'a':
    v = '\a';
    k++;
    break;
  case 'f':
    v = '\f';
    k++;
    break;
  case 'n':
    v = '\n';
    k++;
    break;
  case 'r':
    v = '\r';
    k++;
    break;
  case 't':
    v = '\t';
    k++;
    break;
  case 'v':
    v = '\v';
    k++;
    break;
  case 'd': {
    int d = 0, m = 0;
    for (k++; m < 3 && k < n && isdigit((unsigned char)t[k]); m++, k++)
      d = d * 10 + (t[k] - '0');
    if (!m) return -1;
    v = d & 255;
    break;
  }
  case 'o': {
    int d = 0, m = 0;
    for (k++; m < 3 && k < n && t[k] >= '0' && t[k] <= '7'; m++, k++)
      d = d * 8 + (t[k] - '0');
    if (!m) return -1;
    v = d & 255;
    break;
  }
  case 'x': {
    int d = 0, m = 0;
    for (k++; m < 2 && k < n && hexval((unsigned char)t[k]) >= 0; m++, k++)
      d = d * 16 + hexval((unsigned char)t[k]);
    if (!m) return -1;
    v = d;
    break;
  }
  case 'c':
    if (k + 1 >= n) return -1;
    v = toupper((unsigned char)t[k + 1]) ^ 0x40;
    k += 2;
    break;
  default: return -1;
  }
  *i = k;
  return v;
}

/* Compiles regex text (delimiters already removed).  An empty text is
 * the empty regex. */
static int compile_rx(sed_prog *p, sed_src *s, const vsh_buf *t, unsigned flags,
                      sed_rx **out) {
  sed_rx *rx = calloc(1, sizeof(*rx));
  if (!rx) return perr(p, s, "out of memory");
  sed_rx **nv = realloc(p->rxs, (p->nrx + 1) * sizeof(*nv));
  if (!nv) {
    free(rx);
    return perr(p, s, "out of memory");
  }
  p->rxs = nv;
  p->rxs[p->nrx++] = rx;
  *out = rx;
  if (!t->len) return 0;
  vsh_buf pat = {0};
  for (size_t i = 0; i < t->len; i++) {
    char c = t->data[i];
    /* BRE "^^": only the first is an anchor (GNU), the engine would
     * take both */
    if (i == 1 && c == '^' && t->data[0] == '^' && !p->ere) {
      vsh__buf_puts(&pat, "\\^");
      continue;
    }
    if (c == '\\' && i + 1 < t->len) {
      size_t k = i + 1;
      int v = byte_escape(t->data, t->len, &k);
      if (v >= 0) {
        vsh__buf_putc(&pat, (char)v);
        i = k - 1;
        continue;
      }
      if (t->data[i + 1] == '\n') { /* backslash-newline: a newline */
        vsh__buf_putc(&pat, '\n');
        i++;
        continue;
      }
      vsh__buf_putc(&pat, c);
      vsh__buf_putc(&pat, t->data[++i]);
      continue;
    }
    vsh__buf_putc(&pat, c);
  }
  if (p->ere) flags |= VSH_RE_EXTENDED;
  /* with -z, GNU's M anchors look for NULs, not newlines */
  if (p->zero) flags &= ~(unsigned)VSH_RE_NEWLINE;
  vsh_buf em = {0};
  int rc = vsh__regex_compile(&rx->re, pat.data ? pat.data : "", pat.len, flags,
                              &em);
  vsh_buf_dispose(&pat);
  if (rc) {
    perr(p, s, "%s", em.data ? em.data : vsh_strerror(rc));
    vsh_buf_dispose(&em);
    return -1;
  }
  vsh_buf_dispose(&em);
  rx->nsub = vsh__regex_nsub(rx->re);
  /* a pattern of plain bytes (\\xHH \\oNNN \\dNNN included) is matched
   * with memmem */
  const char *special = p->ere ? "\\.[]*^$+?(){}|" : "\\.[]*^$";
  bool lit = !(flags & VSH_RE_ICASE);
  vsh_buf l = {0};
  for (size_t i = 0; lit && i < t->len; i++) {
    char c = t->data[i];
    if (c == '\\' && i + 1 < t->len && strchr("xod", t->data[i + 1])) {
      size_t k = i + 1;
      int v = byte_escape(t->data, t->len, &k);
      if (v < 0 || strchr(special, v)) lit = false;
      else vsh__buf_putc(&l, (char)v);
      i = k - 1;
    } else if (strchr(special, c)) {
      lit = false;
    } else {
      vsh__buf_putc(&l, c);
    }
  }
  if (lit && l.len) {
    rx->litlen = l.len;
    rx->lit = vsh__buf_steal(&l, NULL);
  }
  vsh_buf_dispose(&l);
  return 0;
}

/* Reads up to the (unescaped) delimiter: "\delim" becomes delim, other
 * escapes are kept; in a regex a bracket expression is skipped whole.
 * Returns -1 on end of text or a newline (unterminated). */
static int match_slash(sed_src *s, int delim, bool regex, vsh_buf *out) {
  for (;;) {
    int c = getch(s);
    if (c == SED_EOF || (c == '\n' && regex)) return -1;
    if (c == '\\') {
      int c2 = getch(s);
      if (c2 == SED_EOF) return -1;
      if (c2 == delim) {
        /* "\&" with & as delimiter is a literal & in a replacement */
        if (c2 == '&' && !regex) vsh__buf_putc(out, '\\');
        vsh__buf_putc(out, (char)c2);
      } else if (c2 == 'n' && regex) {
        vsh__buf_puts(out, "\\n");
      } else {
        vsh__buf_putc(out, '\\');
        vsh__buf_putc(out, (char)c2);
      }
      continue;
    }
    if (c == delim) return 0;
    if (c == '\n' && !regex) return -1;
    if (regex && c == '[') {
      vsh__buf_putc(out, '[');
      if (peekch(s) == '^') vsh__buf_putc(out, (char)getch(s));
      if (peekch(s) == ']') vsh__buf_putc(out, (char)getch(s));
      for (;;) {
        c = getch(s);
        if (c == SED_EOF || c == '\n') return -1;
        vsh__buf_putc(out, (char)c);
        if (c == ']') break;
        if (c == '[' &&
            (peekch(s) == ':' || peekch(s) == '.' || peekch(s) == '=')) {
          int kind = getch(s);
          vsh__buf_putc(out, (char)kind);
          for (;;) {
            c = getch(s);
            if (c == SED_EOF || c == '\n') return -1;
            vsh__buf_putc(out, (char)c);
            if (c == kind && peekch(s) == ']') {
              vsh__buf_putc(out, (char)getch(s));
              break;
            }
          }
        }
      }
      continue;
    }
    vsh__buf_putc(out, (char)c);
  }
}

/* ---- addresses ---------------------------------------------------------- */

static bool read_num(sed_src *s, uint64_t *out) {
  if (!isdigit(peekch(s))) return false;
  uint64_t v = 0;
  while (isdigit(peekch(s))) {
    int d = getch(s) - '0';
    v = v > (UINT64_MAX - 9) / 10 ? UINT64_MAX : v * 10 + (uint64_t)d;
  }
  *out = v;
  return true;
}

/* Returns 1 when an address was read, 0 when none, -1 on error. */
static int read_addr(sed_prog *p, sed_src *s, sed_addr *a, bool second) {
  int c = peekch(s);
  if (isdigit(c)) {
    read_num(s, &a->n);
    a->kind = SED_A_LINE;
    if (peekch(s) == '~' && !second) {
      getch(s);
      a->step = 0;
      read_num(s, &a->step);
      a->kind = SED_A_STEP;
      if (!a->step) a->kind = a->n ? SED_A_LINE : SED_A_ZERO;
      return 1;
    }
    if (a->n == 0) a->kind = SED_A_ZERO;
    return 1;
  }
  if (second && (c == '+' || c == '~')) {
    getch(s);
    a->kind = c == '+' ? SED_A_PLUS : SED_A_MULT;
    if (!read_num(s, &a->n)) return perr(p, s, "expected newer version of sed");
    return 1;
  }
  if (c == '$') {
    getch(s);
    a->kind = SED_A_LAST;
    return 1;
  }
  if (c == '/' || c == '\\') {
    getch(s);
    int delim = c;
    if (c == '\\') {
      delim = getch(s);
      if (delim == SED_EOF || delim == '\n' || delim == '\\')
        return perr(p, s, "unexpected `,'");
    }
    vsh_buf t = {0};
    if (match_slash(s, delim, true, &t)) {
      vsh_buf_dispose(&t);
      return perr(p, s, "unterminated address regex");
    }
    unsigned flags = 0;
    for (;;) {
      int f = peekch(s);
      if (f == 'I') flags |= VSH_RE_ICASE;
      else if (f == 'M') flags |= VSH_RE_NEWLINE;
      else break;
      getch(s);
    }
    if (!t.len && flags) {
      vsh_buf_dispose(&t);
      return perr(p, s, "cannot specify modifiers on empty regexp");
    }
    int rc = compile_rx(p, s, &t, flags, &a->rx);
    vsh_buf_dispose(&t);
    if (rc) return -1;
    a->kind = SED_A_RE;
    return 1;
  }
  return 0;
}

/* ---- command arguments --------------------------------------------------- */

/* After a command: blanks, then ';', newline, end, '}' or '#'. */
static int read_end(sed_prog *p, sed_src *s) {
  skip_blanks(s);
  int c = getch(s);
  if (c == SED_EOF || c == '\n' || c == ';') return 0;
  if (c == '}' || c == '#') {
    ungetch(s, c);
    return 0;
  }
  return perr(p, s, "extra characters after command");
}

/* A label, as GNU reads one: up to a blank, newline, ';' or '}', which
 * is left to the command loop ("b end }" closes the block). */
static char *read_label(sed_src *s, size_t *len) {
  skip_blanks(s);
  size_t st = s->i;
  while (s->i < s->n && !strchr(" \t\n;}", s->s[s->i])) s->i++;
  *len = s->i - st;
  return vsh__strndup(NULL, s->s + st, s->i - st);
}

/* The rest of the line (file names, e's command). */
static char *read_rest(sed_src *s, size_t *len) {
  skip_blanks(s);
  size_t st = s->i;
  while (s->i < s->n && s->s[s->i] != '\n') s->i++;
  size_t e = s->i;
  if (s->i < s->n) s->i++;
  *len = e - st;
  return vsh__strndup(NULL, s->s + st, e - st);
}

/* a/i/c text from the current position: a backslash keeps the next
 * character (a backslash-newline is a newline), an unescaped newline or
 * the end of the chunk ends it.  Returns true when the text ends in a
 * backslash at the end of the chunk: that escapes the newline the chunks
 * are joined with, and the text goes on in the next one. */
static bool read_text_body(sed_src *s, vsh_buf *t) {
  for (;;) {
    int c = getch(s);
    if (c == SED_EOF) return false;
    if (c == '\n') return false;
    if (c == '\\') {
      size_t k = s->i;
      int v = byte_escape(s->s, s->n, &k);
      if (v >= 0) {
        s->i = k;
        vsh__buf_putc(t, (char)v);
        continue;
      }
      c = getch(s);
      if (c == SED_EOF) { /* the chunks join with a newline: escaped */
        vsh__buf_putc(t, '\n');
        return true;
      }
      vsh__buf_putc(t, (char)c);
      continue;
    }
    vsh__buf_putc(t, (char)c);
  }
}

static int set_text(sed_prog *p, sed_src *s, sed_cmd *c, vsh_buf *t,
                    bool more) {
  vsh__buf_append(t, "", 0);
  if (!more) vsh__buf_putc(t, '\n');
  char *old = c->text;
  size_t ol = c->len;
  size_t nl = ol + t->len;
  char *nt = malloc(nl + 1);
  if (!nt) {
    vsh_buf_dispose(t);
    return perr(p, s, "out of memory");
  }
  if (ol) memcpy(nt, old, ol);
  if (t->len) memcpy(nt + ol, t->data, t->len);
  nt[nl] = 0;
  free(old);
  c->text = nt;
  c->len = nl;
  vsh_buf_dispose(t);
  p->pending = more ? (long)(c - p->cmds) : -1;
  return 0;
}

static int read_text(sed_prog *p, sed_src *s, sed_cmd *c) {
  skip_blanks(s);
  int ch = getch(s);
  if (ch == SED_EOF) return perr(p, s, "expected \\ after `a', `c' or `i'");
  vsh_buf t = {0};
  if (ch == '\\') {
    int n = getch(s);
    if (n == SED_EOF) return set_text(p, s, c, &t, true);
    if (n != '\n') ungetch(s, n);
  } else {
    ungetch(s, ch);
  }
  bool more = read_text_body(s, &t);
  return set_text(p, s, c, &t, more);
}

sed_output *sed_output_get(sed_prog *p, const char *name) {
  for (size_t i = 0; i < p->nout; i++)
    if (!strcmp(p->outs[i]->name, name)) return p->outs[i];
  sed_output *o = calloc(1, sizeof(*o));
  sed_output **nv = o ? realloc(p->outs, (p->nout + 1) * sizeof(*nv)) : NULL;
  if (!nv) {
    free(o);
    return NULL;
  }
  p->outs = nv;
  o->name = vsh__strndup(NULL, name, strlen(name));
  p->outs[p->nout++] = o;
  if (!strcmp(name, "/dev/stdout")) o->special = 1;
  else if (!strcmp(name, "/dev/stderr")) o->special = 2;
  else {
    const char *path = bi_path(p->b, name);
    if (!path ||
        vfs_open(p->b->fs, path, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                 bi_create_mode(p->b, 0666), &o->f))
      o->f = NULL;
  }
  return o;
}

static int read_filename(sed_prog *p, sed_src *s, sed_cmd *c, bool out) {
  c->text = read_rest(s, &c->len);
  if (!c->len) return perr(p, s, "missing filename in r/R/w/W commands");
  if (out) {
    c->out = sed_output_get(p, c->text);
    if (!c->out) return perr(p, s, "out of memory");
    if (!c->out->special && !c->out->f)
      return perr(p, s, "couldn't open file %s: %s", c->text,
                  "No such file or directory");
  }
  return 0;
}

static int read_y(sed_prog *p, sed_src *s, sed_cmd *c) {
  int delim = getch(s);
  if (delim == SED_EOF || delim == '\n' || delim == '\\')
    return perr(p, s, "unterminated `y' command");
  vsh_buf a = {0}, bb = {0};
  int rc = -1;
  if (match_slash(s, delim, false, &a) || match_slash(s, delim, false, &bb)) {
    perr(p, s, "unterminated `y' command");
    goto done;
  }
  /* unescape both sides */
  vsh_buf *sides[2] = {&a, &bb};
  vsh_buf u[2] = {{0}, {0}};
  for (int k = 0; k < 2; k++) {
    const vsh_buf *t = sides[k];
    for (size_t i = 0; i < t->len; i++) {
      if (t->data[i] == '\\' && i + 1 < t->len) {
        size_t j = i + 1;
        int v = byte_escape(t->data, t->len, &j);
        if (v >= 0) {
          vsh__buf_putc(&u[k], (char)v);
          i = j - 1;
        } else if (t->data[i + 1] == '\\') {
          vsh__buf_putc(&u[k], '\\');
          i++;
        } else if (t->data[i + 1] == '\n') {
          vsh__buf_putc(&u[k], '\n');
          i++;
        } else {
          vsh_buf_dispose(&u[0]);
          vsh_buf_dispose(&u[1]);
          perr(p, s, "unknown option to `s'");
          goto done;
        }
      } else {
        vsh__buf_putc(&u[k], t->data[i]);
      }
    }
  }
  if (u[0].len != u[1].len) {
    vsh_buf_dispose(&u[0]);
    vsh_buf_dispose(&u[1]);
    perr(p, s, "strings for `y' command are different lengths");
    goto done;
  }
  c->ymap = malloc(256);
  if (!c->ymap) goto done;
  for (int i = 0; i < 256; i++) c->ymap[i] = (unsigned char)i;
  for (size_t i = 0; i < u[0].len; i++)
    c->ymap[(unsigned char)u[0].data[i]] = (unsigned char)u[1].data[i];
  vsh_buf_dispose(&u[0]);
  vsh_buf_dispose(&u[1]);
  rc = read_end(p, s);
done:
  vsh_buf_dispose(&a);
  vsh_buf_dispose(&bb);
  return rc;
}

/* ---- s ------------------------------------------------------------------- */

static bool rp_push(sed_cmd *c, int kind, const char *lit, size_t len,
                    int arg) {
  if (kind == SED_R_LIT && c->nrp && c->rp[c->nrp - 1].kind == SED_R_LIT) {
    sed_rpart *l = &c->rp[c->nrp - 1];
    char *nl = realloc(l->lit, l->len + len + 1);
    if (!nl) return false;
    memcpy(nl + l->len, lit, len);
    l->lit = nl;
    l->len += len;
    nl[l->len] = 0;
    return true;
  }
  sed_rpart *nv = realloc(c->rp, (c->nrp + 1) * sizeof(*nv));
  if (!nv) return false;
  c->rp = nv;
  sed_rpart *r = &c->rp[c->nrp++];
  memset(r, 0, sizeof(*r));
  r->kind = kind;
  r->arg = arg;
  if (kind == SED_R_LIT) {
    r->lit = malloc(len + 1);
    if (!r->lit) return false;
    memcpy(r->lit, lit, len);
    r->lit[len] = 0;
    r->len = len;
  }
  return true;
}

static int parse_repl(sed_cmd *c, const vsh_buf *t, int *maxref) {
  *maxref = 0;
  for (size_t i = 0; i < t->len; i++) {
    char ch = t->data[i];
    if (ch == '&') {
      if (!rp_push(c, SED_R_GROUP, NULL, 0, 0)) return -1;
      continue;
    }
    if (ch != '\\' || i + 1 >= t->len) {
      if (!rp_push(c, SED_R_LIT, &ch, 1, 0)) return -1;
      continue;
    }
    char n = t->data[i + 1];
    if (n >= '0' && n <= '9') {
      if (n - '0' > *maxref) *maxref = n - '0';
      if (!rp_push(c, SED_R_GROUP, NULL, 0, n - '0')) return -1;
      i++;
      continue;
    }
    if (strchr("LUluE", n)) {
      if (!rp_push(c, SED_R_CASE, NULL, 0, n)) return -1;
      i++;
      continue;
    }
    size_t k = i + 1;
    int v = byte_escape(t->data, t->len, &k);
    if (v >= 0) {
      char vc = (char)v;
      if (!rp_push(c, SED_R_LIT, &vc, 1, 0)) return -1;
      i = k - 1;
      continue;
    }
    if (!rp_push(c, SED_R_LIT, &n, 1, 0)) return -1;
    i++;
  }
  return 0;
}

static int read_s(sed_prog *p, sed_src *s, sed_cmd *c) {
  int delim = getch(s);
  if (delim == SED_EOF || delim == '\n' || delim == '\\')
    return perr(p, s, "unterminated `s' command");
  vsh_buf re = {0}, rep = {0};
  int rc = -1;
  if (match_slash(s, delim, true, &re) || match_slash(s, delim, false, &rep)) {
    perr(p, s, "unterminated `s' command");
    goto done;
  }
  unsigned flags = 0;
  bool have_num = false;
  for (;;) {
    int f = getch(s);
    if (f == 'g') {
      if (c->global) {
        perr(p, s, "multiple `g' options to `s' command");
        goto done;
      }
      c->global = true;
    } else if (f == 'p') {
      if (c->print) {
        perr(p, s, "multiple `p' options to `s' command");
        goto done;
      }
      c->print = true;
    } else if (f == 'e') {
      if (p->sandbox) {
        perr(p, s, "e/r/w commands disabled in sandbox mode");
        goto done;
      }
      c->eval = true;
    } else if (f == 'i' || f == 'I') {
      flags |= VSH_RE_ICASE;
    } else if (f == 'm' || f == 'M') {
      flags |= VSH_RE_NEWLINE;
    } else if (f >= '0' && f <= '9') {
      if (have_num) {
        perr(p, s, "multiple number options to `s' command");
        goto done;
      }
      ungetch(s, f);
      read_num(s, &c->occ);
      if (!c->occ) {
        perr(p, s, "number option to `s' command may not be zero");
        goto done;
      }
      have_num = true;
    } else if (f == 'w') {
      if (p->sandbox) {
        perr(p, s, "e/r/w commands disabled in sandbox mode");
        goto done;
      }
      char *name = read_rest(s, &(size_t){0});
      if (!name || !*name) {
        free(name);
        perr(p, s, "missing filename in r/R/w/W commands");
        goto done;
      }
      c->out = sed_output_get(p, name);
      free(name);
      if (!c->out) goto done;
      break;
    } else if (f == SED_EOF || f == '\n' || f == ';') {
      break;
    } else if (f == '}' || f == '#') {
      ungetch(s, f);
      break;
    } else if (is_blank(f)) {
      if (read_end(p, s)) goto done;
      break;
    } else {
      perr(p, s, "unknown option to `s'");
      goto done;
    }
  }
  if (!re.len && (flags & (VSH_RE_ICASE | VSH_RE_NEWLINE))) {
    perr(p, s, "cannot specify modifiers on empty regexp");
    goto done;
  }
  if (compile_rx(p, s, &re, flags, &c->rx)) goto done;
  int maxref;
  if (parse_repl(c, &rep, &maxref)) {
    perr(p, s, "out of memory");
    goto done;
  }
  if (c->rx->re && (size_t)maxref > c->rx->nsub) {
    perr(p, s, "invalid reference \\%d on `s' command's RHS", maxref);
    goto done;
  }
  if (!c->occ) c->occ = 1;
  rc = 0;
done:
  vsh_buf_dispose(&re);
  vsh_buf_dispose(&rep);
  return rc;
}

/* ---- the compiler --------------------------------------------------------- */

static sed_cmd *new_cmd(sed_prog *p, sed_src *s) {
  if (!xpush((void **)&p->cmds, &p->n, &p->cap, sizeof(sed_cmd))) return NULL;
  sed_cmd *c = &p->cmds[p->n++];
  memset(c, 0, sizeof(*c));
  c->num = -1;
  c->pos = s->i;
  c->src = s->expr;
  return c;
}

static int compile_cmd(sed_prog *p, sed_src *s, sed_cmd *c) {
  int rc = read_addr(p, s, &c->a1, false);
  if (rc < 0) return -1;
  if (rc > 0) {
    skip_blanks(s);
    if (peekch(s) == ',') {
      getch(s);
      skip_blanks(s);
      rc = read_addr(p, s, &c->a2, true);
      if (rc < 0) return -1;
      if (rc == 0) return perr(p, s, "unexpected `,'");
      if (c->a2.kind == SED_A_ZERO) c->a2.kind = SED_A_LINE;
    }
  }
  skip_blanks(s);
  if (c->a1.kind == SED_A_ZERO && c->a2.kind != SED_A_RE) {
    getch(s); /* GNU reports it at the character after the address */
    return perr(p, s, "invalid usage of line address 0");
  }
  if (peekch(s) == '!') {
    getch(s);
    c->neg = true;
    skip_blanks(s);
    if (peekch(s) == '!') {
      getch(s);
      return perr(p, s, "multiple `!'s");
    }
  }
  int ch = getch(s);
  if (ch == SED_EOF) return perr(p, s, "missing command");
  c->cmd = (char)ch;
  bool has_addr = c->a1.kind != SED_A_NONE;
  switch (ch) {
  case '{':
    if (!xpush((void **)&p->open, &p->nopen, &p->capopen, sizeof(size_t)))
      return perr(p, s, "out of memory");
    p->open[p->nopen++] = (size_t)(c - p->cmds);
    return 0;
  case '}':
    if (has_addr) return perr(p, s, "unexpected `}'");
    if (c->neg) return perr(p, s, "unexpected `}'");
    if (!p->nopen) return perr(p, s, "unexpected `}'");
    p->cmds[p->open[--p->nopen]].jump = (size_t)(c - p->cmds);
    return read_end(p, s);
  case '=':
  case 'd':
  case 'D':
  case 'g':
  case 'G':
  case 'h':
  case 'H':
  case 'n':
  case 'N':
  case 'p':
  case 'P':
  case 'x':
  case 'z':
  case 'F': return read_end(p, s);
  case ':':
    if (has_addr) return perr(p, s, ": doesn't want any addresses");
    c->text = read_label(s, &c->len);
    if (!c->len) return perr(p, s, "\":\" lacks a label");
    return 0;
  case 'b':
  case 't':
  case 'T': c->text = read_label(s, &c->len); return 0;
  case 'a':
  case 'i':
  case 'c': return read_text(p, s, c);
  case 'q':
  case 'Q': {
    if (c->a2.kind) return perr(p, s, "command only uses one address");
    skip_blanks(s);
    uint64_t v = 0;
    c->num = read_num(s, &v) ? (int)(v & 0xff) : 0;
    return read_end(p, s);
  }
  case 'l': {
    skip_blanks(s);
    uint64_t v;
    if (read_num(s, &v)) c->num = v > 100000 ? 100000 : (int)v;
    return read_end(p, s);
  }
  case 'r':
  case 'R':
  case 'w':
  case 'W':
    if (p->sandbox)
      return perr(p, s, "e/r/w commands disabled in sandbox mode");
    return read_filename(p, s, c, ch == 'w' || ch == 'W');
  case 'e':
    if (p->sandbox)
      return perr(p, s, "e/r/w commands disabled in sandbox mode");
    c->text = read_rest(s, &c->len);
    return 0;
  case 's': return read_s(p, s, c);
  case 'y': return read_y(p, s, c);
  case 'v': {
    size_t l;
    char *v = read_label(s, &l);
    bool bad = l && strtod(v, NULL) > 4.9;
    free(v);
    if (bad) return perr(p, s, "expected newer version of sed");
    return 0;
  }
  default: return perr(p, s, "unknown command: `%c'", ch);
  }
}

int sed_compile(sed_prog *p, sed_src *s) {
  p->nchunks++;
  if (s->expr) p->last_expr = s->expr;
  if (p->nchunks == 1 && s->n >= 2 && s->s[0] == '#' && s->s[1] == 'n' &&
      (s->n == 2 || s->s[2] == '\n'))
    p->quiet_hash = true;
  if (p->pending >= 0) {
    sed_cmd *c = &p->cmds[p->pending];
    vsh_buf t = {0};
    bool more = read_text_body(s, &t);
    if (set_text(p, s, c, &t, more)) return -1;
  }
  for (;;) {
    int ch;
    while ((ch = peekch(s)) != SED_EOF &&
           (is_blank(ch) || ch == '\n' || ch == ';'))
      s->i++;
    if (ch == SED_EOF) return 0;
    if (ch == '#') {
      while (s->i < s->n && s->s[s->i] != '\n') s->i++;
      continue;
    }
    sed_cmd *c = new_cmd(p, s);
    if (!c) return perr(p, s, "out of memory");
    if (compile_cmd(p, s, c)) return -1;
  }
}

int sed_finish(sed_prog *p, bool *panic) {
  *panic = false;
  /* "a\" at the very end keeps an empty text: GNU's `$a\` idiom prints
   * nothing but the newline a last line may lack */
  if (p->nopen) {
    vsh__buf_clear(&p->err);
    vsh__buf_printf(&p->err, "-e expression #%d, char 0: unmatched `{'",
                    p->last_expr ? p->last_expr : 1);
    return -1;
  }
  for (size_t i = 0; i < p->n; i++) {
    sed_cmd *c = &p->cmds[i];
    if (c->cmd != 'b' && c->cmd != 't' && c->cmd != 'T') continue;
    c->jump = p->n;
    if (!c->len) continue;
    size_t k;
    for (k = 0; k < p->n; k++)
      if (p->cmds[k].cmd == ':' && !strcmp(p->cmds[k].text, c->text)) break;
    if (k == p->n) {
      vsh__buf_clear(&p->err);
      vsh__buf_printf(&p->err, "can't find label for jump to `%s'", c->text);
      *panic = true;
      return -1;
    }
    c->jump = k;
  }
  return 0;
}
