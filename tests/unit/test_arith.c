/* test_arith.c: Check suite for shell/expand/arith.c.  The bulk is data: every
 * line of tests/arith_cases.txt (made by tests/gen_arith_cases.sh from real
 * bash) is one check, run against a small variable store that mirrors the
 * generator's environment.  The C tests cover what data cannot: callback
 * traffic, skipped branches, cancellation, depth caps, garbage input. */
#include "shell/expand/arith.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- a variable store shaped like bash's --------------------------- */

#define MAXEL 32
typedef struct tvar {
  char name[32];
  bool assoc, ro;
  int n;
  char *key[MAXEL]; /* decimal index for indexed arrays and scalars */
  char *val[MAXEL]; /* heap, freed on overwrite: ASan sees stale reads */
} tvar;

typedef struct tenv {
  tvar *v;
  int n, cap;
  unsigned gets, sets, cancel_polls;
  long cancel_after; /* cancelled() turns true after this many polls */
  char last_set[160];
} tenv;

static bool tassoc(void *ud, const char *name, size_t name_len);

static tvar *find(tenv *t, const char *name, size_t n) {
  for (int i = 0; i < t->n; i++)
    if (strlen(t->v[i].name) == n && !memcmp(t->v[i].name, name, n))
      return &t->v[i];
  return NULL;
}

static tvar *add(tenv *t, const char *name, size_t n) {
  if (t->n == t->cap) {
    t->cap = t->cap ? t->cap * 2 : 32;
    t->v = realloc(t->v, (size_t)t->cap * sizeof *t->v);
    ck_assert_ptr_nonnull(t->v);
  }
  tvar *v = &t->v[t->n++];
  memset(v, 0, sizeof *v);
  snprintf(v->name, sizeof v->name, "%.*s", (int)n, name);
  return v;
}

static void put(tvar *v, const char *key, size_t klen, const char *val) {
  for (int i = 0; i < v->n; i++)
    if (strlen(v->key[i]) == klen && !memcmp(v->key[i], key, klen)) {
      free(v->val[i]);
      v->val[i] = strdup(val);
      return;
    }
  ck_assert_int_lt(v->n, MAXEL);
  v->key[v->n] = strndup(key, klen);
  v->val[v->n++] = strdup(val);
}

static void tenv_dispose(tenv *t) {
  for (int i = 0; i < t->n; i++)
    for (int j = 0; j < t->v[i].n; j++) {
      free(t->v[i].key[j]);
      free(t->v[i].val[j]);
    }
  free(t->v);
  t->v = NULL;
  t->n = t->cap = 0;
}

static void setvar(tenv *t, const char *name, const char *val) {
  tvar *v = find(t, name, strlen(name));
  put(v ? v : add(t, name, strlen(name)), "0", 1, val);
}

/* The key of element (has_index, index, key) or false when a negative
 * index points before the first element (bash: bad array subscript). */
static bool elem_key(tvar *v, bool has_index, int64_t index, const char *key,
                     size_t key_len, char *out, size_t *out_len) {
  if (v->assoc) {
    if (!has_index) key = "0", key_len = 1;
    memcpy(out, key, key_len < 63 ? key_len : 63);
    *out_len = key_len < 63 ? key_len : 63;
    return true;
  }
  if (!has_index) index = 0;
  if (index < 0) {
    int64_t max = -1;
    for (int i = 0; i < v->n; i++) {
      int64_t k = strtoll(v->key[i], NULL, 10);
      max = k > max ? k : max;
    }
    index += max + 1;
    if (index < 0) return false;
  }
  *out_len = (size_t)snprintf(out, 64, "%lld", (long long)index);
  return true;
}

static int tget(void *ud, const char *name, size_t name_len, bool has_index,
                int64_t index, const char *key, size_t key_len,
                const char **val, size_t *val_len) {
  tenv *t = ud;
  t->gets++;
  tvar *v = find(t, name, name_len);
  *val = NULL;
  if (!v || v->n == 0) /* bash rejects a negative index even then */
    return has_index && index < 0 && !tassoc(t, name, name_len) ? VSH_ERANGE
                                                                : 0;
  char k[64];
  size_t kl;
  if (!elem_key(v, has_index, index, key, key_len, k, &kl)) return VSH_ERANGE;
  *val = ""; /* a set array's missing element: 0 even under set -u */
  *val_len = 0;
  for (int i = 0; i < v->n; i++)
    if (strlen(v->key[i]) == kl && !memcmp(v->key[i], k, kl)) {
      *val = v->val[i];
      *val_len = strlen(v->val[i]);
    }
  return 0;
}

