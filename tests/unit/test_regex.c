/* test_regex.c: Check suite for core/regex.  Behaviour comes from
 * tests/regex_cases.txt (generated with GNU grep -o and sed by
 * tests/gen_regex_cases.sh); the C cases cover what the tools cannot be
 * asked directly: Perl mode, flags, offsets, error texts, limits, time
 * bounds on hostile patterns, random-pattern fuzzing and cancellation. */
#include "core/regex.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static vsh_regex *compile(const char *pat, unsigned flags) {
  vsh_regex *re = NULL;
  vsh_buf err = {0};
  int rc = vsh__regex_compile(&re, pat, strlen(pat), flags, &err);
  ck_assert_msg(rc == 0, "compile '%s' failed: %d %s", pat, rc,
                err.data ? err.data : "");
  vsh_buf_dispose(&err);
  return re;
}

/* The first match of pat in s as "so-eo" (or "none"/"error N"). */
static const char *find(const char *pat, unsigned flags, const char *s) {
  static char out[64];
  vsh_regex *re = compile(pat, flags);
  vsh_regmatch m[1];
  int rc = vsh__regex_exec(re, s, strlen(s), 0, 0, m, 1, NULL);
  if (rc == 1)
    snprintf(out, sizeof out, "%lld-%lld", (long long)m[0].so,
             (long long)m[0].eo);
  else if (rc == 0) snprintf(out, sizeof out, "none");
  else snprintf(out, sizeof out, "error %d", rc);
  vsh__regex_free(re);
  return out;
}

/* The matched text of group g of the first match ("-" when unset). */
static const char *group(const char *pat, unsigned flags, const char *s,
                         int g) {
  static char out[256];
  vsh_regex *re = compile(pat, flags);
  vsh_regmatch m[10];
  int rc = vsh__regex_exec(re, s, strlen(s), 0, 0, m, 10, NULL);
  if (rc != 1) snprintf(out, sizeof out, "rc %d", rc);
  else if (m[g].so < 0) snprintf(out, sizeof out, "-");
  else snprintf(out, sizeof out, "%.*s", (int)(m[g].eo - m[g].so), s + m[g].so);
  vsh__regex_free(re);
  return out;
}

static const char *compile_error(const char *pat, unsigned flags) {
  static char out[256];
  vsh_regex *re = NULL;
  vsh_buf err = {0};
  int rc = vsh__regex_compile(&re, pat, strlen(pat), flags, &err);
  if (rc == 0) {
    vsh__regex_free(re);
    snprintf(out, sizeof out, "ok");
  } else {
    snprintf(out, sizeof out, "%s", err.data ? err.data : "?");
  }
  vsh_buf_dispose(&err);
  return out;
}

/* ---- the GNU-generated table ----------------------------------------- */

static char *next_field(char **rest) {
  if (!*rest) return NULL;
  char *f = *rest, *t = strchr(f, '\t');
  if (t) {
    *t = '\0';
    *rest = t + 1;
  } else {
    *rest = NULL;
  }
  return f;
}

/* grep -o: every non-empty match, scanning on after each. */
static void grep_o(const vsh_regex *re, const char *s, char *out, size_t cap) {
  size_t n = strlen(s), pos = 0, used = 0;
  out[0] = '\0';
  while (pos <= n) {
    vsh_regmatch m[1];
    int rc = vsh__regex_exec(re, s, n, pos, 0, m, 1, NULL);
    if (rc < 0) {
      snprintf(out, cap, "error %d", rc);
      return;
    }
    if (rc == 0) break;
    if (m[0].eo == m[0].so) {
      pos = (size_t)m[0].so + 1;
      while (pos < n && ((unsigned char)s[pos] & 0xC0) == 0x80) pos++;
      continue;
    }
    used += (size_t)snprintf(out + used, cap - used, "<%.*s>",
                             (int)(m[0].eo - m[0].so), s + m[0].so);
    pos = (size_t)m[0].eo;
  }
  if (!out[0]) snprintf(out, cap, "NOMATCH");
}

