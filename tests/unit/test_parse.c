/* test_parse.c: the bash parser.  Table-driven cases live in
 * tests/parse_cases/NAME.txt ("### name", the script, "---", the expected
 * dump of each top-level command or "ERROR line N: message"); each runs
 * through the recursive-descent path and, when built with tree-sitter,
 * the tree-sitter path too.  The C tests cover the incremental API,
 * aliases, caps (depth, size) and garbage input. */
#include "shell/parse/parse.h"

#include <check.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef VSH_PARSE_CASES_DIR
#define VSH_PARSE_CASES_DIR "tests/parse_cases"
#endif

/* Parses src and renders what the case files expect. */
static void render(const char *src, size_t len, const sh_parse_opts *opts,
                   vsh_buf *out) {
  sh_parser *p;
  int rc = sh_parser_new(&p, src, len, opts);
  ck_assert_int_eq(rc, 0);
  for (;;) {
    sh_node *n;
    vsh_buf msg;
    vsh__buf_init(&msg);
    unsigned line = 0;
    rc = sh_parser_next(p, &n, &msg, &line);
    if (rc) {
      vsh__buf_printf(out, "ERROR line %u: %s\n", line,
                      msg.data ? msg.data : "");
      vsh_buf_dispose(&msg);
      break;
    }
    vsh_buf_dispose(&msg);
    if (!n) break;
    sh_ast_dump(n, out);
    vsh__buf_putc(out, '\n');
  }
  sh_parser_free(p);
}

static const char *cases_dir(void) {
  const char *d = getenv("VSH_PARSE_CASES");
  return d ? d : VSH_PARSE_CASES_DIR;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  vsh_buf b;
  vsh__buf_init(&b);
  char tmp[4096];
  size_t n;
  while ((n = fread(tmp, 1, sizeof tmp, f)) > 0) vsh__buf_append(&b, tmp, n);
  fclose(f);
  return vsh__buf_steal(&b, len);
}

/* Runs every case of one file; returns the number of cases. */
static int run_case_file(const char *path, bool ts, int *failures) {
  size_t len;
  char *text = slurp(path, &len);
  ck_assert_msg(text != NULL, "cannot read %s", path);
  int count = 0;
  char *s = text, *end = text + len;
  while (s < end) {
    if (strncmp(s, "### ", 4)) {
      char *nl = memchr(s, '\n', (size_t)(end - s));
      s = nl ? nl + 1 : end;
      continue;
    }
    char *name = s + 4;
    char *nl = memchr(s, '\n', (size_t)(end - s));
    ck_assert(nl != NULL);
    *nl = 0;
    char *script = nl + 1;
    char *sep = strstr(script, "\n---\n");
    ck_assert_msg(sep != NULL, "%s: case %s has no ---", path, name);
    size_t slen = (size_t)(sep - script) + 1; /* keep the newline */
    char *exp = sep + 5;
    char *next = strstr(exp, "\n### ");
    char *exp_end = next ? next + 1 : end;
    size_t elen = (size_t)(exp_end - exp);
    while (elen && exp[elen - 1] == '\n') elen--;
    sh_parse_opts o = {0};
    o.extglob = true;
    o.use_tree_sitter = ts;
    vsh_buf got;
    vsh__buf_init(&got);
    render(script, slen, &o, &got);
    size_t glen = got.len;
    while (glen && got.data[glen - 1] == '\n') glen--;
    if (glen != elen || memcmp(got.data ? got.data : "", exp, elen)) {
      (*failures)++;
      fprintf(stderr, "%s: %s%s\n  expected: %.*s\n  got:      %.*s\n", path,
              name, ts ? " (tree-sitter)" : "", (int)elen, exp, (int)glen,
              got.data ? got.data : "");
    }
    vsh_buf_dispose(&got);
    count++;
    s = exp_end;
  }
  free(text);
  return count;
}