static int tset(void *ud, const char *name, size_t name_len, bool has_index,
                int64_t index, const char *key, size_t key_len, int64_t value) {
  tenv *t = ud;
  t->sets++;
  tvar *v = find(t, name, name_len);
  if (!v) v = add(t, name, name_len);
  if (v->ro) return VSH_EPERM;
  char k[64], num[32];
  size_t kl;
  if (!elem_key(v, has_index, index, key, key_len, k, &kl)) return VSH_ERANGE;
  snprintf(num, sizeof num, "%lld", (long long)value);
  put(v, k, kl, num);
  snprintf(t->last_set, sizeof t->last_set, "%s[%.*s]=%s", v->name, (int)kl, k,
           num);
  return 0;
}

static bool tassoc(void *ud, const char *name, size_t name_len) {
  tvar *v = find(ud, name, name_len);
  return v && v->assoc;
}

static bool tcancelled(void *ud) {
  tenv *t = ud;
  t->cancel_polls++;
  return t->cancel_after >= 0 && t->cancel_polls > t->cancel_after;
}

/* The generator's environment, element for element. */
static void tenv_init(tenv *t) {
  memset(t, 0, sizeof *t);
  t->cancel_after = -1;
  static const char *const scalars[][2] = {{"x", "5"},
                                           {"y", "x+1"},
                                           {"s", "  7 "},
                                           {"neg", "-3"},
                                           {"big", "9223372036854775807"},
                                           {"e", ""},
                                           {"rec", "rec+1"},
                                           {"d", "1/0"},
                                           {"v", "5 5"},
                                           {"w", "b+"},
                                           {"g", "010"},
                                           {"f", "0x10"},
                                           {"t", " 3 + 4 "},
                                           {"q", "\"1\""},
                                           {"ro", "4"}};
  for (size_t i = 0; i < sizeof scalars / sizeof *scalars; i++)
    setvar(t, scalars[i][0], scalars[i][1]);
  find(t, "ro", 2)->ro = true;
  tvar *arr = add(t, "arr", 3);
  put(arr, "0", 1, "10");
  put(arr, "1", 1, "20");
  put(arr, "2", 1, "30");
  tvar *h = add(t, "h", 1);
  h->assoc = true;
  put(h, "k", 1, "7");
  put(h, "a b", 3, "3");
  put(h, " k ", 3, "9");
}

static sh_arith_env make_env(tenv *t) {
  return (sh_arith_env){.get = tget,
                        .set = tset,
                        .is_assoc = tassoc,
                        .cancelled = tcancelled,
                        .ud = t,
                        .max_depth = 1024};
}

static int eval(tenv *t, const char *expr, int64_t *out, vsh_buf *msg) {
  sh_arith_env env = make_env(t);
  return sh_arith_eval(&env, expr, strlen(expr), out, msg);
}

/* ---- the cases file ------------------------------------------------ */

typedef struct acase {
  char *expr, *expect, *warn; /* warn: "w1|w2" or NULL */
  int line;
} acase;

static acase *cases;
static int ncases;
static char cases_path[4096];

static bool try_path(const char *p) {
  FILE *f = fopen(p, "r");
  if (!f) return false;
  fclose(f);
  snprintf(cases_path, sizeof cases_path, "%s", p);
  return true;
}

/* argv[1], $ARITH_CASES, $VSH_SRC_ROOT/tests/..., ./tests/..., or next to
 * this source file (meson compiles it by a path relative to the build). */
static bool find_cases(int argc, char **argv) {
  char buf[4096];
  if (argc > 1) return try_path(argv[1]);
  const char *e = getenv("ARITH_CASES");
  if (e && *e) return try_path(e);
  const char *root = getenv("VSH_SRC_ROOT");
  if (root && *root) {
    snprintf(buf, sizeof buf, "%s/tests/arith_cases.txt", root);
    return try_path(buf);
  }
  if (try_path("tests/arith_cases.txt")) return true;
  const char *slash = strrchr(__FILE__, '/');
  if (!slash) return false;
  snprintf(buf, sizeof buf, "%.*s/../arith_cases.txt", (int)(slash - __FILE__),
           __FILE__);
  return try_path(buf);
}

