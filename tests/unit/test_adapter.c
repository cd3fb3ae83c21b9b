/* test_adapter.c: the adapter layer.  One contract table runs against
 * every sandbox kind (virtual, scope over virtual, from_driver over an
 * in-process fake driver, bash_factory over a fake BashLike, local in a
 * temp dir); then the rules only one wrapper has (orphans, liveness,
 * duck typing, scoping).  The standard tools are in test_tools.c. */
#include "sandbox/sandbox.h"

#include "core/json.h"
#include "adapter_util.h"

#include <check.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifndef HAVE_LOCAL
#define HAVE_LOCAL 1
#endif
#define CONTRACT_KINDS (HAVE_LOCAL ? N_KINDS : N_KINDS - 1)

/* ---- a fake remote provider over a virtual sandbox ------------------- */

typedef struct fake {
  vsh_sandbox *v;
  atomic_int execs, writes, mkdirs;
  int delay_ms;      /* exec latency */
  bool cancellable;  /* honours the signal during the latency */
  bool die_mid_call; /* exec never returns until released */
  atomic_bool dead;
  bool fail_all_writes;
  int64_t last_timeout;
  char last_path[256];
  atomic_bool *released; /* optional: set when the driver is released */
} fake;

static void fake_path(fake *f, const char *p) {
  snprintf(f->last_path, sizeof f->last_path, "%s", p);
}

static int fake_exec(void *ud, const char *cmd, const vsh_exec_opts *o,
                     vsh_result *out, vsh_error *err) {
  fake *f = ud;
  int waited = 0;

  atomic_fetch_add(&f->execs, 1);
  f->last_timeout = o->timeout_ms;
  while (waited < f->delay_ms || (f->die_mid_call && !atomic_load(&f->dead))) {
    if (f->cancellable && vsh_signal_aborted(o->signal)) break;
    sleep_ms(10);
    waited += 10;
  }
  if (atomic_load(&f->dead)) {
    vsh__error_set(err, VSH_EDIED, "the fake sandbox died");
    return VSH_EDIED;
  }
  {
    vsh_exec_opts plain = *o;
    plain.signal = f->cancellable ? o->signal : NULL; /* signal-blind */
    return vsh_sandbox_exec(f->v, cmd, &plain, out, err);
  }
}

static int fake_read_file(void *ud, const char *p, vsh_buf *out,
                          vsh_error *err) {
  fake_path(ud, p);
  return vsh_sandbox_read_file(((fake *)ud)->v, p, out, err);
}
static int fake_read_buf(void *ud, const char *p, vsh_buf *out,
                         vsh_error *err) {
  fake_path(ud, p);
  return vsh_sandbox_read_file_buffer(((fake *)ud)->v, p, out, err);
}
/* A provider that does not create parents: the wrapper must retry. */
static int fake_write(void *ud, const char *p, const void *d, size_t n,
                      vsh_error *err) {
  fake *f = ud;
  char parent[512];
  char *slash;

  fake_path(f, p);
  atomic_fetch_add(&f->writes, 1);
  if (f->fail_all_writes)
    return vsh__error_set(err, VSH_EACCES, "write %d refused",
                          atomic_load(&f->writes));
  snprintf(parent, sizeof parent, "%s", p);
  slash = strrchr(parent, '/');
  if (slash && slash != parent) {
    *slash = '\0';
    if (!vsh_sandbox_exists(f->v, parent))
      return sbx_fs_error(err, VSH_ENOENT, "open", p, "write_file", "fake");
  }
  return vsh_sandbox_write_file(f->v, p, d, n, err);
}
static int fake_stat(void *ud, const char *p, vsh_stat *out, vsh_error *err) {
  fake_path(ud, p);
  return vsh_sandbox_stat(((fake *)ud)->v, p, out, err);
}
static int fake_readdir(void *ud, const char *p, vsh_strv *out,
                        vsh_error *err) {
  fake_path(ud, p);
  return vsh_sandbox_readdir(((fake *)ud)->v, p, out, err);
}
static bool fake_exists(void *ud, const char *p) {
  fake_path(ud, p);
  return vsh_sandbox_exists(((fake *)ud)->v, p);
}
static int fake_mkdir(void *ud, const char *p, bool r, vsh_error *err) {
  fake_path(ud, p);
  atomic_fetch_add(&((fake *)ud)->mkdirs, 1);
  return vsh_sandbox_mkdir(((fake *)ud)->v, p, r, err);
}
static int fake_rm(void *ud, const char *p, bool r, bool force,
                   vsh_error *err) {
  fake_path(ud, p);
  if (strstr(p, "unsupported")) {
    vsh__error_set(err, VSH_EUNSUPPORTED,
                   "rm: the fake provider deletes single files only");
    vsh__error_meta(err, "rm", "fake", "recursive,force");
    return VSH_EUNSUPPORTED;
  }
  return vsh_sandbox_rm(((fake *)ud)->v, p, r, force, err);
}
static int fake_alive(void *ud, vsh_error *err) {
  if (atomic_load(&((fake *)ud)->dead))
    return vsh__error_set(err, VSH_EDIED, "the fake sandbox died");
  return 0;
}
static void fake_release(void *ud) {
  fake *f = ud;
  vsh_sandbox_release(f->v);
  if (f->released) atomic_store(f->released, true);
  free(f);
}

static const vsh_sandbox_driver_ops fake_ops = {
    .version = VSH_SANDBOX_DRIVER_VERSION,
    .provider = "fake",
    .exec = fake_exec,
    .read_file = fake_read_file,
    .read_file_buffer = fake_read_buf,
    .write_file = fake_write,
    .stat = fake_stat,
    .readdir = fake_readdir,
    .exists = fake_exists,
    .mkdir = fake_mkdir,
    .rm = fake_rm,
    .release = fake_release,
};

