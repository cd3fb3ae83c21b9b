/* sysinfo.c: the virtual machine's identity: which, whoami, id, groups,
 * logname, users, uname, arch, hostname, hostid, nproc, tty, tput,
 * clear.  Everything is fixed and virtual: user
 * "user" (1000/1000), host "vsh", Linux 6.0.0-vsh x86_64; nproc reports
 * $VSH_NPROC or 1 (the host's count is a host fact); tput answers cols,
 * lines and colors and prints nothing for the rest; clear prints nothing
 * (no terminal behind a sandbox).  Nobody is logged in (no utmp): logname
 * has no login name and users prints nothing; hostid is the one glibc
 * derives from the host's address 127.0.0.1; tty says "not a tty". */
#include "builtins/builtins.h"

#include <string.h>

#define SI_USER "user"
#define SI_UID 1000

static int finish(int rc) { return rc == VSH_EPIPE ? 141 : rc ? 1 : 0; }

/* ---- which ---- */

/* Commands a Debian system has as files in /usr/bin although vsh runs
 * them as shell builtins. */
static bool external_too(const char *n) {
  static const char *const names[] = {"[",   "echo", "false", "kill", "printf",
                                      "pwd", "test", "true",  NULL};
  for (int i = 0; names[i]; i++)
    if (!strcmp(n, names[i])) return true;
  return false;
}

static bool is_exec_file(bi_ctx *b, const char *path) {
  vfs_info st;
  return !vfs_stat(b->fs, path, true, &st) && st.type == VFS_REG &&
         (st.mode & 0111);
}

static const bi_cmd which_cmd = {.name = "which",
                                 .usage = "Usage: which [-a] args\n"};

int bi_which_main(bi_ctx *b) {
  int hv = bi_opt_scan(b, &which_cmd);
  if (hv >= 0) return hv;
  bool all = false;
  int i = 1;
  for (; i < b->argc && b->argv[i][0] == '-' && b->argv[i][1]; i++) {
    if (!strcmp(b->argv[i], "--")) {
      i++;
      break;
    }
    for (const char *p = b->argv[i] + 1; *p; p++) {
      if (*p == 'a') all = true;
      else {
        bi_puts(b, which_cmd.usage);
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

static const bi_cmd whoami_cmd = {
    .name = "whoami",
    .usage = "Usage: whoami [OPTION]...\n",
    .about = "Print the user name associated with the current effective user "
             "ID.\n",
};

int bi_whoami_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &whoami_cmd) != -1) return g.status;
  if (g.noperands)
    return bi_usage_error(b, &whoami_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[0]);
  return finish(bi_puts(b, SI_USER "\n"));
}

static const bi_option id_options[] = {
    {"user", BI_ARG_NONE, 'u', NULL},    {"group", BI_ARG_NONE, 'g', NULL},
    {"groups", BI_ARG_NONE, 'G', NULL},  {"name", BI_ARG_NONE, 'n', NULL},
    {"real", BI_ARG_NONE, 'r', NULL},    {"zero", BI_ARG_NONE, 'z', NULL},
    {"context", BI_ARG_NONE, 'Z', NULL}, {0}};

static const bi_cmd id_cmd = {
    .name = "id",
    .usage = "Usage: id [OPTION]... [USER]...\n",
    .about =
        "Print user and group information for each specified USER,\n"
        "or (when USER omitted) for the current process.\n\n"
        "  -g, --group    print only the effective group ID\n"
        "  -G, --groups   print all group IDs\n"
        "  -n, --name     print a name instead of a number, for -ugG\n"
        "  -r, --real     print the real ID instead of the effective ID, with "
        "-ugG\n"
        "  -u, --user     print only the effective user ID\n"
        "  -z, --zero     delimit entries with NUL characters, not "
        "whitespace;\n",
    .shortopts = "ugGnrzZa",
    .longopts = id_options,
};

/* The users there are: the sandbox user and root, by name or number;
 * the uid, or -1. */
static int known_user(const char *s) {
  if (!strcmp(s, SI_USER) || !strcmp(s, "1000")) return SI_UID;
  if (!strcmp(s, "root") || !strcmp(s, "0")) return 0;
  return -1;
}

int bi_id_main(bi_ctx *b) {
  bi_opts g = {0};
  char what = 0;
  bool name = false, zero = false;
  int c, nsel = 0;
  while ((c = bi_opt(b, &g, &id_cmd)) != -1) {
    switch (c) {
    case 'u':
    case 'g':
    case 'G':
      what = (char)c;
      nsel++;
      break;
    case 'n': name = true; break;
    case 'r':
    case 'a': break;
    case 'z': zero = true; break;
    case 'Z':
      bi_err(b, "--context (-Z) works only on an SELinux-enabled kernel");
      return 1;
    default: return g.status;
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
    int uid = g.noperands ? known_user(g.operands[k]) : SI_UID;
    if (uid < 0) {
      bi_err(b, BI_LQ "%s" BI_RQ ": no such user", g.operands[k]);
      st = 1;
      continue;
    }
    const char *un = uid ? SI_USER : "root";
    if (what) {
      if (name) vsh__buf_puts(&o, un);
      else vsh__buf_printf(&o, "%d", uid);
    } else {
      vsh__buf_printf(&o, "uid=%d(%s) gid=%d(%s) groups=%d(%s)", uid, un, uid,
                      un, uid, un);
    }
    vsh__buf_putc(&o, zero ? '\0' : '\n');
  }
  int rc = o.len ? bi_write(b, o.data, o.len) : 0;
  vsh_buf_dispose(&o);
  return rc == VSH_EPIPE ? 141 : st;
}

static const bi_cmd groups_cmd = {
    .name = "groups",
    .usage = "Usage: groups [OPTION]... [USERNAME]...\n",
    .about = "Print group memberships for each USERNAME or, if no USERNAME "
             "is specified, for\nthe current process (which may differ if "
             "the groups database has changed).\n",
};

int bi_groups_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &groups_cmd) != -1) return g.status;
  vsh_buf o = {0};
  int st = 0;
  if (!g.noperands) vsh__buf_puts(&o, SI_USER "\n");
  for (int i = 0; i < g.noperands; i++) {
    int uid = known_user(g.operands[i]);
    const char *un = uid ? SI_USER : "root";
    if (uid < 0) {
      bi_err(b, BI_LQ "%s" BI_RQ ": no such user", g.operands[i]);
      st = 1;
    } else vsh__buf_printf(&o, "%s : %s\n", un, un);
  }
  int rc = o.len ? bi_write(b, o.data, o.len) : 0;
  vsh_buf_dispose(&o);
  return rc == VSH_EPIPE ? 141 : st;
}

