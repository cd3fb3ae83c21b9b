/* regex_exec.c: the two matchers over one program.  The Pike VM keeps one
 * thread per instruction per input position (priority order = list
 * order), so it runs in O(program x input) whatever the pattern; the
 * backtracker, used only for back-references, spends budget steps and
 * gives up with VSH_ELIMIT.  Both report the leftmost-longest match
 * (POSIX) or the leftmost-first one (VSH_RE_PERL). */
#include "core/regex_int.h"

#include <string.h>

#define POLL_MASK 4095u
#define BT_MAX_STACK (1u << 20)

/* ---- shared helpers ------------------------------------------------- */

static inline int32_t decode_at(const char *s, size_t n, size_t pos,
                                size_t *len) {
  unsigned char c = (unsigned char)s[pos];
  if (c < 0x80) {
    *len = 1;
    return c;
  }
  int32_t cp;
  *len = (size_t)vsh__utf8_decode(s + pos, n - pos, &cp);
  return cp < 0 ? RE_BYTE_CP + c : cp;
}

static int32_t char_before(const char *s, size_t pos) {
  size_t k = pos - 1, lim = pos >= 4 ? pos - 4 : 0;
  while (k > lim && ((unsigned char)s[k] & 0xC0) == 0x80) k--;
  size_t len;
  int32_t cp = decode_at(s, pos, k, &len);
  if (k + len != pos) return RE_BYTE_CP + (unsigned char)s[pos - 1];
  return cp;
}

static bool assert_ok(const vsh_regex *re, const char *s, size_t n, size_t pos,
                      int kind, unsigned eflags) {
  bool nl = (re->flags & VSH_RE_NEWLINE) != 0;
  switch (kind) {
  case RA_BOL:
    return (pos == 0 && !(eflags & VSH_RE_NOTBOL)) ||
           (nl && pos > 0 && s[pos - 1] == '\n');
  case RA_EOL:
    return (pos == n && !(eflags & VSH_RE_NOTEOL)) ||
           (nl && pos < n && s[pos] == '\n');
  case RA_BUFBEG: return pos == 0;
  case RA_BUFEND: return pos == n;
  default: break;
  }
  size_t len;
  bool wb = pos > 0 && vsh__re_is_word(char_before(s, pos));
  bool wa = pos < n && vsh__re_is_word(decode_at(s, n, pos, &len));
  switch (kind) {
  case RA_WORDB: return wb != wa;
  case RA_NWORDB: return wb == wa;
  case RA_WBEG: return !wb && wa;
  case RA_WEND: return wb && !wa;
  case RA_NOWORD_BEFORE: return !wb;
  case RA_NOWORD_AFTER: return !wa;
  }
  return false;
}

/* A lookaround at pos: its own program run from pos (ahead) or from the
 * fixed number of characters before pos, ending at pos (behind).  An
 * error (the budget spent) counts as no match; the caller's own polling
 * reports it. */
static bool look_ok(const vsh_regex *re, const char *s, size_t n, size_t pos,
                    int32_t idx, unsigned eflags, vsh_re_budget *b) {
  const re_look *l = &re->looks[idx];
  size_t from = pos;
  if (l->behind) {
    for (size_t k = 0; k < l->len; k++) {
      if (from == 0) return l->neg;
      from--;
      while (from > 0 && ((unsigned char)s[from] & 0xC0) == 0x80 &&
             pos - from < 4 * l->len + 4)
        from--;
    }
  }
  vsh_regmatch m;
  int rc = vsh__regex_exec(l->re, s, n, from, eflags, &m, 1, b);
  bool hit =
      rc == 1 && m.so == (int64_t)from && (!l->behind || m.eo == (int64_t)pos);
  return hit != l->neg;
}

static inline bool char_ok(const vsh_regex *re, const re_inst *in, int32_t cp) {
  switch (in->op) {
  case RI_CHAR: return cp == in->x;
  case RI_CHARI: return vsh__cp_lower(cp) == in->x;
  case RI_ANY: return true;
  case RI_ANYNL: return cp != '\n';
  case RI_SET: return vsh__re_set_has(&re->sets[in->x], cp);
  }
  return false;
}

