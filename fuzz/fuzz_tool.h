/* fuzz_tool.h: the driver the language targets (awk, jq, sed) share.  The
 * input is one run of the tool: its first byte picks options (the target
 * turns its bits into flags), the bytes up to the first NUL are the
 * program, written to prog_path, and the rest is the input file /tmp/in.
 * The command runs in a fresh hardened shell with tight limits; the exec
 * must resolve with a status of 0-255 and output under the limit.  Any
 * crash, hang past the deadline or sanitizer report is a bug.  Header
 * only: each target is its own executable. */
#ifndef VSH_FUZZ_TOOL_H
#define VSH_FUZZ_TOOL_H

#include <vsh.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Writes the command line for the option bits pick into cmd[0..cap). */
typedef void (*fuzz_tool_cmd)(char *cmd, size_t cap, unsigned pick);

static int fuzz_tool_run(const uint8_t *data, size_t size,
                         const char *prog_path, unsigned deadline_ms,
                         fuzz_tool_cmd make_cmd) {
  if (size < 1 || size > 4096) return 0;
  unsigned pick = data[0];
  const uint8_t *rest = data + 1;
  size_t n = size - 1;
  const uint8_t *nul = memchr(rest, 0, n);
  size_t plen = nul ? (size_t)(nul - rest) : n;
  size_t ilen = nul ? n - plen - 1 : 0;
  vsh_limits lim;
  vsh_limits_init(&lim, VSH_PROFILE_HARDENED);
  lim.deadline_ms = deadline_ms;
  lim.max_output = 64 << 10;
  lim.max_string = 64 << 10;
  lim.max_fs_bytes = 1 << 20;
  lim.max_threads = 4;
  vsh_shell_opts so = {.limits = &lim, .has_seed = true, .random_seed = 1};
  vsh_shell *sh;
  vsh_error err;
  if (vsh_shell_new(&sh, &so, &err)) abort();
  vsh_fs *fs = vsh_shell_fs(sh);
  if (vsh_fs_write(fs, prog_path, rest, plen, 0644, &err) ||
      vsh_fs_write(fs, "/tmp/in", nul ? nul + 1 : rest, ilen, 0644, &err))
    abort();
  char cmd[256];
  make_cmd(cmd, sizeof cmd, pick);
  vsh_result r;
  if (vsh_shell_exec(sh, cmd, strlen(cmd), NULL, &r, &err)) {
    fprintf(stderr, "exec rejected: %s\n", err.message);
    abort();
  }
  if (r.exit_code < 0 || r.exit_code > 255) abort();
  if (r.out_len > lim.max_output) abort();
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
  return 0;
}

#endif /* VSH_FUZZ_TOOL_H */
