/* brace.c: brace expansion on the word structure, before any other
 * expansion: {a,b} alternatives (nested, each alternative a word of its
 * own) and {x..y[..step]} sequences of integers (zero-padded like bash
 * when an end has a leading zero) or single characters.  The number of
 * words is capped by the brace limit; the result is a cartesian product
 * built left to right in the context arena. */
#include "shell/expand/expand_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sh_word_has_brace(const sh_word *w) {
  for (size_t i = 0; i < w->n; i++)
    if (w->parts[i].kind == SH_PART_BRACE) return true;
  return false;
}

typedef struct wlist {
  sh_word **v;
  size_t n;
} wlist;

static int limit_check(sh_ctx *c, size_t n) {
  if (n > c->ex->limits.max_brace) {
    sh_exec_limit(c->ex, "brace expansion limit exceeded (%llu words)",
                  (unsigned long long)c->ex->limits.max_brace);
    return VSH_ELIMIT;
  }
  return 0;
}

static sh_word *word_cat(sh_ctx *c, const sh_word *a, const sh_part *p,
                         size_t np) {
  sh_word *w = vsh__arena_alloc(&c->arena, sizeof(*w));
  size_t n = a->n + np;
  sh_part *parts = vsh__arena_alloc(&c->arena, (n ? n : 1) * sizeof(sh_part));
  if (!w || !parts) return NULL;
  if (a->n) memcpy(parts, a->parts, a->n * sizeof(sh_part));
  if (np) memcpy(parts + a->n, p, np * sizeof(sh_part));
  w->parts = parts;
  w->n = n;
  w->line = a->line;
  return w;
}

static int seq_items(sh_ctx *c, const sh_part *p, wlist *out) {
  const char *f = p->u.brace.seq_from, *t = p->u.brace.seq_to;
  const char *st = p->u.brace.seq_step;
  long long step = st ? llabs(strtoll(st, NULL, 10)) : 1;
  if (step == 0) step = 1;
  bool chars = !((f[0] >= '0' && f[0] <= '9') || f[0] == '-' || f[0] == '+');
  long long a, z;
  int width = 0;
  if (chars) {
    a = (unsigned char)f[0];
    z = (unsigned char)t[0];
  } else {
    a = strtoll(f, NULL, 10);
    z = strtoll(t, NULL, 10);
    const char *fa = f[0] == '-' || f[0] == '+' ? f + 1 : f;
    const char *ta = t[0] == '-' || t[0] == '+' ? t + 1 : t;
    if ((fa[0] == '0' && fa[1]) || (ta[0] == '0' && ta[1])) {
      int wf = (int)strlen(f), wt = (int)strlen(t);
      width = wf > wt ? wf : wt;
    }
  }
  unsigned long long count =
      (unsigned long long)(a < z ? z - a : a - z) / (unsigned long long)step +
      1;
  if (count > c->ex->limits.max_brace) return limit_check(c, (size_t)-1);
  out->v = vsh__arena_alloc(&c->arena, count * sizeof(sh_word *));
  if (!out->v) return VSH_ENOMEM;
  out->n = 0;
  for (unsigned long long k = 0; k < count; k++) {
    long long v = a < z ? a + (long long)k * step : a - (long long)k * step;
    char tmp[48];
    int len;
    /* a backslash is quote removal's: it leaves an empty (quoted) word */
    if (chars) len = v == '\\' ? 0 : snprintf(tmp, sizeof(tmp), "%c", (char)v);
    else if (width)
      len = snprintf(tmp, sizeof(tmp), v < 0 ? "-%0*lld" : "%0*lld",
                     v < 0 ? width - 1 : width, v < 0 ? -v : v);
    else len = snprintf(tmp, sizeof(tmp), "%lld", v);
    sh_part *pt = vsh__arena_zalloc(&c->arena, sizeof(*pt));
    sh_word *w = vsh__arena_zalloc(&c->arena, sizeof(*w));
    char *s = vsh__arena_strndup(&c->arena, tmp, (size_t)len);
    if (!pt || !w || !s) return VSH_ENOMEM;
    if (chars && v == '\\') pt->kind = SH_PART_SQ; /* "" */
    else if (chars && strchr("*?[", (char)v)) pt->kind = SH_PART_ESC;
    else pt->kind = SH_PART_LIT;
    pt->u.text.s = s;
    pt->u.text.len = (size_t)len;
    w->parts = pt;
    w->n = 1;
    out->v[out->n++] = w;
  }
  return 0;
}

