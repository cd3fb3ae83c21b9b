/* test_builtins.c: the builtin registry, the shared option parser, and
 * the bounds of bc under hostile input (its behaviour is in the spec
 * cases, checked against GNU bc). */
#include "builtins/builtins.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

START_TEST(registry_is_sorted_and_unique_so_lookup_finds_every_entry) {
  size_t n;
  const bi_entry *t = bi_table(&n);
  ck_assert_uint_gt(n, 40);
  for (size_t i = 1; i < n; i++)
    ck_assert_msg(strcmp(t[i - 1].name, t[i].name) < 0,
                  "builtins.def out of order at %s / %s", t[i - 1].name,
                  t[i].name);
  for (size_t i = 0; i < n; i++) ck_assert_ptr_eq(bi_lookup(t[i].name), &t[i]);
  ck_assert_ptr_null(bi_lookup("no-such-command"));
}
END_TEST

/* A bi_ctx good enough for the option parser (no shell needed). */
typedef struct fake {
  bi_ctx b;
  vsh_arena arena;
} fake;

static void fake_init(fake *f, int argc, char **argv) {
  memset(f, 0, sizeof(*f));
  vsh__arena_init(&f->arena, NULL);
  f->b.argc = argc;
  f->b.argv = argv;
  f->b.arena = &f->arena;
}

START_TEST(getopt_handles_bundles_attached_values_and_permuted_operands) {
  char *argv[] = {"cmd", "a.txt", "-rn2", "--key=3", "--", "-x", NULL};
  static const bi_longopt lo[] = {{"key", BI_ARG_REQUIRED, 'k'}, {NULL, 0, 0}};
  fake f;
  fake_init(&f, 6, argv);
  bi_opts g = {0};
  ck_assert_int_eq(bi_getopt(&f.b, &g, "rn:k:", lo), 'r');
  ck_assert_int_eq(bi_getopt(&f.b, &g, "rn:k:", lo), 'n');
  ck_assert_str_eq(g.arg, "2");
  ck_assert_int_eq(bi_getopt(&f.b, &g, "rn:k:", lo), 'k');
  ck_assert_str_eq(g.arg, "3");
  ck_assert_int_eq(bi_getopt(&f.b, &g, "rn:k:", lo), -1);
  ck_assert_int_eq(g.noperands, 2);
  ck_assert_str_eq(g.operands[0], "a.txt");
  ck_assert_str_eq(g.operands[1], "-x");
  vsh__arena_dispose(&f.arena);
}
END_TEST

START_TEST(parse_size_understands_gnu_suffixes) {
  uint64_t v;
  ck_assert(bi_parse_size("10", &v) && v == 10);
  ck_assert(bi_parse_size("4k", &v) && v == 4096);
  ck_assert(bi_parse_size("2M", &v) && v == 2u << 20);
  ck_assert(bi_parse_size("3KB", &v) && v == 3000);
  ck_assert(bi_parse_size("5b", &v) && v == 2560);
  ck_assert(!bi_parse_size("x", &v));
  ck_assert(!bi_parse_size("99999999999999999999E", &v));
}
END_TEST

/* ---- bc: every loop stops at the deadline, numbers and calls are bounded */

typedef struct bc_run {
  int status;
  char out[512], err[512];
  double secs;
} bc_run;

static double now_secs(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static bc_run run_bc(const char *script, int64_t timeout_ms,
                     vsh_profile profile) {
  vsh_limits lim;
  vsh_limits_init(&lim, profile);
  vsh_shell_opts o = {.limits = &lim};
  vsh_shell *sh = NULL;
  vsh_error err;
  ck_assert_int_eq(vsh_shell_new(&sh, &o, &err), 0);
  vsh_exec_opts eo = {.timeout_ms = timeout_ms};
  vsh_result r;
  bc_run out = {0};
  double t0 = now_secs();
  ck_assert_int_eq(vsh_shell_exec(sh, script, strlen(script), &eo, &r, &err),
                   0);
  out.secs = now_secs() - t0;
  out.status = r.exit_code;
  snprintf(out.out, sizeof out.out, "%.*s", (int)r.out_len, r.out);
  snprintf(out.err, sizeof out.err, "%.*s", (int)r.err_len, r.err);
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
  return out;
}

START_TEST(bc_infinite_loops_stop_at_the_deadline) {
  static const char *const loops[] = {
      "bc <<< 'while (1) { }'",
      "bc <<< 'define f(x) { while (1) x = x + 1 }; f(1)'",
      "bc <<< 'for (i = 0; 1; i++) a[i % 1000] = i'",
      /* one long multiplication, division and output */
      "bc <<< 'x = 7 ^ 900000; y = x * x; y / (x - 1)'",
      "bc <<< 'scale = 200000; x = sqrt(2); obase = 3; x'",
      "yes 'x = x + 1' | bc",
  };
  for (size_t i = 0; i < sizeof loops / sizeof *loops; i++) {
    bc_run r = run_bc(loops[i], 300, VSH_PROFILE_NORMAL);
    ck_assert_msg(r.status == 124, "%s: status %d", loops[i], r.status);
    ck_assert_msg(r.secs < 3.0, "%s: took %.2fs", loops[i], r.secs);
  }
}
END_TEST

START_TEST(bc_refuses_numbers_past_its_cap) {
  bc_run r = run_bc("bc <<< '2 ^ (10 ^ 9)\n5'", 20000, VSH_PROFILE_HARDENED);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.out, "5\n");
  ck_assert_msg(strstr(r.err, "number too big"), "%s", r.err);
  r = run_bc("bc <<< 'scale = 10 ^ 9; 1 / 3\n6'", 20000, VSH_PROFILE_HARDENED);
  ck_assert_str_eq(r.out, "6\n");
  ck_assert_msg(strstr(r.err, "number too big"), "%s", r.err);
  /* memory for many numbers is bounded too */
  r = run_bc("bc <<< 'for (i = 0; i < 16777215; i++) a[i] = 2 ^ 3000'", 20000,
             VSH_PROFILE_HARDENED);
  ck_assert_msg(strstr(r.err, "out of memory"), "%s", r.err);
  ck_assert(r.secs < 10.0);
}
END_TEST

START_TEST(bc_bounds_recursion_and_nesting) {
  bc_run r = run_bc("printf 'define f(x) { return (f(x + 1)) }\\nf(0)\\n8\\n' "
                    "| bc",
                    20000, VSH_PROFILE_HARDENED);
  ck_assert_int_eq(r.status, 0);
  ck_assert_str_eq(r.out, "8\n");
  ck_assert_msg(strstr(r.err, "Function call depth limit"), "%s", r.err);
  r = run_bc("x=$(printf '%.0s(' {1..20000}); bc <<< \"$x 1\"", 20000,
             VSH_PROFILE_NORMAL);
  ck_assert_msg(strstr(r.err, "memory exhausted"), "%s", r.err);
}
END_TEST

int main(void) {
  Suite *s = suite_create("builtins");
  TCase *tc = tcase_create("registry");
  tcase_add_test(tc, registry_is_sorted_and_unique_so_lookup_finds_every_entry);
  suite_add_tcase(s, tc);
  tc = tcase_create("options");
  tcase_add_test(tc,
                 getopt_handles_bundles_attached_values_and_permuted_operands);
  tcase_add_test(tc, parse_size_understands_gnu_suffixes);
  suite_add_tcase(s, tc);
  tc = tcase_create("bc");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc, bc_infinite_loops_stop_at_the_deadline);
  tcase_add_test(tc, bc_refuses_numbers_past_its_cap);
  tcase_add_test(tc, bc_bounds_recursion_and_nesting);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