/* A command without options or operands that prints one fixed line
 * (NULL: nothing); its --help and usage errors come from cmd. */
static int fixed_line(bi_ctx *b, const bi_cmd *cmd, const char *line) {
  bi_opts g = {0};
  if (bi_opt(b, &g, cmd) != -1) return g.status;
  if (g.noperands)
    return bi_usage_error(b, cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[0]);
  return line ? finish(bi_puts(b, line)) : 0;
}

static const bi_cmd logname_cmd = {
    .name = "logname",
    .usage = "Usage: logname [OPTION]\n",
    .about = "Print the user's login name.\n\n",
};

int bi_logname_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &logname_cmd) != -1) return g.status;
  if (g.noperands)
    return bi_usage_error(b, &logname_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[0]);
  bi_err(b, "no login name");
  return 1;
}

static const bi_cmd users_cmd = {
    .name = "users",
    .usage = "Usage: users [OPTION]... [FILE]\n",
    .about = "Output who is currently logged in according to FILE.\n"
             "If FILE is not specified, use /var/run/utmp.  /var/log/wtmp "
             "as FILE is common.\n\n",
};

int bi_users_main(bi_ctx *b) {
  bi_opts g = {0};
  if (bi_opt(b, &g, &users_cmd) != -1) return g.status;
  if (g.noperands > 1)
    return bi_usage_error(b, &users_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[1]);
  return 0; /* no one is logged in to a sandbox, whatever the file */
}

static const bi_cmd arch_cmd = {
    .name = "arch",
    .usage = "Usage: arch [OPTION]...\n",
    .about = "Print machine architecture.\n\n",
};

int bi_arch_main(bi_ctx *b) { return fixed_line(b, &arch_cmd, "x86_64\n"); }

static const bi_cmd hostid_cmd = {
    .name = "hostid",
    .usage = "Usage: hostid [OPTION]\n",
    .about = "Print the numeric identifier (in hexadecimal) for the current "
             "host.\n\n",
};

int bi_hostid_main(bi_ctx *b) {
  return fixed_line(b, &hostid_cmd, "007f0100\n");
}

static const bi_option tty_options[] = {
    {"silent", BI_ARG_NONE, 's', "print nothing, only return an exit status"},
    {"quiet", BI_ARG_NONE, 's', NULL},
    {0}};

static const bi_cmd tty_cmd = {
    .name = "tty",
    .usage = "Usage: tty [OPTION]...\n",
    .about = "Print the file name of the terminal connected to standard "
             "input.\n\n",
    .shortopts = "s",
    .longopts = tty_options,
    .bad_status = 2,
};

int bi_tty_main(bi_ctx *b) {
  bi_opts g = {0};
  bool silent = false;
  int c;
  while ((c = bi_opt(b, &g, &tty_cmd)) != -1) {
    if (c != 's') return g.status;
    silent = true;
  }
  if (g.noperands)
    return bi_usage_error(b, &tty_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[0]);
  if (silent) return 1;
  int rc = bi_puts(b, "not a tty\n");
  return rc == VSH_EPIPE ? 141 : 1;
}

/* ---- uname, hostname ---- */

