/* fuzz_exec.c: runs the input as a bash script in a fresh shell with the
 * hardened profile and tight limits (100 ms deadline, 64 KiB output, 64
 * threads), and checks the result is well-formed: the exec resolves, the
 * status is 0-255, output stays under the limit.  Any crash, hang past
 * the deadline or sanitizer report is a bug. */
#include <vsh.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096) return 0;
  vsh_limits lim;
  vsh_limits_init(&lim, VSH_PROFILE_HARDENED);
  lim.deadline_ms = 100;
  lim.max_output = 64 << 10;
  lim.max_string = 64 << 10;
  lim.max_fs_bytes = 1 << 20;
  lim.max_threads = 16;
  lim.max_commands = 20000;
  lim.max_loop_iterations = 5000;
  lim.max_call_depth = 50;
  vsh_shell_opts so = {.limits = &lim, .has_seed = true, .random_seed = 1};
  vsh_shell *sh;
  vsh_error err;
  if (vsh_shell_new(&sh, &so, &err)) abort();
  vsh_result r;
  int rc = vsh_shell_exec(sh, (const char *)data, size, NULL, &r, &err);
  if (rc) {
    fprintf(stderr, "exec rejected: %s\n", err.message);
    abort();
  }
  if (r.exit_code < 0 || r.exit_code > 255) abort();
  if (r.out_len > lim.max_output) abort();
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
  return 0;
}
