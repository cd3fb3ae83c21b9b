/* expand.c: word expansion in bash's order: brace expansion on the word
 * structure, then tilde, parameter, command and arithmetic expansion into
 * fields whose bytes carry a mask (quoted: literal; split: came from an
 * unquoted expansion), then IFS splitting of the split bytes, pathname
 * expansion of unquoted glob characters, and quote removal (implicit:
 * quotes never reach the field text).  Results live in the context arena. */
#include "shell/expand/expand_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the field builder ------------------------------------------------- */

void xb_init(xb *b, sh_ctx *c) {
  memset(b, 0, sizeof(*b));
  b->c = c;
}

void xb_dispose(xb *b) {
  vsh_buf_dispose(&b->text);
  vsh_buf_dispose(&b->mask);
  vsh_buf_dispose(&b->anchors);
}

int xb_add(xb *b, const char *s, size_t n, unsigned char m) {
  if (b->text.len + n > b->c->ex->limits.max_string) {
    sh_exec_limit(b->c->ex, "string length limit exceeded (%llu bytes)",
                  (unsigned long long)b->c->ex->limits.max_string);
    return VSH_ELIMIT;
  }
  int rc = vsh__buf_append(&b->text, s, n);
  if (!rc) rc = vsh__buf_reserve(&b->mask, n);
  if (rc) return rc;
  memset(b->mask.data + b->mask.len, m, n);
  b->mask.len += n;
  b->started = true;
  return 0;
}

/* Marks the current position as holding an empty quoted string, so the
 * field (or the split piece containing it) survives even if empty. */
int xb_anchor(xb *b) {
  size_t pos = b->text.len;
  b->quoted = true;
  b->started = true;
  return vsh__buf_append(&b->anchors, &pos, sizeof(pos));
}

/* Ends the current field and starts a new one ("$@" element breaks). */
int xb_break(xb *b) {
  if (b->nf == b->capf) {
    size_t nc = b->capf ? b->capf * 2 : 8;
    xfield *f = realloc(b->fields, nc * sizeof(*f));
    if (!f) return VSH_ENOMEM;
    b->fields = f;
    b->capf = nc;
  }
  xfield *f = &b->fields[b->nf];
  vsh_arena *a = &b->c->arena;
  f->len = b->text.len;
  f->s = vsh__arena_alloc(a, f->len + 1);
  f->mask = vsh__arena_alloc(a, f->len + 1);
  size_t na = b->anchors.len / sizeof(size_t);
  f->anchors = na ? vsh__arena_alloc(a, b->anchors.len) : NULL;
  if (!f->s || !f->mask || (na && !f->anchors)) return VSH_ENOMEM;
  memcpy(f->s, b->text.data ? b->text.data : "", f->len);
  f->s[f->len] = 0;
  if (f->len) memcpy(f->mask, b->mask.data, f->len);
  if (na) memcpy(f->anchors, b->anchors.data, b->anchors.len);
  f->nanchors = na;
  f->quoted = b->quoted;
  f->started = b->started;
  b->nf++;
  vsh__buf_clear(&b->text);
  vsh__buf_clear(&b->mask);
  vsh__buf_clear(&b->anchors);
  b->quoted = false;
  b->started = false;
  return 0;
}

/* ---- command and arithmetic substitution --------------------------------- */

static int add_cmdsub(xb *b, const sh_part *p, bool quoted) {
  sh_ctx *c = b->c;
  vsh_buf out = {0};
  c->shell->xh->capture(c, p->u.sub.body, &out);
  if (c->flow.unwind == SH_UW_CANCEL) {
    vsh_buf_dispose(&out);
    return VSH_EABORTED;
  }
  /* bash drops NUL bytes with a warning and strips trailing newlines */
  size_t w = 0;
  bool had_nul = false;
  for (size_t i = 0; i < out.len; i++) {
    if (out.data[i]) out.data[w++] = out.data[i];
    else had_nul = true;
  }
  while (w && out.data[w - 1] == '\n') w--;
  if (had_nul)
    sh_error(c, "warning: command substitution: ignored null byte in input");
  int rc =
      xb_add(b, out.data ? out.data : "", w, quoted ? XM_QUOTED : XM_SPLIT);
  if (!rc && quoted && w == 0) rc = xb_anchor(b);
  vsh_buf_dispose(&out);
  return rc;
}