static fake *fake_new(void) {
  fake *f = calloc(1, sizeof *f);
  vsh_error err = {0};

  ck_assert_ptr_nonnull(f);
  ck_assert_msg(vsh_virtual_sandbox_new(&f->v, NULL, &err) == 0, "%s",
                err.message);
  return f;
}

static vsh_sandbox *driver_over(fake *f, const vsh_sandbox_driver_ops *ops,
                                const vsh_driver_opts *o) {
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};

  ck_assert_msg(vsh_sandbox_from_driver(&sb, ops, f, "/home/user", o, &err) ==
                    0,
                "%s", err.message);
  return sb;
}

/* ---- a fake BashLike over a virtual sandbox -------------------------- */

static int bl_exec(void *ud, const char *cmd, const vsh_exec_opts *o,
                   vsh_result *out, vsh_error *err) {
  ck_assert_int_eq(o->timeout_ms, 0); /* the wrapper owns the deadline */
  return vsh_sandbox_exec(ud, cmd, o, out, err);
}
static const char *bl_get_cwd(void *ud) {
  (void)ud;
  return "/home/user";
}
static int bl_read(void *ud, const char *p, vsh_buf *o, vsh_error *e) {
  return vsh_sandbox_read_file(ud, p, o, e);
}
static int bl_readb(void *ud, const char *p, vsh_buf *o, vsh_error *e) {
  return vsh_sandbox_read_file_buffer(ud, p, o, e);
}
/* Like just-bash without its own parent creation. */
static int bl_write(void *ud, const char *p, const void *d, size_t n,
                    vsh_error *e) {
  char parent[512];
  char *slash;

  snprintf(parent, sizeof parent, "%s", p);
  slash = strrchr(parent, '/');
  if (slash && slash != parent) {
    *slash = '\0';
    if (!vsh_sandbox_exists(ud, parent))
      return sbx_fs_error(e, VSH_ENOENT, "open", p, "write_file", "bl");
  }
  return vsh_sandbox_write_file(ud, p, d, n, e);
}
static int bl_stat(void *ud, const char *p, vsh_stat *o, vsh_error *e) {
  return vsh_sandbox_stat(ud, p, o, e);
}
static int bl_readdir(void *ud, const char *p, vsh_strv *o, vsh_error *e) {
  return vsh_sandbox_readdir(ud, p, o, e);
}
static bool bl_exists(void *ud, const char *p) {
  return vsh_sandbox_exists(ud, p);
}
static int bl_mkdir(void *ud, const char *p, bool r, vsh_error *e) {
  return vsh_sandbox_mkdir(ud, p, r, e);
}
static int bl_rm(void *ud, const char *p, bool r, bool f, vsh_error *e) {
  return vsh_sandbox_rm(ud, p, r, f, e);
}
/* Deliberately lax (no normalisation): the wrapper normalises. */
static int bl_resolve(void *ud, const char *base, const char *p, vsh_buf *out) {
  (void)ud;
  vsh__buf_init(out);
  if (*p == '/') return vsh__buf_puts(out, p);
  return vsh__buf_printf(out, "%s/%s", base, p);
}
static void bl_release(void *ud) { vsh_sandbox_release(ud); }

static const vsh_bashlike_fs_ops bl_fs = {VSH_BASHLIKE_FS_OPS_VERSION,
                                          bl_read,
                                          bl_readb,
                                          bl_write,
                                          bl_stat,
                                          bl_readdir,
                                          bl_exists,
                                          bl_mkdir,
                                          bl_rm,
                                          bl_resolve};
static const vsh_bashlike_ops bl_ops = {VSH_BASHLIKE_OPS_VERSION, bl_exec,
                                        bl_get_cwd, &bl_fs, bl_release};

static int make_bashlike(void *ud, vsh_bashlike *out, vsh_error *err) {
  vsh_sandbox *v = NULL;
  int rc = vsh_virtual_sandbox_new(&v, NULL, err);

  (void)ud;
  out->ops = &bl_ops;
  out->ud = v;
  return rc;
}

/* ---- the sandbox kinds ------------------------------------------------ */

enum { K_VIRTUAL, K_SCOPE, K_DRIVER, K_BASHLIKE, K_LOCAL, N_KINDS };
static const char *const kind_names[] = {"virtual", "scope", "driver",
                                         "bashlike", "local"};

typedef struct kind_inst {
  vsh_sandbox *sb;
  vsh_sandbox *inner;
  vsh_factory *factory;
  char tmp[256];
  char cwd[300];
} kind_inst;

