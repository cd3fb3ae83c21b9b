/* test_tools.c: the six standard agent tools (read, write, edit, bash,
 * grep, glob) over a virtual sandbox: paging and caps, exact edits under
 * parallel calls, streams and timeouts; then tool lists (the six or a
 * factory's, conflicts rejected) and the skill overlay. */
#include "sandbox/sandbox.h"

#include "adapter_util.h"
#include "core/json.h"

#include <check.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- tools ------------------------------------------------------------ */

static vsh_sandbox *tool_sb(void) {
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};

  ck_assert(vsh_virtual_sandbox_new(&sb, NULL, &err) == 0);
  return sb;
}

static int call(vsh_tool *t, const char *params, vsh_tool_result *r,
                vsh_error *err) {
  memset(err, 0, sizeof *err);
  return vsh_tool_execute(t, "call-1", params, NULL, NULL, NULL, r, err);
}

static char *ok_call(vsh_tool *t, const char *params) {
  vsh_tool_result r = {0};
  vsh_error err = {0};

  ck_assert_msg(call(t, params, &r, &err) == 0, "%s %s: %s", t->name, params,
                err.message);
  ck_assert_ptr_nonnull(r.details);
  free(r.details);
  return r.content;
}

START_TEST(read_pages_with_offset_and_limit_and_names_the_next_offset) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *t = NULL;
  vsh_error err = {0};
  vsh_tool_result r = {0};
  char *c;

  put(sb, "f.txt", "one\ntwo\nthree\nfour\n");
  ck_assert(vsh_tool_read(&t, sb, &err) == 0);
  ck_assert_str_eq(t->name, "read");
  c = ok_call(t, "{\"path\":\"f.txt\"}");
  ck_assert_str_eq(c, "one\ntwo\nthree\nfour\n");
  free(c);
  c = ok_call(t, "{\"path\":\"f.txt\",\"offset\":2,\"limit\":2}");
  ck_assert_str_eq(c, "two\nthree\n\n[Showing lines 2-3 of 4. Use offset=4 to "
                      "continue.]");
  free(c);
  c = ok_call(t, "{\"path\":\"f.txt\",\"offset\":4}");
  ck_assert_str_eq(c, "four\n");
  free(c);
  ck_assert_int_eq(call(t, "{\"path\":\"f.txt\",\"offset\":5}", &r, &err),
                   VSH_EINVAL);
  ck_assert_str_eq(err.message,
                   "Offset 5 is beyond end of file (4 lines total)");
  ck_assert_int_eq(call(t, "{\"path\":\"f.txt\",\"offset\":0}", &r, &err),
                   VSH_EINVAL);
  ck_assert_int_eq(call(t, "{\"path\":\"missing\"}", &r, &err), VSH_ENOENT);
  ck_assert_int_eq(call(t, "{}", &r, &err), VSH_EINVAL);
  ck_assert_int_eq(call(t, "{not json", &r, &err), VSH_EINVAL);
  vsh_tool_release(t);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(read_caps_at_2000_lines_and_50_kb) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *t = NULL;
  vsh_error err = {0};
  vsh_buf b = {0};
  char *c;
  int i;

  for (i = 1; i <= 2500; i++) vsh__buf_printf(&b, "%d\n", i);
  put(sb, "many", b.data);
  vsh_buf_dispose(&b);
  for (i = 0; i < 100; i++) /* 100 lines of 1000 bytes: 51 fit in 50 KB */
    vsh__buf_printf(&b, "%0999d\n", i);
  put(sb, "wide", b.data);
  vsh_buf_dispose(&b);
  ck_assert(vsh_tool_read(&t, sb, &err) == 0);
  c = ok_call(t, "{\"path\":\"many\"}");
  ck_assert_msg(strstr(c, "1999\n2000\n\n[Showing lines 1-2000 of 2500. Use "
                          "offset=2001 to continue.]"),
                "%s", c + strlen(c) - 80);
  ck_assert_ptr_null(strstr(c, "2001\n"));
  free(c);
  c = ok_call(t, "{\"path\":\"wide\",\"offset\":10}");
  ck_assert_msg(strstr(c, "[Showing lines 10-60 of 100. Use offset=61 to "
                          "continue.]"),
                "%s", c + strlen(c) - 80);
  ck_assert_uint_le(strlen(c), 51200 + 100);
  free(c);
  vsh_tool_release(t);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(write_creates_parents_and_edit_replaces_exactly) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *w = NULL, *e = NULL;
  vsh_error err = {0};
  vsh_tool_result r = {0};
  char *c;

  ck_assert(vsh_tool_write(&w, sb, &err) == 0);
  ck_assert(vsh_tool_edit(&e, sb, &err) == 0);
  c = ok_call(w,
              "{\"path\":\"a/b/c.txt\",\"content\":\"x = 1\\nx = 1\\ny\\n\"}");
  free(c);
  expect_text(sb, "a/b/c.txt", "x = 1\nx = 1\ny\n");
  ck_assert_int_eq(call(e,
                        "{\"path\":\"a/b/c.txt\",\"oldText\":\"\","
                        "\"newText\":\"z\"}",
                        &r, &err),
                   VSH_EINVAL);
  ck_assert_msg(strstr(err.message, "empty"), "%s", err.message);
  ck_assert_int_eq(call(e,
                        "{\"path\":\"a/b/c.txt\",\"oldText\":\"nope\","
                        "\"newText\":\"z\"}",
                        &r, &err),
                   VSH_EINVAL);
  ck_assert_msg(strstr(err.message, "Could not find"), "%s", err.message);
  ck_assert_int_eq(call(e,
                        "{\"path\":\"a/b/c.txt\",\"oldText\":\"x = 1\","
                        "\"newText\":\"z\"}",
                        &r, &err),
                   VSH_EINVAL);
  ck_assert_msg(strstr(err.message, "Found 2 occurrences") &&
                    strstr(err.message, "more context"),
                "%s", err.message);
  expect_text(sb, "a/b/c.txt", "x = 1\nx = 1\ny\n"); /* untouched */
  c = ok_call(e,
              "{\"path\":\"a/b/c.txt\",\"oldText\":\"y\",\"newText\":\"Y\"}");
  free(c);
  c = ok_call(e, "{\"path\":\"a/b/c.txt\",\"oldText\":\"x = 1\","
                 "\"newText\":\"x = 2\",\"replaceAll\":true}");
  ck_assert_str_eq(c, "Successfully replaced 2 occurrences in a/b/c.txt.");
  free(c);
  expect_text(sb, "a/b/c.txt", "x = 2\nx = 2\nY\n");
  vsh_tool_release(w);
  vsh_tool_release(e);
  vsh_sandbox_release(sb);
}
END_TEST

