/* adapter_util.h: small helpers shared by the adapter and tool unit
 * suites (test_adapter.c, test_tools.c): a clock, a sleep, checked
 * write / read-back / exec calls on a sandbox, a delayed abort. */
#ifndef VSH_TESTS_ADAPTER_UTIL_H
#define VSH_TESTS_ADAPTER_UTIL_H

#include "sandbox/sandbox.h"

#include <check.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

static inline int64_t now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static inline void sleep_ms(int ms) {
  struct timespec t = {ms / 1000, (long)(ms % 1000) * 1000000L};
  nanosleep(&t, NULL);
}

static inline void put(vsh_sandbox *sb, const char *path, const char *text) {
  vsh_error err = {0};

  ck_assert_msg(vsh_sandbox_write_file(sb, path, text, strlen(text), &err) == 0,
                "write %s: %s", path, err.message);
}

static inline void expect_text(vsh_sandbox *sb, const char *path,
                               const char *text) {
  vsh_buf b = {0};
  vsh_error err = {0};

  ck_assert_msg(vsh_sandbox_read_file(sb, path, &b, &err) == 0, "read %s: %s",
                path, err.message);
  ck_assert_uint_eq(b.len, strlen(text));
  ck_assert_mem_eq(b.data, text, b.len);
  vsh_buf_dispose(&b);
}

static inline vsh_result run(vsh_sandbox *sb, const char *cmd,
                             const vsh_exec_opts *o) {
  vsh_result r = {0};
  vsh_error err = {0};

  ck_assert_msg(vsh_sandbox_exec(sb, cmd, o, &r, &err) == 0, "exec %s: %s", cmd,
                err.message);
  return r;
}

/* A thread body that aborts a signal after a delay. */
typedef struct later {
  vsh_signal *s;
  int ms;
} later;
static inline void *abort_later(void *ud) {
  later *l = ud;
  sleep_ms(l->ms);
  vsh_signal_abort(l->s, "caller gave up");
  return NULL;
}

#endif
