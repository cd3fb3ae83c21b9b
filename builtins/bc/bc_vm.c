/* bc_vm.c: bc's machine: symbol numbering, dynamically scoped variable
 * and array stacks (autos and parameters push, return pops), calls,
 * GNU's output column rules and runtime messages ("Runtime error
 * (func=f, adr=N): ..." with GNU's code address).  The loop checks
 * cancellation, calls are bounded by max_frames and every number and
 * table by the env's caps. */
#include "builtins/bc/bc_int.h"

#include "core/hash.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef struct bc_sym {
  char *name;
  int32_t v, a, f;
  UT_hash_handle hh;
} bc_sym;

typedef struct bc_aleaf {
  bcn v[256];
} bc_aleaf;
typedef struct bc_amid {
  bc_aleaf *leaf[256];
} bc_amid;
struct bc_arr {
  bc_amid *mid[256];
};

enum { MAX_STORE = 32767, BC_DIM_MAX = 16777215 };

static bool slot_fit(bc_state *st, bc_names *nm, void **slots, uint32_t n,
                     size_t size);

/* ---- setup ---------------------------------------------------------- */

static long rnd_next(bc_state *st);

static void rnd_seed(bc_state *st) {
  /* glibc's random() with its default seed 1: r[i] = r[i-3] + r[i-31] */
  int32_t r[34];
  r[0] = 1;
  for (int i = 1; i < 31; i++) {
    int64_t hi = r[i - 1] / 127773, lo = r[i - 1] % 127773;
    int64_t w = 16807 * lo - 2836 * hi;
    if (w < 0) w += 2147483647;
    r[i] = (int32_t)w;
  }
  for (int i = 31; i < 34; i++) r[i] = r[i - 31];
  for (int i = 0; i < 34; i++) st->rnd[i] = (uint32_t)r[i];
  st->rnd_i = 34;
  for (int i = 0; i < 310; i++) rnd_next(st);
}

static long rnd_next(bc_state *st) {
  int i = st->rnd_i;
  uint32_t v = st->rnd[(i - 31) % 34] + st->rnd[(i - 3) % 34];
  st->rnd[i % 34] = v;
  st->rnd_i = i + 1 >= 68 ? i + 1 - 34 : i + 1;
  return (long)(v >> 1);
}

int bc_state_init(bc_state *st, bi_ctx *b) {
  memset(st, 0, sizeof *st);
  st->b = b;
  st->env.b = b;
  uint64_t ms = bi_limits(b) ? bi_limits(b)->max_string : (64u << 20);
  if (ms < (1u << 20)) ms = 1u << 20;
  st->env.max_digits = ms > 16000000 ? 16000000 : ms;
  st->env.max_bytes = 4 * ms;
  uint64_t depth = bi_limits(b) ? bi_limits(b)->max_call_depth : 1000;
  st->max_frames = depth * 10 < 1000 ? 1000 : (size_t)depth * 10;
  st->ibase = 10;
  st->obase = 10;
  st->history = -1;
  st->line_size = 70;
  st->nvars = 5;
  st->narrs = 1;
  st->nfuncs = 1;
  vsh__buf_init(&st->out);
  rnd_seed(st);
  if (!slot_fit(st, &st->vnames, (void **)&st->vars, 4, sizeof(bc_vstack)) ||
      !slot_fit(st, &st->anames, (void **)&st->arrs, 0, sizeof(bc_astack)) ||
      !slot_fit(st, &st->fnames, (void **)&st->funcs, 0, sizeof(bc_func)))
    return -1;
  return 0;
}

static void arr_free(bc_state *st, bc_arr *a) {
  if (!a) return;
  for (int i = 0; i < 256; i++) {
    bc_amid *m = a->mid[i];
    if (!m) continue;
    for (int j = 0; j < 256; j++) {
      bc_aleaf *l = m->leaf[j];
      if (!l) continue;
      for (int k = 0; k < 256; k++) bcn_free(&st->env, &l->v[k]);
      st->env.bytes -= sizeof *l;
      free(l);
    }
    st->env.bytes -= sizeof *m;
    free(m);
  }
  st->env.bytes -= sizeof *a;
  free(a);
}

void bc_code_free(bcn_env *e, bc_code *c) {
  if (!c) return;
  free(c->ins);
  for (size_t i = 0; i < c->nk; i++) {
    free(c->k[i].text);
    bcn_free(e, &c->k[i].val);
  }
  free(c->k);
  for (size_t i = 0; i < c->ns; i++) free(c->s[i]);
  free(c->s);
  free(c->slen);
  free(c->argk);
  free(c->labels);
  /* what the compiler's code_fit counted */
  e->bytes -= c->cap * sizeof *c->ins + c->kcap * sizeof *c->k +
              c->scap * sizeof *c->s + c->argkcap + c->labcap * sizeof(int32_t);
  free(c);
}

static void func_clear(bc_state *st, bc_func *f) {
  bc_code_free(&st->env, f->code);
  free(f->params);
  free(f->byref);
  free(f->autos);
  bool v = f->is_void, lib = f->lib;
  memset(f, 0, sizeof *f);
  f->is_void = v;
  f->lib = lib;
}