static const bi_option uname_options[] = {
    {"all", BI_ARG_NONE, 'a',
     "print all information, in the following order,\n"
     "  except omit -p and -i if unknown:"},
    {"kernel-name", BI_ARG_NONE, 's', "print the kernel name"},
    {"nodename", BI_ARG_NONE, 'n', "print the network node hostname"},
    {"kernel-release", BI_ARG_NONE, 'r', "print the kernel release"},
    {"kernel-version", BI_ARG_NONE, 'v', "print the kernel version"},
    {"machine", BI_ARG_NONE, 'm', "print the machine hardware name"},
    {"processor", BI_ARG_NONE, 'p', "print the processor type (non-portable)"},
    {"hardware-platform", BI_ARG_NONE, 'i',
     "print the hardware platform (non-portable)"},
    {"operating-system", BI_ARG_NONE, 'o', "print the operating system"},
    {0}};

static const bi_cmd uname_cmd = {
    .name = "uname",
    .usage = "Usage: uname [OPTION]...\n",
    .about = "Print certain system information.  With no OPTION, same as "
             "-s.\n\n",
    .shortopts = "asnrvmpio",
    .longopts = uname_options,
};

int bi_uname_main(bi_ctx *b) {
  static const char *const field[] = {
      "Linux",  "vsh",     "6.0.0-vsh", "#1 SMP PREEMPT_DYNAMIC vsh",
      "x86_64", "unknown", "unknown",   "GNU/Linux"};
  static const char letters[] = "snrvmpio";
  unsigned sel = 0;
  bool all = false;
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &uname_cmd)) != -1) {
    if (c == BI_OPT_EXIT) return g.status;
    if (c == 'a') all = true;
    else sel |= 1u << (strchr(letters, c) - letters);
  }
  if (g.noperands)
    return bi_usage_error(b, &uname_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[0]);
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

static const bi_cmd hostname_cmd = {.name = "hostname",
                                    .usage = "Usage: hostname [-s|-f|-d|-i]\n"};

int bi_hostname_main(bi_ctx *b) {
  int hv = bi_opt_scan(b, &hostname_cmd);
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
      bi_puts(b, hostname_cmd.usage);
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

enum { OPT_ALL = BI_OPT_FIRST, OPT_IGNORE };

static const bi_option nproc_options[] = {
    {"all", BI_ARG_NONE, OPT_ALL, NULL},
    {"ignore", BI_ARG_REQUIRED, OPT_IGNORE, NULL},
    {0}};

static const bi_cmd nproc_cmd = {
    .name = "nproc",
    .usage = "Usage: nproc [OPTION]...\n",
    .about = "Print the number of processing units available to the current "
             "process,\nwhich may be less than the number of online "
             "processors\n\n"
             "      --all      print the number of installed processors\n"
             "      --ignore=N  if possible, exclude N processing units\n",
    .longopts = nproc_options,
};

int bi_nproc_main(bi_ctx *b) {
  bi_opts g = {0};
  int c;
  long ignore = 0;
  while ((c = bi_opt(b, &g, &nproc_cmd)) != -1) {
    switch (c) {
    case OPT_ALL: break;
    case OPT_IGNORE: {
      char *end;
      ignore = strtol(g.arg, &end, 10);
      if (!*g.arg || *end || ignore < 0) {
        bi_err(b, "invalid number: " BI_LQ "%s" BI_RQ, g.arg);
        return 1;
      }
      break;
    }
    default: return g.status;
    }
  }
  if (g.noperands)
    return bi_usage_error(b, &nproc_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[0]);
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

static const bi_cmd tput_cmd = {
    .name = "tput", .usage = "Usage: tput [-T TERM] capname [parameters]\n"};

int bi_tput_main(bi_ctx *b) {
  int hv = bi_opt_scan(b, &tput_cmd);
  if (hv >= 0) return hv;
  int i = 1;
  for (; i < b->argc && b->argv[i][0] == '-'; i++) {
    if (!strcmp(b->argv[i], "-T") && i + 1 < b->argc) i++;
    else if (!strncmp(b->argv[i], "-T", 2) || !strcmp(b->argv[i], "-S") ||
             !strcmp(b->argv[i], "-x"))
      continue;
    else if (!strcmp(b->argv[i], "--")) {
      i++;
      break;
    } else break;
  }
  if (i >= b->argc) {
    bi_puts(b, tput_cmd.usage);
    return 2;
  }
  const char *cap = b->argv[i];
  if (!strcmp(cap, "cols")) return finish(bi_puts(b, "80\n"));
  if (!strcmp(cap, "lines")) return finish(bi_puts(b, "24\n"));
  if (!strcmp(cap, "colors")) return finish(bi_puts(b, "8\n"));
  return 0; /* every other capability: nothing to send, success */
}

static const bi_cmd clear_cmd = {.name = "clear",
                                 .usage = "Usage: clear [options]\n"};

int bi_clear_main(bi_ctx *b) {
  int hv = bi_opt_scan(b, &clear_cmd);
  if (hv >= 0) return hv;
  return 0;
}