static bool load_cases(void) {
  FILE *f = fopen(cases_path, "r");
  if (!f) return false;
  char *line = NULL;
  size_t cap = 0;
  ssize_t n;
  int lineno = 0, alloc = 0;
  while ((n = getline(&line, &cap, f)) >= 0) {
    lineno++;
    if (n > 0 && line[n - 1] == '\n') line[--n] = '\0';
    char *tab = strchr(line, '\t');
    if (!tab) continue;
    if (ncases == alloc) {
      alloc = alloc ? alloc * 2 : 256;
      cases = realloc(cases, (size_t)alloc * sizeof *cases);
    }
    acase *c = &cases[ncases++];
    *tab = '\0';
    char *tab2 = strchr(tab + 1, '\t');
    if (tab2) *tab2 = '\0';
    c->expr = strdup(line);
    c->expect = strdup(tab + 1);
    c->warn = tab2 && !strncmp(tab2 + 1, "WARN:", 5) ? strdup(tab2 + 6) : NULL;
    c->line = lineno;
  }
  free(line);
  fclose(f);
  return true;
}

static void free_cases(void) {
  for (int i = 0; i < ncases; i++) {
    free(cases[i].expr);
    free(cases[i].expect);
    free(cases[i].warn);
  }
  free(cases);
}

START_TEST(case_matches_bash) {
  acase *c = &cases[_i];
  tenv t;
  tenv_init(&t);
  vsh_buf msg;
  vsh__buf_init(&msg);
  int64_t v = 0;
  int rc = eval(&t, c->expr, &v, &msg);
  /* split msg into the warnings and the final fatal message */
  const char *m = msg.data ? msg.data : "";
  const char *last_nl = strrchr(m, '\n');
  char got_warn[1024] = "", got[1024];
  if (last_nl) {
    size_t wl = (size_t)(last_nl - m);
    snprintf(got_warn, sizeof got_warn, "%.*s", (int)wl, m);
    for (char *p = got_warn; *p; p++)
      if (*p == '\n') *p = '|';
  }
  if (rc < 0) snprintf(got, sizeof got, "ERR:%s", last_nl ? last_nl + 1 : m);
  else snprintf(got, sizeof got, "%lld", (long long)v);
  ck_assert_msg(!strcmp(got, c->expect),
                "line %d: $((%s)): got '%s', bash says '%s'", c->line, c->expr,
                got, c->expect);
  ck_assert_msg(rc < 0 || !last_nl || last_nl[1] == '\0',
                "line %d: a success leaves only warning lines", c->line);
  ck_assert_msg(!strcmp(got_warn, c->warn ? c->warn : ""),
                "line %d: $((%s)): warnings '%s', bash says '%s'", c->line,
                c->expr, got_warn, c->warn ? c->warn : "");
  vsh_buf_dispose(&msg);
  tenv_dispose(&t);
}
END_TEST

/* ---- behaviour the data cannot show -------------------------------- */

static int64_t must_eval(tenv *t, const char *expr) {
  int64_t v = -12345;
  vsh_buf msg;
  vsh__buf_init(&msg);
  int rc = eval(t, expr, &v, &msg);
  ck_assert_msg(rc == 0, "%s: rc %d: %s", expr, rc, msg.data ? msg.data : "");
  vsh_buf_dispose(&msg);
  return v;
}

static const char *var(tenv *t, const char *name, const char *key) {
  tvar *v = find(t, name, strlen(name));
  if (!v) return NULL;
  for (int i = 0; i < v->n; i++)
    if (!strcmp(v->key[i], key)) return v->val[i];
  return NULL;
}