static void run_all_cases(bool ts) {
  DIR *d = opendir(cases_dir());
  ck_assert_msg(d != NULL, "no case directory %s (set VSH_PARSE_CASES)",
                cases_dir());
  struct dirent *e;
  int count = 0, failures = 0;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n < 5 || strcmp(e->d_name + n - 4, ".txt")) continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", cases_dir(), e->d_name);
    count += run_case_file(path, ts, &failures);
  }
  closedir(d);
  ck_assert_int_gt(count, 150);
  ck_assert_msg(failures == 0, "%d of %d parse cases failed", failures, count);
}

START_TEST(cases_match_expected_dumps) { run_all_cases(false); }
END_TEST

START_TEST(tree_sitter_path_matches_expected_dumps) {
#ifdef VSH_HAVE_TS_BASH
  run_all_cases(true);
#endif
}
END_TEST

/* ---- API ------------------------------------------------------------- */

static void dump_next(sh_parser *p, vsh_buf *out, int want_rc) {
  sh_node *n;
  vsh_buf msg;
  vsh__buf_init(&msg);
  unsigned line = 0;
  int rc = sh_parser_next(p, &n, &msg, &line);
  ck_assert_int_eq(rc, want_rc);
  vsh__buf_clear(out);
  if (rc) vsh__buf_printf(out, "%u: %s", line, msg.data);
  else sh_ast_dump(n, out);
  vsh_buf_dispose(&msg);
}

START_TEST(extglob_takes_effect_between_commands) {
  const char *src = "shopt -s extglob\necho @(a|b)\n";
  sh_parser *p;
  ck_assert_int_eq(sh_parser_new(&p, src, strlen(src), NULL), 0);
  vsh_buf b;
  vsh__buf_init(&b);
  dump_next(p, &b, 0);
  sh_parser_set_extglob(p, true); /* what the executor does for shopt */
  dump_next(p, &b, 0);
  ck_assert_str_eq(b.data, "(list@2 (simple@2 (w \"echo\") (w \"@(a|b)\")))");
  sh_parser_free(p);
  /* without it, bash's syntax error */
  ck_assert_int_eq(sh_parser_new(&p, src, strlen(src), NULL), 0);
  dump_next(p, &b, 0);
  dump_next(p, &b, VSH_EINVAL);
  ck_assert_str_eq(b.data, "2: syntax error near unexpected token `('");
  /* the parser stays at the end after an error */
  sh_node *n = (sh_node *)1;
  ck_assert_int_eq(sh_parser_next(p, &n, NULL, NULL), 0);
  ck_assert_ptr_null(n);
  vsh_buf_dispose(&b);
  sh_parser_free(p);
}
END_TEST

static const char *aliases(void *ud, const char *w, size_t len) {
  (void)ud;
  if (len == 2 && !memcmp(w, "ll", 2)) return "ls -l";
  if (len == 4 && !memcmp(w, "loop", 4)) return "loop again";
  if (len == 4 && !memcmp(w, "sudo", 4)) return "sudo ";
  if (len == 2 && !memcmp(w, "if", 2)) return "nope";
  return NULL;
}

START_TEST(aliases_expand_in_command_position) {
  const char *src = "ll x; echo ll\nloop\nsudo ll\nif true; then :; fi\n";
  for (int ts = 0; ts < 2; ts++) {
    sh_parse_opts o = {0};
    o.alias = aliases;
    o.use_tree_sitter = ts;
    sh_parser *p;
    ck_assert_int_eq(sh_parser_new(&p, src, strlen(src), &o), 0);
    vsh_buf b;
    vsh__buf_init(&b);
    dump_next(p, &b, 0);
    ck_assert_str_eq(b.data,
                     "(list@1 (simple@1 (w \"ls\") (w \"-l\") (w \"x\")) "
                     "(simple@1 (w \"echo\") (w \"ll\")))");
    dump_next(p, &b, 0); /* no endless self-expansion */
    ck_assert_str_eq(b.data, "(list@2 (simple@2 (w \"loop\") (w \"again\")))");
    dump_next(p, &b, 0); /* a trailing blank expands the next word too */
    ck_assert_str_eq(b.data,
                     "(list@3 (simple@3 (w \"sudo\") (w \"ls\") (w \"-l\")))");
    dump_next(p, &b, 0); /* reserved words are not aliased */
    ck_assert_str_eq(b.data, "(list@4 (if@4 (list@4 (simple@4 (w \"true\"))) "
                             "(list@4 (simple@4 (w \":\"))) -))");
    vsh_buf_dispose(&b);
    sh_parser_free(p);
  }
}
END_TEST