/* sed -n 's/re/repl/p' on one line. */
static void sed_s(const vsh_regex *re, const char *s, const char *repl,
                  char *out, size_t cap) {
  size_t n = strlen(s);
  vsh_regmatch m[10];
  int rc = vsh__regex_exec(re, s, n, 0, 0, m, 10, NULL);
  if (rc <= 0) {
    snprintf(out, cap, rc ? "error %d" : "NOMATCH", rc);
    return;
  }
  size_t used = (size_t)snprintf(out, cap, "%.*s", (int)m[0].so, s);
  for (const char *r = repl; *r && used < cap; r++) {
    if (*r == '\\' && r[1] >= '0' && r[1] <= '9') {
      int g = *++r - '0';
      if (m[g].so >= 0)
        used += (size_t)snprintf(out + used, cap - used, "%.*s",
                                 (int)(m[g].eo - m[g].so), s + m[g].so);
    } else {
      out[used++] = *r;
      out[used] = '\0';
    }
  }
  snprintf(out + used, cap - used, "%s", s + m[0].eo);
}

static FILE *open_cases(void) {
  const char *root = getenv("VSH_SRC_ROOT");
  char path[4096];
  if (root) {
    snprintf(path, sizeof path, "%s/tests/regex_cases.txt", root);
  } else { /* next to this source file */
    snprintf(path, sizeof path, "%s", __FILE__);
    char *slash = strrchr(path, '/');
    if (slash) *slash = '\0';
    strncat(path, "/../regex_cases.txt", sizeof path - strlen(path) - 1);
  }
  return fopen(path, "rb");
}

START_TEST(gnu_cases_all_agree) {
  FILE *f = open_cases();
  ck_assert_msg(f != NULL, "cannot open regex_cases.txt (set VSH_SRC_ROOT)");
  char line[4096], got[4096];
  int total = 0, failed = 0;
  while (fgets(line, sizeof line, f)) {
    size_t l = strlen(line);
    if (l && line[l - 1] == '\n') line[--l] = '\0';
    if (!l || line[0] == '#') continue;
    char *rest = line;
    char *fl = next_field(&rest), *pat = next_field(&rest);
    char *s = next_field(&rest), *repl = next_field(&rest);
    char *want = next_field(&rest);
    ck_assert_msg(want != NULL, "malformed case line: %s", line);
    if (!strcmp(s, "-")) s = "";
    unsigned flags = (strchr(fl, 'E') ? VSH_RE_EXTENDED : 0) |
                     (strchr(fl, 'i') ? VSH_RE_ICASE : 0);
    total++;
    vsh_regex *re = NULL;
    int rc = vsh__regex_compile(&re, pat, strlen(pat), flags, NULL);
    if (rc) snprintf(got, sizeof got, "ERR");
    else if (!strcmp(repl, "-")) grep_o(re, s, got, sizeof got);
    else sed_s(re, s, repl, got, sizeof got);
    vsh__regex_free(re);
    if (strcmp(got, want)) {
      failed++;
      fprintf(stderr, "regex case [%s] /%s/ on '%s' (%s): got %s want %s\n", fl,
              pat, s, repl, got, want);
    }
  }
  fclose(f);
  ck_assert_msg(total > 100, "only %d cases", total);
  ck_assert_msg(failed == 0, "%d of %d GNU cases differ", failed, total);
}
END_TEST

/* ---- syntax and flags --------------------------------------------------- */

START_TEST(gnu_error_messages) {
  ck_assert_str_eq(compile_error("a\\(b", 0), "Unmatched ( or \\(");
  ck_assert_str_eq(compile_error("a(b", VSH_RE_EXTENDED), "Unmatched ( or \\(");
  ck_assert_str_eq(compile_error("a\\)", 0), "Unmatched ) or \\)");
  ck_assert_str_eq(compile_error("[a", 0), "Unmatched [, [^, [:, [., or [=");
  ck_assert_str_eq(compile_error("[[:nope:]]", 0),
                   "Invalid character class name");
  ck_assert_str_eq(compile_error("a\\", 0), "Trailing backslash");
  ck_assert_str_eq(compile_error("\\(a\\)\\2", 0), "Invalid back reference");
  ck_assert_str_eq(compile_error("[z-a]", 0), "Invalid range end");
  ck_assert_str_eq(compile_error("a\\{1", 0), "Unmatched \\{");
  ck_assert_str_eq(compile_error("a{2,1}", VSH_RE_EXTENDED),
                   "Invalid content of \\{\\}");
  ck_assert_str_eq(compile_error("a{40000}", VSH_RE_EXTENDED),
                   "Regular expression too big");
}
END_TEST

