/* main.c: the vsh command: run a script given with -c, from a file, or
 * from stdin, inside a fresh virtual sandbox; an interactive loop when
 * stdin is a terminal.  The exit status is the script's; --json prints
 * {stdout, stderr, exitCode} as one object instead of the streams. */
#include "vsh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <sys/stat.h>
#include <time.h>

static const char usage[] =
    "Usage: vsh [options] [-c SCRIPT [NAME [ARGS...]] | FILE [ARGS...]]\n"
    "Runs bash scripts in an in-memory sandbox (no host processes, no host\n"
    "files unless mounted).  Reads the script from stdin when neither -c nor\n"
    "FILE is given.\n"
    "\n"
    "  -c SCRIPT             run SCRIPT\n"
    "  -n                    check syntax only\n"
    "  -O NAME, -o NAME      set a shopt / set -o option before parsing\n"
    "                        (+O, +o unset; bash's letters -e -u -x ... and\n"
    "                        -ec clusters too; --norc, --noprofile ignored)\n"
    "  -s                    read the script from stdin; ARGS follow\n"
    "  --mount HOST[:VPATH]  mount a host folder read-only (copy-on-write);\n"
    "                        VPATH defaults to /home/user/project\n"
    "  --file VPATH=HOST     copy one host file into the sandbox\n"
    "  --cwd DIR             working directory (default /home/user)\n"
    "  --env K=V             set an environment variable\n"
    "  --timeout SECONDS     deadline (exit 124 when it passes)\n"
    "  --profile normal|hardened   limit profile\n"
    "  --json                print {\"stdout\",\"stderr\",\"exitCode\"} as "
    "JSON\n"
    "Network (default: none; curl and wget are refused):\n"
    "  --allow-url PREFIX    allow URLs under PREFIX (repeatable)\n"
    "  --inject-header 'N: V'  send this header with requests the last\n"
    "                        --allow-url allows (the script never sees it)\n"
    "  --allow-method M      allow method M besides GET and HEAD (repeatable)\n"
    "  --network-full        DANGEROUS: allow every http/https URL\n"
    "  --allow-private-hosts allow private addresses reached by host name\n"
    "  --net-resolve HOST=ADDR[,ADDR]  answer HOST with ADDR (tests)\n"
    "  --net-max-bytes N     response size cap (default 10 MiB)\n"
    "  --net-max-redirects N redirect limit (default 20)\n"
    "  --net-timeout SECONDS whole-request timeout\n"
    "  --version, --help\n";

static void json_str(FILE *f, const char *s, size_t n) {
  fputc('"', f);
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
    else if (ch == '\n') fputs("\\n", f);
    else if (ch == '\t') fputs("\\t", f);
    else if (ch == '\r') fputs("\\r", f);
    else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
    else fputc(ch, f);
  }
  fputc('"', f);
}

/* The script's standard input, read from the host's as the script
 * asks for it (-c and FILE runs; bash -c 'cat' reads the terminal or
 * the pipe it was given). */
static double stdin_deadline; /* CLOCK_MONOTONIC seconds; 0: none */

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int64_t host_stdin(void *ud, void *buf, size_t n) {
  (void)ud;
  for (;;) {
    /* wait in slices so --timeout still ends a script blocked here */
    struct pollfd pf = {.fd = 0, .events = POLLIN};
    int pr = poll(&pf, 1, 100);
    if (pr < 0 && errno != EINTR) return VSH_EIO;
    if (pr <= 0) {
      if (stdin_deadline > 0 && now_s() > stdin_deadline) return 0;
      continue;
    }
    ssize_t r = read(0, buf, n);
    if (r >= 0) return r;
    if (errno != EINTR && errno != EAGAIN) return VSH_EIO;
  }
}

/* --net-resolve: a fixed table of names, for tests that pin a host name
 * to a local server or simulate DNS rebinding. */
typedef struct cli_resolve {
  const char *spec[32];
  int n;
} cli_resolve;

static int cli_resolve_fn(void *ud, const char *host, char (*addrs)[64],
                          int max) {
  cli_resolve *r = ud;
  for (int i = 0; i < r->n; i++) {
    const char *eq = strchr(r->spec[i], '=');
    if (!eq || (size_t)(eq - r->spec[i]) != strlen(host) ||
        strncasecmp(r->spec[i], host, strlen(host)))
      continue;
    int k = 0;
    for (const char *a = eq + 1; *a && k < max;) {
      size_t l = strcspn(a, ",");
      if (l >= 64) l = 63;
      memcpy(addrs[k], a, l);
      addrs[k][l] = 0;
      k++;
      a += l;
      if (*a == ',') a++;
    }
    return k;
  }
  return -1;
}