static int expand_rec(sh_ctx *c, const sh_word *w, unsigned depth, wlist *out);

static int alt_items(sh_ctx *c, const sh_part *p, unsigned depth, wlist *out) {
  out->v = NULL;
  out->n = 0;
  size_t cap = 0;
  for (size_t i = 0; i < p->u.brace.n; i++) {
    wlist sub;
    int rc = expand_rec(c, p->u.brace.alts[i], depth + 1, &sub);
    if (rc) return rc;
    if (out->n + sub.n > cap) {
      size_t nc = (out->n + sub.n) * 2 + 4;
      rc = limit_check(c, out->n + sub.n);
      if (rc) return rc;
      sh_word **v = vsh__arena_alloc(&c->arena, nc * sizeof(sh_word *));
      if (!v) return VSH_ENOMEM;
      if (out->n) memcpy(v, out->v, out->n * sizeof(sh_word *));
      out->v = v;
      cap = nc;
    }
    memcpy(out->v + out->n, sub.v, sub.n * sizeof(sh_word *));
    out->n += sub.n;
  }
  return 0;
}

static int expand_rec(sh_ctx *c, const sh_word *w, unsigned depth, wlist *out) {
  if (depth > 64) {
    sh_exec_limit(c->ex, "brace expansion nesting limit exceeded");
    return VSH_ELIMIT;
  }
  /* in the arena: an empty alternative hands this word back to the
   * caller, so it must outlive this frame */
  sh_word *empty = vsh__arena_zalloc(&c->arena, sizeof(*empty));
  if (!empty) return VSH_ENOMEM;
  empty->line = w->line;
  wlist acc;
  acc.v = vsh__arena_alloc(&c->arena, sizeof(sh_word *));
  if (!acc.v) return VSH_ENOMEM;
  acc.v[0] = empty;
  acc.n = 1;
  size_t lit_start = 0;
  for (size_t i = 0; i <= w->n; i++) {
    bool brace = i < w->n && w->parts[i].kind == SH_PART_BRACE;
    if (i < w->n && !brace) continue;
    /* append the run of plain parts [lit_start, i) to every word */
    if (i > lit_start) {
      for (size_t k = 0; k < acc.n; k++) {
        acc.v[k] = word_cat(c, acc.v[k], w->parts + lit_start, i - lit_start);
        if (!acc.v[k]) return VSH_ENOMEM;
      }
    }
    lit_start = i + 1;
    if (!brace) break;
    const sh_part *p = &w->parts[i];
    wlist items;
    int rc = p->u.brace.is_seq ? seq_items(c, p, &items)
                               : alt_items(c, p, depth, &items);
    if (rc) return rc;
    size_t total = acc.n * items.n;
    if (items.n && total / items.n != acc.n) total = (size_t)-1;
    rc = limit_check(c, total);
    if (rc) return rc;
    sh_word **nv =
        vsh__arena_alloc(&c->arena, (total ? total : 1) * sizeof(sh_word *));
    if (!nv) return VSH_ENOMEM;
    size_t k = 0;
    for (size_t a = 0; a < acc.n; a++)
      for (size_t b = 0; b < items.n; b++) {
        nv[k] = word_cat(c, acc.v[a], items.v[b]->parts, items.v[b]->n);
        if (!nv[k]) return VSH_ENOMEM;
        k++;
      }
    acc.v = nv;
    acc.n = total;
  }
  *out = acc;
  return 0;
}

/* bash expands braces on the text, before tildes: a word that now
 * starts with an unquoted ~ (~{/src,root} gave ~/src and ~root) gets its
 * tilde prefix, up to a '/' in the leading unquoted text or to the end
 * of a word made only of such text. */