START_TEST(assignments_reach_the_set_callback) {
  tenv t;
  tenv_init(&t);
  ck_assert_int_eq(must_eval(&t, "z = 3, x += z, arr[1] *= 2, h[k]++"), 7);
  ck_assert_str_eq(var(&t, "z", "0"), "3");
  ck_assert_str_eq(var(&t, "x", "0"), "8");
  ck_assert_str_eq(var(&t, "arr", "1"), "40");
  ck_assert_str_eq(var(&t, "h", "k"), "8");
  ck_assert_int_eq(t.sets, 4);
  /* a plain `=' evaluates its subscript after the value, `op=' and ++
   * evaluate it once, before */
  tenv_dispose(&t);
  tenv_init(&t);
  ck_assert_int_eq(must_eval(&t, "arr[x++] = x"), 5);
  ck_assert_str_eq(var(&t, "arr", "5"), "5");
  ck_assert_int_eq(must_eval(&t, "arr[x++] += x"), 7);
  ck_assert_str_eq(var(&t, "arr", "6"), "7");
  ck_assert_str_eq(var(&t, "x", "0"), "7");
  ck_assert_int_eq(must_eval(&t, "--arr[x-1]"), 6);
  ck_assert_str_eq(t.last_set, "arr[6]=6");
  tenv_dispose(&t);
}
END_TEST

START_TEST(assigning_a_variable_inside_its_own_value_is_safe) {
  tenv t;
  tenv_init(&t);
  /* x's text is freed by the store while x's value is being parsed */
  setvar(&t, "x", "x = 3, x + 1 + 0 * 11111111111111111111111111111111111");
  ck_assert_int_eq(must_eval(&t, "x"), 4);
  setvar(&t, "x", "x = 3");
  ck_assert_int_eq(must_eval(&t, "x * 2"), 6);
  tenv_dispose(&t);
}
END_TEST

START_TEST(skipped_branches_have_no_side_effects) {
  static const char *const exprs[] = {
      "0 && (x = 1)",       "1 || x++", "0 ? x++ : 2", "1 ? 2 : (x = 9, zz)",
      "0 && arr[x++]",      "0 && 1/0", "1 || 5 % 0",  "0 && (ro=1)",
      "0 && (1 ? x=1 : 2)", "0 && rec", "0 && d",      "0 && h[k]++"};
  for (size_t i = 0; i < sizeof exprs / sizeof *exprs; i++) {
    tenv t;
    tenv_init(&t);
    sh_arith_env env = make_env(&t);
    env.nounset = true;
    int64_t v;
    vsh_buf msg;
    vsh__buf_init(&msg);
    int rc = sh_arith_eval(&env, exprs[i], strlen(exprs[i]), &v, &msg);
    ck_assert_msg(rc == 0, "%s: %s", exprs[i], msg.data ? msg.data : "");
    ck_assert_msg(msg.len == 0, "%s: says %s", exprs[i], msg.data);
    ck_assert_msg(t.sets == 0 && t.gets == 0, "%s: %u gets %u sets", exprs[i],
                  t.gets, t.sets);
    vsh_buf_dispose(&msg);
    tenv_dispose(&t);
  }
}
END_TEST

START_TEST(nounset_rejects_unset_variables_only) {
  tenv t;
  tenv_init(&t);
  sh_arith_env env = make_env(&t);
  env.nounset = true;
  vsh_buf msg;
  vsh__buf_init(&msg);
  int64_t v;
  ck_assert_int_eq(sh_arith_eval(&env, "zz + 1", 6, &v, &msg), VSH_ENOENT);
  ck_assert_str_eq(msg.data, "zz: unbound variable");
  vsh__buf_clear(&msg);
  ck_assert_int_eq(sh_arith_eval(&env, "zz++", 4, &v, &msg), VSH_ENOENT);
  ck_assert_str_eq(msg.data, "zz: unbound variable");
  vsh__buf_clear(&msg);
  /* set-but-empty is 0, assignment does not read, a set array's
   * missing element is 0 */
  ck_assert_int_eq(sh_arith_eval(&env, "e + (zz = 2) + arr[7]", 21, &v, &msg),
                   0);
  ck_assert_int_eq(v, 2);
  ck_assert_uint_eq(msg.len, 0);
  vsh_buf_dispose(&msg);
  tenv_dispose(&t);
}
END_TEST

START_TEST(readonly_assignment_is_fatal) {
  tenv t;
  tenv_init(&t);
  vsh_buf msg;
  vsh__buf_init(&msg);
  int64_t v;
  ck_assert_int_eq(eval(&t, "ro = 2", &v, &msg), VSH_EPERM);
  ck_assert_str_eq(msg.data, "ro: readonly variable");
  vsh_buf_dispose(&msg);
  tenv_dispose(&t);
}
END_TEST