static char *slurp(FILE *f, size_t *len) {
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap);
  if (!buf) return NULL;
  size_t r;
  while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
    n += r;
    if (n == cap) {
      cap *= 2;
      char *nb = realloc(buf, cap);
      if (!nb) {
        free(buf);
        return NULL;
      }
      buf = nb;
    }
  }
  *len = n;
  return buf;
}

/* The script's output goes out as it is written, stdout and stderr in
 * the order the script wrote them. */
static void pass_output(void *ud, int fd, const void *data, size_t len) {
  (void)ud;
  FILE *f = fd == 2 ? stderr : stdout;
  fwrite(data, 1, len, f);
  fflush(f);
}

/* The REPL's line editing comes from libedit, loaded only when a terminal
 * asks for it (scripts start without it); without the library, lines are
 * read plainly. */
typedef struct line_editor {
  void *lib;
  char *(*readline)(const char *);
  int (*add_history)(const char *);
} line_editor;

static void editor_open(line_editor *ed) {
  *ed = (line_editor){0};
  ed->lib = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);
  if (!ed->lib) return;
  *(void **)&ed->readline = dlsym(ed->lib, "readline");
  *(void **)&ed->add_history = dlsym(ed->lib, "add_history");
  if (!ed->readline) {
    dlclose(ed->lib);
    *ed = (line_editor){0};
  }
}

static char *editor_read(line_editor *ed, const char *prompt) {
  if (ed->readline) return ed->readline(prompt);
  fputs(prompt, stdout);
  fflush(stdout);
  size_t cap = 0;
  char *line = NULL;
  ssize_t n = getline(&line, &cap, stdin);
  if (n < 0) {
    free(line);
    return NULL;
  }
  if (n && line[n - 1] == '\n') line[n - 1] = 0;
  return line;
}

/* bash's own invocation options, so that vsh runs where `bash` is run:
 * startup-file options are ignored (vsh reads no startup file), letters
 * set the set -o option they stand for (+ unsets), -o/-O/+o/+O take a
 * name, and a 'c' among the letters makes the first operand the script.
 * Returns 1 when argv[*i] was one of them, 0 when not, 2 on an error. */
typedef struct cli_opt {
  const char *name;
  bool on;
} cli_opt;

static const char *letter_opt(char ch) {
  static const char *const map[][2] = {
      {"a", "allexport"}, {"b", "notify"},      {"e", "errexit"},
      {"f", "noglob"},    {"h", "hashall"},     {"k", "keyword"},
      {"m", "monitor"},   {"n", "noexec"},      {"p", "privileged"},
      {"t", "onecmd"},    {"u", "nounset"},     {"v", "verbose"},
      {"x", "xtrace"},    {"B", "braceexpand"}, {"C", "noclobber"},
      {"E", "errtrace"},  {"H", "histexpand"},  {"P", "physical"},
      {"T", "functrace"}};
  for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
    if (map[k][0][0] == ch) return map[k][1];
  return NULL;
}

static int bash_opt(int argc, char **argv, int *i, cli_opt *opts, int *nopt,
                    bool *want_c, bool *from_s) {
  const char *a = argv[*i];
  static const char *const ignored[] = {
      "--norc", "--noprofile", "--login", "--noediting", "--restricted", NULL};
  for (int k = 0; ignored[k]; k++)
    if (!strcmp(a, ignored[k])) return 1;
  if (!strcmp(a, "--rcfile") || !strcmp(a, "--init-file")) {
    if (*i + 1 < argc) ++*i;
    return 1;
  }
  if (!strcmp(a, "--posix") || !strcmp(a, "--verbose")) {
    if (*nopt < 32) opts[(*nopt)++] = (cli_opt){a + 2, true};
    return 1;
  }
  if ((a[0] != '-' && a[0] != '+') || !a[1] || a[1] == '-') return 0;
  bool on = a[0] == '-';
  for (const char *p = a + 1; *p; p++) {
    const char *name = letter_opt(*p);
    if (*p == 'o' || *p == 'O') {
      if (*i + 1 >= argc) {
        fprintf(stderr, "vsh: %c%c: option requires an argument\n", a[0], *p);
        return 2;
      }
      name = argv[++*i];
    } else if (*p == 'c' && on) {
      *want_c = true;
      continue;
    } else if (*p == 's') {
      *from_s = on; /* the script is stdin; operands are $1... */
      continue;
    } else if (strchr("ilD", *p)) {
      continue; /* interactive, login: as vsh does already */
    } else if (!name) {
      fprintf(stderr, "vsh: %c%c: invalid option\n%s", a[0], *p, usage);
      return 2;
    }
    if (*nopt < 32) opts[(*nopt)++] = (cli_opt){name, on};
  }
  return 1;
}