static sh_word *retilde(sh_ctx *c, sh_word *w) {
  if (!w->n || w->parts[0].kind != SH_PART_LIT || !w->parts[0].u.text.len ||
      w->parts[0].u.text.s[0] != '~')
    return w;
  vsh_buf lead = {0};
  size_t k = 0;
  for (; k < w->n && w->parts[k].kind == SH_PART_LIT; k++)
    vsh__buf_append(&lead, w->parts[k].u.text.s, w->parts[k].u.text.len);
  const char *sl = lead.data ? memchr(lead.data, '/', lead.len) : NULL;
  if (!lead.data || (!sl && k < w->n)) { /* the prefix runs into quotes */
    vsh_buf_dispose(&lead);
    return w;
  }
  size_t plen = sl ? (size_t)(sl - lead.data) : lead.len;
  char *text = vsh__arena_strndup(&c->arena, lead.data, lead.len);
  vsh_buf_dispose(&lead);
  sh_word *nw = vsh__arena_alloc(&c->arena, sizeof(*nw));
  sh_part *parts =
      vsh__arena_alloc(&c->arena, (w->n - k + 2) * sizeof(sh_part));
  if (!text || !nw || !parts) return w;
  size_t n = 0;
  parts[n] = (sh_part){.kind = SH_PART_TILDE};
  parts[n].u.tilde.user = text + 1;
  parts[n++].u.tilde.len = plen - 1;
  if (plen < strlen(text)) {
    parts[n] = w->parts[0];
    parts[n].u.text.s = text + plen;
    parts[n++].u.text.len = strlen(text) - plen;
  }
  for (size_t i = k; i < w->n; i++) parts[n++] = w->parts[i];
  *nw = *w;
  nw->parts = parts;
  nw->n = n;
  return nw;
}

static bool name_ch(char ch) {
  return ch == '_' || (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
         (ch >= '0' && ch <= '9');
}

/* bash expands braces on the text, so a $name at the end of one piece
 * reads on into the name characters after it: {$a,b}_c gives $a_c and
 * b_c.  Within one piece the parser already took the longest name, so
 * an unbraced $name followed by unquoted name characters comes only
 * from a brace. */
static sh_word *reparam(sh_ctx *c, sh_word *w) {
  sh_part *parts = NULL;
  for (size_t i = 0; i + 1 < w->n; i++) {
    const sh_part *pp = parts ? &parts[i] : &w->parts[i];
    const sh_part *lt = parts ? &parts[i + 1] : &w->parts[i + 1];
    if (pp->kind != SH_PART_PARAM || pp->u.param.flags ||
        pp->u.param.op != SH_POP_NONE || pp->u.param.index ||
        !pp->u.param.name_len || !name_ch(pp->u.param.name[0]) ||
        (pp->u.param.name[0] >= '0' && pp->u.param.name[0] <= '9') ||
        lt->kind != SH_PART_LIT || !lt->u.text.len || !name_ch(lt->u.text.s[0]))
      continue;
    if (!parts) {
      parts = vsh__arena_alloc(&c->arena, w->n * sizeof *parts);
      if (!parts) return w;
      memcpy(parts, w->parts, w->n * sizeof *parts);
    }
    size_t k = 0;
    while (k < parts[i + 1].u.text.len && name_ch(parts[i + 1].u.text.s[k]))
      k++;
    size_t nl = parts[i].u.param.name_len;
    char *name = vsh__arena_alloc(&c->arena, nl + k + 1);
    if (!name) return w;
    memcpy(name, parts[i].u.param.name, nl);
    memcpy(name + nl, parts[i + 1].u.text.s, k);
    name[nl + k] = 0;
    parts[i].u.param.name = name;
    parts[i].u.param.name_len = nl + k;
    parts[i + 1].u.text.s += k;
    parts[i + 1].u.text.len -= k;
    if (!parts[i + 1].u.text.len) { /* all taken: drop it, look again */
      memmove(parts + i + 1, parts + i + 2, (w->n - i - 2) * sizeof *parts);
      sh_word *nw = vsh__arena_alloc(&c->arena, sizeof *nw);
      if (!nw) return w;
      *nw = *w;
      nw->parts = parts;
      nw->n = w->n - 1;
      w = nw;
      parts = NULL;
      i--;
      continue;
    }
  }
  if (!parts) return w;
  sh_word *nw = vsh__arena_alloc(&c->arena, sizeof *nw);
  if (!nw) return w;
  *nw = *w;
  nw->parts = parts;
  return nw;
}

int sh_brace_expand(sh_ctx *c, const sh_word *w, sh_word ***out, size_t *n) {
  wlist l;
  int rc = expand_rec(c, w, 0, &l);
  if (rc) return rc;
  for (size_t i = 0; i < l.n; i++) l.v[i] = retilde(c, reparam(c, l.v[i]));
  *out = l.v;
  *n = l.n;
  return 0;
}
