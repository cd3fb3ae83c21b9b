/* fuzz_awk.c: the input is an awk run: its first byte picks options (in
 * its low bits: -F: , RS="" paragraph mode, -v x=1, a second input file),
 * the bytes up to the first NUL are the program (written to a file and
 * given with -f) and the rest is the input file.  Run in a fresh hardened
 * shell with tight limits; the exec must resolve with a status of 0-255
 * and output under the limit.  Any crash, hang past the deadline or
 * sanitizer report is a bug. */
#include <vsh.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 1 || size > 4096) return 0;
  unsigned pick = data[0];
  const uint8_t *rest = data + 1;
  size_t n = size - 1;
  const uint8_t *nul = memchr(rest, 0, n);
  size_t plen = nul ? (size_t)(nul - rest) : n;
  size_t ilen = nul ? n - plen - 1 : 0;
  vsh_limits lim;
  vsh_limits_init(&lim, VSH_PROFILE_HARDENED);
  lim.deadline_ms = 100;
  lim.max_output = 64 << 10;
  lim.max_string = 64 << 10;
  lim.max_fs_bytes = 1 << 20;
  lim.max_threads = 4;
  vsh_shell_opts so = {.limits = &lim, .has_seed = true, .random_seed = 1};
  vsh_shell *sh;
  vsh_error err;
  if (vsh_shell_new(&sh, &so, &err)) abort();
  vsh_fs *fs = vsh_shell_fs(sh);
  if (vsh_fs_write(fs, "/tmp/p.awk", rest, plen, 0644, &err) ||
      vsh_fs_write(fs, "/tmp/in", nul ? nul + 1 : rest, ilen, 0644, &err))
    abort();
  char cmd[128];
  snprintf(cmd, sizeof cmd, "awk %s%s%s-f /tmp/p.awk /tmp/in%s",
           pick & 1 ? "-F: " : "", pick & 2 ? "-v RS= " : "",
           pick & 4 ? "-v x=1 " : "", pick & 8 ? " /tmp/in" : "");
  vsh_result r;
  int rc = vsh_shell_exec(sh, cmd, strlen(cmd), NULL, &r, &err);
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