START_TEST(cancellation_stops_long_work) {
  tenv t;
  tenv_init(&t);
  /* 2^40 leaf evaluations if nothing stops it */
  char name[8], val[16];
  for (int i = 0; i < 40; i++) {
    snprintf(name, sizeof name, "c%d", i);
    snprintf(val, sizeof val, "c%d+c%d", i + 1, i + 1);
    setvar(&t, name, val);
  }
  setvar(&t, "c40", "1");
  t.cancel_after = 50;
  vsh_buf msg;
  vsh__buf_init(&msg);
  int64_t v;
  ck_assert_int_eq(eval(&t, "c0", &v, &msg), VSH_EABORTED);
  ck_assert_uint_le(t.cancel_polls, 52);
  /* a long flat expression polls too */
  size_t n = 200000;
  char *e = malloc(n + 1);
  for (size_t i = 0; i < n; i += 2) e[i] = '1', e[i + 1] = '+';
  e[n - 1] = ' '; /* "1+1+...+1 " */
  e[n] = '\0';
  t.cancel_polls = 0;
  t.cancel_after = 10;
  ck_assert_int_eq(eval(&t, e, &v, &msg), VSH_EABORTED);
  t.cancel_after = -1;
  ck_assert_int_eq(eval(&t, e, &v, NULL), 0);
  ck_assert_int_eq(v, (int64_t)n / 2);
  free(e);
  /* already cancelled: nothing is read */
  t.cancel_polls = 0;
  t.cancel_after = 0;
  t.gets = 0;
  ck_assert_int_eq(eval(&t, "x", &v, NULL), VSH_EABORTED);
  ck_assert_uint_eq(t.gets, 0);
  vsh_buf_dispose(&msg);
  tenv_dispose(&t);
}
END_TEST

/* v1..vN where vi = "v(i+1)" and vN = 7: bash manages N = 1023 and
 * fails at 1024 naming the innermost text. */
static void chain(tenv *t, int n) {
  char name[16], val[16];
  for (int i = 1; i < n; i++) {
    snprintf(name, sizeof name, "v%d", i);
    snprintf(val, sizeof val, "v%d", i + 1);
    setvar(t, name, val);
  }
  snprintf(name, sizeof name, "v%d", n);
  setvar(t, name, "7");
}

START_TEST(depth_cap_matches_bash) {
  tenv t;
  tenv_init(&t);
  chain(&t, 1023);
  ck_assert_int_eq(must_eval(&t, "v1"), 7);
  tenv_dispose(&t);
  tenv_init(&t);
  chain(&t, 1024);
  vsh_buf msg;
  vsh__buf_init(&msg);
  int64_t v;
  ck_assert_int_eq(eval(&t, "v1", &v, &msg), VSH_ELIMIT);
  ck_assert_str_eq(msg.data, "v1024: expression recursion level exceeded "
                             "(error token is \"v1024\")");
  vsh__buf_clear(&msg);
  /* a smaller cap from the environment */
  sh_arith_env env = make_env(&t);
  env.max_depth = 10;
  ck_assert_int_eq(sh_arith_eval(&env, "v1", 2, &v, &msg), VSH_ELIMIT);
  vsh__buf_clear(&msg);
  ck_assert_int_eq(sh_arith_eval(&env, "v1016", 5, &v, &msg), 0);
  ck_assert_int_eq(v, 7);
  vsh_buf_dispose(&msg);
  tenv_dispose(&t);
}
END_TEST

static char *nested(const char *open, const char *mid, const char *close,
                    int n) {
  size_t lo = strlen(open), lm = strlen(mid), lc = strlen(close);
  char *s = malloc((size_t)n * (lo + lc) + lm + 1), *p = s;
  for (int i = 0; i < n; i++, p += lo) memcpy(p, open, lo);
  memcpy(p, mid, lm);
  p += lm;
  for (int i = 0; i < n; i++, p += lc) memcpy(p, close, lc);
  *p = '\0';
  return s;
}

