/* vsh_spec.c: the shell the Oils spec runner drives (build/tests/vsh-spec).
 * It is the vsh CLI's core plus the runner's helper commands (argv.py,
 * printenv.py, stdout_stderr.py, read_from_fd.py) as custom commands, the
 * host environment imported, and the host cwd and $REPO_ROOT mounted at
 * their own paths (copy-on-write).  Reads the script from stdin, or -c. */
#include "vsh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern char **environ;

static void out(vsh_cmd *c, int fd, const char *s, size_t n) {
  vsh_cmd_write(c, fd, s, n);
}

/* Python 2's repr of a byte string. */
static void repr(vsh_cmd *c, const char *s) {
  char q = strchr(s, '\'') && !strchr(s, '"') ? '"' : '\'';
  char buf[8];
  out(c, 1, &q, 1);
  for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
    if (*p == '\\') out(c, 1, "\\\\", 2);
    else if (*p == (unsigned char)q) {
      buf[0] = '\\';
      buf[1] = q;
      out(c, 1, buf, 2);
    } else if (*p == '\t') out(c, 1, "\\t", 2);
    else if (*p == '\n') out(c, 1, "\\n", 2);
    else if (*p == '\r') out(c, 1, "\\r", 2);
    else if (*p < 0x20 || *p >= 0x7f) {
      snprintf(buf, sizeof(buf), "\\x%02x", *p);
      out(c, 1, buf, 4);
    } else out(c, 1, (const char *)p, 1);
  }
  out(c, 1, &q, 1);
}

static int argv_py(vsh_cmd *c, int argc, char **argv, void *ud) {
  (void)ud;
  out(c, 1, "[", 1);
  for (int i = 1; i < argc; i++) {
    if (i > 1) out(c, 1, ", ", 2);
    repr(c, argv[i]);
  }
  out(c, 1, "]\n", 2);
  return 0;
}

static int printenv_py(vsh_cmd *c, int argc, char **argv, void *ud) {
  (void)ud;
  for (int i = 1; i < argc; i++) {
    const char *v = vsh_cmd_getenv(c, argv[i]);
    if (!v) v = "None";
    out(c, 1, v, strlen(v));
    out(c, 1, "\n", 1);
  }
  return 0;
}

static int stdout_stderr_py(vsh_cmd *c, int argc, char **argv, void *ud) {
  (void)ud;
  const char *o = argc > 1 ? argv[1] : "STDOUT";
  const char *e = argc > 2 ? argv[2] : "STDERR";
  out(c, 2, e, strlen(e));
  out(c, 2, "\n", 1);
  out(c, 1, o, strlen(o));
  out(c, 1, "\n", 1);
  return argc > 3 ? atoi(argv[3]) : 0;
}

static int read_from_fd_py(vsh_cmd *c, int argc, char **argv, void *ud) {
  (void)ud;
  for (int i = 1; i < argc; i++) {
    int fd = atoi(argv[i]);
    char buf[1024];
    int64_t n = vsh_cmd_read_fd(c, fd, buf, sizeof(buf));
    if (n < 0) {
      char msg[128];
      int l = snprintf(
          msg, sizeof(msg),
          "FATAL: Error reading from fd %d: [Errno 9] Bad file descriptor\n",
          fd);
      out(c, 2, msg, (size_t)l);
      return 1;
    }
    /* one write, like the Python helper: a reader may see it at once */
    char line[1100];
    int l = snprintf(line, sizeof(line), "%d: ", fd);
    memcpy(line + l, buf, (size_t)n);
    out(c, 1, line, (size_t)l + (size_t)n);
  }
  return 0;
}

static char *slurp(FILE *f, size_t *len) {
  size_t cap = 65536, n = 0, r;
  char *buf = malloc(cap);
  while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
    n += r;
    if (n == cap) {
      char *nb = realloc(buf, cap *= 2);
      if (!nb) break;
      buf = nb;
    }
  }
  *len = n;
  return buf;
}

int main(int argc, char **argv) {
  const char *script = NULL;
  int i = 1;
  for (; i < argc; i++) {
    if (!strcmp(argv[i], "-c") && i + 1 < argc) {
      script = argv[++i];
      i++;
      break;
    }
    if (!strcmp(argv[i], "-O") && i + 1 < argc) {
      i++;
      continue;
    }
    break;
  }
  char cwd[4096];
  if (!getcwd(cwd, sizeof(cwd))) return 2;
  vsh_limits lim;
  vsh_limits_init(&lim, VSH_PROFILE_NORMAL);
  lim.deadline_ms = 20000;
  vsh_shell_opts so = {.limits = &lim,
                       .cwd = cwd,
                       .env = (const char *const *)environ,
                       .name = "bash",
                       .dash_c = script != NULL,
                       .from_stdin = script == NULL};
  vsh_error err;
  vsh_shell *sh;
  /* mount first, then create the shell on that filesystem */
  vsh_fs *fs;
  if (vsh_fs_new(&fs, NULL, &err)) return 2;
  const char *repo = getenv("REPO_ROOT");
  if (repo && vsh_fs_mount_host(fs, repo, repo, NULL, &err))
    fprintf(stderr, "vsh-spec: mount %s: %s\n", repo, err.message);
  if (vsh_fs_mount_host(fs, cwd, cwd, NULL, &err))
    fprintf(stderr, "vsh-spec: mount %s: %s\n", cwd, err.message);
  so.fs = fs;
  if (vsh_shell_new(&sh, &so, &err)) {
    fprintf(stderr, "vsh-spec: %s\n", err.message);
    return 2;
  }
  for (int k = 1; k < argc && k < i; k++)
    if (!strcmp(argv[k], "-O") && k + 1 < argc)
      vsh_shell_set_option(sh, argv[k + 1], true, NULL);
  static const struct {
    const char *name;
    vsh_command_fn run;
  } helpers[] = {{"argv.py", argv_py},
                 {"printenv.py", printenv_py},
                 {"stdout_stderr.py", stdout_stderr_py},
                 {"read_from_fd.py", read_from_fd_py}};
  for (size_t k = 0; k < sizeof helpers / sizeof helpers[0]; k++) {
    vsh_command hc = {.version = VSH_COMMAND_VERSION, .run = helpers[k].run};
    vsh_shell_register_command(sh, helpers[k].name, &hc, NULL);
  }
  size_t len;
  char *text = script ? strdup(script) : slurp(stdin, &len);
  if (!text) return 2;
  if (script) len = strlen(script);
  vsh_result r;
  int rc = vsh_shell_exec(sh, text, len, NULL, &r, &err);
  free(text);
  if (rc) {
    fprintf(stderr, "vsh-spec: %s\n", err.message);
    return 2;
  }
  fwrite(r.out, 1, r.out_len, stdout);
  fflush(stdout);
  fwrite(r.err, 1, r.err_len, stderr);
  int code = r.exit_code;
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
  vsh_fs_free(fs);
  return code;
}