typedef struct edit_job {
  vsh_tool *t;
  int n;
} edit_job;

static void *append_edits(void *ud) {
  edit_job *j = ud;
  char params[200];
  int i;

  for (i = 0; i < 20; i++) {
    snprintf(params, sizeof params,
             "{\"path\":\"./shared.txt\",\"oldText\":\"END\","
             "\"newText\":\"%d.%d,END\"}",
             j->n, i);
    free(ok_call(j->t, params));
  }
  return NULL;
}

START_TEST(parallel_edits_on_one_path_never_lose_an_update) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *e1 = NULL, *e2 = NULL;
  vsh_error err = {0};
  edit_job a, b;
  pthread_t ta, tb;
  vsh_buf got = {0};
  size_t commas = 0, i;

  put(sb, "shared.txt", "END");
  ck_assert(vsh_tool_edit(&e1, sb, &err) == 0);
  ck_assert(vsh_tool_edit(&e2, sb, &err) == 0); /* separate tools, one lock */
  a = (edit_job){e1, 1};
  b = (edit_job){e2, 2};
  pthread_create(&ta, NULL, append_edits, &a);
  pthread_create(&tb, NULL, append_edits, &b);
  pthread_join(ta, NULL);
  pthread_join(tb, NULL);
  ck_assert(vsh_sandbox_read_file(sb, "/home/user/shared.txt", &got, &err) ==
            0);
  for (i = 0; i < got.len; i++) commas += got.data[i] == ',';
  ck_assert_uint_eq(commas, 40);
  vsh_buf_dispose(&got);
  vsh_tool_release(e1);
  vsh_tool_release(e2);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(bash_combines_streams_and_a_timeout_is_a_recoverable_124) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *t = NULL;
  vsh_error err = {0};
  vsh_tool_result r = {0};
  char *c;
  int64_t t0;

  ck_assert(vsh_tool_bash(&t, sb, &err) == 0);
  c = ok_call(t, "{\"command\":\"echo a; echo b >&2; exit 2\"}");
  ck_assert_str_eq(c, "a\nb\n\nExit code: 2");
  free(c);
  t0 = now_ms();
  ck_assert(call(t, "{\"command\":\"sleep 10\",\"timeout\":0.3}", &r, &err) ==
            0);
  ck_assert_int_lt(now_ms() - t0, 3000);
  ck_assert_msg(
      strstr(r.content, "[flue] Command timed out after 0.3 seconds."), "%s",
      r.content);
  ck_assert_msg(strstr(r.details, "\"exitCode\":124"), "%s", r.details);
  vsh_tool_result_dispose(&r);
  vsh_tool_release(t);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(bash_keeps_the_last_2000_lines_and_rethrows_a_host_abort) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *t = NULL;
  vsh_error err = {0};
  vsh_tool_result r = {0};
  vsh_signal *s = vsh_signal_new();
  later l = {s, 100};
  pthread_t th;
  char *c;

  ck_assert(vsh_tool_bash(&t, sb, &err) == 0);
  c = ok_call(t, "{\"command\":\"seq 1 5000\"}");
  ck_assert_msg(strncmp(c, "3001\n", 5) == 0, "%.20s", c);
  ck_assert(strstr(c, "5000\n\n[Output truncated"));
  free(c);
  pthread_create(&th, NULL, abort_later, &l);
  ck_assert_int_eq(vsh_tool_execute(t, "c",
                                    "{\"command\":\"sleep 10\","
                                    "\"timeout\":30}",
                                    s, NULL, NULL, &r, &err),
                   VSH_EABORTED);
  pthread_join(th, NULL);
  vsh_signal_unref(s);
  vsh_tool_release(t);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(grep_caps_matches_cuts_long_lines_and_reports_backend_errors) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *t = NULL;
  vsh_error err = {0};
  vsh_tool_result r = {0};
  vsh_buf b = {0};
  char *c, *line;
  int i;

  for (i = 0; i < 150; i++) vsh__buf_printf(&b, "hit %d\n", i);
  put(sb, "src/many.txt", b.data);
  vsh_buf_dispose(&b);
  vsh__buf_puts(&b, "hit ");
  for (i = 0; i < 700; i++) vsh__buf_putc(&b, 'x');
  put(sb, "src/long.c", b.data);
  vsh_buf_dispose(&b);
  put(sb, "src/lit.txt", "a.b\naxb\n");
  ck_assert(vsh_tool_grep(&t, sb, &err) == 0);
  c = ok_call(t, "{\"pattern\":\"hit\",\"path\":\"src/many.txt\"}");
  ck_assert(strstr(c, "src/many.txt:1:hit 0\n"));
  ck_assert(strstr(c, "hit 99\n"));
  ck_assert_ptr_null(strstr(c, "hit 100\n"));
  ck_assert(strstr(c, "[Showing the first 100 matches"));
  free(c);
  c = ok_call(t, "{\"pattern\":\"hit\",\"include\":\"*.c\",\"path\":\"src\"}");
  line = strstr(c, "src/long.c:1:");
  ck_assert_ptr_nonnull(line);
  ck_assert_ptr_null(strstr(c, "many"));
  ck_assert_uint_eq(strchr(line, '\n') - line, strlen("src/long.c:1:") + 500 -
                                                   strlen("src/long.c:1:") + 3);
  free(c);
  c = ok_call(
      t, "{\"pattern\":\"a.b\",\"literal\":true,\"path\":\"src/lit.txt\"}");
  ck_assert_str_eq(c, "src/lit.txt:1:a.b\n");
  free(c);
  c = ok_call(t, "{\"pattern\":\"zzz\",\"path\":\"src\"}");
  ck_assert_str_eq(c, "No matches found");
  free(c);
  ck_assert_int_lt(
      call(t, "{\"pattern\":\"x\",\"path\":\"nowhere\"}", &r, &err), 0);
  ck_assert_msg(strstr(err.message, "nowhere"), "%s", err.message);
  vsh_tool_release(t);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(glob_finds_files_by_name_and_caps_at_1000) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool *t = NULL;
  vsh_error err = {0};
  vsh_result res;
  char *c;

  res = run(sb,
            "mkdir -p g/sub && for i in $(seq 1 1005); do : > g/f$i.md; "
            "done; : > g/sub/x.ts; : > g/y.ts",
            NULL);
  vsh_result_dispose(&res);
  ck_assert(vsh_tool_glob(&t, sb, &err) == 0);
  c = ok_call(t, "{\"pattern\":\"*.ts\",\"path\":\"g\"}");
  ck_assert(strstr(c, "g/sub/x.ts\n") && strstr(c, "g/y.ts\n"));
  free(c);
  c = ok_call(t, "{\"pattern\":\"*.md\",\"path\":\"g\"}");
  ck_assert(strstr(c, "[Results truncated at 1000 paths"));
  free(c);
  c = ok_call(t, "{\"pattern\":\"*.none\"}");
  ck_assert_str_eq(c, "No files found");
  free(c);
  vsh_tool_release(t);
  vsh_sandbox_release(sb);
}
END_TEST

