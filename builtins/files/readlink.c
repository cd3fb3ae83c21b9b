/* readlink.c: print a symlink's target, or a canonical path (-f -e -m);
 * -n no newline, -z NUL, -q/-s quiet, -v verbose. */
#include "builtins/builtins.h"

#include <string.h>

static const char usage[] =
    "Usage: readlink [OPTION]... FILE...\n"
    "Print value of a symbolic link or canonical file name\n\n"
    "  -f, --canonicalize            all but the last component must exist\n"
    "  -e, --canonicalize-existing   all components must exist\n"
    "  -m, --canonicalize-missing    no component need exist\n"
    "  -n, --no-newline              do not output the trailing delimiter\n"
    "  -q, --quiet, -s, --silent     suppress most error messages\n"
    "  -v, --verbose                 report error messages\n"
    "  -z, --zero                    end each output line with NUL\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

static const bi_option readlink_options[] = {
    {"canonicalize", BI_ARG_NONE, 'f', NULL},
    {"canonicalize-existing", BI_ARG_NONE, 'e', NULL},
    {"canonicalize-missing", BI_ARG_NONE, 'm', NULL},
    {"no-newline", BI_ARG_NONE, 'n', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"silent", BI_ARG_NONE, 's', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"zero", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd readlink_cmd = {
    .name = "readlink",
    .usage = usage,
    .shortopts = "femnqsvz",
    .longopts = readlink_options,
};

int bi_readlink_main(bi_ctx *b) {
  bi_opts g = {0};
  int mode = -1, c;
  bool no_nl = false, verbose = false, zero = false;
  while ((c = bi_opt(b, &g, &readlink_cmd)) != -1) {
    switch (c) {
    case 'f': mode = BI_CANON_ALL_BUT_LAST; break;
    case 'e': mode = BI_CANON_EXISTING; break;
    case 'm': mode = BI_CANON_MISSING; break;
    case 'n': no_nl = true; break;
    case 'q':
    case 's': verbose = false; break;
    case 'v': verbose = true; break;
    case 'z': zero = true; break;
    default: return g.status;
    }
  }
  if (!g.noperands) return bi_usage_error(b, &readlink_cmd, "missing operand");
  if (no_nl && g.noperands > 1) {
    bi_err(b, "ignoring --no-newline with multiple arguments");
    no_nl = false;
  }
  int st = 0;
  vsh_buf o = {0};
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) break;
    const char *op = g.operands[i];
    const char *p = mode >= 0 ? bi_raw_path(b, op) : bi_path(b, op);
    vsh__buf_clear(&o);
    int rc = !p          ? bi_path_error(op)
             : mode >= 0 ? bi_canon_path(b, p, mode, &o)
                         : vfs_readlink(b->fs, p, &o);
    if (rc) {
      if (verbose) bi_err(b, "%s: %s", bi_quotef(b, op), vsh_strerror(rc));
      st = 1;
      continue;
    }
    if (!no_nl) vsh__buf_putc(&o, zero ? 0 : '\n');
    if (bi_write(b, o.data, o.len) == VSH_EPIPE) {
      st = 141;
      break;
    }
  }
  vsh_buf_dispose(&o);
  return st;
}