START_TEST(parse_all_flattens_and_units_outlive_the_parser) {
  const char *src = "f() { echo $1; }\na; b &\n";
  sh_unit *u;
  vsh_buf msg;
  vsh__buf_init(&msg);
  unsigned line = 0;
  ck_assert_int_eq(sh_parse_all(&u, src, strlen(src), NULL, &msg, &line), 0);
  ck_assert_ptr_nonnull(u->root);
  ck_assert_int_eq(u->root->kind, SH_NODE_LIST);
  ck_assert_uint_eq(u->root->u.list.n, 3);
  ck_assert(u->root->u.list.background[2]);
  sh_node *f = u->root->u.list.items[0];
  ck_assert_int_eq(f->kind, SH_NODE_FUNCDEF);
  sh_unit_ref(u);
  sh_unit_unref(u);
  ck_assert_str_eq(f->u.func.name, "f");
  ck_assert_uint_eq(f->u.func.src_len, strlen("f() { echo $1; }"));
  ck_assert_str_eq(u->name, "vsh");
  sh_unit_unref(u);
  /* empty script: no root */
  ck_assert_int_eq(sh_parse_all(&u, "# c\n\n", 5, NULL, &msg, &line), 0);
  ck_assert_ptr_null(u->root);
  sh_unit_unref(u);
  vsh_buf_dispose(&msg);
}
END_TEST

START_TEST(first_line_offsets_line_numbers) {
  sh_parse_opts o = {0};
  o.first_line = 10;
  sh_parser *p;
  ck_assert_int_eq(sh_parser_new(&p, "a\nfi\n", 5, &o), 0);
  vsh_buf b;
  vsh__buf_init(&b);
  dump_next(p, &b, 0);
  ck_assert_str_eq(b.data, "(list@10 (simple@10 (w \"a\")))");
  dump_next(p, &b, VSH_EINVAL);
  ck_assert_str_eq(b.data, "11: syntax error near unexpected token `fi'");
  vsh_buf_dispose(&b);
  sh_parser_free(p);
}
END_TEST

/* ---- caps and robustness -------------------------------------------- */

static int parse_rc(const char *src, size_t len, bool ts) {
  sh_parse_opts o = {0};
  o.use_tree_sitter = ts;
  o.extglob = true;
  sh_unit *u = NULL;
  vsh_buf msg;
  vsh__buf_init(&msg);
  unsigned line;
  int rc = sh_parse_all(&u, src, len, &o, &msg, &line);
  vsh_buf_dispose(&msg);
  sh_unit_unref(u);
  return rc;
}

static char *repeat(const char *unit, size_t times, const char *tail) {
  size_t ul = strlen(unit), tl = strlen(tail);
  char *s = malloc(ul * times + tl + 1);
  for (size_t i = 0; i < times; i++) memcpy(s + i * ul, unit, ul);
  memcpy(s + ul * times, tail, tl + 1);
  return s;
}