/* Next position >= pos whose byte can start a match, or n. */
static size_t skip_to_first(const vsh_regex *re, const char *s, size_t n,
                            size_t pos) {
  if (re->single_first >= 0) {
    const char *p = memchr(s + pos, re->single_first, n - pos);
    return p ? (size_t)(p - s) : n;
  }
  while (pos < n && !re->first[(unsigned char)s[pos]]) pos++;
  return pos;
}

static int poll(vsh_re_budget *b) {
  if (b && b->cancelled && b->cancelled(b->ud)) return VSH_EABORTED;
  return 0;
}

/* ---- Pike VM ----------------------------------------------------------- */

typedef struct stk {
  int32_t pc; /* >= 0: explore; -1: restore work[slot] = val */
  int32_t slot;
  int64_t val;
} stk;

typedef struct pike_mem {
  size_t ninst, ncap;
  int32_t *pcs[2];
  uint32_t *mark[2];
  int64_t *caps[2];
  uint32_t gen[2];
  stk *stack;
  int64_t *work, *best;
} pike_mem;

static void pike_mem_free(pike_mem *m) {
  if (!m) return;
  for (int k = 0; k < 2; k++) {
    free(m->pcs[k]);
    free(m->mark[k]);
    free(m->caps[k]);
  }
  free(m->stack);
  free(m->work);
  free(m->best);
  free(m);
}

static pike_mem *pike_mem_new(size_t ninst, size_t ncap) {
  pike_mem *m = calloc(1, sizeof(*m));
  if (!m) return NULL;
  m->ninst = ninst;
  m->ncap = ncap;
  bool ok = true;
  for (int k = 0; k < 2; k++) {
    m->pcs[k] = malloc(ninst * sizeof(int32_t));
    m->mark[k] = calloc(ninst, sizeof(uint32_t));
    m->caps[k] = malloc(ninst * ncap * sizeof(int64_t));
    ok = ok && m->pcs[k] && m->mark[k] && m->caps[k];
  }
  m->stack = malloc((ninst + 2) * sizeof(stk));
  m->work = malloc(ncap * sizeof(int64_t));
  m->best = malloc(ncap * sizeof(int64_t));
  if (!ok || !m->stack || !m->work || !m->best) {
    pike_mem_free(m);
    return NULL;
  }
  return m;
}

typedef struct pike {
  const vsh_regex *re;
  const char *s;
  size_t n;
  unsigned eflags;
  size_t ncap; /* slots tracked this call (<= mem->ncap) */
  bool perl, found;
  pike_mem *m;
  size_t cnt[2];
  vsh_re_budget *b; /* for lookarounds */
} pike;

static void list_reset(pike *v, int li) {
  v->cnt[li] = 0;
  if (++v->m->gen[li] == 0) {
    memset(v->m->mark[li], 0, v->m->ninst * sizeof(uint32_t));
    v->m->gen[li] = 1;
  }
}

/* Follows empty transitions from pc0 at pos with captures in m->work,
 * adding consuming threads to list li in priority order.  Returns true
 * when a leftmost-first match cuts the lower-priority threads. */