static int add_arith(xb *b, const sh_part *p, bool quoted) {
  sh_ctx *c = b->c;
  char *expr;
  size_t len;
  int rc = sh_expand_str(c, p->u.arith, &expr, &len);
  if (rc) return rc;
  int64_t v;
  rc = sh_arith(c, expr, len, &v);
  if (rc) {
    /* bash abandons the whole top-level command, not just this one */
    sh__expand_error(c);
    return rc;
  }
  char tmp[32];
  int n = snprintf(tmp, sizeof(tmp), "%lld", (long long)v);
  return xb_add(b, tmp, (size_t)n, quoted ? XM_QUOTED : XM_SPLIT);
}

/* ---- tilde ----------------------------------------------------------------- */

int xb_tilde(xb *b, const sh_part *p) {
  sh_ctx *c = b->c;
  const char *u = p->u.tilde.user;
  size_t n = p->u.tilde.len;
  const char *val = NULL;
  if (p->u.tilde.word_eq && c->opt.opts[SH_OPT_POSIX]) {
    int rc = xb_add(b, "~", 1, b->operand ? XM_SPLIT : 0);
    return rc ? rc : xb_add(b, u, n, b->operand ? XM_SPLIT : 0);
  }
  if (n == 0) {
    val = sh_var_get(c, "HOME");
    if (!val) val = "/home/user";
  } else if (n == 1 && u[0] == '+') {
    val = sh_var_get(c, "PWD");
  } else if (n == 1 && u[0] == '-') {
    val = sh_var_get(c, "OLDPWD");
  } else {
    const char *me = sh_var_get(c, "USER");
    if ((me && strlen(me) == n && memcmp(me, u, n) == 0) ||
        (n == 4 && memcmp(u, "user", 4) == 0))
      val = "/home/user";
    else if (n == 4 && memcmp(u, "root", 4) == 0) val = "/root";
  }
  if (!val) { /* unknown: the text stays as written */
    int rc = xb_add(b, "~", 1, XM_QUOTED);
    return rc ? rc : xb_add(b, u, n, XM_QUOTED);
  }
  return xb_add(b, val, strlen(val), XM_QUOTED);
}

/* ---- parts -------------------------------------------------------------------- */

int xb_part(xb *b, const sh_part *p, bool quoted) {
  switch (p->kind) {
  case SH_PART_LIT:
    return xb_add(b, p->u.text.s, p->u.text.len,
                  quoted       ? XM_QUOTED
                  : b->operand ? XM_SPLIT
                               : 0);
  case SH_PART_ESC: return xb_add(b, p->u.text.s, p->u.text.len, XM_QUOTED);
  case SH_PART_SQ:
    if (p->u.text.len == 0) return xb_anchor(b);
    b->quoted = true;
    return xb_add(b, p->u.text.s, p->u.text.len, XM_QUOTED);
  case SH_PART_DQ: {
    bool produced = false;
    size_t before = b->text.len;
    for (size_t i = 0; i < p->u.dq.n; i++) {
      const sh_part *q = &p->u.dq.parts[i];
      bool list = q->kind == SH_PART_PARAM && sh_param_is_list(&q->u.param);
      if (!list) produced = true;
      int rc = xb_part(b, q, true);
      if (rc) return rc;
      if (list && b->list_nonempty) produced = true;
    }
    if (p->u.dq.n == 0 || (produced && b->text.len == before))
      return xb_anchor(b);
    if (produced) b->quoted = true;
    return 0;
  }
  case SH_PART_PARAM: return xb_param(b, &p->u.param, quoted);
  case SH_PART_CMDSUB: return add_cmdsub(b, p, quoted);
  case SH_PART_ARITH: return add_arith(b, p, quoted);
  case SH_PART_PROCSUB: return xb_procsub(b, p);
  case SH_PART_TILDE: return xb_tilde(b, p);
  case SH_PART_BRACE: {
    /* only reached when brace expansion is off: print it literally */
    int rc = xb_add(b, "{", 1, 0);
    for (size_t i = 0; !rc && i < p->u.brace.n; i++) {
      if (i) rc = xb_add(b, ",", 1, 0);
      const sh_word *w = p->u.brace.alts[i];
      for (size_t j = 0; !rc && j < w->n; j++)
        rc = xb_part(b, &w->parts[j], quoted);
    }
    return rc ? rc : xb_add(b, "}", 1, 0);
  }
  }
  return 0;
}