START_TEST(deep_nesting_is_capped_not_crashed) {
  tenv t;
  tenv_init(&t);
  static const char *const shapes[][3] = {
      {"(", "1", ")"}, {"-", "1", ""},    {"!", "1", ""},    {"2**", "1", ""},
      {"x=", "1", ""}, {"1?", "1", ":1"}, {"0?1:", "1", ""}, {"(1,", "1", ")"}};
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++) {
    char *ok = nested(shapes[i][0], shapes[i][1], shapes[i][2], 500);
    char *deep = nested(shapes[i][0], shapes[i][1], shapes[i][2], 100000);
    int64_t v;
    vsh_buf msg;
    vsh__buf_init(&msg);
    ck_assert_msg(eval(&t, ok, &v, &msg) == 0, "%s...: %s", shapes[i][0],
                  msg.data ? msg.data : "");
    ck_assert_int_eq(eval(&t, deep, &v, &msg), VSH_ELIMIT);
    ck_assert_ptr_nonnull(strstr(msg.data, "expression recursion level"));
    vsh_buf_dispose(&msg);
    free(ok);
    free(deep);
  }
  tenv_dispose(&t);
}
END_TEST

START_TEST(random_garbage_never_crashes) {
  static const char alphabet[] = "0123456789xyarrhzk#@_+-*/%<>=!~&|^?:,() "
                                 "[]$\"'.;\n\tabcXZ";
  unsigned seed = 12345;
  tenv t;
  tenv_init(&t);
  for (int i = 0; i < 2000; i++) {
    char e[64];
    seed = seed * 1103515245u + 12345u;
    int n = (int)((seed >> 16) % 40);
    for (int j = 0; j < n; j++) {
      seed = seed * 1103515245u + 12345u;
      e[j] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
    }
    e[n] = '\0';
    int64_t v;
    vsh_buf msg;
    vsh__buf_init(&msg);
    sh_arith_env env = make_env(&t);
    env.nounset = i & 1;
    int rc = sh_arith_eval(&env, e, (size_t)n, &v, &msg);
    ck_assert_msg(rc == 0 || (rc < 0 && msg.len > 0), "'%s': rc %d", e, rc);
    vsh_buf_dispose(&msg);
    if (t.n > 40) { /* keep the store from filling up */
      tenv_dispose(&t);
      tenv_init(&t);
    }
  }
  tenv_dispose(&t);
}
END_TEST

START_TEST(works_without_callbacks_or_msg) {
  sh_arith_env env = {0};
  int64_t v;
  ck_assert_int_eq(sh_arith_eval(&env, "a = 2, a + 3", 12, &v, NULL), 0);
  ck_assert_int_eq(v, 3);
  ck_assert_int_eq(sh_arith_eval(&env, "", 0, &v, NULL), 0);
  ck_assert_int_eq(v, 0);
  ck_assert_int_eq(sh_arith_eval(&env, "1/0", 3, &v, NULL), VSH_EINVAL);
  /* the length bounds the text: what follows is never read */
  ck_assert_int_eq(sh_arith_eval(&env, "6*7)))", 3, &v, NULL), 0);
  ck_assert_int_eq(v, 42);
}
END_TEST

int main(int argc, char **argv) {
  if (!find_cases(argc, argv) || !load_cases()) {
    fprintf(stderr, "test_arith: cannot find arith_cases.txt (give its path "
                    "as argv[1], ARITH_CASES or VSH_SRC_ROOT)\n");
    return 1;
  }
  Suite *s = suite_create("arith");
  TCase *tc = tcase_create("bash_cases");
  tcase_add_loop_test(tc, case_matches_bash, 0, ncases);
  suite_add_tcase(s, tc);
  tc = tcase_create("callbacks");
  tcase_add_test(tc, assignments_reach_the_set_callback);
  tcase_add_test(tc, assigning_a_variable_inside_its_own_value_is_safe);
  tcase_add_test(tc, skipped_branches_have_no_side_effects);
  tcase_add_test(tc, nounset_rejects_unset_variables_only);
  tcase_add_test(tc, readonly_assignment_is_fatal);
  tcase_add_test(tc, works_without_callbacks_or_msg);
  suite_add_tcase(s, tc);
  tc = tcase_create("limits");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, cancellation_stops_long_work);
  tcase_add_test(tc, depth_cap_matches_bash);
  tcase_add_test(tc, deep_nesting_is_capped_not_crashed);
  tcase_add_test(tc, random_garbage_never_crashes);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  free_cases();
  return failed ? 1 : 0;
}