static bool add_thread(pike *v, int li, int32_t pc0, size_t pos) {
  pike_mem *m = v->m;
  const re_inst *prog = v->re->prog;
  uint32_t g = m->gen[li], *mark = m->mark[li];
  int64_t *work = m->work;
  stk *st = m->stack;
  size_t sp = 0;
  st[sp++] = (stk){pc0, 0, 0};
  while (sp) {
    stk e = st[--sp];
    if (e.pc < 0) {
      work[e.slot] = e.val;
      continue;
    }
    int32_t pc = e.pc;
    for (;;) {
      if (mark[pc] == g) break;
      mark[pc] = g;
      const re_inst *in = &prog[pc];
      switch (in->op) {
      case RI_JMP: pc = in->x; continue;
      case RI_SPLIT:
        st[sp++] = (stk){in->y, 0, 0};
        pc = in->x;
        continue;
      case RI_SAVE:
        if ((size_t)in->x < v->ncap) {
          st[sp++] = (stk){-1, in->x, work[in->x]};
          work[in->x] = (int64_t)pos;
        }
        pc++;
        continue;
      case RI_MARK:
      case RI_CHECK: pc++; continue;
      case RI_ASSERT:
        if (assert_ok(v->re, v->s, v->n, pos, in->x, v->eflags)) {
          pc++;
          continue;
        }
        break;
      case RI_LOOK:
        if (look_ok(v->re, v->s, v->n, pos, in->x, v->eflags, v->b)) {
          pc++;
          continue;
        }
        break;
      case RI_MATCH: {
        int64_t *best = m->best;
        if (v->perl || !v->found || work[0] < best[0] ||
            (work[0] == best[0] && (int64_t)pos > best[1])) {
          memcpy(best, work, v->ncap * sizeof(int64_t));
          best[1] = (int64_t)pos;
          v->found = true;
        }
        if (v->perl) return true;
        break;
      }
      default: {
        m->pcs[li][v->cnt[li]++] = pc;
        memcpy(&m->caps[li][(size_t)pc * v->ncap], work,
               v->ncap * sizeof(int64_t));
        break;
      }
      }
      break;
    }
  }
  return false;
}

static int pike_run(pike *v, size_t start, vsh_re_budget *b) {
  const vsh_regex *re = v->re;
  pike_mem *m = v->m;
  const char *s = v->s;
  size_t n = v->n, pos = start, ncap = v->ncap;
  int cl = 0, nl = 1;
  uint64_t work_done = 0, next_poll = POLL_MASK;
  list_reset(v, cl);
  for (;;) {
    if (!v->found && (!re->bol_anchored || pos == 0) &&
        (!re->start_anchored || pos == start)) {
      if (v->cnt[cl] == 0 && re->use_first) {
        pos = skip_to_first(re, s, n, pos);
        if (pos >= n) break;
      }
      for (size_t k = 0; k < ncap; k++) m->work[k] = -1;
      m->work[0] = (int64_t)pos;
      add_thread(v, cl, 0, pos);
    }
    if (v->cnt[cl] == 0) {
      if (v->found || pos >= n || (re->bol_anchored && pos > 0) ||
          re->start_anchored)
        break;
      size_t len;
      decode_at(s, n, pos, &len);
      pos += len;
      list_reset(v, cl); /* the failed start left marks behind */
      continue;
    }
    if (pos >= n) break;
    size_t len;
    int32_t cp = decode_at(s, n, pos, &len);
    list_reset(v, nl);
    int32_t *pcs = m->pcs[cl];
    for (size_t i = 0; i < v->cnt[cl]; i++) {
      int32_t pc = pcs[i];
      const int64_t *caps = &m->caps[cl][(size_t)pc * ncap];
      if (v->found && !v->perl && caps[0] > m->best[0]) continue;
      if (!char_ok(re, &re->prog[pc], cp)) continue;
      memcpy(m->work, caps, ncap * sizeof(int64_t));
      if (add_thread(v, nl, pc + 1, pos + len)) break;
    }
    work_done += v->cnt[cl] + 1;
    if (work_done >= next_poll) {
      next_poll = work_done + POLL_MASK;
      int rc = poll(b);
      if (rc) return rc;
    }
    cl ^= 1;
    nl ^= 1;
    pos += len;
  }
  return v->found ? 1 : 0;
}

/* ---- backtracker (back-references) ---------------------------------------- */

typedef struct bt_ent {
  int32_t pc; /* >= 0: branch at (pc, val); -1: caps[slot] = val;
                   -2: loops[slot] = val */
  int32_t slot;
  int64_t val;
} bt_ent;

typedef struct bt {
  const vsh_regex *re;
  const char *s;
  size_t n;
  unsigned eflags;
  int64_t *caps, *loops, *best;
  size_t ncaps;
  bt_ent *st;
  size_t sp, cap;
  bool found;
  vsh_re_budget *b; /* for lookarounds */
} bt;