START_TEST(perl_mode_is_leftmost_first_with_lazy_quantifiers) {
  unsigned P = VSH_RE_PERL;
  ck_assert_str_eq(find("\\d+", P, "ab123c"), "2-5");
  ck_assert_str_eq(find("\\D+", P, "12ab3"), "2-4");
  ck_assert_str_eq(find("a|ab", P, "ab"), "0-1");
  ck_assert_str_eq(find("a|ab", VSH_RE_EXTENDED, "ab"), "0-2");
  ck_assert_str_eq(find("<.+?>", P, "<a><b>"), "0-3");
  ck_assert_str_eq(find("<.+>", P, "<a><b>"), "0-6");
  ck_assert_str_eq(find("a??", P, "a"), "0-0");
  ck_assert_str_eq(find("a{2,3}?", P, "aaaa"), "0-2");
  ck_assert_str_eq(group("(?:ab)+(c)", P, "ababc", 1), "c");
  ck_assert_str_eq(find("(?i)hello", P, "say HeLLo"), "4-9");
  ck_assert_str_eq(find("x(?i:ab)y", P, "xABy xABY"), "0-4");
  ck_assert_str_eq(find("\\bfoo\\b", P, "a foo b"), "2-5");
  ck_assert_str_eq(find("\\x41\\t", P, "zA\t"), "1-3");
  ck_assert_str_eq(find("[\\d.]+", P, "v1.2.3"), "1-6");
  ck_assert_str_eq(find("[^\\s]+", P, "  ab c"), "2-4");
  ck_assert_str_eq(group("(?<year>\\d{4})-(\\d\\d)", P, "on 2024-05", 2), "05");
  ck_assert_str_eq(group("(a+)\\1", P, "xaaaa", 1), "aa");
  /* lookarounds: zero-width, fixed-length behind */
  ck_assert_str_eq(find("a(?=b)", P, "ac ab"), "3-4");
  ck_assert_str_eq(find("a(?!b)", P, "ab ac"), "3-4");
  ck_assert_str_eq(find("(?<=\\$)\\d+", P, "a1 $42"), "4-6");
  ck_assert_str_eq(find("(?<!x)a", P, "xa ya"), "4-5");
  ck_assert_str_eq(find("(?<=\xc3\xa9)a", P,
                        "ea \xc3\xa9"
                        "a"),
                   "5-6");
  ck_assert_str_eq(find("(?<=ab|cd)x", P, "abx"), "2-3");
  ck_assert_str_eq(compile_error("(?<=a+)b", P),
                   "lookbehind assertion is not fixed length");
  ck_assert_str_eq(compile_error("(?<=ab|c)x", P),
                   "lookbehind assertion is not fixed length");
  ck_assert_str_eq(compile_error("a(?=b)", P | VSH_RE_NOLOOK),
                   "look-around, including look-ahead and look-behind, is "
                   "not supported");
}
END_TEST

START_TEST(newline_flag_splits_lines) {
  const char *s = "one\ntwo\nthree";
  ck_assert_str_eq(find("^two$", VSH_RE_EXTENDED, s), "none");
  ck_assert_str_eq(find("^two$", VSH_RE_EXTENDED | VSH_RE_NEWLINE, s), "4-7");
  ck_assert_str_eq(find("o.t", VSH_RE_EXTENDED, s), "6-9");
  ck_assert_str_eq(find("o.t", 0, "o\nt"), "0-3");
  ck_assert_str_eq(find("o.t", VSH_RE_NEWLINE, "o\nt"), "none");
  ck_assert_str_eq(find("o[^x]t", VSH_RE_NEWLINE, "o\nt"), "none");
  ck_assert_str_eq(find("o[^x]t", 0, "o\nt"), "0-3");
}
END_TEST