/* ---- tool lists and the skill overlay --------------------------------- */

static vsh_tool *named(const char *name) {
  vsh_tool *t = calloc(1, sizeof *t);
  t->name = name;
  return t;
}

static int exec_less_tools(vsh_factory *f, vsh_sandbox *sb,
                           const vsh_tools_opts *o, vsh_tool_list *out,
                           vsh_error *err) {
  vsh_tool *t;
  (void)f;
  (void)o;
  if (vsh_tool_read(&t, sb, err) < 0) return -1;
  return vsh_tool_list_push(out, t, true);
}

START_TEST(tool_list_uses_the_six_or_the_factory_tools_and_rejects_conflicts) {
  vsh_sandbox *sb = tool_sb();
  vsh_tool_list l;
  vsh_error err = {0};
  vsh_tool *task = named("task"), *mine = named("deploy"),
           *bad = named("finish"), *dup = named("bash");
  vsh_tool *fw[] = {task}, *custom[] = {mine}, *bad_custom[] = {bad},
           *dup_custom[] = {dup};
  vsh_tools_opts o = {
      .framework = fw, .n_framework = 1, .custom = custom, .n_custom = 1};
  vsh_factory f = {.tools = exec_less_tools};
  static const char *const six[] = {"read", "write", "edit",
                                    "bash", "grep",  "glob"};
  size_t i;

  ck_assert_msg(vsh_tool_list_assemble(&l, NULL, sb, &o, &err) == 0, "%s",
                err.message);
  ck_assert_uint_eq(l.len, 8);
  for (i = 0; i < 6; i++) ck_assert_str_eq(l.items[i]->name, six[i]);
  ck_assert_str_eq(l.items[6]->name, "task");
  ck_assert_str_eq(l.items[7]->name, "deploy");
  vsh_tool_list_dispose(&l);
  ck_assert(vsh_tool_list_assemble(&l, &f, sb, &o, &err) == 0);
  ck_assert_uint_eq(l.len, 3);
  ck_assert_str_eq(l.items[0]->name, "read");
  vsh_tool_list_dispose(&l);
  o.custom = bad_custom;
  ck_assert_int_eq(vsh_tool_list_assemble(&l, NULL, sb, &o, &err), VSH_EEXIST);
  ck_assert_str_eq(err.type, "tool_name_conflict");
  ck_assert_msg(strstr(err.message, "\"finish\""), "%s", err.message);
  o.custom = dup_custom;
  ck_assert_int_eq(vsh_tool_list_assemble(&l, NULL, sb, &o, &err), VSH_EEXIST);
  ck_assert_msg(strstr(err.message, "\"bash\""), "%s", err.message);
  ck_assert_uint_eq(l.len, 0);
  free(task);
  free(mine);
  free(bad);
  free(dup);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(skill_overlay_serves_read_file_only_and_binary_as_base64) {
  vsh_sandbox *sb = tool_sb(), *ov = NULL;
  vsh_error err = {0};
  vsh_buf b = {0};
  unsigned char bin[100];
  vsh_skill_file files[] = {
      {"pdf", "docs/guide.md", "# Guide\n", 8},
      {"pdf", "bin/blob", bin, sizeof bin},
  };
  size_t i;

  for (i = 0; i < sizeof bin; i++) bin[i] = (unsigned char)i;
  ck_assert(vsh_skill_overlay(&ov, sb, files, 2, &err) == 0);
  expect_text(ov, "/.flue/packaged-skills/pdf/docs/guide.md", "# Guide\n");
  ck_assert(vsh_sandbox_read_file(ov, "/.flue/packaged-skills/pdf/bin/blob", &b,
                                  &err) == 0);
  ck_assert_uint_eq(b.len, 136 + 1); /* 136 base64 chars, one line break */
  ck_assert_int_eq(b.data[76], '\n');
  ck_assert(strncmp(b.data, "AAECAwQFBgcICQoL", 16) == 0);
  vsh_buf_dispose(&b);
  ck_assert_int_eq(
      vsh_sandbox_read_file(ov, "/.flue/packaged-skills/pdf/x", &b, &err),
      VSH_ENOENT);
  ck_assert_str_eq(err.message, "[flue] Packaged skill file not found: "
                                "/.flue/packaged-skills/pdf/x");
  ck_assert(
      !vsh_sandbox_exists(ov, "/.flue/packaged-skills/pdf/docs/guide.md"));
  ck_assert_int_eq(vsh_sandbox_read_file(sb,
                                         "/.flue/packaged-skills/pdf/docs/"
                                         "guide.md",
                                         &b, &err),
                   VSH_ENOENT);
  put(ov, "plain.txt", "through");
  expect_text(ov, "plain.txt", "through");
  vsh_sandbox_release(ov);
  vsh_sandbox_release(sb);
}
END_TEST

static Suite *tools_suite(void) {
  Suite *s = suite_create("tools");
  TCase *tc;
  tc = tcase_create("tools");
  tcase_set_timeout(tc, 120);
  tcase_add_test(tc,
                 read_pages_with_offset_and_limit_and_names_the_next_offset);
  tcase_add_test(tc, read_caps_at_2000_lines_and_50_kb);
  tcase_add_test(tc, write_creates_parents_and_edit_replaces_exactly);
  tcase_add_test(tc, parallel_edits_on_one_path_never_lose_an_update);
  tcase_add_test(tc, bash_combines_streams_and_a_timeout_is_a_recoverable_124);
  tcase_add_test(tc, bash_keeps_the_last_2000_lines_and_rethrows_a_host_abort);
  tcase_add_test(tc,
                 grep_caps_matches_cuts_long_lines_and_reports_backend_errors);
  tcase_add_test(tc, glob_finds_files_by_name_and_caps_at_1000);
  tcase_add_test(
      tc, tool_list_uses_the_six_or_the_factory_tools_and_rejects_conflicts);
  tcase_add_test(tc, skill_overlay_serves_read_file_only_and_binary_as_base64);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(tools_suite());
  int failed;

  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
