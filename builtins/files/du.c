/* du.c: estimate file space usage (-s -a -c -h -d -b -k -m -L -x,
 * --apparent-size, --max-depth).  Block counts are those a 4 KiB-block
 * filesystem would report (files_util's bi_blocks); hard-linked files
 * count once.  The walk is iterative; totals live in a per-depth stack. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: du [OPTION]... [FILE]...\n"
    "Summarize device usage of the set of FILEs, recursively for "
    "directories.\n\n"
    "  -a, --all             write counts for all files, not just "
    "directories\n"
    "      --apparent-size   print apparent sizes rather than device usage\n"
    "  -b, --bytes           equivalent to '--apparent-size --block-size=1'\n"
    "  -c, --total           produce a grand total\n"
    "  -d, --max-depth=N     print the total for a directory only if it is N "
    "or fewer levels below the command line argument\n"
    "  -h, --human-readable  print sizes in human readable format (e.g., 1K "
    "234M 2G)\n"
    "  -k                    like --block-size=1K\n"
    "  -L, --dereference     dereference all symbolic links\n"
    "  -m                    like --block-size=1M\n"
    "  -s, --summarize       display only a total for each argument\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

enum { OPT_APPARENT_SIZE = BI_OPT_FIRST };

static const bi_option du_options[] = {
    {"all", BI_ARG_NONE, 'a', NULL},
    {"apparent-size", BI_ARG_NONE, OPT_APPARENT_SIZE, NULL},
    {"bytes", BI_ARG_NONE, 'b', NULL},
    {"total", BI_ARG_NONE, 'c', NULL},
    {"max-depth", BI_ARG_REQUIRED, 'd', NULL},
    {"human-readable", BI_ARG_NONE, 'h', NULL},
    {"dereference", BI_ARG_NONE, 'L', NULL},
    {"summarize", BI_ARG_NONE, 's', NULL},
    {"one-file-system", BI_ARG_NONE, 'x', NULL},
    {"block-size", BI_ARG_REQUIRED, 'B', NULL},
    {0}};

static const bi_cmd du_cmd = {
    .name = "du",
    .usage = usage,
    .shortopts = "abcd:hkLmsxB:HDSP0",
    .longopts = du_options,
};

typedef struct du_st {
  bi_ctx *b;
  bool all, apparent, human, summarize;
  int max_depth;
  uint64_t block; /* output unit in bytes */
  uint64_t *inos; /* hard-linked files seen */
  size_t ninos, capinos;
  int rc;
} du_st;

static uint64_t usage_of(const du_st *s, const vfs_info *st) {
  if (s->apparent) return st->type == VFS_DIR ? 4096 : st->size;
  return bi_blocks(st) * 512;
}

static bool seen(du_st *s, uint64_t ino) {
  for (size_t i = 0; i < s->ninos; i++)
    if (s->inos[i] == ino) return true;
  if (s->ninos == s->capinos) {
    size_t nc = s->capinos ? s->capinos * 2 : 64;
    uint64_t *v = realloc(s->inos, nc * sizeof(uint64_t));
    if (!v) return false;
    s->inos = v;
    s->capinos = nc;
  }
  s->inos[s->ninos++] = ino;
  return false;
}

static void print_size(du_st *s, uint64_t bytes, const char *name) {
  char num[64];
  if (s->human) bi_human_size(bytes, num, sizeof num);
  else
    snprintf(num, sizeof num, "%llu",
             (unsigned long long)((bytes + s->block - 1) / s->block));
  if (s->rc) return;
  if (bi_printf(s->b, "%s\t%s\n", num, name) == VSH_EPIPE) s->rc = VSH_EPIPE;
}