START_TEST(start_offset_and_notbol) {
  vsh_regex *re = compile("^a", 0);
  vsh_regmatch m[1];
  ck_assert_int_eq(vsh__regex_exec(re, "aaa", 3, 1, 0, m, 1, NULL), 0);
  ck_assert_int_eq(vsh__regex_exec(re, "aaa", 3, 0, VSH_RE_NOTBOL, m, 1, NULL),
                   0);
  vsh__regex_free(re);
  re = compile("\\<b", 0);
  ck_assert_int_eq(vsh__regex_exec(re, "ab b", 4, 1, 0, m, 1, NULL), 1);
  ck_assert_int_eq((int)m[0].so, 3); /* \< looks at the byte before start */
  vsh__regex_free(re);
  re = compile("a$", 0);
  ck_assert_int_eq(vsh__regex_exec(re, "aa", 2, 0, VSH_RE_NOTEOL, m, 1, NULL),
                   0);
  vsh__regex_free(re);
}
END_TEST

START_TEST(literal_flag_and_nul_bytes) {
  ck_assert_str_eq(find("a.*b", VSH_RE_LITERAL, "xa.*b"), "1-5");
  ck_assert_str_eq(find("a.*b", VSH_RE_LITERAL, "axxb"), "none");
  ck_assert_str_eq(find("A.B", VSH_RE_LITERAL | VSH_RE_ICASE, "xa.b"), "1-4");
  vsh_regex *re = NULL;
  ck_assert_int_eq(vsh__regex_compile(&re, "a\0b", 3, 0, NULL), 0);
  vsh_regmatch m[1];
  ck_assert_int_eq(vsh__regex_exec(re, "xa\0b", 4, 0, 0, m, 1, NULL), 1);
  ck_assert_int_eq((int)m[0].so, 1);
  vsh__regex_free(re);
}
END_TEST

START_TEST(invalid_utf8_bytes_are_characters) {
  ck_assert_str_eq(find("a.b", 0,
                        "a\xff"
                        "b"),
                   "0-3");
  ck_assert_str_eq(find("\xff", 0, "ab\xff"), "2-3");
  ck_assert_str_eq(find("[^a]", 0, "a\xe9"), "1-2");
  ck_assert_str_eq(find("x.", 0, "x\xe2\x82"), "0-2");
}
END_TEST

START_TEST(grep_w_x_and_strict_ere_flags) {
  ck_assert_str_eq(find("foo", VSH_RE_WORDS, "foobar foo"), "7-10");
  ck_assert_str_eq(find("-foo", VSH_RE_WORDS, "a-foo -foo"), "6-10");
  ck_assert_str_eq(find("a|ab", VSH_RE_EXTENDED | VSH_RE_WHOLE, "ab"), "0-2");
  ck_assert_str_eq(find("b", VSH_RE_WHOLE, "ab"), "none");
  unsigned S = VSH_RE_EXTENDED | VSH_RE_STRICT;
  ck_assert_str_eq(compile_error("*a", S),
                   "Invalid preceding regular expression");
  ck_assert_str_eq(compile_error("{", S),
                   "Invalid preceding regular expression");
  ck_assert_str_eq(compile_error("a{1", S), "Unmatched { or \\{");
  ck_assert_str_eq(compile_error("a{,2}", S), "ok");
  ck_assert_str_eq(compile_error("*a", VSH_RE_EXTENDED), "ok");
}
END_TEST

START_TEST(unset_groups_are_minus_one) {
  ck_assert_str_eq(group("(a)|(b)", VSH_RE_EXTENDED, "b", 1), "-");
  ck_assert_str_eq(group("(a)|(b)", VSH_RE_EXTENDED, "b", 2), "b");
  vsh_regex *re = compile("(a)(b(c))", VSH_RE_EXTENDED);
  ck_assert_uint_eq(vsh__regex_nsub(re), 3);
  vsh__regex_free(re);
}
END_TEST