/* ---- splitting ------------------------------------------------------------------ */

static bool ifs_has(const char *ifs, unsigned char ch) {
  return ch && strchr(ifs, ch) != NULL;
}
static bool is_ifs_ws(unsigned char ch) {
  return ch == ' ' || ch == '\t' || ch == '\n';
}

static bool range_has_anchor(const xfield *f, size_t a, size_t z) {
  for (size_t i = 0; i < f->nanchors; i++)
    if (f->anchors[i] >= a && f->anchors[i] <= z) return true;
  return false;
}

static bool range_has_quoted(const xfield *f, size_t a, size_t z) {
  for (size_t i = a; i < z; i++)
    if (f->mask[i] & XM_QUOTED) return true;
  return range_has_anchor(f, a, z);
}

static int emit_piece(sh_ctx *c, const xfield *f, size_t a, size_t z,
                      xpieces *out) {
  if (out->n == out->cap) {
    size_t nc = out->cap ? out->cap * 2 : 8;
    xfield *p = realloc(out->v, nc * sizeof(*p));
    if (!p) return VSH_ENOMEM;
    out->v = p;
    out->cap = nc;
  }
  xfield *p = &out->v[out->n++];
  p->len = z - a;
  p->s = vsh__arena_memdup(&c->arena, f->s + a, p->len);
  p->mask = vsh__arena_alloc(&c->arena, p->len + 1);
  if (!p->s || !p->mask) return VSH_ENOMEM;
  memcpy(p->mask, f->mask + a, p->len);
  p->quoted = range_has_quoted(f, a, z);
  p->anchors = NULL;
  p->nanchors = 0;
  p->started = true;
  return 0;
}

/* Splits f at unquoted-expansion IFS characters (POSIX rules). */
/* How many bytes at k are one IFS character that splits (0: none): a
 * byte of IFS, or a whole UTF-8 character IFS holds (IFS=ç). */
static size_t split_len(const xfield *f, size_t k, const char *ifs) {
  if (!(f->mask[k] & XM_SPLIT)) return 0;
  unsigned char ch = (unsigned char)f->s[k];
  if (ch < 0x80) return ifs_has(ifs, ch) ? 1 : 0;
  int32_t cp;
  int l = vsh__utf8_decode(f->s + k, f->len - k, &cp);
  if (l <= 1 || cp < 0) return ifs_has(ifs, ch) ? 1 : 0;
  for (int j = 1; j < l; j++)
    if (!(f->mask[k + (size_t)j] & XM_SPLIT)) return 0;
  for (const char *p = ifs; (p = strchr(p, (char)ch)); p++)
    if (!memcmp(p, f->s + k, (size_t)l)) return (size_t)l;
  return 0;
}