void bc_state_dispose(bc_state *st) {
  for (size_t i = 0; i < st->nstk; i++) bcn_free(&st->env, &st->stk[i]);
  free(st->stk);
  free(st->frames);
  for (uint32_t i = 0; i < st->nvars; i++) {
    if (!st->vars) break;
    for (uint32_t j = 0; j < st->vars[i].n; j++)
      bcn_free(&st->env, &st->vars[i].v[j]);
    free(st->vars[i].v);
  }
  free(st->vars);
  for (uint32_t i = 0; st->arrs && i < st->narrs; i++) {
    for (uint32_t j = 0; j < st->arrs[i].n; j++)
      if (!st->arrs[i].v[j].ref) arr_free(st, st->arrs[i].v[j].data);
    free(st->arrs[i].v);
  }
  free(st->arrs);
  for (uint32_t i = 0; st->funcs && i < st->nfuncs; i++)
    func_clear(st, &st->funcs[i]);
  free(st->funcs);
  bc_sym *s, *tmp;
  HASH_ITER(hh, st->syms, s, tmp) {
    HASH_DEL(st->syms, s);
    free(s->name);
    free(s);
  }
  free(st->vnames.v);
  free(st->anames.v);
  free(st->fnames.v);
  vsh_buf_dispose(&st->out);
}

/* ---- symbols -------------------------------------------------------- */

static bc_sym *sym_get(bc_state *st, const char *name) {
  bc_sym *s;
  size_t len = strlen(name);
  HASH_FIND(hh, st->syms, name, len, s);
  if (s) return s;
  s = calloc(1, sizeof *s);
  if (!s) return NULL;
  s->name = strdup(name);
  if (!s->name) {
    free(s);
    return NULL;
  }
  HASH_ADD_KEYPTR(hh, st->syms, s->name, len, s);
  if (!VSH_HASH_ADDED(s)) {
    free(s->name);
    free(s);
    return NULL;
  }
  st->env.bytes += len + sizeof *s;
  return s;
}

/* Grows a table of `size`-byte entries to hold index n (zeroed). */
static bool table_fit(bc_state *st, void **tab, uint32_t *cap, uint32_t n,
                      size_t size) {
  if (n < *cap) return true;
  uint32_t nc = *cap ? *cap : 32;
  while (nc <= n) nc *= 2;
  if (st->env.bytes + (uint64_t)(nc - *cap) * size > st->env.max_bytes) {
    st->env.out_of_memory = true;
    return false;
  }
  void *t = realloc(*tab, (size_t)nc * size);
  if (!t) return false;
  memset((char *)t + (size_t)*cap * size, 0, (size_t)(nc - *cap) * size);
  st->env.bytes += (uint64_t)(nc - *cap) * size;
  *tab = t;
  *cap = nc;
  return true;
}

/* Makes room for entry n of a symbol kind: its name and its slot. */
static bool slot_fit(bc_state *st, bc_names *nm, void **slots, uint32_t n,
                     size_t size) {
  if (!table_fit(st, (void **)&nm->v, &nm->cap, n, sizeof(char *)))
    return false;
  if (n >= nm->scap) {
    uint32_t old = nm->scap;
    if (st->env.bytes + (uint64_t)(nm->cap - old) * size > st->env.max_bytes) {
      st->env.out_of_memory = true;
      return false;
    }
    void *t = realloc(*slots, (size_t)nm->cap * size);
    if (!t) return false;
    memset((char *)t + (size_t)old * size, 0, (size_t)(nm->cap - old) * size);
    st->env.bytes += (uint64_t)(nm->cap - old) * size;
    *slots = t;
    nm->scap = nm->cap;
  }
  if (n >= nm->n) nm->n = n + 1;
  return true;
}

int32_t bc_var_num(bc_state *st, const char *name) {
  bc_sym *s = sym_get(st, name);
  if (!s) return -1;
  if (s->v) return s->v;
  if (st->nvars > MAX_STORE) return -2;
  uint32_t n = st->nvars;
  if (!slot_fit(st, &st->vnames, (void **)&st->vars, n, sizeof(bc_vstack)))
    return -1;
  st->vnames.v[n] = s->name;
  s->v = (int32_t)n;
  st->nvars = n + 1;
  return s->v;
}

int32_t bc_arr_num(bc_state *st, const char *name) {
  bc_sym *s = sym_get(st, name);
  if (!s) return -1;
  if (s->a) return s->a;
  if (st->narrs >= MAX_STORE) return -2;
  uint32_t n = st->narrs;
  if (!slot_fit(st, &st->anames, (void **)&st->arrs, n, sizeof(bc_astack)))
    return -1;
  st->anames.v[n] = s->name;
  s->a = (int32_t)n;
  st->narrs = n + 1;
  return s->a;
}

int32_t bc_func_num(bc_state *st, const char *name, bool def) {
  bc_sym *s = sym_get(st, name);
  if (!s) return -1;
  /* redefining a math library function makes a new one (GNU) */
  if (s->f && !(def && st->use_math && s->f <= 6)) return s->f;
  if (st->nfuncs >= MAX_STORE) return -2;
  uint32_t n = st->nfuncs;
  if (!slot_fit(st, &st->fnames, (void **)&st->funcs, n, sizeof(bc_func)))
    return -1;
  st->fnames.v[n] = s->name;
  s->f = (int32_t)n;
  st->nfuncs = n + 1;
  return s->f;
}

/* ---- output --------------------------------------------------------- */