/* ---- limits, time bounds, fuzzing, cancellation ------------------------ */

START_TEST(backref_blowup_is_bounded) {
  size_t n = 10000;
  char *s = malloc(n + 1);
  memset(s, 'a', n);
  s[n] = '\0';
  vsh_regex *re = compile("(a*)(a*)\\2\\1b", VSH_RE_EXTENDED);
  ck_assert(vsh__regex_has_backrefs(re));
  vsh_regmatch m[3];
  double t0 = now();
  int rc = vsh__regex_exec(re, s, n, 0, 0, m, 3, NULL);
  double dt = now() - t0;
  ck_assert_msg(rc == 0 || rc == VSH_ELIMIT, "rc %d", rc);
  /* the work budget ends it; the bound only catches a runaway (sanitizer
   * builds on a loaded machine take about 1 s) */
  ck_assert_msg(dt < 10.0, "took %.3f s", dt);
  vsh__regex_free(re);
  free(s);
}
END_TEST

START_TEST(classic_redos_patterns_run_in_linear_time) {
  size_t n = 100000;
  char *s = malloc(n + 2);
  memset(s, 'a', n);
  s[n] = '!';
  s[n + 1] = '\0';
  const char *pats[] = {"(a*)*b",   "(a+)+b",      "(a|aa)+b",
                        "(a|a?)+b", "(.*a){12}b",  "(x+x+)+y",
                        "^(a+)+$",  "(a*)*(a*)*c", "(\\w+\\s?)+$x"};
  for (size_t k = 0; k < sizeof pats / sizeof pats[0]; k++) {
    vsh_regex *re = compile(pats[k], VSH_RE_EXTENDED);
    vsh_regmatch m[2];
    double t0 = now();
    int rc = vsh__regex_exec(re, s, n + 1, 0, 0, m, 2, NULL);
    double dt = now() - t0;
    ck_assert_msg(rc == 0 || rc == 1, "%s: rc %d", pats[k], rc);
    ck_assert_msg(dt < 1.0, "%s took %.3f s", pats[k], dt);
    vsh__regex_free(re);
  }
  free(s);
}
END_TEST

START_TEST(size_and_nesting_caps_are_compile_errors) {
  ck_assert_str_eq(compile_error("(a{1000}){1000}", VSH_RE_EXTENDED),
                   "Regular expression too big");
  ck_assert_str_eq(compile_error("((a{0,100}){0,100}){0,100}", VSH_RE_EXTENDED),
                   "Regular expression too big");
  char deep[1024];
  size_t k = 0;
  for (int i = 0; i < 300; i++) deep[k++] = '(';
  deep[k++] = 'a';
  for (int i = 0; i < 300; i++) deep[k++] = ')';
  deep[k] = '\0';
  ck_assert_str_eq(compile_error(deep, VSH_RE_EXTENDED),
                   "Regular expression too big");
}
END_TEST

static uint32_t rng = 12345;
static uint32_t rnd(void) {
  rng = rng * 1103515245u + 12345u;
  return rng >> 8;
}