/* Splits f at unquoted-expansion IFS characters (POSIX rules). */
int xb_split(sh_ctx *c, const xfield *f, const char *ifs, xpieces *out) {
  if (!ifs || !*ifs) {
    if (f->len || f->quoted) return emit_piece(c, f, 0, f->len, out);
    return 0;
  }
  size_t i = 0, n = f->len;
#define WS_AT(k)                                                               \
  (split_len(f, k, ifs) == 1 && is_ifs_ws((unsigned char)f->s[k]))
  /* leading IFS whitespace is dropped, unless a quoted "" precedes it */
  if (!range_has_anchor(f, 0, 0))
    while (i < n && WS_AT(i)) i++;
  size_t start = i;
  bool pending = false; /* a field is open (possibly empty) */
  while (i < n) {
    size_t dl = split_len(f, i, ifs);
    if (!dl) {
      i++;
      pending = true;
      continue;
    }
    /* a delimiter: emit [start, i) */
    int rc = emit_piece(c, f, start, i, out);
    if (rc) return rc;
    bool ws = dl == 1 && is_ifs_ws((unsigned char)f->s[i]);
    i += dl;
    while (i < n && WS_AT(i)) i++;
    size_t nl;
    if (ws && i < n && (nl = split_len(f, i, ifs)) && !WS_AT(i)) {
      i += nl;
      while (i < n && WS_AT(i)) i++;
    }
    start = i;
    pending = false;
  }
  if (start < n || pending) return emit_piece(c, f, start, n, out);
  /* nothing after the last delimiter: a quoted "" there is one more
   * (empty) field, as in bash ($A"" with A="a " gives a and "") */
  if (start == n && range_has_anchor(f, n, n))
    return emit_piece(c, f, n, n, out);
  return 0;
#undef WS_AT
}

/* ---- public entry points ---------------------------------------------------------- */

static int argv_push(sh_ctx *c, sh_argv *a, const char *s, size_t n) {
  if (a->n + 1 >= a->cap) {
    size_t nc = a->cap ? a->cap * 2 : 16;
    char **v = vsh__arena_alloc(&c->arena, nc * sizeof(char *));
    if (!v) return VSH_ENOMEM;
    if (a->n) memcpy(v, a->v, a->n * sizeof(char *));
    a->v = v;
    a->cap = nc;
  }
  char *d = vsh__arena_alloc(&c->arena, n + 1);
  if (!d) return VSH_ENOMEM;
  memcpy(d, s, n);
  d[n] = 0;
  a->v[a->n++] = d;
  a->v[a->n] = NULL;
  return 0;
}

void sh__expand_error(sh_ctx *c) {
  if (c->flow.unwind) return; /* set -u and the like chose already */
  bool fatal = c->opt.opts[SH_OPT_POSIX] && !c->opt.interactive;
  /* bash -c leaves with 127 (1 under set -e), as for ${x?} */
  c->proc.status =
      fatal && c->opt.dash_c && !c->opt.opts[SH_OPT_ERREXIT] ? 127 : 1;
  c->flow.unwind = fatal ? SH_UW_EXIT : SH_UW_ABORT;
}

int sh__argv_push(sh_ctx *c, sh_argv *a, const char *s, size_t n) {
  return argv_push(c, a, s, n);
}

static bool piece_has_glob(sh_ctx *c, const xfield *p) {
  bool ext = c->opt.opts[SH_SHOPT_EXTGLOB];
  for (size_t i = 0; i < p->len; i++) {
    if (p->mask[i] & XM_QUOTED) continue;
    char ch = p->s[i];
    if (ch == '*' || ch == '?') return true;
    if (ch == '[') { /* a pattern only with its closing bracket, as bash */
      for (size_t k = i + 1; k < p->len; k++)
        if (p->s[k] == ']' && !(p->mask[k] & XM_QUOTED)) return true;
      continue;
    }
    if (ext && (ch == '+' || ch == '@' || ch == '!') && i + 1 < p->len &&
        p->s[i + 1] == '(')
      return true;
  }
  return false;
}