int main(int argc, char **argv) {
  const char *script = NULL, *file = NULL, *cwd = NULL;
  bool json = false, syntax_only = false;
  vsh_profile profile = VSH_PROFILE_NORMAL;
  double timeout = 0;
  const char *envs[256];
  int nenv = 0;
  const char *mounts[16], *files[64];
  cli_opt opts[32];
  bool want_c = false, from_s = false;
  int nmount = 0, nfile = 0, nopt = 0;
  vsh_network_opts net = VSH_NETWORK_OPTS_INIT;
  vsh_net_prefix prefixes[64];
  const char *hdrs[64][9];
  int nhdr[64] = {0};
  const char *methods[19];
  int nmeth = 0;
  cli_resolve resolve = {0};
  int i = 1;
  for (; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--version")) {
      printf("vsh %s\n", VSH_VERSION_STRING);
      return 0;
    }
    if (!strcmp(a, "--help")) {
      fputs(usage, stdout);
      return 0;
    }
    if (!strcmp(a, "--json")) {
      json = true;
      continue;
    }
    bool has_next = i + 1 < argc;
    int bo = bash_opt(argc, argv, &i, opts, &nopt, &want_c, &from_s);
    if (bo == 2) return 2;
    if (bo) continue;
    if (!strcmp(a, "--mount") && has_next && nmount < 16) {
      mounts[nmount++] = argv[++i];
      continue;
    }
    if (!strcmp(a, "--file") && has_next && nfile < 64) {
      files[nfile++] = argv[++i];
      continue;
    }
    if (!strcmp(a, "--cwd") && has_next) {
      cwd = argv[++i];
      continue;
    }
    if (!strcmp(a, "--env") && has_next && nenv < 250) {
      envs[nenv++] = argv[++i];
      continue;
    }
    if (!strcmp(a, "--timeout") && has_next) {
      timeout = atof(argv[++i]);
      continue;
    }
    if (!strcmp(a, "--profile") && has_next) {
      const char *p = argv[++i];
      if (!strcmp(p, "hardened")) profile = VSH_PROFILE_HARDENED;
      else if (strcmp(p, "normal")) {
        fprintf(stderr, "vsh: --profile: expected normal or hardened\n");
        return 2;
      }
      continue;
    }
    if (!strcmp(a, "--allow-url") && has_next && net.n_allow < 64) {
      prefixes[net.n_allow].url = argv[++i];
      hdrs[net.n_allow][0] = NULL;
      prefixes[net.n_allow].headers = hdrs[net.n_allow];
      net.n_allow++;
      continue;
    }
    if (!strcmp(a, "--inject-header") && has_next) {
      size_t k = net.n_allow;
      if (!k || nhdr[k - 1] >= 8) {
        fprintf(stderr, "vsh: --inject-header follows an --allow-url\n");
        return 2;
      }
      hdrs[k - 1][nhdr[k - 1]++] = argv[++i];
      hdrs[k - 1][nhdr[k - 1]] = NULL;
      continue;
    }
    if (!strcmp(a, "--allow-method") && has_next && nmeth < 16) {
      if (!nmeth) { /* added to the default GET and HEAD */
        methods[nmeth++] = "GET";
        methods[nmeth++] = "HEAD";
      }
      methods[nmeth++] = argv[++i];
      methods[nmeth] = NULL;
      net.methods = methods;
      continue;
    }
    if (!strcmp(a, "--network-full")) {
      net.full_access_dangerous = true;
      continue;
    }
    if (!strcmp(a, "--allow-private-hosts")) {
      net.allow_private = true;
      continue;
    }
    if (!strcmp(a, "--net-resolve") && has_next && resolve.n < 32) {
      resolve.spec[resolve.n++] = argv[++i];
      net.resolve = cli_resolve_fn;
      net.resolve_ud = &resolve;
      continue;
    }
    if (!strcmp(a, "--net-max-bytes") && has_next) {
      net.max_response_bytes = strtoull(argv[++i], NULL, 10);
      continue;
    }
    if (!strcmp(a, "--net-max-redirects") && has_next) {
      net.max_redirects = (unsigned)atoi(argv[++i]);
      continue;
    }
    if (!strcmp(a, "--net-timeout") && has_next) {
      net.timeout_ms = (int64_t)(atof(argv[++i]) * 1000);
      continue;
    }
    if (!strcmp(a, "--")) {
      i++;
      break;
    }
    if (a[0] == '-' && a[1]) {
      fprintf(stderr, "vsh: %s: invalid option\n%s", a, usage);
      return 2;
    }
    break;
  }
  if (want_c && i >= argc) {
    fprintf(stderr, "vsh: -c: option requires an argument\n");
    return 2;
  }
  if (want_c) script = argv[i++];
  if (!script && !from_s && i < argc) file = argv[i++];

  vsh_error err;
  vsh_limits lim;
  vsh_limits_init(&lim, profile);
  net.allow = prefixes;
  vsh_shell_opts so = {.version = VSH_SHELL_OPTS_VERSION,
                       .limits = &lim,
                       .cwd = cwd,
                       .name = "vsh",
                       .network = &net};
  if (file) {
    so.name = file; /* $0 and BASH_SOURCE are the script's path */
    so.name_is_script = true;
  }
  so.dash_c = script != NULL;
  so.from_stdin = !script && !file && !isatty(0);
  vsh_shell *sh;
  if (vsh_shell_new(&sh, &so, &err)) {
    fprintf(stderr, "vsh: %s\n", err.message);
    return 2;
  }
  vsh_fs *fs = vsh_shell_fs(sh);
  for (int k = 0; k < nmount; k++) {
    char host[4096];
    const char *colon = strchr(mounts[k], ':');
    size_t hl = colon ? (size_t)(colon - mounts[k]) : strlen(mounts[k]);
    if (hl >= sizeof(host)) hl = sizeof(host) - 1;
    memcpy(host, mounts[k], hl);
    host[hl] = 0;
    if (vsh_fs_mount_host(fs, host, colon ? colon + 1 : "/home/user/project",
                          NULL, &err)) {
      fprintf(stderr, "vsh: --mount %s: %s\n", mounts[k], err.message);
      vsh_shell_free(sh);
      return 2;
    }
  }
  for (int k = 0; k < nfile; k++) {
    const char *eq = strchr(files[k], '=');
    if (!eq) {
      fprintf(stderr, "vsh: --file expects VPATH=HOSTFILE\n");
      vsh_shell_free(sh);
      return 2;
    }
    char vpath[4096];
    size_t vl = (size_t)(eq - files[k]) < 4095 ? (size_t)(eq - files[k]) : 4095;
    memcpy(vpath, files[k], vl);
    vpath[vl] = 0;
    FILE *f = fopen(eq + 1, "rb");
    size_t len = 0;
    char *data = f ? slurp(f, &len) : NULL;
    if (f) fclose(f);
    if (!data) {
      fprintf(stderr, "vsh: --file %s: cannot read\n", eq + 1);
      vsh_shell_free(sh);
      return 2;
    }
    int rc = vsh_fs_write(fs, vpath, data, len, 0644, &err);
    free(data);
    if (rc) {
      fprintf(stderr, "vsh: --file %s: %s\n", vpath, err.message);
      vsh_shell_free(sh);
      return 2;
    }
  }
  for (int k = 0; k < nopt; k++) {
    if (!strcmp(opts[k].name, "noexec")) syntax_only = opts[k].on;
    else if (vsh_shell_set_option(sh, opts[k].name, opts[k].on, &err)) {
      fprintf(stderr, "vsh: %s\n", err.message);
      vsh_shell_free(sh);
      return 2;
    }
  }

  /* The script text: -c, a file (read from the sandbox first, then the
   * host), or stdin. */
  char *text = NULL;
  size_t len = 0;
  char *owned = NULL;
  bool from_stdin = false;
  if (script) {
    text = (char *)script;
    len = strlen(script);
  } else if (file) {
    FILE *f = fopen(file, "rb");
    if (!f) {
      fprintf(stderr, "vsh: %s: No such file or directory\n", file);
      return 127;
    }
    owned = slurp(f, &len);
    fclose(f);
    text = owned;
  } else if (!isatty(0)) {
    /* the script is stdin, read as it runs (sh_run_stream): a regular
     * file whole (the shell gives back what a line did not use), a pipe
     * through host_stdin */
    struct stat sb;
    from_stdin = true;
    if (fstat(0, &sb) == 0 && S_ISREG(sb.st_mode)) {
      owned = slurp(stdin, &len);
      if (!owned) return 2;
    }
    text = owned ? owned : "";
  } else {
    /* interactive: a persistent session with line editing and history;
     * lines are gathered until they form complete commands */
    vsh_shell_free(sh);
    so.persistent = true;
    if (vsh_shell_new(&sh, &so, &err)) return 2;
    int last = 0;
    char *acc = NULL;
    size_t acc_len = 0;
    line_editor ed;
    editor_open(&ed);
    for (;;) {
      char *line = editor_read(&ed, acc ? "> " : "vsh$ ");
      if (!line) break;
      size_t ll = strlen(line);
      char *na = realloc(acc, acc_len + ll + 2);
      if (!na) {
        free(line);
        break;
      }
      acc = na;
      memcpy(acc + acc_len, line, ll);
      acc_len += ll;
      acc[acc_len++] = '\n';
      acc[acc_len] = 0;
      free(line);
      bool incomplete = false;
      if (vsh_syntax_check(acc, acc_len, false, &incomplete, NULL) &&
          incomplete)
        continue;
      if (acc_len > 1) {
        acc[acc_len - 1] = 0;
        if (ed.add_history) ed.add_history(acc);
        acc[acc_len - 1] = '\n';
      }
      vsh_result r;
      vsh_exec_opts lo = {.version = VSH_EXEC_OPTS_VERSION,
                          .on_output = pass_output};
      if (vsh_shell_exec(sh, acc, acc_len, &lo, &r, &err) == 0) {
        last = r.exit_code;
        bool exited = strncmp(acc, "exit", 4) == 0 &&
                      (acc[4] == '\n' || acc[4] == ' ' || acc[4] == ';');
        vsh_result_dispose(&r);
        if (exited) break;
      } else {
        fprintf(stderr, "vsh: %s\n", err.message);
      }
      free(acc);
      acc = NULL;
      acc_len = 0;
    }
    free(acc);
    if (ed.lib) dlclose(ed.lib);
    vsh_shell_free(sh);
    return last;
  }
  if (!text) return 2;

  /* $0 and the positional parameters */
  int first = i;
  if (script && i < argc) first = i + 1; /* -c: the first arg is $0 */
  const char **av = calloc((size_t)(argc - i) + 2, sizeof(char *));
  if (!av) return 2;
  size_t na = 0;
  /* $0: the -c NAME, the script, else the name vsh was started by (a
   * link named sh gives sh), without its directory */
  const char *self =
      strrchr(argv[0], '/') ? strrchr(argv[0], '/') + 1 : argv[0];
  av[na++] = script ? (i < argc ? argv[i] : self) : (file ? file : self);
  for (int k = first; k < argc; k++) av[na++] = argv[k];
  av[na] = NULL;
  if (syntax_only) vsh_shell_set_option(sh, "noexec", true, NULL);
  char *prog = malloc(len + 1);
  if (!prog) return 2;
  memcpy(prog, text, len);
  prog[len] = 0;
  vsh_exec_opts eo = {.version = VSH_EXEC_OPTS_VERSION, .argv = av};
  if (script || file || (from_stdin && !owned)) eo.stdin_read = host_stdin;
  if (from_stdin && owned) {
    eo.stdin_data = owned;
    eo.stdin_len = len;
  }
  eo.script_from_stdin = from_stdin;
  if (timeout > 0) stdin_deadline = now_s() + timeout;
  eo.timeout_ms = timeout > 0 ? (int64_t)(timeout * 1000) : 0;
  if (!json) eo.on_output = pass_output; /* as written, interleaved */
  const char **envp = calloc((size_t)nenv + 1, sizeof(char *));
  for (int k = 0; envp && k < nenv; k++) envp[k] = envs[k];
  eo.env = envp;
  vsh_result r;
  int rc = vsh_shell_exec(sh, prog, len, &eo, &r, &err);
  free(prog);
  free(owned);
  free(envp);
  free(av);
  if (rc) {
    fprintf(stderr, "vsh: %s\n", err.message);
    vsh_shell_free(sh);
    return 2;
  }
  if (json) {
    fputs("{\"stdout\":", stdout);
    json_str(stdout, r.out, r.out_len);
    fputs(",\"stderr\":", stdout);
    json_str(stdout, r.err, r.err_len);
    printf(",\"exitCode\":%d}\n", r.exit_code);
  }
  int code = r.exit_code;
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
  return code;
}