START_TEST(random_patterns_never_crash) {
  static const char *atoms[] = {
      "a",   "b",   ".",           "*",     "+",         "?",   "(",   ")",
      "|",   "\\(", "\\)",         "\\|",   "[",         "]",   "^",   "$",
      "{",   "}",   "{2}",         "{1,3}", "\\{1,2\\}", "\\1", "\\2", "\\w",
      "\\b", "\\<", "[[:alpha:]]", "[^a]",  "-",         "é",   "\\",  "(?:",
      "*?",  "\\d", "\xff",        ","};
  const char *subjects[] = {
      "",          "a", "ab", "aaaaaaaaaaaaaaaaaaaaaaaab", "abba baab é\xff",
      "(a|b)*{}[]"};
  unsigned modes[] = {0, VSH_RE_EXTENDED, VSH_RE_PERL,
                      VSH_RE_EXTENDED | VSH_RE_ICASE};
  double t0 = now();
  int compiled = 0;
  for (int i = 0; i < 2000; i++) {
    char pat[256];
    size_t len = 0, na = 1 + rnd() % 12;
    for (size_t k = 0; k < na; k++) {
      const char *a = atoms[rnd() % (sizeof atoms / sizeof atoms[0])];
      size_t l = strlen(a);
      memcpy(pat + len, a, l);
      len += l;
    }
    vsh_regex *re = NULL;
    unsigned mode = modes[i % 4];
    if (vsh__regex_compile(&re, pat, len, mode, NULL)) continue;
    compiled++;
    for (size_t k = 0; k < sizeof subjects / sizeof subjects[0]; k++) {
      vsh_regmatch m[4];
      vsh_re_budget b = {100000, NULL, NULL};
      const char *s = subjects[k];
      int rc = vsh__regex_exec(re, s, strlen(s), 0, 0, m, 4, &b);
      ck_assert(rc == 0 || rc == 1 || rc == VSH_ELIMIT);
      if (rc == 1)
        ck_assert(m[0].so >= 0 && m[0].so <= m[0].eo &&
                  (size_t)m[0].eo <= strlen(s));
    }
    vsh__regex_free(re);
  }
  ck_assert_int_gt(compiled, 200);
  ck_assert_msg(now() - t0 < 10.0, "fuzzing took too long");
}
END_TEST

static bool cancel_after(void *ud) {
  int *calls = ud;
  return ++*calls > 3;
}

START_TEST(cancellation_is_polled_while_matching) {
  size_t n = 2000000;
  char *s = malloc(n);
  memset(s, 'a', n);
  int calls = 0;
  vsh_re_budget b = {UINT64_MAX, cancel_after, &calls};
  vsh_regex *re = compile("(a|b)*c", VSH_RE_EXTENDED);
  vsh_regmatch m[1];
  ck_assert_int_eq(vsh__regex_exec(re, s, n, 0, 0, m, 1, &b), VSH_EABORTED);
  vsh__regex_free(re);
  calls = 0;
  re = compile("(a*)(a*)\\2\\1b", VSH_RE_EXTENDED);
  ck_assert_int_eq(vsh__regex_exec(re, s, 5000, 0, 0, m, 1, &b), VSH_EABORTED);
  vsh__regex_free(re);
  free(s);
}
END_TEST

START_TEST(budget_is_shared_and_reported) {
  vsh_regex *re = compile("(a*)*\\1b", VSH_RE_EXTENDED);
  vsh_re_budget b = {1000, NULL, NULL};
  vsh_regmatch m[1];
  const char *s = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
  ck_assert_int_eq(vsh__regex_exec(re, s, strlen(s), 0, 0, m, 1, &b),
                   VSH_ELIMIT);
  ck_assert_uint_eq(b.steps, 0);
  vsh__regex_free(re);
}
END_TEST

static Suite *regex_suite(void) {
  Suite *s = suite_create("regex");
  TCase *tc = tcase_create("gnu");
  tcase_add_test(tc, gnu_cases_all_agree);
  tcase_add_test(tc, gnu_error_messages);
  suite_add_tcase(s, tc);
  tc = tcase_create("flags");
  tcase_add_test(tc, perl_mode_is_leftmost_first_with_lazy_quantifiers);
  tcase_add_test(tc, newline_flag_splits_lines);
  tcase_add_test(tc, start_offset_and_notbol);
  tcase_add_test(tc, literal_flag_and_nul_bytes);
  tcase_add_test(tc, invalid_utf8_bytes_are_characters);
  tcase_add_test(tc, unset_groups_are_minus_one);
  tcase_add_test(tc, grep_w_x_and_strict_ere_flags);
  suite_add_tcase(s, tc);
  tc = tcase_create("safety");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, backref_blowup_is_bounded);
  tcase_add_test(tc, classic_redos_patterns_run_in_linear_time);
  tcase_add_test(tc, size_and_nesting_caps_are_compile_errors);
  tcase_add_test(tc, random_patterns_never_crash);
  tcase_add_test(tc, cancellation_is_polled_while_matching);
  tcase_add_test(tc, budget_is_shared_and_reported);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(regex_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