/* Expands one brace-free word into argv. */
static int expand_one(sh_ctx *c, const sh_word *w, sh_argv *out) {
  if (w->line && !c->where.pin_line) c->where.line = w->line;
  xb b;
  xb_init(&b, c);
  int rc = 0;
  for (size_t i = 0; !rc && i < w->n; i++)
    rc = xb_part(&b, &w->parts[i], false);
  if (!rc) rc = xb_break(&b);
  if (rc) goto done;
  const char *ifs = sh_var_get(c, "IFS");
  sh_var *ifsv = sh_var_find(c, "IFS");
  if (!ifsv || (ifsv->attrs & SH_VAR_UNSET)) ifs = " \t\n";
  xpieces pieces = {0};
  for (size_t f = 0; !rc && f < b.nf; f++) {
    const xfield *fd = &b.fields[f];
    if (!fd->started && !fd->quoted) continue;
    rc = xb_split(c, fd, ifs, &pieces);
  }
  for (size_t i = 0; !rc && i < pieces.n; i++) {
    xfield *p = &pieces.v[i];
    if (!c->opt.opts[SH_OPT_NOGLOB] && piece_has_glob(c, p)) {
      rc = sh_glob(c, p->s, p->len, p->mask, out);
      if (rc) break;
    } else {
      rc = argv_push(c, out, p->s, p->len);
    }
  }
  free(pieces.v);
done:
  free(b.fields);
  xb_dispose(&b);
  return rc;
}

int sh_expand_words(sh_ctx *c, sh_word **words, size_t n, sh_argv *out) {
  out->v = NULL;
  out->n = out->cap = 0;
  int rc = argv_push(c, out, "", 0); /* allocate; then drop it */
  if (rc) return rc;
  out->n = 0;
  out->v[0] = NULL;
  for (size_t i = 0; i < n; i++) {
    const sh_word *w = words[i];
    if (c->opt.opts[SH_OPT_BRACEEXPAND] && sh_word_has_brace(w)) {
      sh_word **alts;
      size_t na;
      rc = sh_brace_expand(c, w, &alts, &na);
      for (size_t j = 0; !rc && j < na; j++) rc = expand_one(c, alts[j], out);
    } else {
      rc = expand_one(c, w, out);
    }
    if (rc) return rc;
  }
  return 0;
}

int sh_expand_str(sh_ctx *c, const sh_word *w, char **out, size_t *len) {
  xb b;
  xb_init(&b, c);
  b.no_split = true;
  b.assign = c->vars.expanding_assignment;
  int rc = 0;
  for (size_t i = 0; !rc && w && i < w->n; i++)
    rc = xb_part(&b, &w->parts[i], false);
  if (!rc) {
    *len = b.text.len;
    *out = vsh__arena_alloc(&c->arena, b.text.len + 1);
    if (!*out) {
      rc = VSH_ENOMEM;
    } else {
      if (b.text.len) memcpy(*out, b.text.data, b.text.len);
      (*out)[b.text.len] = 0;
    }
  }
  free(b.fields);
  xb_dispose(&b);
  return rc;
}

int sh_expand_pattern(sh_ctx *c, const sh_word *w, char **out, size_t *len,
                      unsigned char **quoted) {
  xb b;
  xb_init(&b, c);
  b.no_split = true;
  int rc = 0;
  for (size_t i = 0; !rc && w && i < w->n; i++)
    rc = xb_part(&b, &w->parts[i], false);
  if (!rc) {
    size_t n = b.text.len;
    *len = n;
    *out = vsh__arena_alloc(&c->arena, n + 1);
    *quoted = vsh__arena_alloc(&c->arena, n + 1);
    if (!*out || !*quoted) {
      rc = VSH_ENOMEM;
    } else {
      if (n) memcpy(*out, b.text.data, n);
      (*out)[n] = 0;
      for (size_t i = 0; i < n; i++)
        (*quoted)[i] = (b.mask.data[i] & XM_QUOTED) ? 1 : 0;
    }
  }
  free(b.fields);
  xb_dispose(&b);
  return rc;
}

int xb_procsub(xb *b, const sh_part *p) {
  int fd;
  int rc = b->c->shell->xh->procsub(b->c, p->u.sub.body, p->u.sub.out, &fd);
  if (rc) return rc;
  char tmp[32];
  int n = snprintf(tmp, sizeof(tmp), "/dev/fd/%d", fd);
  return xb_add(b, tmp, (size_t)n, XM_QUOTED);
}