START_TEST(deep_nesting_is_an_error_not_a_crash) {
  static const char *const units[] = {"(",
                                      "$(",
                                      "{ ",
                                      "if a; then ",
                                      "while a; do ",
                                      "[[ ( ",
                                      "${x:-",
                                      "\"$(",
                                      "`",
                                      "$((",
                                      "a=(",
                                      "f() { ",
                                      "case a in a) ",
                                      "{a,",
                                      "[[ ! ",
                                      "x | ",
                                      "! ",
                                      "$[",
                                      "<(",
                                      "a && "};
  for (int ts = 0; ts < 2; ts++)
    for (size_t i = 0; i < sizeof units / sizeof *units; i++) {
      char *s = repeat(units[i], 100000, "\n");
      int rc = parse_rc(s, strlen(s), ts);
      ck_assert_msg(rc == VSH_ELIMIT || rc == VSH_EINVAL || rc == 0,
                    "unit %s: rc %d", units[i], rc);
      free(s);
    }
  /* (((a))) would be arithmetic, as in bash: blanks make subshells */
  char *s = repeat("( ", 300, "a");
  char *t = repeat(" )", 300, "\n");
  char *both = malloc(strlen(s) + strlen(t) + 1);
  strcpy(both, s);
  strcat(both, t);
  ck_assert_int_eq(parse_rc(both, strlen(both), false), VSH_ELIMIT);
  free(s);
  free(t);
  free(both);
  /* 150 levels are fine with the default cap of 200 */
  s = repeat("( ", 150, "a");
  t = repeat(" )", 150, "\n");
  both = malloc(strlen(s) + strlen(t) + 1);
  strcpy(both, s);
  strcat(both, t);
  ck_assert_int_eq(parse_rc(both, strlen(both), false), 0);
  free(s);
  free(t);
  free(both);
}
END_TEST

START_TEST(size_cap_is_enforced) {
  sh_parse_opts o = {0};
  o.max_size = 10;
  sh_parser *p;
  ck_assert_int_eq(sh_parser_new(&p, "echo 12345678", 13, &o), VSH_ELIMIT);
  ck_assert_int_eq(sh_parser_new(&p, "echo 1", 6, &o), 0);
  sh_parser_free(p);
}
END_TEST

START_TEST(random_garbage_never_crashes) {
  static const char alphabet[] =
      "aZ09 \t\n;&|<>()[]{}$`'\"\\#=+-~*?@!%/:,^.\x01\xff";
  unsigned seed = 12345;
  char buf[256];
  for (int iter = 0; iter < 4000; iter++) {
    seed = seed * 1103515245u + 12345u;
    size_t n = (seed >> 16) % sizeof buf;
    for (size_t i = 0; i < n; i++) {
      seed = seed * 1103515245u + 12345u;
      buf[i] = alphabet[(seed >> 16) % (sizeof alphabet - 1)];
    }
    int rc = parse_rc(buf, n, iter & 1);
    ck_assert(rc == 0 || rc == VSH_EINVAL || rc == VSH_ELIMIT);
  }
  /* NUL bytes inside the script */
  ck_assert_int_eq(parse_rc("echo a\0b\n", 9, false), 0);
}
END_TEST

static Suite *parse_suite(void) {
  Suite *s = suite_create("parse");
  TCase *tc = tcase_create("cases");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, cases_match_expected_dumps);
  tcase_add_test(tc, tree_sitter_path_matches_expected_dumps);
  suite_add_tcase(s, tc);

  tc = tcase_create("api");
  tcase_add_test(tc, extglob_takes_effect_between_commands);
  tcase_add_test(tc, aliases_expand_in_command_position);
  tcase_add_test(tc, parse_all_flattens_and_units_outlive_the_parser);
  tcase_add_test(tc, first_line_offsets_line_numbers);
  suite_add_tcase(s, tc);

  tc = tcase_create("limits");
  tcase_set_timeout(tc, 300);
  tcase_add_test(tc, deep_nesting_is_an_error_not_a_crash);
  tcase_add_test(tc, size_cap_is_enforced);
  tcase_add_test(tc, random_garbage_never_crashes);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(parse_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