bool bc_flush(bc_state *st) {
  if (st->out.len && !st->failed) {
    int rc = bi_write(st->b, st->out.data, st->out.len);
    if (rc) {
      st->failed = true;
      st->status = rc == VSH_EPIPE ? 141 : 1;
    }
  }
  st->out.len = 0;
  return !st->failed;
}

static void put_byte(bc_state *st, char c) {
  if (st->failed) return;
  if (vsh__buf_putc(&st->out, c)) {
    st->failed = true;
    st->status = 1;
    return;
  }
  if (st->out.len >= 65536) bc_flush(st);
}

void bc_out_raw(bc_state *st, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) put_byte(st, s[i]);
}

void bc_out_char(bc_state *st, char c) {
  if (c == '\n') {
    st->out_col = 0;
    put_byte(st, '\n');
    return;
  }
  st->out_col++;
  if (st->out_col == st->line_size - 1 && st->line_size != 0) {
    put_byte(st, '\\');
    put_byte(st, '\n');
    st->out_col = 1;
  }
  put_byte(st, c);
}

static void out_schar(bc_state *st, char c) {
  if (c == '\n' || !st->std_only) {
    bc_out_char(st, c);
    return;
  }
  put_byte(st, c);
}

static void put_num_char(void *ud, char c) { bc_out_char(ud, c); }

void bc_errf(bc_state *st, const char *fmt, ...) {
  bc_flush(st);
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if ((size_t)n >= sizeof msg) n = sizeof msg - 1;
  if (st->b->err && bi_has_shell(st->b))
    bi_write_to(st->b, st->b->err, msg, (size_t)n);
}

/* ---- the machine ---------------------------------------------------- */

static const char *fname(bc_state *st, int32_t fn) {
  return fn == 0 ? "(main)" : st->fnames.v[fn];
}