static uint64_t du_one(du_st *s, const char *op, bool follow, int *status) {
  bi_ctx *b = s->b;
  const char *p = bi_path(b, op);
  bi_walk *w;
  if (!p || bi_walk_new(&w, b, p, op, follow, follow, true)) return 0;
  uint64_t *tot = NULL;
  size_t cap = 0, total = 0;
  bi_went *e;
  int rc;
  while ((rc = bi_walk_next(w, &e)) == 1 && !s->rc) {
    if (e->err && !e->dir_err) {
      bi_err(b, "cannot access %s: %s", bi_quote(b, e->shown),
             vsh_strerror(e->err));
      *status = 1;
      if (e->depth == 0) break;
      continue;
    }
    if (e->dir_err) {
      bi_err(b, "cannot read directory %s: %s", bi_quote(b, e->shown),
             vsh_strerror(e->err));
      *status = 1;
      continue;
    }
    size_t d = (size_t)e->depth;
    if (d + 2 > cap) {
      size_t nc = (d + 2) * 2;
      uint64_t *v = realloc(tot, nc * sizeof(uint64_t));
      if (!v) break;
      memset(v + cap, 0, (nc - cap) * sizeof(uint64_t));
      tot = v;
      cap = nc;
    }
    if (e->st.type == VFS_DIR && !e->post) {
      tot[d] = usage_of(s, &e->st);
      if (e->loop) bi_walk_skip(w);
      continue;
    }
    uint64_t sz;
    if (e->st.type == VFS_DIR) {
      sz = tot[d];
      if (!s->summarize || d == 0)
        if (s->max_depth < 0 || e->depth <= s->max_depth)
          print_size(s, sz, e->shown);
    } else {
      sz = (e->st.nlink > 1 && seen(s, e->st.ino)) ? 0 : usage_of(s, &e->st);
      if ((s->all || d == 0) && (!s->summarize || d == 0) &&
          (s->max_depth < 0 || e->depth <= s->max_depth))
        print_size(s, sz, e->shown);
    }
    if (d > 0) tot[d - 1] += sz;
    else total = sz;
  }
  free(tot);
  bi_walk_free(w);
  if (rc < 0 && !s->rc) s->rc = rc;
  return total;
}

int bi_du_main(bi_ctx *b) {
  bi_opts g = {0};
  du_st s = {.b = b, .max_depth = -1, .block = 1024};
  bool total = false, follow = false;
  int c;
  while ((c = bi_opt(b, &g, &du_cmd)) != -1) {
    switch (c) {
    case 'a': s.all = true; break;
    case OPT_APPARENT_SIZE: s.apparent = true; break;
    case 'b':
      s.apparent = true;
      s.block = 1;
      break;
    case 'c': total = true; break;
    case 'd': {
      char *end;
      long v = strtol(g.arg, &end, 10);
      if (*end || v < 0) {
        return bi_usage_error(b, &du_cmd, "invalid maximum depth %s",
                              bi_cquote(b, g.arg));
      }
      s.max_depth = (int)v;
      break;
    }
    case 'h': s.human = true; break;
    case 'k':
      s.block = 1024;
      s.human = false;
      break;
    case 'm':
      s.block = 1024 * 1024;
      s.human = false;
      break;
    case 'B': {
      uint64_t v;
      if (!bi_parse_size(g.arg, &v) || !v) {
        bi_err(b, "invalid --block-size argument %s", bi_cquote(b, g.arg));
        return 1;
      }
      s.block = v;
      break;
    }
    case 'L': follow = true; break;
    case 's': s.summarize = true; break;
    case 'x':
    case 'H':
    case 'D':
    case 'S':
    case 'P':
    case '0': break;
    default: return g.status;
    }
  }
  if (s.summarize && s.max_depth > 0) {
    bi_err(b, "warning: summarizing conflicts with --max-depth=%d",
           s.max_depth);
    return bi_usage_error(b, &du_cmd, "%s", "invalid options");
  }
  if (s.summarize) s.max_depth = 0;
  int status = 0;
  uint64_t grand = 0;
  int n = g.noperands;
  const char *dflt = ".";
  for (int i = 0; i < (n ? n : 1) && !s.rc; i++) {
    if (bi_cancelled(b)) {
      s.rc = VSH_EABORTED;
      break;
    }
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    grand += du_one(&s, n ? g.operands[i] : dflt, follow, &status);
    vsh__arena_pop(b->arena, m);
  }
  if (total && !s.rc) print_size(&s, grand, "total");
  free(s.inos);
  if (s.rc == VSH_EPIPE) return 141;
  if (s.rc) return 1;
  return status;
}
