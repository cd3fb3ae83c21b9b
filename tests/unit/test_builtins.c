/* test_builtins.c: the builtin registry and the shared option parser. */
#include "builtins/builtins.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

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

int main(void) {
  Suite *s = suite_create("builtins");
  TCase *tc = tcase_create("registry");
  tcase_add_test(tc, registry_is_sorted_and_unique_so_lookup_finds_every_entry);
  suite_add_tcase(s, tc);
  tc = tcase_create("options");
  tcase_add_test(tc, getopt_handles_bundles_attached_values_and_permuted_operands);
  tcase_add_test(tc, parse_size_understands_gnu_suffixes);
  suite_add_tcase(s, tc);
  SRunner *sr = srunner_create(s);
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? 1 : 0;
}