static void rt_error(bc_state *st, uint32_t adr, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void rt_error(bc_state *st, uint32_t adr, const char *fmt, ...) {
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  bc_errf(st, "Runtime error (func=%s, adr=%u): %s\n",
          fname(st, st->frames[st->nframes - 1].fn), adr, msg);
  st->rt_error = true;
}

static void rt_warn(bc_state *st, uint32_t adr, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void rt_warn(bc_state *st, uint32_t adr, const char *fmt, ...) {
  char msg[600];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  bc_errf(st, "Runtime warning (func=%s, adr=%u): %s\n",
          fname(st, st->frames[st->nframes - 1].fn), adr, msg);
}

/* A failed number operation: cancellation stops bc quietly, a cap is a
 * runtime error. */
static void num_fail(bc_state *st, uint32_t adr, int rc) {
  if (rc == BCN_ECANCEL || st->env.cancelled) {
    st->failed = true;
    st->status = 1;
    st->rt_error = true;
    return;
  }
  if (st->env.out_of_memory)
    rt_error(st, adr, "out of memory (the limit is %llu MB)",
             (unsigned long long)(st->env.max_bytes >> 20));
  else
    rt_error(st, adr, "number too big (the limit is %llu digits)",
             (unsigned long long)st->env.max_digits);
  st->env.out_of_memory = false;
}

static bool push(bc_state *st, bcn *v) {
  if (st->nstk == st->stkcap) {
    size_t nc = st->stkcap ? st->stkcap * 2 : 64;
    if (st->env.bytes + (nc - st->stkcap) * sizeof(bcn) > st->env.max_bytes) {
      st->env.out_of_memory = true;
      return false;
    }
    bcn *t = realloc(st->stk, nc * sizeof *t);
    if (!t) return false;
    st->env.bytes += (nc - st->stkcap) * sizeof(bcn);
    st->stk = t;
    st->stkcap = nc;
  }
  st->stk[st->nstk++] = *v;
  bcn_init(v);
  return true;
}

static void pop(bc_state *st) {
  if (st->nstk) bcn_free(&st->env, &st->stk[--st->nstk]);
}

static bcn *tos(bc_state *st, size_t k) { return &st->stk[st->nstk - 1 - k]; }

static bool vpush(bc_state *st, bc_vstack *v, bcn *val) {
  if (v->n == v->cap) {
    uint32_t nc = v->cap ? v->cap * 2 : 2;
    if (st->env.bytes + (uint64_t)(nc - v->cap) * sizeof(bcn) >
        st->env.max_bytes) {
      st->env.out_of_memory = true;
      return false;
    }
    bcn *t = realloc(v->v, nc * sizeof *t);
    if (!t) return false;
    st->env.bytes += (uint64_t)(nc - v->cap) * sizeof(bcn);
    v->v = t;
    v->cap = nc;
  }
  v->v[v->n++] = *val;
  bcn_init(val);
  return true;
}

static void vpop(bc_state *st, bc_vstack *v) {
  if (v->n) bcn_free(&st->env, &v->v[--v->n]);
}

static bool apush(bc_state *st, bc_astack *a, bc_ainst inst) {
  if (a->n == a->cap) {
    if (st->env.bytes + sizeof(bc_ainst) * (a->cap + 2) > st->env.max_bytes) {
      st->env.out_of_memory = true;
      return false;
    }
    uint32_t nc = a->cap ? a->cap * 2 : 2;
    bc_ainst *t = realloc(a->v, nc * sizeof *t);
    if (!t) return false;
    a->v = t;
    a->cap = nc;
  }
  a->v[a->n++] = inst;
  return true;
}

static void apop(bc_state *st, bc_astack *a) {
  if (!a->n) return;
  bc_ainst in = a->v[--a->n];
  if (!in.ref) arr_free(st, in.data);
}

static void *acct_calloc(bc_state *st, size_t size) {
  if (st->env.bytes + size > st->env.max_bytes) {
    st->env.out_of_memory = true;
    return NULL;
  }
  void *p = calloc(1, size);
  if (p) st->env.bytes += size;
  return p;
}

/* The array instance of slot a (created empty when missing). */
static bc_ainst *arr_top(bc_state *st, int32_t a) {
  bc_astack *s = &st->arrs[a];
  if (!s->n && !apush(st, s, (bc_ainst){NULL, false})) return NULL;
  bc_ainst *in = &s->v[s->n - 1];
  if (!in->data) in->data = acct_calloc(st, sizeof(bc_arr));
  return in->data ? in : NULL;
}

/* Element idx of a, for reading (zero when never stored). */
static const bcn *arr_get(const bc_arr *a, long idx) {
  static const bcn zero;
  const bc_amid *mid = a->mid[(idx >> 16) & 255];
  const bc_aleaf *leaf = mid ? mid->leaf[(idx >> 8) & 255] : NULL;
  return leaf ? &leaf->v[idx & 255] : &zero;
}

/* Element idx of a, created for writing; NULL when out of memory. */
static bcn *arr_put(bc_state *st, bc_arr *a, long idx) {
  bc_amid **mid = &a->mid[(idx >> 16) & 255];
  if (!*mid && !(*mid = acct_calloc(st, sizeof(bc_amid)))) return NULL;
  bc_aleaf **leaf = &(*mid)->leaf[(idx >> 8) & 255];
  if (!*leaf && !(*leaf = acct_calloc(st, sizeof(bc_aleaf)))) return NULL;
  return &(*leaf)->v[idx & 255];
}

static bc_arr *arr_copy(bc_state *st, const bc_arr *src, bool *ok) {
  *ok = true;
  bc_arr *d = acct_calloc(st, sizeof *d);
  if (!d) return *ok = false, NULL;
  if (!src) return d;
  for (int i = 0; i < 256 && *ok; i++) {
    if (!src->mid[i]) continue;
    if (!(d->mid[i] = acct_calloc(st, sizeof(bc_amid)))) {
      *ok = false;
      break;
    }
    for (int j = 0; j < 256 && *ok; j++) {
      const bc_aleaf *sl = src->mid[i]->leaf[j];
      if (!sl) continue;
      bc_aleaf *dl = d->mid[i]->leaf[j] = acct_calloc(st, sizeof(bc_aleaf));
      if (!dl) {
        *ok = false;
        break;
      }
      for (int k = 0; k < 256 && *ok; k++)
        if (bcn_copy(&st->env, &dl->v[k], &sl->v[k])) *ok = false;
    }
  }
  return d;
}

/* The index x for array `a`; false after the error. */
static bool arr_index(bc_state *st, int32_t a, uint32_t adr, const bcn *x,
                      long *idx) {
  long i = bcn_to_long(x);
  if (i < 0 || i > BC_DIM_MAX || (i == 0 && !bcn_is_zero(x))) {
    rt_error(st, adr, "Array %s subscript out of bounds.", st->anames.v[a]);
    return false;
  }
  *idx = i;
  return true;
}

static long num_long(const bcn *x, bool *toobig) {
  long v = bcn_to_long(x);
  *toobig = v == 0 && !bcn_is_zero(x);
  return v;
}

/* store_var for ibase, obase, scale and history. */
static void store_special(bc_state *st, int32_t v, const bcn *x, uint32_t adr) {
  bool toobig = false;
  long t = 0;
  if (x->neg) {
    static const char *const what[] = {"negative ibase, set to 2",
                                       "negative obase, set to 2",
                                       "negative scale, set to 0"};
    if (v < 3) rt_warn(st, adr, "%s", what[v]);
    t = v == 2 ? 0 : v == 3 ? -1 : 2;
  } else {
    t = num_long(x, &toobig);
  }
  switch (v) {
  case 0:
    if (t < 2 && !toobig) {
      st->ibase = 2;
      rt_warn(st, adr, "ibase too small, set to 2");
    } else if (t > 16 || toobig) {
      if (st->std_only) {
        st->ibase = 16;
        rt_warn(st, adr, "ibase too large, set to 16");
      } else if (t > 36 || toobig) {
        st->ibase = 36;
        rt_warn(st, adr, "ibase too large, set to 36");
      } else {
        if (t >= 16 && st->warn)
          rt_warn(st, adr, "ibase larger than 16 is non-standard");
        st->ibase = (int)t;
      }
    } else {
      st->ibase = (int)t;
    }
    break;
  case 1:
    if (t < 2 && !toobig) {
      st->obase = 2;
      rt_warn(st, adr, "obase too small, set to 2");
    } else if (t > INT32_MAX || toobig) {
      st->obase = INT32_MAX;
      rt_warn(st, adr, "obase too large, set to %d", INT32_MAX);
    } else {
      st->obase = t;
    }
    break;
  case 2:
    if (t > INT32_MAX || toobig) {
      st->scale = INT32_MAX;
      rt_warn(st, adr, "scale too large, set to %d", INT32_MAX);
    } else {
      st->scale = (int32_t)t;
    }
    break;
  default:
    if (toobig) {
      st->history = -1;
      rt_warn(st, adr, "history too large, set to unlimited");
    } else {
      st->history = t < 0 ? -1 : t;
    }
  }
}

static void incdec_special(bc_state *st, int32_t v, bool inc, uint32_t adr) {
  switch (v) {
  case 0:
    if (inc && st->ibase < 16) st->ibase++;
    else if (!inc && st->ibase > 2) st->ibase--;
    else
      rt_warn(st, adr, inc ? "ibase too big in ++" : "ibase too small in --");
    break;
  case 1:
    if (inc && st->obase < INT32_MAX) st->obase++;
    else if (!inc && st->obase > 2) st->obase--;
    else
      rt_warn(st, adr, inc ? "obase too big in ++" : "obase too small in --");
    break;
  case 2:
    if (inc && st->scale < INT32_MAX) st->scale++;
    else if (!inc && st->scale > 0) st->scale--;
    else
      rt_warn(st, adr,
              inc ? "Scale too big in ++" : "scale can not be negative in -- ");
    break;
  default:
    if (inc) {
      st->history++;
      if (st->history <= 0) {
        st->history = -1;
        rt_warn(st, adr, "history set to unlimited");
      }
    } else {
      st->history--;
      if (st->history < 0) {
        st->history = -1;
        rt_warn(st, adr, "history is negative, set to unlimited");
      }
    }
  }
}

static int load_var(bc_state *st, int32_t v) {
  bcn x;
  bcn_init(&x);
  int rc = 0;
  switch (v) {
  case 0: rc = bcn_set_long(&st->env, &x, st->ibase); break;
  case 1: rc = bcn_set_long(&st->env, &x, st->obase); break;
  case 2: rc = bcn_set_long(&st->env, &x, st->scale); break;
  case 3: rc = bcn_set_long(&st->env, &x, st->history); break;
  default:
    if (st->vars[v].n)
      rc = bcn_copy(&st->env, &x, &st->vars[v].v[st->vars[v].n - 1]);
  }
  if (!rc && !push(st, &x)) rc = BCN_ENOMEM;
  bcn_free(&st->env, &x);
  return rc;
}

/* Stores x into variable v (a plain variable at least 4). */
static int store_plain(bc_state *st, int32_t v, const bcn *x) {
  bc_vstack *s = &st->vars[v];
  if (!s->n) {
    bcn z;
    bcn_init(&z);
    if (!vpush(st, s, &z)) return BCN_ENOMEM;
  }
  return bcn_copy(&st->env, &s->v[s->n - 1], x);
}

/* read(): characters as GNU's input_char. */
static int read_char(void *ud) {
  bc_state *st = ud;
  int c = st->stdin_src ? bc_input_getc(st->stdin_src) : -1;
  if (c == '\\') {
    c = bc_input_getc(st->stdin_src);
    if (c == '\n') {
      c = bc_input_getc(st->stdin_src);
      st->out_col = 0;
    }
  }
  if (c < 0) return -1;
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 10;
  if (c >= 'a' && c <= 'z') return c - 'a' + 10;
  if (c == '.' || c == '+' || c == '-') return c;
  if (c == '~') return ':';
  if (c <= ' ') return '~';
  return ':';
}

static void ret_pop(bc_state *st, const bc_func *f) {
  for (uint32_t i = f->nautos; i-- > 0;) {
    int32_t v = f->autos[i];
    if (v > 0) vpop(st, &st->vars[v]);
    else apop(st, &st->arrs[-v]);
  }
  for (uint32_t i = f->nparams; i-- > 0;) {
    int32_t v = f->params[i];
    if (v > 0) vpop(st, &st->vars[v]);
    else apop(st, &st->arrs[-v]);
  }
}

/* Binds the arguments on the stack to f's parameters, from the last as
 * GNU does; on a mismatch reports GNU's messages and undoes the binding. */
static bool bind_params(bc_state *st, const bc_func *f, const char *kinds,
                        uint32_t nargs, uint32_t adr) {
  int64_t p = (int64_t)f->nparams - 1;
  uint32_t bound = 0;
  const char *err = NULL;
  char buf[300];
  uint32_t eadr = 0;
  for (uint32_t k = nargs; k-- > 0 && !err;) {
    uint32_t here = adr + (nargs - k);
    if (p < 0) {
      err = "Parameter number mismatch";
      eadr = here;
      break;
    }
    int32_t par = f->params[p];
    if (kinds[k] == '0' && par > 0) {
      if (!vpush(st, &st->vars[par], tos(st, 0))) {
        num_fail(st, here, BCN_ENOMEM);
        err = "";
        break;
      }
      pop(st);
    } else if (kinds[k] == '1' && par < 0) {
      long ix = bcn_to_long(tos(st, 0));
      if (ix < 1 || ix >= (long)st->narrs || !arr_top(st, (int32_t)ix)) {
        num_fail(st, here, BCN_ENOMEM);
        err = "";
        break;
      }
      bc_ainst src = st->arrs[ix].v[st->arrs[ix].n - 1], dst = {NULL, false};
      if (f->byref[p]) {
        dst.data = src.data;
        dst.ref = true;
      } else {
        bool ok;
        dst.data = arr_copy(st, src.data, &ok);
        if (!ok) {
          arr_free(st, dst.data);
          num_fail(st, here, BCN_ENOMEM);
          err = "";
          break;
        }
      }
      if (!apush(st, &st->arrs[-par], dst)) {
        if (!dst.ref) arr_free(st, dst.data);
        num_fail(st, here, BCN_ENOMEM);
        err = "";
        break;
      }
      pop(st);
    } else {
      /* GNU names the parameter after next for a plain one (its v_names
       * is off by one) and then trips over the rest of the list */
      if (par < 0)
        snprintf(buf, sizeof buf, "Parameter type mismatch parameter %s.",
                 st->anames.v[-par]);
      else
        snprintf(buf, sizeof buf, "Parameter type mismatch, parameter %s.",
                 (uint32_t)par + 1 < st->nvars ? st->vnames.v[par + 1]
                                               : "(null)");
      rt_error(st, here, "%s", buf);
      err = "Parameter number mismatch";
      eadr = adr + nargs + 1;
      break;
    }
    bound++;
    p--;
  }
  if (!err && p >= 0) {
    err = "Parameter number mismatch";
    eadr = adr + nargs + 1;
  }
  if (!err) return true;
  if (*err) rt_error(st, eadr, "%s", err);
  /* undo the parameters bound so far (the last `bound` ones) */
  for (uint32_t i = 0; i < bound; i++) {
    int32_t par = f->params[f->nparams - 1 - i];
    if (par > 0) vpop(st, &st->vars[par]);
    else apop(st, &st->arrs[-par]);
  }
  return false;
}

static bool do_call(bc_state *st, const bc_code *code, const bc_instr *in) {
  int32_t fn = in->a;
  bc_func *f = &st->funcs[fn];
  const char *kinds = code->argk + in->b;
  uint32_t nargs = 0;
  while (kinds[nargs] != ':') nargs++;
  if (!f->defined) {
    rt_error(st, in->gpc, "Function %s not defined.", st->fnames.v[fn]);
    return false;
  }
  if (st->nframes >= st->max_frames) {
    rt_error(st, in->gpc, "Function call depth limit (%zu) exceeded",
             st->max_frames);
    return false;
  }
  if (!bind_params(st, f, kinds, nargs, in->gpc)) return false;
  for (uint32_t i = 0; i < f->nautos; i++) {
    int32_t v = f->autos[i];
    bcn z;
    bcn_init(&z);
    bool ok = v > 0 ? vpush(st, &st->vars[v], &z)
                    : apush(st, &st->arrs[-v], (bc_ainst){NULL, false});
    if (!ok) {
      /* pop the autos pushed so far and the parameters */
      for (uint32_t j = i; j-- > 0;) {
        int32_t w = f->autos[j];
        if (w > 0) vpop(st, &st->vars[w]);
        else apop(st, &st->arrs[-w]);
      }
      bc_func g = *f;
      g.nautos = 0;
      ret_pop(st, &g);
      num_fail(st, in->gpc, BCN_ENOMEM);
      return false;
    }
  }
  if (st->nframes == st->framecap) {
    size_t nc = st->framecap * 2;
    bc_frame *t = realloc(st->frames, nc * sizeof *t);
    if (!t) {
      ret_pop(st, f);
      num_fail(st, in->gpc, BCN_ENOMEM);
      return false;
    }
    st->frames = t;
    st->framecap = nc;
  }
  st->frames[st->nframes++] = (bc_frame){fn, f->code, 0, st->ibase};
  return true;
}

static void escape_out(bc_state *st, const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (c != '\\') {
      out_schar(st, c);
      continue;
    }
    if (++i >= n) break;
    /* print's escapes: the letter, then what it stands for */
    static const char esc[] = "a\ab\bf\fn\nq\"r\rt\t\\\\";
    const char *e = s[i] ? strchr(esc, s[i]) : NULL;
    if (e && (e - esc) % 2 == 0) out_schar(st, e[1]);
  }
}

static int binop(bc_state *st, const bc_instr *in) {
  bcn *a = tos(st, 1), *b = tos(st, 0);
  bcn r;
  bcn_init(&r);
  int rc = 0;
  bool w, big;
  switch (in->op) {
  case BC_ADD: rc = bcn_add(&st->env, &r, a, b, 0); break;
  case BC_SUB: rc = bcn_sub(&st->env, &r, a, b, 0); break;
  case BC_MUL: rc = bcn_mul(&st->env, &r, a, b, st->scale); break;
  case BC_DIV:
    rc = bcn_div(&st->env, &r, a, b, st->scale);
    if (rc == BCN_EDIVZERO) {
      rt_error(st, in->gpc, "Divide by zero");
      return 0;
    }
    break;
  case BC_MOD:
    if (bcn_is_zero(b)) {
      rt_error(st, in->gpc, "Modulo by zero");
      return 0;
    }
    rc = bcn_mod(&st->env, &r, a, b, st->scale);
    break;
  default:
    rc = bcn_pow(&st->env, &r, a, b, st->scale, &w, &big);
    if (w) rt_warn(st, in->gpc, "non-zero scale in exponent");
    if (big) rt_error(st, in->gpc, "exponent too large in raise");
    if (rc == BCN_EDIVZERO) rc = 0;
    if (bcn_is_zero(a) && b->neg) rt_error(st, in->gpc, "divide by zero");
    break;
  }
  if (rc) {
    bcn_free(&st->env, &r);
    return rc;
  }
  pop(st);
  bcn_free(&st->env, tos(st, 0));
  *tos(st, 0) = r;
  return 0;
}

static int compare(bc_state *st, uint8_t op) {
  int c = bcn_cmp(tos(st, 1), tos(st, 0));
  bool v = op == BC_EQ   ? c == 0
           : op == BC_NE ? c != 0
           : op == BC_LT ? c < 0
           : op == BC_LE ? c <= 0
           : op == BC_GT ? c > 0
                         : c >= 0;
  pop(st);
  return bcn_set_long(&st->env, tos(st, 0), v);
}

static void cleanup(bc_state *st) {
  while (st->nframes > 1) {
    ret_pop(st, &st->funcs[st->frames[st->nframes - 1].fn]);
    st->nframes--;
  }
  st->nframes = 0;
  while (st->nstk) pop(st);
}

bool bc_execute(bc_state *st, const bc_code *main_code) {
  if (!st->frames) {
    st->frames = malloc(16 * sizeof *st->frames);
    if (!st->frames) return false;
    st->framecap = 16;
  }
  st->nframes = 0;
  st->frames[st->nframes++] = (bc_frame){0, main_code, 0, st->ibase};
  st->rt_error = false;
  unsigned count = 0;
  while (!st->rt_error && !st->halted && !st->failed) {
    bc_frame *fr = &st->frames[st->nframes - 1];
    if (fr->pc >= fr->code->n) break;
    bc_code *code = (bc_code *)fr->code;
    const bc_instr *in = &code->ins[fr->pc++];
    if (++count >= 4096) {
      count = 0;
      if (bi_cancelled(st->b)) {
        st->env.cancelled = true;
        num_fail(st, in->gpc, BCN_ECANCEL);
        break;
      }
    }
    int rc = 0;
    int need = 0;
    switch (in->op) {
    case BC_ADD:
    case BC_SUB:
    case BC_MUL:
    case BC_DIV:
    case BC_MOD:
    case BC_POW:
    case BC_EQ:
    case BC_NE:
    case BC_LT:
    case BC_LE:
    case BC_GT:
    case BC_GE:
    case BC_SWAP:
    case BC_STOREA: need = 2; break;
    case BC_STOREV:
    case BC_LOADA:
    case BC_INCA:
    case BC_DECA:
    case BC_DUP:
    case BC_POP:
    case BC_NEG:
    case BC_NOT:
    case BC_BNZ:
    case BC_BZ:
    case BC_PRINTLN:
    case BC_PRINT:
    case BC_LENGTH:
    case BC_SQRT:
    case BC_SCALEF: need = 1; break;
    default: break;
    }
    if (st->nstk < (size_t)need) {
      rt_error(st, in->gpc, "Stack error.");
      break;
    }
    switch (in->op) {
    case BC_PUSH0:
    case BC_PUSH1: {
      bcn x;
      bcn_init(&x);
      rc = bcn_set_long(&st->env, &x, in->op == BC_PUSH1);
      if (!rc && !push(st, &x)) rc = BCN_ENOMEM;
      bcn_free(&st->env, &x);
      break;
    }
    case BC_CONST: {
      bc_const *k = &code->k[in->a];
      int base = st->ibase;
      if (fr->fn) base = st->funcs[fr->fn].lib ? 10 : fr->ibase;
      if (k->base != base) {
        rc = bcn_from_const(&st->env, &k->val, k->text, k->len, base);
        k->base = rc ? 0 : base;
      }
      bcn x;
      bcn_init(&x);
      if (!rc) rc = bcn_copy(&st->env, &x, &k->val);
      if (!rc && !push(st, &x)) rc = BCN_ENOMEM;
      bcn_free(&st->env, &x);
      break;
    }
    case BC_AREF: {
      bcn x;
      bcn_init(&x);
      rc = bcn_set_long(&st->env, &x, in->a);
      if (!rc && !push(st, &x)) rc = BCN_ENOMEM;
      bcn_free(&st->env, &x);
      break;
    }
    case BC_LOADV: rc = load_var(st, in->a); break;
    case BC_STOREV:
      if (in->a < 4) store_special(st, in->a, tos(st, 0), in->gpc);
      else rc = store_plain(st, in->a, tos(st, 0));
      break;
    case BC_INCV:
    case BC_DECV:
      if (in->a < 4) {
        incdec_special(st, in->a, in->op == BC_INCV, in->gpc);
      } else {
        bc_vstack *s = &st->vars[in->a];
        bcn one, z;
        bcn_init(&one);
        bcn_init(&z);
        if (!s->n && !vpush(st, s, &z)) rc = BCN_ENOMEM;
        if (!rc) rc = bcn_set_long(&st->env, &one, 1);
        bcn *x = s->n ? &s->v[s->n - 1] : NULL;
        if (!rc) {
          rc = in->op == BC_INCV ? bcn_add(&st->env, x, x, &one, 0)
                                 : bcn_sub(&st->env, x, x, &one, 0);
        }
        bcn_free(&st->env, &one);
      }
      break;
    case BC_LOADA: {
      long idx;
      if (!arr_index(st, in->a, in->gpc, tos(st, 0), &idx)) break;
      bc_ainst *a = arr_top(st, in->a);
      if (!a) rc = BCN_ENOMEM;
      else rc = bcn_copy(&st->env, tos(st, 0), arr_get(a->data, idx));
      break;
    }
    case BC_STOREA: {
      long idx;
      if (!arr_index(st, in->a, in->gpc, tos(st, 1), &idx)) break;
      bc_ainst *a = arr_top(st, in->a);
      bcn *x = a ? arr_put(st, a->data, idx) : NULL;
      if (!x) rc = BCN_ENOMEM;
      else rc = bcn_copy(&st->env, x, tos(st, 0));
      if (!rc) {
        /* leave the value where the index was */
        bcn_free(&st->env, tos(st, 1));
        *tos(st, 1) = *tos(st, 0);
        bcn_init(tos(st, 0));
        st->nstk--;
      }
      break;
    }
    case BC_INCA:
    case BC_DECA: {
      long idx;
      if (!arr_index(st, in->a, in->gpc, tos(st, 0), &idx)) break;
      bc_ainst *a = arr_top(st, in->a);
      bcn *x = a ? arr_put(st, a->data, idx) : NULL;
      bcn one;
      bcn_init(&one);
      if (!x) rc = BCN_ENOMEM;
      if (!rc) rc = bcn_set_long(&st->env, &one, 1);
      if (!rc) {
        pop(st);
        rc = in->op == BC_INCA ? bcn_add(&st->env, x, x, &one, 0)
                               : bcn_sub(&st->env, x, x, &one, 0);
      }
      bcn_free(&st->env, &one);
      break;
    }
    case BC_DUP: {
      bcn x;
      bcn_init(&x);
      rc = bcn_copy(&st->env, &x, tos(st, 0));
      if (!rc && !push(st, &x)) rc = BCN_ENOMEM;
      bcn_free(&st->env, &x);
      break;
    }
    case BC_SWAP: {
      bcn t = *tos(st, 0);
      *tos(st, 0) = *tos(st, 1);
      *tos(st, 1) = t;
      break;
    }
    case BC_POP: pop(st); break;
    case BC_ADD:
    case BC_SUB:
    case BC_MUL:
    case BC_DIV:
    case BC_MOD:
    case BC_POW: rc = binop(st, in); break;
    case BC_NEG: {
      bcn z;
      bcn_init(&z);
      rc = bcn_sub(&st->env, tos(st, 0), &z, tos(st, 0), 0);
      break;
    }
    case BC_NOT:
      rc = bcn_set_long(&st->env, tos(st, 0), bcn_is_zero(tos(st, 0)));
      break;
    case BC_EQ:
    case BC_NE:
    case BC_LT:
    case BC_LE:
    case BC_GT:
    case BC_GE: rc = compare(st, in->op); break;
    case BC_JMP: fr->pc = (size_t)in->a; break;
    case BC_BNZ:
    case BC_BZ: {
      bool nz = !bcn_is_zero(tos(st, 0));
      pop(st);
      if (nz == (in->op == BC_BNZ)) fr->pc = (size_t)in->a;
      break;
    }
    case BC_CALL: do_call(st, code, in); break;
    case BC_RET:
      if (st->nframes > 1) {
        ret_pop(st, &st->funcs[fr->fn]);
        st->nframes--;
      } else {
        rt_error(st, in->gpc, "Return from main program.");
      }
      break;
    case BC_PRINTLN:
    case BC_PRINT:
      rc = bcn_print(&st->env, tos(st, 0), st->obase, put_num_char, st);
      if (rc) break;
      if (in->op == BC_PRINTLN) bc_out_char(st, '\n');
      rc = store_plain(st, 4, tos(st, 0));
      pop(st);
      break;
    case BC_STR:
      for (size_t i = 0; i < code->slen[in->a]; i++)
        out_schar(st, code->s[in->a][i]);
      break;
    case BC_ESTR: escape_out(st, code->s[in->a], code->slen[in->a]); break;
    case BC_LENGTH:
      rc = bcn_set_long(&st->env, tos(st, 0), bcn_length(tos(st, 0)));
      break;
    case BC_SCALEF:
      rc = bcn_set_long(&st->env, tos(st, 0), tos(st, 0)->scale);
      break;
    case BC_SQRT:
      rc = bcn_sqrt(&st->env, tos(st, 0), tos(st, 0), st->scale);
      if (rc == BCN_ENEG) {
        rc = 0;
        rt_error(st, in->gpc, "Square root of a negative number");
      }
      break;
    case BC_READ: {
      bcn x;
      bcn_init(&x);
      bc_flush(st);
      rc = bcn_read_number(&st->env, &x, st->ibase, read_char, st);
      if (rc == BCN_EDIVZERO) {
        rc = 0;
        rt_error(st, in->gpc, "read(): end of input");
      } else if (!rc && !push(st, &x)) {
        rc = BCN_ENOMEM;
      }
      bcn_free(&st->env, &x);
      break;
    }
    case BC_RANDOM: {
      bcn x;
      bcn_init(&x);
      rc = bcn_set_long(&st->env, &x, rnd_next(st));
      if (!rc && !push(st, &x)) rc = BCN_ENOMEM;
      bcn_free(&st->env, &x);
      break;
    }
    case BC_HALT: st->halted = true; break;
    default: rt_error(st, in->gpc, "bad instruction"); break;
    }
    if (rc) num_fail(st, in->gpc, rc);
  }
  cleanup(st);
  bc_flush(st);
  return !st->halted && !st->failed;
}
