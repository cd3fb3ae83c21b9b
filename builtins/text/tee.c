/* tee.c: copy standard input to standard output and to files.  GNU flags
 * -a (append), -i (ignored: no signals here), -p (keep going when the
 * stdout reader is gone).  "-" is a file of that name, as in coreutils 9;
 * /dev/stdout and /dev/fd/N write to the shell's streams. */
#include "builtins/builtins.h"

#include <string.h>

typedef struct tee_out {
  const char *name;
  vfs_file *fh; /* a vfs file, or NULL */
  sh_stream *s; /* a shell stream (borrowed), or NULL */
  bool dead;
} tee_out;

enum { OPT_OUTPUT_ERROR = BI_OPT_FIRST };

static const bi_option tee_longopts[] = {
    {"append", BI_ARG_NONE, 'a', "append to the given FILEs, do not overwrite"},
    {"ignore-interrupts", BI_ARG_NONE, 'i', "ignore interrupt signals"},
    {NULL, BI_ARG_NONE, 'p', "diagnose errors writing to non pipes"},
    {"output-error", BI_ARG_OPTIONAL, OPT_OUTPUT_ERROR,
     "=MODE set behavior on write error"},
    {0}};

static const bi_cmd tee_cmd = {
    .name = "tee",
    .usage = "Usage: tee [OPTION]... [FILE]...\n",
    .about = "Copy standard input to each FILE, and also to standard "
             "output.\n\n",
    .shortopts = "aip",
    .longopts = tee_longopts,
    .help_col = 28,
};

/* Opens the operands into outs; 1 when one failed
 * (reported, marked dead), else 0. */
static int tee_open(bi_ctx *b, char **ops, int n, bool append, tee_out *outs) {
  int st = 0;
  for (int i = 0; i < n; i++) {
    const char *f = ops[i];
    outs[i].name = f;
    const char *p = bi_path(b, f);
    unsigned fl =
        VFS_O_WRITE | VFS_O_CREAT | (append ? VFS_O_APPEND : VFS_O_TRUNC);
    int rc = p ? vfs_open(b->fs, p, fl, bi_create_mode(b, 0666), &outs[i].fh)
               : bi_path_error(f);
    if (rc) {
      bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror(rc));
      outs[i].dead = true;
      st = 1;
      continue;
    }
    int fd = vfs_file_devfd(outs[i].fh);
    if (fd >= 0) {
      vfs_file_close(outs[i].fh);
      outs[i].fh = NULL;
      outs[i].s = bi_fd(b, fd);
      if (!outs[i].s) {
        bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror(VSH_EBADF));
        outs[i].dead = true;
        st = 1;
      }
    }
  }
  return st;
}

int bi_tee_main(bi_ctx *b) {
  bool append = false, keep_going = false;
  bi_opts g = {0};
  int ch;
  while ((ch = bi_opt(b, &g, &tee_cmd)) != -1) {
    switch (ch) {
    case 'a': append = true; break;
    case 'i': break;
    case 'p':
    case OPT_OUTPUT_ERROR: keep_going = true; break;
    default: return g.status;
    }
  }
  int st = 0;
  int n = g.noperands;
  tee_out *outs = calloc((size_t)n + 1, sizeof(*outs));
  if (!outs) return 1;
  if (tee_open(b, g.operands, n, append, outs)) st = 1;
  size_t cap = 65536;
  char *buf = malloc(cap);
  bool stdout_dead = false;
  int rc = buf ? 0 : VSH_ENOMEM;
  while (buf) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, b->in, buf, cap);
    if (r < 0) {
      bi_err(b, "read error: %s", vsh_strerror((int)r));
      st = 1;
      break;
    }
    if (r == 0) break;
    if (!stdout_dead) {
      int w = bi_write(b, buf, (size_t)r);
      if (w == VSH_EPIPE && !keep_going) {
        rc = w;
        break;
      }
      if (w) stdout_dead = true;
    }
    bool any = !stdout_dead;
    for (int i = 0; i < n; i++) {
      if (outs[i].dead) continue;
      int w = 0;
      if (outs[i].fh) {
        int64_t k = vfs_file_write(outs[i].fh, buf, (size_t)r);
        w = k < 0 ? (int)k : 0;
      } else {
        w = bi_write_to(b, outs[i].s, buf, (size_t)r);
      }
      if (w == VSH_EPIPE && !keep_going) {
        rc = w;
        goto done;
      }
      if (w) {
        if (w != VSH_EPIPE) bi_err(b, "%s: %s", outs[i].name, vsh_strerror(w));
        outs[i].dead = true;
        st = 1;
        continue;
      }
      any = true;
    }
    if (!any && keep_going) break; /* nobody left to write to */
  }
done:
  for (int i = 0; i < n; i++)
    if (outs[i].fh) vfs_file_close(outs[i].fh);
  free(outs);
  free(buf);
  if (rc == VSH_EPIPE) return 141;
  if (rc) return 1;
  return st;
}
