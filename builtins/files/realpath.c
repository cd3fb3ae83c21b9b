/* realpath.c: print resolved absolute paths (-e -m -s -L -P -q -z,
 * --relative-to, --relative-base).  Default: the last component may be
 * missing, as GNU. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: realpath [OPTION]... FILE...\n"
    "Print the resolved absolute file name;\n"
    "all but the last component must exist\n\n"
    "  -e, --canonicalize-existing  all components of the path must exist\n"
    "  -m, --canonicalize-missing   no path components need exist or be a "
    "directory\n"
    "  -L, --logical                resolve '..' components before "
    "symlinks\n"
    "  -P, --physical               resolve symlinks as encountered "
    "(default)\n"
    "  -q, --quiet                  suppress most error messages\n"
    "      --relative-to=DIR        print the resolved path relative to DIR\n"
    "      --relative-base=DIR      print absolute paths unless paths below "
    "DIR\n"
    "  -s, --strip, --no-symlinks   don't expand symlinks\n"
    "  -z, --zero                   end each output line with NUL\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_RELATIVE_TO = BI_OPT_FIRST, OPT_RELATIVE_BASE };

static const bi_option realpath_options[] = {
    {"canonicalize-existing", BI_ARG_NONE, 'e', NULL},
    {"canonicalize-missing", BI_ARG_NONE, 'm', NULL},
    {"logical", BI_ARG_NONE, 'L', NULL},
    {"physical", BI_ARG_NONE, 'P', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"relative-to", BI_ARG_REQUIRED, OPT_RELATIVE_TO, NULL},
    {"relative-base", BI_ARG_REQUIRED, OPT_RELATIVE_BASE, NULL},
    {"strip", BI_ARG_NONE, 's', NULL},
    {"no-symlinks", BI_ARG_NONE, 's', NULL},
    {"zero", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd realpath_cmd = {
    .name = "realpath",
    .usage = usage,
    .shortopts = "emLPqsz",
    .longopts = realpath_options,
};

typedef struct rp_opts {
  int mode;
  bool strip, quiet;
  bool logical; /* -L: ".." taken off by name before symlinks resolve */
} rp_opts;

static int resolve(bi_ctx *b, const rp_opts *o, const char *op, vsh_buf *out) {
  const char *p = o->strip || o->logical ? bi_path(b, op) : bi_raw_path(b, op);
  if (!p) return bi_path_error(op);
  if (!o->strip) return bi_canon_path(b, p, o->mode, out);
  vsh__buf_clear(out);
  vsh__buf_puts(out, p);
  if (o->mode == BI_CANON_MISSING) return 0;
  vfs_info st;
  /* -e: what it names must exist (a dangling symlink does not) */
  if (o->mode == BI_CANON_EXISTING) return vfs_stat(b->fs, p, true, &st);
  /* the parent must exist */
  char *d = vsh__arena_strndup(b->arena, p, strlen(p));
  char *sl = strrchr(d, '/');
  if (sl == d) d[1] = 0;
  else if (sl) *sl = 0;
  int rc = vfs_stat(b->fs, d, true, &st);
  if (!rc && st.type != VFS_DIR) rc = VSH_ENOTDIR;
  return rc;
}

/* path relative to base (both canonical absolute). */
static void relative_to(const char *base, const char *path, vsh_buf *o) {
  size_t i = 0, last = 0;
  while (base[i] && base[i] == path[i]) {
    if (base[i] == '/') last = i;
    i++;
  }
  if (!base[i] && (path[i] == '/' || !path[i])) last = i;
  else if (!path[i] && base[i] == '/') last = i;
  if (!strcmp(base, "/")) last = 0;
  const char *rest = base + last;
  for (const char *p = rest; *p; p++)
    if (*p == '/' && p[1]) vsh__buf_puts(o, o->len ? "/.." : "..");
  const char *tail = path + last;
  if (*tail == '/') tail++;
  if (*tail) {
    if (o->len) vsh__buf_putc(o, '/');
    vsh__buf_puts(o, tail);
  }
  if (!o->len) vsh__buf_putc(o, '.');
}

int bi_realpath_main(bi_ctx *b) {
  bi_opts g = {0};
  rp_opts o = {.mode = BI_CANON_ALL_BUT_LAST};
  const char *rel_to = NULL, *rel_base = NULL;
  bool zero = false;
  int c;
  while ((c = bi_opt(b, &g, &realpath_cmd)) != -1) {
    switch (c) {
    case 'e': o.mode = BI_CANON_EXISTING; break;
    case 'm': o.mode = BI_CANON_MISSING; break;
    case 'L': o.logical = true; break;
    case 'P': o.logical = false; break;
    case 'q': o.quiet = true; break;
    case 's': o.strip = true; break;
    case 'z': zero = true; break;
    case OPT_RELATIVE_TO: rel_to = g.arg; break;
    case OPT_RELATIVE_BASE: rel_base = g.arg; break;
    default: return g.status;
    }
  }
  if (!g.noperands) return bi_usage_error(b, &realpath_cmd, "missing operand");
  vsh_buf rt = {0}, rb = {0}, out = {0}, line = {0};
  int st = 0;
  if (rel_to && resolve(b, &o, rel_to, &rt)) {
    bi_err(b, "%s: %s", rel_to, vsh_strerror(VSH_ENOENT));
    st = 1;
    goto done;
  }
  if (rel_base && resolve(b, &o, rel_base, &rb)) {
    bi_err(b, "%s: %s", rel_base, vsh_strerror(VSH_ENOENT));
    st = 1;
    goto done;
  }
  if (rel_base && !rel_to) {
    vsh__buf_puts(&rt, rb.data);
    rel_to = rel_base;
  }
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) break;
    const char *op = g.operands[i];
    int rc = resolve(b, &o, op, &out);
    if (rc) {
      if (!o.quiet) bi_err(b, "%s: %s", bi_quotef(b, op), vsh_strerror(rc));
      st = 1;
      continue;
    }
    vsh__buf_clear(&line);
    bool use_rel = rel_to != NULL;
    if (rel_base) {
      size_t bl = strlen(rb.data);
      use_rel = !strncmp(out.data, rb.data, bl) &&
                (out.data[bl] == '/' || !out.data[bl] || bl == 1);
      size_t tl = strlen(rt.data);
      if (use_rel && strncmp(rt.data, rb.data, bl) != 0) use_rel = false;
      (void)tl;
    }
    if (use_rel) relative_to(rt.data, out.data, &line);
    else vsh__buf_puts(&line, out.data);
    vsh__buf_putc(&line, zero ? 0 : '\n');
    if (bi_write(b, line.data, line.len) == VSH_EPIPE) {
      st = 141;
      break;
    }
  }
done:
  vsh_buf_dispose(&rt);
  vsh_buf_dispose(&rb);
  vsh_buf_dispose(&out);
  vsh_buf_dispose(&line);
  return st;
}