static void kind_open(kind_inst *k, int kind) {
  vsh_error err = {0};

  memset(k, 0, sizeof *k);
  switch (kind) {
  case K_VIRTUAL:
    ck_assert(vsh_virtual_sandbox_new(&k->sb, NULL, &err) == 0);
    break;
  case K_SCOPE:
    ck_assert(vsh_virtual_sandbox_new(&k->inner, NULL, &err) == 0);
    ck_assert(vsh_sandbox_mkdir(k->inner, "proj", false, &err) == 0);
    ck_assert_msg(vsh_sandbox_scope(&k->sb, k->inner, "./proj/x/..", &err) == 0,
                  "%s", err.message);
    break;
  case K_DRIVER: {
    fake *f = fake_new();
    f->cancellable = true; /* keeps orphan windows short in the table */
    k->sb = driver_over(f, &fake_ops, NULL);
  } break;
  case K_BASHLIKE:
    ck_assert(vsh_bash_factory(&k->factory, make_bashlike, NULL, &err) == 0);
    ck_assert_msg(vsh_factory_create(k->factory, "id", &k->sb, &err) == 0, "%s",
                  err.message);
    break;
#if HAVE_LOCAL
  case K_LOCAL: {
    snprintf(k->tmp, sizeof k->tmp, "/tmp/vsh-adapter-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(k->tmp));
    vsh_local_opts lo = {.cwd = k->tmp};
    ck_assert_msg(vsh_local_factory(&k->factory, &lo, &err) == 0, "%s",
                  err.message);
    ck_assert_msg(vsh_factory_create(k->factory, "id", &k->sb, &err) == 0, "%s",
                  err.message);
    break;
  }
#endif
  }
  ck_assert_ptr_nonnull(k->sb);
  snprintf(k->cwd, sizeof k->cwd, "%s", vsh_sandbox_cwd(k->sb));
}

static void kind_close(kind_inst *k) {
  char cmd[400];

  vsh_sandbox_release(k->sb);
  vsh_sandbox_release(k->inner);
  vsh_factory_release(k->factory);
  if (k->tmp[0]) {
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", k->tmp);
    ck_assert_int_eq(system(cmd), 0);
  }
}

#define KIND_BEGIN                                                             \
  kind_inst k;                                                                 \
  vsh_error err = {0};                                                         \
  (void)err;                                                                   \
  kind_open(&k, _i);                                                           \
  fprintf(stderr, "%s", "");
#define KIND_END kind_close(&k)

/* ---- the contract table: file verbs ----------------------------------- */

START_TEST(contract_paths_resolve_against_cwd_and_spellings_agree) {
  KIND_BEGIN;
  vsh_buf a = {0}, b = {0};
  char want[400];

  ck_assert_msg(k.cwd[0] == '/', "%s: cwd %s", kind_names[_i], k.cwd);
  if (_i == K_SCOPE) ck_assert_str_eq(k.cwd, "/home/user/proj");
  ck_assert_int_eq(vsh_sandbox_resolve_path(k.sb, "x/../y//z/", &a), 0);
  ck_assert_int_eq(vsh_sandbox_resolve_path(k.sb, "./y/z", &b), 0);
  snprintf(want, sizeof want, "%s/y/z", k.cwd);
  ck_assert_str_eq(a.data, want);
  ck_assert_str_eq(a.data, b.data);
  vsh_buf_dispose(&a);
  ck_assert_int_eq(vsh_sandbox_resolve_path(k.sb, "/abs/./p/..", &a), 0);
  ck_assert_str_eq(a.data, "/abs");
  vsh_buf_dispose(&a);
  vsh_buf_dispose(&b);
  KIND_END;
}
END_TEST

START_TEST(contract_write_creates_parents_and_reads_back_both_spellings) {
  KIND_BEGIN;
  char abs[400];

  put(k.sb, "out/nested/report.md", "hello");
  snprintf(abs, sizeof abs, "%s/out/nested/report.md", k.cwd);
  expect_text(k.sb, abs, "hello");
  expect_text(k.sb, "out/./nested/../nested/report.md", "hello");
  put(k.sb, "out/nested/report.md", "hi"); /* replaces, no stale tail */
  expect_text(k.sb, "out/nested/report.md", "hi");
  {
    vsh_buf b = {0};
    const char bin[] = {'\0', '\xff', 'a'};
    ck_assert(vsh_sandbox_write_file(k.sb, "bin", bin, 3, &err) == 0);
    ck_assert(vsh_sandbox_read_file_buffer(k.sb, "bin", &b, &err) == 0);
    ck_assert_uint_eq(b.len, 3);
    ck_assert_mem_eq(b.data, bin, 3);
    vsh_buf_dispose(&b);
  }
  KIND_END;
}
END_TEST

START_TEST(contract_read_of_missing_or_directory_fails_with_a_clear_error) {
  KIND_BEGIN;
  vsh_buf b = {0};

  ck_assert_int_eq(vsh_sandbox_read_file(k.sb, "nope.txt", &b, &err),
                   VSH_ENOENT);
  ck_assert_msg(strstr(err.message, "ENOENT") && strstr(err.message, "nope"),
                "%s: %s", kind_names[_i], err.message);
  vsh_buf_dispose(&b);
  ck_assert(vsh_sandbox_mkdir(k.sb, "d", false, &err) == 0);
  ck_assert_int_eq(vsh_sandbox_read_file(k.sb, "d", &b, &err), VSH_EISDIR);
  vsh_buf_dispose(&b);
  KIND_END;
}
END_TEST

START_TEST(contract_stat_describes_files_and_directories_and_never_fakes) {
  KIND_BEGIN;
  vsh_stat st;

  put(k.sb, "f.txt", "12345");
  ck_assert(vsh_sandbox_stat(k.sb, "f.txt", &st, &err) == 0);
  ck_assert(st.is_file && !st.is_directory);
  ck_assert(st.has & VSH_STAT_SIZE);
  ck_assert_uint_eq(st.size, 5);
  ck_assert(vsh_sandbox_stat(k.sb, ".", &st, &err) == 0);
  ck_assert(st.is_directory && !st.is_file);
  ck_assert_int_eq(vsh_sandbox_stat(k.sb, "missing", &st, &err), VSH_ENOENT);
  KIND_END;
}
END_TEST

START_TEST(contract_readdir_gives_names_only_and_fails_on_a_file) {
  KIND_BEGIN;
  vsh_strv v = {0};
  size_t i;
  bool a = false, b = false;

  put(k.sb, "dir/a", "1");
  put(k.sb, "dir/b", "2");
  ck_assert(vsh_sandbox_readdir(k.sb, "dir", &v, &err) == 0);
  ck_assert_uint_eq(v.len, 2);
  for (i = 0; i < v.len; i++) {
    a |= strcmp(v.items[i], "a") == 0;
    b |= strcmp(v.items[i], "b") == 0;
  }
  ck_assert(a && b);
  vsh_strv_dispose(&v);
  ck_assert_int_eq(vsh_sandbox_readdir(k.sb, "dir/a", &v, &err), VSH_ENOTDIR);
  ck_assert_int_lt(vsh_sandbox_readdir(k.sb, "nodir", &v, &err), 0);
  KIND_END;
}
END_TEST

START_TEST(contract_exists_is_true_for_files_and_dirs_and_never_fails) {
  KIND_BEGIN;
  put(k.sb, "e/f", "x");
  ck_assert(vsh_sandbox_exists(k.sb, "e"));
  ck_assert(vsh_sandbox_exists(k.sb, "e/f"));
  ck_assert(!vsh_sandbox_exists(k.sb, "e/g"));
  ck_assert(!vsh_sandbox_exists(k.sb, "e/f/under-a-file"));
  /* an empty path names nothing, in every kind (Node's rule) */
  ck_assert(!vsh_sandbox_exists(k.sb, ""));
  KIND_END;
}
END_TEST

START_TEST(contract_mkdir_recursive_creates_parents_and_tolerates_existing) {
  KIND_BEGIN;
  ck_assert_int_eq(vsh_sandbox_mkdir(k.sb, "m/n/o", false, &err), VSH_ENOENT);
  ck_assert_msg(vsh_sandbox_mkdir(k.sb, "m/n/o", true, &err) == 0, "%s",
                err.message);
  ck_assert(vsh_sandbox_mkdir(k.sb, "m/n/o", true, &err) == 0);
  ck_assert_int_eq(vsh_sandbox_mkdir(k.sb, "m/n/o", false, &err), VSH_EEXIST);
  put(k.sb, "m/file", "x");
  ck_assert_int_lt(vsh_sandbox_mkdir(k.sb, "m/file", true, &err), 0);
  KIND_END;
}
END_TEST

START_TEST(contract_rm_follows_node_fs_rm) {
  KIND_BEGIN;
  put(k.sb, "r/f", "x");
  ck_assert_int_eq(vsh_sandbox_rm(k.sb, "r/missing", false, false, &err),
                   VSH_ENOENT);
  ck_assert_int_eq(vsh_sandbox_rm(k.sb, "r/missing", true, false, &err),
                   VSH_ENOENT);
  ck_assert_int_eq(vsh_sandbox_rm(k.sb, "r/missing", false, true, &err), 0);
  ck_assert_int_lt(vsh_sandbox_rm(k.sb, "r", false, true, &err), 0);
  ck_assert(vsh_sandbox_exists(k.sb, "r/f"));
  ck_assert(vsh_sandbox_rm(k.sb, "r/f", false, false, &err) == 0);
  ck_assert(!vsh_sandbox_exists(k.sb, "r/f"));
  put(k.sb, "r/g/h", "x");
  ck_assert(vsh_sandbox_rm(k.sb, "r", true, false, &err) == 0);
  ck_assert(!vsh_sandbox_exists(k.sb, "r"));
  KIND_END;
}
END_TEST

/* ---- the contract table: exec ----------------------------------------- */

START_TEST(contract_exec_resolves_any_exit_status_with_separate_streams) {
  KIND_BEGIN;
  vsh_result r = run(k.sb, "echo out; echo err >&2; exit 3", NULL);

  ck_assert_int_eq(r.exit_code, 3);
  ck_assert_str_eq(r.out, "out\n");
  ck_assert_str_eq(r.err, "err\n");
  vsh_result_dispose(&r);
  KIND_END;
}
END_TEST

START_TEST(contract_exec_runs_in_cwd_and_resolves_a_relative_cwd_option) {
  KIND_BEGIN;
  char want[400];
  vsh_result r;
  vsh_exec_opts o = {.cwd = "sub"};

  put(k.sb, "sub/seen.txt", "file-from-write");
  r = run(k.sb, "pwd; cat sub/seen.txt", NULL);
  snprintf(want, sizeof want, "%s\nfile-from-write", k.cwd);
  ck_assert_str_eq(r.out, want);
  vsh_result_dispose(&r);
  r = run(k.sb, "pwd; echo made > made.txt", &o);
  snprintf(want, sizeof want, "%s/sub\n", k.cwd);
  ck_assert_str_eq(r.out, want);
  vsh_result_dispose(&r);
  expect_text(k.sb, "sub/made.txt", "made\n");
  KIND_END;
}
END_TEST

START_TEST(contract_exec_env_option_is_visible_to_the_command) {
  KIND_BEGIN;
  const char *env[] = {"VSH_TEST_VAR=forty two", NULL};
  vsh_exec_opts o = {.env = env};
  vsh_result r = run(k.sb, "printf '%s' \"$VSH_TEST_VAR\"", &o);

  ck_assert_str_eq(r.out, "forty two");
  vsh_result_dispose(&r);
  KIND_END;
}
END_TEST

START_TEST(contract_exec_pre_aborted_signal_rejects_without_running) {
  KIND_BEGIN;
  vsh_signal *s = vsh_signal_new();
  vsh_exec_opts o = {.signal = s};
  vsh_result r = {0};

  vsh_signal_abort(s, "stop now");
  ck_assert_int_eq(vsh_sandbox_exec(k.sb, "echo ran > ran.txt", &o, &r, &err),
                   VSH_EABORTED);
  ck_assert_str_eq(err.type, "abort");
  ck_assert_msg(strstr(err.message, "stop now"), "%s", err.message);
  ck_assert(!vsh_sandbox_exists(k.sb, "ran.txt"));
  vsh_signal_unref(s);
  KIND_END;
}
END_TEST

START_TEST(contract_exec_abort_mid_flight_rejects_promptly) {
  KIND_BEGIN;
  vsh_signal *s = vsh_signal_new();
  vsh_exec_opts o = {.signal = s};
  vsh_result r = {0};
  later l = {s, 150};
  pthread_t th;
  int64_t t0 = now_ms();

  pthread_create(&th, NULL, abort_later, &l);
  ck_assert_int_eq(vsh_sandbox_exec(k.sb, "sleep 5", &o, &r, &err),
                   VSH_EABORTED);
  ck_assert_msg(now_ms() - t0 < 2500, "%s took %lld ms", kind_names[_i],
                (long long)(now_ms() - t0));
  ck_assert_msg(strstr(err.message, "caller gave up"), "%s", err.message);
  pthread_join(th, NULL);
  vsh_signal_unref(s);
  KIND_END;
}
END_TEST

START_TEST(contract_exec_timeout_resolves_as_exit_124) {
  KIND_BEGIN;
  vsh_exec_opts o = {.timeout_ms = 300};
  int64_t t0 = now_ms();
  vsh_result r = run(k.sb, "sleep 5", &o);

  ck_assert_int_eq(r.exit_code, 124);
  ck_assert_msg(now_ms() - t0 < 4000, "%s took %lld ms", kind_names[_i],
                (long long)(now_ms() - t0));
  vsh_result_dispose(&r);
  KIND_END;
}
END_TEST

/* ---- from_driver ------------------------------------------------------ */

START_TEST(driver_receives_absolute_normalised_paths) {
  fake *f = fake_new();
  vsh_sandbox *sb = driver_over(f, &fake_ops, NULL);
  vsh_stat st;
  vsh_error err = {0};

  (void)vsh_sandbox_stat(sb, "a/./b/../c", &st, &err);
  ck_assert_str_eq(f->last_path, "/home/user/a/c");
  (void)vsh_sandbox_exists(sb, "/x//y/");
  ck_assert_str_eq(f->last_path, "/x/y");
  ck_assert_str_eq(vsh_sandbox_cwd(sb), "/home/user");
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(
    driver_write_retries_once_after_mkdir_and_propagates_the_retry_error) {
  fake *f = fake_new();
  vsh_sandbox *sb = driver_over(f, &fake_ops, NULL);
  vsh_error err = {0};

  put(sb, "deep/er/file", "x");
  ck_assert_int_eq(atomic_load(&f->writes), 2);
  ck_assert_int_eq(atomic_load(&f->mkdirs), 1);
  put(sb, "deep/er/file", "y"); /* parent exists: no retry */
  ck_assert_int_eq(atomic_load(&f->writes), 3);
  f->fail_all_writes = true;
  ck_assert_int_eq(vsh_sandbox_write_file(sb, "z", "1", 1, &err), VSH_EACCES);
  ck_assert_int_eq(atomic_load(&f->writes), 5);
  ck_assert_str_eq(err.message, "write 5 refused"); /* the retry's error */
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(driver_pre_aborted_signal_never_calls_the_driver) {
  fake *f = fake_new();
  vsh_sandbox *sb = driver_over(f, &fake_ops, NULL);
  vsh_signal *s = vsh_signal_new();
  vsh_exec_opts o = {.signal = s};
  vsh_result r;
  vsh_error err = {0};

  vsh_signal_abort(s, NULL);
  ck_assert_int_eq(vsh_sandbox_exec(sb, "echo", &o, &r, &err), VSH_EABORTED);
  ck_assert_int_eq(atomic_load(&f->execs), 0);
  vsh_signal_unref(s);
  vsh_sandbox_release(sb);
}
END_TEST

typedef struct orphan_log {
  pthread_mutex_t mu;
  int count;
  char command[64];
  char out[64];
  int error_code;
  struct timespec started, aborted, settled;
} orphan_log;

static void on_orphan(const vsh_orphan_settlement *s, void *ud) {
  orphan_log *l = ud;

  pthread_mutex_lock(&l->mu);
  l->count++;
  snprintf(l->command, sizeof l->command, "%s", s->command);
  if (s->result)
    snprintf(l->out, sizeof l->out, "%.*s", (int)s->result->out_len,
             s->result->out);
  l->error_code = s->error ? s->error->code : 0;
  l->started = s->started_at;
  l->aborted = s->aborted_at;
  l->settled = s->settled_at;
  pthread_mutex_unlock(&l->mu);
}

static bool ts_le(struct timespec a, struct timespec b) {
  return a.tv_sec < b.tv_sec ||
         (a.tv_sec == b.tv_sec && a.tv_nsec <= b.tv_nsec);
}

START_TEST(driver_abort_returns_at_once_and_the_orphan_settles_via_callback) {
  fake *f = fake_new();
  atomic_bool released = false;
  orphan_log log = {.mu = PTHREAD_MUTEX_INITIALIZER};
  vsh_driver_opts o = {.on_orphan_settled = on_orphan, .ud = &log};
  vsh_sandbox *sb;
  vsh_signal *s = vsh_signal_new();
  vsh_exec_opts eo = {.signal = s};
  vsh_result r = {0};
  vsh_error err = {0};
  later l = {s, 100};
  pthread_t th;
  int64_t t0 = now_ms();
  int i;

  f->delay_ms = 600; /* signal-blind provider latency */
  f->released = &released;
  sb = driver_over(f, &fake_ops, &o);
  pthread_create(&th, NULL, abort_later, &l);
  ck_assert_int_eq(vsh_sandbox_exec(sb, "echo late", &eo, &r, &err),
                   VSH_EABORTED);
  ck_assert_int_lt(now_ms() - t0, 450);
  /* the newer contract: the message says the call may run on */
  ck_assert_ptr_nonnull(strstr(err.message, "may still be running"));
  ck_assert_str_eq(err.type, "abort");
  pthread_join(th, NULL);
  /* The sandbox may go before the orphan: the core outlives it. */
  vsh_sandbox_release(sb);
  ck_assert(!atomic_load(&released));
  for (i = 0; i < 300 && !atomic_load(&released); i++) sleep_ms(10);
  pthread_mutex_lock(&log.mu);
  ck_assert_int_eq(log.count, 1);
  ck_assert_str_eq(log.command, "echo late");
  ck_assert_str_eq(log.out, "late\n");
  ck_assert(ts_le(log.started, log.aborted) && ts_le(log.aborted, log.settled));
  pthread_mutex_unlock(&log.mu);
  vsh_signal_unref(s);
}
END_TEST

START_TEST(driver_orphan_error_is_reported_and_a_completed_call_is_not) {
  fake *f = fake_new();
  atomic_bool released = false;
  orphan_log log = {.mu = PTHREAD_MUTEX_INITIALIZER};
  vsh_driver_opts o = {.on_orphan_settled = on_orphan, .ud = &log};
  f->released = &released;
  vsh_sandbox *sb = driver_over(f, &fake_ops, &o);
  vsh_signal *s = vsh_signal_new();
  vsh_exec_opts eo = {.signal = s};
  vsh_result r;
  later l = {s, 50};
  pthread_t th;
  int i;

  r = run(sb, "echo ok", &eo); /* settles before any abort: no report */
  ck_assert_str_eq(r.out, "ok\n");
  vsh_result_dispose(&r);
  f->delay_ms = 300;
  pthread_create(&th, NULL, abort_later, &l);
  {
    vsh_error err = {0};
    ck_assert_int_eq(vsh_sandbox_exec(sb, "echo x", &eo, &r, &err),
                     VSH_EABORTED);
  }
  atomic_store(&f->dead, true); /* the late settlement is a death */
  pthread_join(th, NULL);
  vsh_sandbox_release(sb);
  for (i = 0; i < 300 && !atomic_load(&released); i++) sleep_ms(10);
  ck_assert_int_eq(log.count, 1);
  ck_assert_int_eq(log.error_code, VSH_EDIED);
  vsh_signal_unref(s);
}
END_TEST

START_TEST(driver_timeout_is_forwarded_rounded_up_to_the_provider_unit) {
  fake *f = fake_new();
  vsh_sandbox_driver_ops ops = fake_ops;
  vsh_sandbox *sb;
  vsh_exec_opts eo = {.timeout_ms = 1500};
  vsh_result r;

  ops.timeout_unit_ms = 1000;
  sb = driver_over(f, &ops, NULL);
  r = run(sb, "true", &eo);
  ck_assert_int_eq(f->last_timeout, 2000);
  vsh_result_dispose(&r);
  eo.timeout_ms = 2000;
  r = run(sb, "true", &eo);
  ck_assert_int_eq(f->last_timeout, 2000);
  vsh_result_dispose(&r);
  vsh_sandbox_release(sb);
}
END_TEST

START_TEST(driver_unsupported_and_died_errors_pass_through_untouched) {
  fake *f = fake_new();
  vsh_sandbox *sb = driver_over(f, &fake_ops, NULL);
  vsh_error err = {0};
  vsh_result r;

  ck_assert_int_eq(vsh_sandbox_rm(sb, "unsupported", true, true, &err),
                   VSH_EUNSUPPORTED);
  ck_assert_str_eq(err.type, "sandbox_operation_unsupported");
  ck_assert_str_eq(err.message,
                   "rm: the fake provider deletes single files only");
  ck_assert_str_eq(err.provider, "fake");
  ck_assert_str_eq(err.options, "recursive,force");
  atomic_store(&f->dead, true);
  ck_assert_int_eq(vsh_sandbox_exec(sb, "true", NULL, &r, &err), VSH_EDIED);
  ck_assert_str_eq(err.type, "sandbox_died");
  vsh_sandbox_release(sb);
}
END_TEST

static void *kill_later(void *ud) {
  sleep_ms(150);
  atomic_store(&((fake *)ud)->dead, true);
  return NULL;
}

START_TEST(driver_liveness_probe_settles_a_hung_call_with_died) {
  fake *f = fake_new();
  atomic_bool released = false;
  vsh_sandbox_driver_ops ops = fake_ops;
  vsh_sandbox *sb;
  vsh_result r;
  vsh_error err = {0};
  pthread_t th;
  int64_t t0 = now_ms();
  int i;

  ops.alive = fake_alive;
  ops.alive_poll_ms = 50;
  f->die_mid_call = true; /* the transport never settles by itself... */
  f->released = &released;
  sb = driver_over(f, &ops, NULL);
  pthread_create(&th, NULL, kill_later, f);
  ck_assert_int_eq(vsh_sandbox_exec(sb, "true", NULL, &r, &err), VSH_EDIED);
  ck_assert_str_eq(err.type, "sandbox_died");
  ck_assert_int_lt(now_ms() - t0, 2000);
  pthread_join(th, NULL);
  vsh_sandbox_release(sb);
  for (i = 0; i < 300 && !atomic_load(&released); i++) sleep_ms(10);
  ck_assert(atomic_load(&released));
}
END_TEST

START_TEST(driver_rejects_an_incomplete_table) {
  vsh_sandbox_driver_ops ops = fake_ops;
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};

  ops.rm = NULL;
  ck_assert_int_eq(vsh_sandbox_from_driver(&sb, &ops, NULL, "/", NULL, &err),
                   VSH_EINVAL);
  ck_assert_ptr_null(sb);
}
END_TEST

/* ---- scope ------------------------------------------------------------ */

START_TEST(scope_exposes_no_native_surface_and_writes_land_in_inner) {
  vsh_sandbox *inner = NULL, *sc = NULL;
  vsh_error err = {0};
  vsh_result r;
  vsh_exec_opts o = {.cwd = ".."};

  ck_assert(vsh_virtual_sandbox_new(&inner, NULL, &err) == 0);
  ck_assert_ptr_nonnull(vsh_virtual_shell(inner));
  ck_assert_ptr_nonnull(vsh_virtual_fs(inner));
  ck_assert(vsh_sandbox_scope(&sc, inner, "/tmp/w", &err) == 0);
  ck_assert_ptr_null(vsh_virtual_fs(sc));
  ck_assert_ptr_null(vsh_virtual_shell(sc));
  put(sc, "a.txt", "A");
  expect_text(inner, "/tmp/w/a.txt", "A");
  r = run(sc, "pwd", &o);
  ck_assert_str_eq(r.out, "/tmp\n");
  vsh_result_dispose(&r);
  vsh_sandbox_release(sc);
  vsh_sandbox_release(inner);
}
END_TEST

/* ---- bash_factory ----------------------------------------------------- */

static int make_bad(void *ud, vsh_bashlike *out, vsh_error *err) {
  static const vsh_bashlike_ops no_fs = {VSH_BASHLIKE_OPS_VERSION, bl_exec,
                                         bl_get_cwd, NULL, NULL};
  (void)err;
  out->ops = ud ? &no_fs : NULL;
  out->ud = NULL;
  return 0;
}

START_TEST(bash_factory_rejects_a_value_that_is_not_bash_like) {
  vsh_factory *f = NULL;
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};
  int marker;

  ck_assert(vsh_bash_factory(&f, make_bad, NULL, &err) == 0);
  ck_assert_int_eq(vsh_factory_create(f, "id", &sb, &err), VSH_EINVAL);
  ck_assert_str_eq(err.message,
                   "[flue] BashFactory must return a Bash-like object.");
  vsh_factory_release(f);
  ck_assert(vsh_bash_factory(&f, make_bad, &marker, &err) == 0);
  ck_assert_int_eq(vsh_factory_create(f, "id", &sb, &err), VSH_EINVAL);
  ck_assert_ptr_null(sb);
  vsh_factory_release(f);
}
END_TEST

START_TEST(bash_factory_makes_a_fresh_instance_per_repeated_id) {
  vsh_factory *f = NULL;
  vsh_sandbox *a = NULL, *b = NULL;
  vsh_error err = {0};

  ck_assert(vsh_bash_factory(&f, make_bashlike, NULL, &err) == 0);
  ck_assert(vsh_factory_create(f, "same", &a, &err) == 0);
  ck_assert(vsh_factory_create(f, "same", &b, &err) == 0);
  put(a, "only-a", "1");
  ck_assert(!vsh_sandbox_exists(b, "only-a"));
  ck_assert_str_eq(vsh_sandbox_cwd(a), "/home/user");
  vsh_sandbox_release(a);
  vsh_sandbox_release(b);
  vsh_factory_release(f);
}
END_TEST

/* ---- local ------------------------------------------------------------ */

static vsh_sandbox *local_sb(vsh_factory **f, const vsh_local_opts *o) {
  vsh_sandbox *sb = NULL;
  vsh_error err = {0};

  ck_assert_msg(vsh_local_factory(f, o, &err) == 0, "%s", err.message);
  ck_assert(vsh_factory_create(*f, "id", &sb, &err) == 0);
  return sb;
}

START_TEST(local_env_is_an_allowlist_snapshot_with_layered_options) {
  vsh_local_env env[] = {{"VSH_OPT_IN", "yes"}, {"TERM", NULL}};
  vsh_local_opts o = {.cwd = "/tmp", .env = env, .n_env = 2};
  vsh_factory *f = NULL;
  vsh_sandbox *sb;
  const char *call_env[] = {"VSH_OPT_IN=call", NULL};
  vsh_exec_opts eo = {.env = call_env};
  vsh_result r;

  setenv("VSH_SECRET", "leak", 1);
  setenv("TERM", "xterm", 1);
  sb = local_sb(&f, &o);
  setenv("HOME", "/changed-later", 1);
  /* printenv: bash gives itself a TERM=dumb shell variable, unexported */
  r = run(sb,
          "echo \"[$VSH_SECRET][$VSH_OPT_IN][$(printenv TERM)][$HOME]\"; pwd",
          NULL);
  ck_assert_msg(strncmp(r.out, "[][yes][][", 10) == 0, "%s", r.out);
  ck_assert_ptr_null(strstr(r.out, "/changed-later"));
  ck_assert(strstr(r.out, "\n/tmp\n"));
  vsh_result_dispose(&r);
  r = run(sb, "echo $VSH_OPT_IN", &eo);
  ck_assert_str_eq(r.out, "call\n");
  vsh_result_dispose(&r);
  unsetenv("VSH_SECRET");
  vsh_sandbox_release(sb);
  vsh_factory_release(f);
}
END_TEST

START_TEST(local_timeout_kills_the_whole_group_and_foreign_signals_give_1) {
  vsh_local_opts o = {.cwd = "/tmp"};
  vsh_factory *f = NULL;
  vsh_sandbox *sb = local_sb(&f, &o);
  vsh_exec_opts eo = {.timeout_ms = 300};
  char marker[64], cmd[256];
  vsh_result r;

  snprintf(marker, sizeof marker, "/tmp/vsh-grandchild-%d", (int)getpid());
  unlink(marker);
  snprintf(cmd, sizeof cmd, "(sleep 1; touch %s) & sleep 5", marker);
  r = run(sb, cmd, &eo);
  ck_assert_int_eq(r.exit_code, 124);
  ck_assert_msg(strstr(r.err, "timed out"), "%s", r.err);
  vsh_result_dispose(&r);
  sleep_ms(1300);
  ck_assert_msg(access(marker, F_OK) != 0, "a grandchild survived the kill");
  r = run(sb, "kill -KILL $$", NULL);
  ck_assert_int_eq(r.exit_code, 1);
  vsh_result_dispose(&r);
  eo = (vsh_exec_opts){.stdin_data = "abc", .stdin_len = 3};
  r = run(sb, "tr a-z A-Z", &eo);
  ck_assert_str_eq(r.out, "ABC");
  vsh_result_dispose(&r);
  eo = (vsh_exec_opts){.cwd = "/nonexistent-dir-for-vsh"};
  r = run(sb, "true", &eo);
  ck_assert_int_eq(r.exit_code, 1);
  ck_assert_msg(strstr(r.err, "No such file"), "%s", r.err);
  vsh_result_dispose(&r);
  vsh_sandbox_release(sb);
  vsh_factory_release(f);
}
END_TEST

START_TEST(local_stat_reports_a_symlink_and_its_target) {
  kind_inst k;
  vsh_error err = {0};
  vsh_stat st;
  vsh_result r;

  kind_open(&k, K_LOCAL);
  put(k.sb, "target.txt", "12345");
  r = run(k.sb, "ln -s target.txt link", NULL);
  vsh_result_dispose(&r);
  ck_assert(vsh_sandbox_stat(k.sb, "link", &st, &err) == 0);
  ck_assert(st.is_file && st.is_symbolic_link && st.size == 5);
  ck_assert(st.has == (VSH_STAT_SYMLINK | VSH_STAT_SIZE | VSH_STAT_MTIME));
  ck_assert(vsh_sandbox_rm(k.sb, "link", false, false, &err) == 0);
  expect_text(k.sb, "target.txt", "12345");
  kind_close(&k);
}
END_TEST

/* ---- the suite -------------------------------------------------------- */

static Suite *adapter_suite(void) {
  Suite *s = suite_create("adapter");
  TCase *tc = tcase_create("contract");

  tcase_set_timeout(tc, 120);
  tcase_add_loop_test(tc,
                      contract_paths_resolve_against_cwd_and_spellings_agree, 0,
                      CONTRACT_KINDS);
  tcase_add_loop_test(
      tc, contract_write_creates_parents_and_reads_back_both_spellings, 0,
      CONTRACT_KINDS);
  tcase_add_loop_test(
      tc, contract_read_of_missing_or_directory_fails_with_a_clear_error, 0,
      CONTRACT_KINDS);
  tcase_add_loop_test(
      tc, contract_stat_describes_files_and_directories_and_never_fakes, 0,
      CONTRACT_KINDS);
  tcase_add_loop_test(tc, contract_readdir_gives_names_only_and_fails_on_a_file,
                      0, CONTRACT_KINDS);
  tcase_add_loop_test(
      tc, contract_exists_is_true_for_files_and_dirs_and_never_fails, 0,
      CONTRACT_KINDS);
  tcase_add_loop_test(
      tc, contract_mkdir_recursive_creates_parents_and_tolerates_existing, 0,
      CONTRACT_KINDS);
  tcase_add_loop_test(tc, contract_rm_follows_node_fs_rm, 0, CONTRACT_KINDS);
  tcase_add_loop_test(
      tc, contract_exec_resolves_any_exit_status_with_separate_streams, 0,
      CONTRACT_KINDS);
  tcase_add_loop_test(
      tc, contract_exec_runs_in_cwd_and_resolves_a_relative_cwd_option, 0,
      CONTRACT_KINDS);
  tcase_add_loop_test(tc, contract_exec_env_option_is_visible_to_the_command, 0,
                      CONTRACT_KINDS);
  tcase_add_loop_test(tc,
                      contract_exec_pre_aborted_signal_rejects_without_running,
                      0, CONTRACT_KINDS);
  tcase_add_loop_test(tc, contract_exec_abort_mid_flight_rejects_promptly, 0,
                      CONTRACT_KINDS);
  tcase_add_loop_test(tc, contract_exec_timeout_resolves_as_exit_124, 0,
                      CONTRACT_KINDS);
  suite_add_tcase(s, tc);

  tc = tcase_create("driver");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, driver_receives_absolute_normalised_paths);
  tcase_add_test(
      tc, driver_write_retries_once_after_mkdir_and_propagates_the_retry_error);
  tcase_add_test(tc, driver_pre_aborted_signal_never_calls_the_driver);
  tcase_add_test(
      tc, driver_abort_returns_at_once_and_the_orphan_settles_via_callback);
  tcase_add_test(tc,
                 driver_orphan_error_is_reported_and_a_completed_call_is_not);
  tcase_add_test(tc,
                 driver_timeout_is_forwarded_rounded_up_to_the_provider_unit);
  tcase_add_test(tc, driver_unsupported_and_died_errors_pass_through_untouched);
  tcase_add_test(tc, driver_liveness_probe_settles_a_hung_call_with_died);
  tcase_add_test(tc, driver_rejects_an_incomplete_table);
  suite_add_tcase(s, tc);

  tc = tcase_create("scope");
  tcase_add_test(tc, scope_exposes_no_native_surface_and_writes_land_in_inner);
  suite_add_tcase(s, tc);

  tc = tcase_create("bash_factory");
  tcase_add_test(tc, bash_factory_rejects_a_value_that_is_not_bash_like);
  tcase_add_test(tc, bash_factory_makes_a_fresh_instance_per_repeated_id);
  suite_add_tcase(s, tc);

  tc = tcase_create("local");
  tcase_set_timeout(tc, 60);
  tcase_add_test(tc, local_env_is_an_allowlist_snapshot_with_layered_options);
  tcase_add_test(
      tc, local_timeout_kills_the_whole_group_and_foreign_signals_give_1);
  tcase_add_test(tc, local_stat_reports_a_symlink_and_its_target);
  suite_add_tcase(s, tc);

  return s;
}

int main(void) {
  SRunner *sr = srunner_create(adapter_suite());
  int failed;

  srunner_run_all(sr, CK_NORMAL);
  failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