static int bt_push(bt *t, int32_t pc, int32_t slot, int64_t val) {
  if (t->sp == t->cap) {
    if (t->cap >= BT_MAX_STACK) return VSH_ELIMIT;
    size_t nc = t->cap ? t->cap * 2 : 256;
    bt_ent *nv = realloc(t->st, nc * sizeof(*nv));
    if (!nv) return VSH_ENOMEM;
    t->st = nv;
    t->cap = nc;
  }
  t->st[t->sp++] = (bt_ent){pc, slot, val};
  return 0;
}

static bool backref_ok(bt *t, int g, bool icase, size_t pos, size_t *len) {
  int64_t so = t->caps[2 * g], eo = t->caps[2 * g + 1];
  if (so < 0 || eo < so) return false;
  size_t gl = (size_t)(eo - so);
  if (!icase) {
    if (t->n - pos < gl || memcmp(t->s + so, t->s + pos, gl)) return false;
    *len = gl;
    return true;
  }
  size_t i = (size_t)so, j = pos;
  while (i < (size_t)eo) {
    if (j >= t->n) return false;
    size_t li, lj;
    int32_t a = decode_at(t->s, (size_t)eo, i, &li);
    int32_t c = decode_at(t->s, t->n, j, &lj);
    if (vsh__cp_lower(a) != vsh__cp_lower(c)) return false;
    i += li;
    j += lj;
  }
  *len = j - pos;
  return true;
}

/* Explores every path from one start position in priority order. */
static int bt_from(bt *t, size_t start, vsh_re_budget *b, uint64_t *steps) {
  const vsh_regex *re = t->re;
  bool perl = (re->flags & VSH_RE_PERL) != 0;
  for (size_t k = 0; k < t->ncaps; k++) t->caps[k] = -1;
  for (size_t k = 0; k < re->nloops; k++) t->loops[k] = -1;
  t->caps[0] = (int64_t)start;
  t->sp = 0;
  int rc = bt_push(t, 0, 0, (int64_t)start);
  if (rc) return rc;
  while (t->sp) {
    bt_ent e = t->st[--t->sp];
    if (e.pc == -1) {
      t->caps[e.slot] = e.val;
      continue;
    }
    if (e.pc == -2) {
      t->loops[e.slot] = e.val;
      continue;
    }
    int32_t pc = e.pc;
    size_t pos = (size_t)e.val;
    for (;;) {
      if (*steps == 0) return VSH_ELIMIT;
      (*steps)--;
      if ((*steps & POLL_MASK) == 0 && (rc = poll(b))) return rc;
      const re_inst *in = &re->prog[pc];
      bool ok = true;
      switch (in->op) {
      case RI_JMP: pc = in->x; continue;
      case RI_SPLIT:
        if ((rc = bt_push(t, in->y, 0, (int64_t)pos))) return rc;
        pc = in->x;
        continue;
      case RI_SAVE:
        if ((rc = bt_push(t, -1, in->x, t->caps[in->x]))) return rc;
        t->caps[in->x] = (int64_t)pos;
        pc++;
        continue;
      case RI_MARK:
        if ((rc = bt_push(t, -2, in->x, t->loops[in->x]))) return rc;
        t->loops[in->x] = (int64_t)pos;
        pc++;
        continue;
      case RI_CHECK: ok = t->loops[in->x] != (int64_t)pos; break;
      case RI_ASSERT:
        ok = assert_ok(re, t->s, t->n, pos, in->x, t->eflags);
        break;
      case RI_LOOK:
        ok = look_ok(re, t->s, t->n, pos, in->x, t->eflags, t->b);
        break;
      case RI_BACKREF: {
        size_t len;
        ok = backref_ok(t, in->x, in->y != 0, pos, &len);
        if (ok) {
          pos += len;
          pc++;
          continue;
        }
        break;
      }
      case RI_MATCH:
        if (!t->found || (int64_t)pos > t->best[1]) {
          memcpy(t->best, t->caps, t->ncaps * sizeof(int64_t));
          t->best[1] = (int64_t)pos;
          t->found = true;
        }
        if (perl || pos == t->n) return 1;
        ok = false;
        break;
      default: {
        if (pos >= t->n) {
          ok = false;
          break;
        }
        size_t len;
        int32_t cp = decode_at(t->s, t->n, pos, &len);
        ok = char_ok(re, in, cp);
        if (ok) {
          pos += len;
          pc++;
          continue;
        }
        break;
      }
      }
      if (ok) pc++;
      else break;
    }
  }
  return t->found ? 1 : 0;
}

