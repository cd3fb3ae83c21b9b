/* mkfifo.c: make named pipes (-m mode).  The node lives in the vfs; the
 * shell joins the ends that open it (shell/stream.c). */
#include "builtins/builtins.h"

static const char usage[] =
    "Usage: mkfifo [OPTION]... NAME...\n"
    "Create named pipes (FIFOs) with the given NAMEs.\n\n"
    "  -m, --mode=MODE    set file permission bits to MODE, not a=rw - "
    "umask\n"
    "      --help        display this help and exit\n"
    "      --version     output version information and exit\n";

static const bi_option mkfifo_options[] = {{"mode", BI_ARG_REQUIRED, 'm', NULL},
                                           {0}};

static const bi_cmd mkfifo_cmd = {
    .name = "mkfifo",
    .usage = usage,
    .shortopts = "m:Z",
    .longopts = mkfifo_options,
};

int bi_mkfifo_main(bi_ctx *b) {
  bi_opts g = {0};
  const char *mode_s = NULL;
  int c;
  while ((c = bi_opt(b, &g, &mkfifo_cmd)) != -1) {
    switch (c) {
    case 'm': mode_s = g.arg; break;
    case 'Z': break;
    default: return g.status;
    }
  }
  if (!g.noperands) return bi_usage_error(b, &mkfifo_cmd, "missing operand");
  unsigned umask = bi_umask(b);
  unsigned mode = 0666 & ~umask;
  /* GNU: -m MODE is taken as is, the umask does not apply */
  if (mode_s && !bi_parse_mode(mode_s, 0666, false, 0, &mode)) {
    bi_err(b, "invalid mode");
    return 1;
  }
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    if (bi_cancelled(b)) return 1;
    const char *op = g.operands[i];
    const char *p = bi_path(b, op);
    int rc = p ? vfs_mkfifo(b->fs, p, mode) : bi_path_error(op);
    if (rc) {
      bi_err(b, "cannot create fifo %s: %s", bi_quote(b, op), vsh_strerror(rc));
      st = 1;
    }
  }
  return st;
}
