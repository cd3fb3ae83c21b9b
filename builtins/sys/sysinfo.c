/* sysinfo.c: the virtual machine's identity: which, whoami, id, uname,
 * hostname, nproc, tput, clear.  Everything is fixed and virtual: user
 * "user" (1000/1000), host "vsh", Linux 6.0.0-vsh x86_64; nproc reports
 * $VSH_NPROC or 1 (the host's count is a host fact); tput answers cols,
 * lines and colors and prints nothing for the rest; clear prints nothing
 * (no terminal behind a sandbox). */
#include "builtins/builtins.h"

#include <string.h>

#define SI_USER "user"
#define SI_UID 1000

static int help_version(bi_ctx *b, const char *usage) {
  for (int i = 1; i < b->argc; i++) {
    if (!strcmp(b->argv[i], "--")) break;
    if (!strcmp(b->argv[i], "--help")) {
      bi_puts(b, usage);
      return 0;
    }
    if (!strcmp(b->argv[i], "--version")) {
      bi_printf(b, "%s (vsh) " VSH_VERSION_STRING "\n", b->argv[0]);
      return 0;
    }
  }
  return -1;
}

static void try_help(bi_ctx *b) {
  vsh_buf m = {0};
  vsh__buf_printf(&m, "Try '%s --help' for more information.\n", b->argv[0]);
  sh_stream_write(b->err, m.data, m.len, b->sh->ex);
  vsh_buf_dispose(&m);
}

static int finish(int rc) { return rc == VSH_EPIPE ? 141 : rc ? 1 : 0; }

/* ---- which ---- */

/* Commands a Debian system has as files in /usr/bin although vsh runs
 * them as shell builtins. */
static bool external_too(const char *n) {
  static const char *const names[] = {"[", "echo", "false", "kill", "printf",
                                      "pwd", "test", "true", NULL};
  for (int i = 0; names[i]; i++)
    if (!strcmp(n, names[i])) return true;
  return false;
}

static bool is_exec_file(bi_ctx *b, const char *path) {
  vfs_info st;
  return !vfs_stat(b->fs, path, true, &st) && st.type == VFS_REG &&
         (st.mode & 0111);
}

int bi_which_main(bi_ctx *b) {
  int hv = help_version(b, "Usage: which [-a] args\n");
  if (hv >= 0) return hv;
  bool all = false;
  int i = 1;
  for (; i < b->argc && b->argv[i][0] == '-' && b->argv[i][1]; i++) {
    if (!strcmp(b->argv[i], "--")) { i++; break; }
    for (const char *p = b->argv[i] + 1; *p; p++) {
      if (*p == 'a') all = true;
      else {
        bi_puts(b, "Usage: which [-a] args\n");
        return 2;
      }
    }
  }
  const char *path = bi_getenv(b, "PATH");
  if (!path) path = "";
  int st = 0;
  vsh_buf o = {0};
  for (; i < b->argc; i++) {
    if (bi_cancelled(b)) break;
    const char *n = b->argv[i];
    bool found = false;
    if (strchr(n, '/')) {
      const char *p = bi_path(b, n);
      if (p && is_exec_file(b, p)) {
        vsh__buf_printf(&o, "%s\n", n);
        found = true;
      }
    } else if (*n) {
      const bi_entry *e = bi_lookup(n);
      bool virt = e && (!(e->flags & BI_SHELL) || external_too(n));
      const char *d = path;
      for (;;) {
        const char *c = strchr(d, ':');
        size_t dl = c ? (size_t)(c - d) : strlen(d);
        vsh_buf full = {0};
        if (dl) vsh__buf_append(&full, d, dl);
        else vsh__buf_putc(&full, '.');
        vsh__buf_printf(&full, "/%s", n);
        const char *abs = bi_path(b, full.data);
        bool hit = abs && is_exec_file(b, abs);
        if (!hit && virt && dl == 8 && !memcmp(d, "/usr/bin", 8)) hit = true;
        if (hit) vsh__buf_printf(&o, "%s\n", full.data);
        vsh_buf_dispose(&full);
        if (hit) {
          found = true;
          if (!all) break;
        }
        if (!c) break;
        d = c + 1;
      }
    }
    if (!found) st = 1;
  }
  int rc = bi_write(b, o.data ? o.data : "", o.len);
  vsh_buf_dispose(&o);
  return rc == VSH_EPIPE ? 141 : st;
}