static int bt_run(bt *t, size_t start, vsh_re_budget *b) {
  const vsh_regex *re = t->re;
  uint64_t local = VSH_RE_DEFAULT_STEPS;
  uint64_t *steps = b ? &b->steps : &local;
  for (size_t pos = start; pos <= t->n;) {
    if ((re->bol_anchored && pos > 0) || (re->start_anchored && pos > start))
      break;
    if (re->use_first) {
      pos = skip_to_first(re, t->s, t->n, pos);
      if (pos >= t->n) break;
    }
    int rc = bt_from(t, pos, b, steps);
    if (rc) return rc;
    if (pos >= t->n) break;
    size_t len;
    decode_at(t->s, t->n, pos, &len);
    pos += len;
  }
  return 0;
}

/* ---- entry points ------------------------------------------------------------- */

int vsh__regex_exec(const vsh_regex *re, const char *s, size_t n, size_t start,
                    unsigned eflags, vsh_regmatch *m, size_t nm,
                    vsh_re_budget *b) {
  if (!s) s = "";
  if (start > n) return 0;
  int rc = poll(b);
  if (rc) return rc;
  size_t full = (re->flags & VSH_RE_NOSUB) ? 2 : 2 * (re->nsub + 1);
  const int64_t *best = NULL;
  int64_t *bt_best = NULL;
  pike_mem *pm = NULL;
  if (re->backrefs) {
    bt t = {.re = re, .s = s, .n = n, .eflags = eflags, .b = b};
    t.ncaps = 2 * (re->nsub + 1);
    t.caps = malloc(t.ncaps * sizeof(int64_t));
    t.best = malloc(t.ncaps * sizeof(int64_t));
    t.loops = malloc((re->nloops + 1) * sizeof(int64_t));
    if (!t.caps || !t.best || !t.loops) rc = VSH_ENOMEM;
    else rc = bt_run(&t, start, b);
    if (rc == 1 || (rc == 0 && t.found)) rc = 1;
    free(t.caps);
    free(t.loops);
    free(t.st);
    bt_best = t.best;
    best = bt_best;
    full = t.ncaps;
  } else {
    pm = atomic_exchange(&((vsh_regex *)re)->scratch, NULL);
    if (!pm) pm = pike_mem_new(re->ninst, full);
    if (!pm) return VSH_ENOMEM;
    pike v = {.re = re, .s = s, .n = n, .eflags = eflags, .m = pm, .b = b};
    v.perl = (re->flags & VSH_RE_PERL) != 0;
    v.ncap = 2 * (nm > 1 ? nm : 1);
    if (v.ncap > full) v.ncap = full;
    rc = pike_run(&v, start, b);
    best = pm->best;
    full = v.ncap;
  }
  if (rc == 1) {
    for (size_t i = 0; i < nm; i++) {
      if (2 * i + 1 < full && best[2 * i] >= 0 && best[2 * i + 1] >= 0) {
        m[i].so = best[2 * i];
        m[i].eo = best[2 * i + 1];
      } else {
        m[i].so = m[i].eo = -1;
      }
    }
  }
  free(bt_best);
  if (pm) {
    void *expect = NULL;
    if (!atomic_compare_exchange_strong(&((vsh_regex *)re)->scratch, &expect,
                                        pm))
      pike_mem_free(pm);
  }
  return rc;
}

void vsh__regex_free(vsh_regex *re) {
  if (!re) return;
  pike_mem_free(atomic_exchange(&re->scratch, NULL));
  for (size_t k = 0; k < re->nlooks; k++) vsh__regex_free(re->looks[k].re);
  free(re->looks);
  for (size_t k = 0; k < re->nsets; k++) free(re->sets[k].ranges);
  free(re->sets);
  free(re->prog);
  free(re);
}
