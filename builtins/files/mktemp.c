/* mktemp.c: create a unique temporary file or directory (-d -p -t -u -q,
 * --suffix, --tmpdir).  The X's are filled from vfs_random_bytes (the
 * seedable /dev/urandom stream); creation is exclusive, retried on a
 * clash. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: mktemp [OPTION]... [TEMPLATE]\n"
    "Create a temporary file or directory, safely, and print its name.\n"
    "TEMPLATE must contain at least 3 consecutive 'X's in last component.\n"
    "If TEMPLATE is not specified, use tmp.XXXXXXXXXX, and --tmpdir is "
    "implied.\n\n"
    "  -d, --directory     create a directory, not a file\n"
    "  -u, --dry-run       do not create anything; merely print a name\n"
    "  -q, --quiet         suppress diagnostics about file/dir-creation "
    "failure\n"
    "      --suffix=SUFF   append SUFF to TEMPLATE\n"
    "  -p DIR, --tmpdir[=DIR]  interpret TEMPLATE relative to DIR\n"
    "  -t                  interpret TEMPLATE as a single file name "
    "component, relative to $TMPDIR or /tmp\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_SUFFIX = BI_OPT_FIRST };

static const bi_option mktemp_options[] = {
    {"directory", BI_ARG_NONE, 'd', NULL},
    {"dry-run", BI_ARG_NONE, 'u', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"suffix", BI_ARG_REQUIRED, OPT_SUFFIX, NULL},
    {"tmpdir", BI_ARG_OPTIONAL, 'p', NULL},
    {0}};

static const bi_cmd mktemp_cmd = {
    .name = "mktemp",
    .usage = usage,
    .shortopts = "dup:qt",
    .longopts = mktemp_options,
};

/* Appends tmpl and its suffix to name; *xend ends the X run.  Without
 * --suffix, what follows the last X is the suffix (GNU).  1 after a
 * message, else 0. */
static int add_template(bi_ctx *b, vsh_buf *name, const char *tmpl,
                        const char *suffix, size_t *xend) {
  size_t tlen = strlen(tmpl), keep = tlen;
  if (suffix && tlen && tmpl[tlen - 1] != 'X') {
    bi_err(b, "with --suffix, template %s must end in X", bi_cquote(b, tmpl));
    return 1;
  }
  if (!suffix) {
    const char *lx = strrchr(tmpl, 'X');
    if (lx) {
      keep = (size_t)(lx - tmpl) + 1;
      suffix = lx + 1;
    }
  }
  vsh__buf_append(name, tmpl, keep);
  *xend = name->len;
  if (suffix && strchr(suffix, '/')) {
    bi_err(b, "invalid suffix %s, contains directory separator",
           bi_cquote(b, suffix));
    return 1;
  }
  if (suffix) vsh__buf_puts(name, suffix);
  return 0;
}

int bi_mktemp_main(bi_ctx *b) {
  bi_opts g = {0};
  bool dir = false, dry = false, quiet = false, t_opt = false, use_tmp = false;
  const char *tmpdir = NULL, *suffix = NULL;
  int c;
  while ((c = bi_opt(b, &g, &mktemp_cmd)) != -1) {
    switch (c) {
    case 'd': dir = true; break;
    case 'u': dry = true; break;
    case 'q': quiet = true; break;
    case 't': t_opt = use_tmp = true; break;
    case 'p':
      use_tmp = true;
      tmpdir = g.arg;
      break;
    case OPT_SUFFIX: suffix = g.arg; break;
    default: return g.status;
    }
  }
  if (g.noperands > 1)
    return bi_usage_error(b, &mktemp_cmd, "too many templates");
  const char *tmpl = g.noperands ? g.operands[0] : "tmp.XXXXXXXXXX";
  if (!g.noperands) use_tmp = true;
  /* -t: $TMPDIR, when set, wins over -p DIR */
  const char *env_tmp = bi_getenv(b, "TMPDIR");
  if (t_opt && env_tmp && *env_tmp) tmpdir = env_tmp;
  if (use_tmp && (!tmpdir || !*tmpdir)) {
    const char *e = bi_getenv(b, "TMPDIR");
    tmpdir = (e && *e) ? e : "/tmp";
  }
  if (use_tmp && strchr(tmpl, '/') && (t_opt || tmpdir)) {
    bi_err(b, "invalid template, %s, contains directory separator",
           bi_cquote(b, tmpl));
    return 1;
  }
  vsh_buf name = {0};
  if (use_tmp) {
    vsh__buf_puts(&name, tmpdir);
    if (name.len && name.data[name.len - 1] != '/') vsh__buf_putc(&name, '/');
  }
  size_t xend;
  if (add_template(b, &name, tmpl, suffix, &xend)) {
    vsh_buf_dispose(&name);
    return 1;
  }
  size_t nx = 0;
  while (nx < xend && name.data[xend - 1 - nx] == 'X') nx++;
  if (nx < 3) {
    bi_err(b, "too few X's in template %s", bi_cquote(b, tmpl));
    vsh_buf_dispose(&name);
    return 1;
  }
  static const char chars[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const char *shown = vsh__arena_strndup(b->arena, name.data, name.len);
  int rc = VSH_EEXIST;
  const char *abs = NULL;
  for (int attempt = 0; attempt < 100 && rc == VSH_EEXIST; attempt++) {
    if (bi_cancelled(b)) break;
    unsigned char rnd[64];
    size_t k = nx < sizeof rnd ? nx : sizeof rnd;
    vfs_random_bytes(b->fs, rnd, k);
    for (size_t i = 0; i < nx; i++)
      name.data[xend - nx + i] = chars[rnd[i % k] % 62];
    abs = bi_path(b, name.data);
    if (!abs) {
      rc = VSH_ENAMETOOLONG;
      break;
    }
    if (dry) rc = vfs_exists(b->fs, abs) ? VSH_EEXIST : 0;
    else if (dir) rc = vfs_mkdir(b->fs, abs, 0700);
    else rc = vfs_write_file(b->fs, abs, "", 0, VFS_W_EXCL, 0600);
    if (!rc && !dry) rc = vfs_chmod(b->fs, abs, dir ? 0700 : 0600);
  }
  if (rc) {
    if (!quiet)
      bi_err(b, "failed to create %s via template %s: %s",
             dir ? "directory" : "file", bi_cquote(b, shown ? shown : tmpl),
             vsh_strerror(rc));
    vsh_buf_dispose(&name);
    return 1;
  }
  vsh__buf_putc(&name, '\n');
  int w = bi_write(b, name.data, name.len);
  vsh_buf_dispose(&name);
  return w == VSH_EPIPE ? 141 : 0;
}