/* ---- whoami, id ---- */

int bi_whoami_main(bi_ctx *b) {
  int hv = help_version(b, "Usage: whoami [OPTION]...\n"
                           "Print the user name associated with the current effective user ID.\n");
  if (hv >= 0) return hv;
  for (int i = 1; i < b->argc; i++) {
    if (!strcmp(b->argv[i], "--")) {
      if (i + 1 < b->argc) {
        bi_err(b, "extra operand \xe2\x80\x98%s\xe2\x80\x99", b->argv[i + 1]);
        try_help(b);
        return 1;
      }
      break;
    }
    if (b->argv[i][0] == '-' && b->argv[i][1]) {
      bi_err(b, "invalid option -- '%c'", b->argv[i][1]);
      try_help(b);
      return 1;
    }
    bi_err(b, "extra operand \xe2\x80\x98%s\xe2\x80\x99", b->argv[i]);
    try_help(b);
    return 1;
  }
  return finish(bi_puts(b, SI_USER "\n"));
}

int bi_id_main(bi_ctx *b) {
  static const bi_longopt lo[] = {{"user", BI_ARG_NONE, 'u'},
                                  {"group", BI_ARG_NONE, 'g'},
                                  {"groups", BI_ARG_NONE, 'G'},
                                  {"name", BI_ARG_NONE, 'n'},
                                  {"real", BI_ARG_NONE, 'r'},
                                  {"zero", BI_ARG_NONE, 'z'},
                                  {"context", BI_ARG_NONE, 'Z'},
                                  {"help", BI_ARG_NONE, 256},
                                  {"version", BI_ARG_NONE, 257},
                                  {0}};
  bi_opts g = {0};
  char what = 0;
  bool name = false, zero = false;
  int c, nsel = 0;
  while ((c = bi_getopt(b, &g, "ugGnrzZa", lo)) != -1) {
    switch (c) {
    case 'u': case 'g': case 'G': what = (char)c; nsel++; break;
    case 'n': name = true; break;
    case 'r': case 'a': break;
    case 'z': zero = true; break;
    case 'Z':
      bi_err(b, "--context (-Z) works only on an SELinux-enabled kernel");
      return 1;
    case 256:
      bi_puts(b, "Usage: id [OPTION]... [USER]...\n"
                 "Print user and group information for each specified USER,\n"
                 "or (when USER omitted) for the current process.\n\n"
                 "  -g, --group    print only the effective group ID\n"
                 "  -G, --groups   print all group IDs\n"
                 "  -n, --name     print a name instead of a number, for -ugG\n"
                 "  -r, --real     print the real ID instead of the effective ID, with -ugG\n"
                 "  -u, --user     print only the effective user ID\n"
                 "  -z, --zero     delimit entries with NUL characters, not whitespace;\n");
      return 0;
    case 257: bi_puts(b, "id (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 1;
    }
  }
  if (nsel > 1) {
    bi_err(b, "cannot print \"only\" of more than one choice");
    return 1;
  }
  if (name && !what) {
    bi_err(b, "cannot print only names or real IDs in default format");
    return 1;
  }
  if (zero && !what) {
    bi_err(b, "option --zero not permitted in default format");
    return 1;
  }
  int nusers = g.noperands ? g.noperands : 1;
  vsh_buf o = {0};
  int st = 0;
  for (int k = 0; k < nusers; k++) {
    if (g.noperands && strcmp(g.operands[k], SI_USER) &&
        strcmp(g.operands[k], "1000")) {
      bi_err(b, "\xe2\x80\x98%s\xe2\x80\x99: no such user", g.operands[k]);
      st = 1;
      continue;
    }
    if (what) {
      if (name) vsh__buf_puts(&o, SI_USER);
      else vsh__buf_printf(&o, "%d", SI_UID);
    } else {
      vsh__buf_printf(&o, "uid=%d(%s) gid=%d(%s) groups=%d(%s)", SI_UID,
                      SI_USER, SI_UID, SI_USER, SI_UID, SI_USER);
    }
    vsh__buf_putc(&o, zero ? '\0' : '\n');
  }
  int rc = o.len ? bi_write(b, o.data, o.len) : 0;
  vsh_buf_dispose(&o);
  return rc == VSH_EPIPE ? 141 : st;
}

/* ---- uname, hostname ---- */

int bi_uname_main(bi_ctx *b) {
  static const bi_longopt lo[] = {{"all", BI_ARG_NONE, 'a'},
                                  {"kernel-name", BI_ARG_NONE, 's'},
                                  {"nodename", BI_ARG_NONE, 'n'},
                                  {"kernel-release", BI_ARG_NONE, 'r'},
                                  {"kernel-version", BI_ARG_NONE, 'v'},
                                  {"machine", BI_ARG_NONE, 'm'},
                                  {"processor", BI_ARG_NONE, 'p'},
                                  {"hardware-platform", BI_ARG_NONE, 'i'},
                                  {"operating-system", BI_ARG_NONE, 'o'},
                                  {"help", BI_ARG_NONE, 256},
                                  {"version", BI_ARG_NONE, 257},
                                  {0}};
  static const char *const field[] = {"Linux", "vsh", "6.0.0-vsh",
                                      "#1 SMP PREEMPT_DYNAMIC vsh", "x86_64",
                                      "unknown", "unknown", "GNU/Linux"};
  static const char letters[] = "snrvmpio";
  unsigned sel = 0;
  bool all = false;
  bi_opts g = {0};
  int c;
  while ((c = bi_getopt(b, &g, "asnrvmpio", lo)) != -1) {
    if (c == 256) {
      bi_puts(b, "Usage: uname [OPTION]...\n"
                 "Print certain system information.  With no OPTION, same as -s.\n\n"
                 "  -a, --all                print all information\n"
                 "  -s, --kernel-name        print the kernel name\n"
                 "  -n, --nodename           print the network node hostname\n"
                 "  -r, --kernel-release     print the kernel release\n"
                 "  -v, --kernel-version     print the kernel version\n"
                 "  -m, --machine            print the machine hardware name\n"
                 "  -p, --processor          print the processor type\n"
                 "  -i, --hardware-platform  print the hardware platform\n"
                 "  -o, --operating-system   print the operating system\n");
      return 0;
    }
    if (c == 257) {
      bi_puts(b, "uname (vsh) " VSH_VERSION_STRING "\n");
      return 0;
    }
    if (c == '?') return 1;
    if (c == 'a') all = true;
    else sel |= 1u << (strchr(letters, c) - letters);
  }
  if (g.noperands) {
    bi_err(b, "extra operand \xe2\x80\x98%s\xe2\x80\x99", g.operands[0]);
    try_help(b);
    return 1;
  }
  if (all) sel |= 0x9f; /* -a omits the unknown -p and -i */
  if (!sel) sel = 1;
  vsh_buf o = {0};
  for (int i = 0; i < 8; i++) {
    if (!(sel & (1u << i))) continue;
    if (o.len) vsh__buf_putc(&o, ' ');
    vsh__buf_puts(&o, field[i]);
  }
  vsh__buf_putc(&o, '\n');
  int rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return finish(rc);
}

int bi_hostname_main(bi_ctx *b) {
  int hv = help_version(b, "Usage: hostname [-s|-f|-d|-i]\n");
  if (hv >= 0) return hv;
  int i = 1;
  const char *out = "vsh";
  for (; i < b->argc && b->argv[i][0] == '-' && b->argv[i][1]; i++) {
    const char *a = b->argv[i];
    if (!strcmp(a, "-d") || !strcmp(a, "--domain")) out = "";
    else if (!strcmp(a, "-i") || !strcmp(a, "-I") ||
             !strcmp(a, "--ip-address") || !strcmp(a, "--all-ip-addresses"))
      out = "127.0.0.1";
    else if (!strcmp(a, "-s") || !strcmp(a, "-f") || !strcmp(a, "-A") ||
             !strcmp(a, "--short") || !strcmp(a, "--fqdn") ||
             !strcmp(a, "--long"))
      out = "vsh";
    else {
      bi_err(b, "invalid option -- '%s'", a + 1);
      bi_puts(b, "Usage: hostname [-s|-f|-d|-i]\n");
      return 1;
    }
  }
  if (i < b->argc) {
    bi_err(b, "you must be root to change the host name");
    return 1;
  }
  vsh_buf o = {0};
  vsh__buf_printf(&o, "%s\n", out);
  int rc = bi_write(b, o.data, o.len);
  vsh_buf_dispose(&o);
  return finish(rc);
}

/* ---- nproc ---- */

int bi_nproc_main(bi_ctx *b) {
  static const bi_longopt lo[] = {{"all", BI_ARG_NONE, 'a'},
                                  {"ignore", BI_ARG_REQUIRED, 'i'},
                                  {"help", BI_ARG_NONE, 256},
                                  {"version", BI_ARG_NONE, 257},
                                  {0}};
  bi_opts g = {0};
  int c;
  long ignore = 0;
  while ((c = bi_getopt(b, &g, "", lo)) != -1) {
    switch (c) {
    case 'a': break;
    case 'i': {
      char *end;
      ignore = strtol(g.arg, &end, 10);
      if (!*g.arg || *end || ignore < 0) {
        bi_err(b, "invalid number: \xe2\x80\x98%s\xe2\x80\x99", g.arg);
        return 1;
      }
      break;
    }
    case 256:
      bi_puts(b, "Usage: nproc [OPTION]...\n"
                 "Print the number of processing units available to the current process,\n"
                 "which may be less than the number of online processors\n\n"
                 "      --all      print the number of installed processors\n"
                 "      --ignore=N  if possible, exclude N processing units\n");
      return 0;
    case 257: bi_puts(b, "nproc (vsh) " VSH_VERSION_STRING "\n"); return 0;
    default: return 1;
    }
  }
  if (g.noperands) {
    bi_err(b, "extra operand \xe2\x80\x98%s\xe2\x80\x99", g.operands[0]);
    try_help(b);
    return 1;
  }
  long n = 1;
  const char *env = bi_getenv(b, "VSH_NPROC");
  if (env && *env) {
    char *end;
    long v = strtol(env, &end, 10);
    if (!*end && v > 0) n = v;
  }
  n -= ignore;
  if (n < 1) n = 1;
  return finish(bi_printf(b, "%ld\n", n));
}

/* ---- tput, clear ---- */

int bi_tput_main(bi_ctx *b) {
  int hv = help_version(b, "Usage: tput [-T TERM] capname [parameters]\n");
  if (hv >= 0) return hv;
  int i = 1;
  for (; i < b->argc && b->argv[i][0] == '-'; i++) {
    if (!strcmp(b->argv[i], "-T") && i + 1 < b->argc) i++;
    else if (!strncmp(b->argv[i], "-T", 2) || !strcmp(b->argv[i], "-S") ||
             !strcmp(b->argv[i], "-x"))
      continue;
    else if (!strcmp(b->argv[i], "--")) { i++; break; }
    else break;
  }
  if (i >= b->argc) {
    bi_puts(b, "Usage: tput [-T TERM] capname [parameters]\n");
    return 2;
  }
  const char *cap = b->argv[i];
  if (!strcmp(cap, "cols")) return finish(bi_puts(b, "80\n"));
  if (!strcmp(cap, "lines")) return finish(bi_puts(b, "24\n"));
  if (!strcmp(cap, "colors")) return finish(bi_puts(b, "8\n"));
  return 0; /* every other capability: nothing to send, success */
}

int bi_clear_main(bi_ctx *b) {
  int hv = help_version(b, "Usage: clear [options]\n");
  if (hv >= 0) return hv;
  return 0;
}
