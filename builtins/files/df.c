/* df.c: report file system space usage of the virtual filesystem: one
 * file system "vsh" mounted on "/", usage from vsh_fs_usage_get.
 * The size is the filesystem's byte quota (-i: its inode quota); without
 * one, a nominal 1 GiB (1048576 inodes), or the usage if larger. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: df [OPTION]... [FILE]...\n"
    "Show information about the file system on which each FILE resides,\n"
    "or all file systems by default.\n\n"
    "  -a, --all             include pseudo, duplicate, inaccessible file "
    "systems\n"
    "  -h, --human-readable  print sizes in powers of 1024 (e.g., 1023M)\n"
    "  -i, --inodes          list inode information instead of block usage\n"
    "  -k                    like --block-size=1K\n"
    "  -P, --portability     use the POSIX output format\n"
    "  -T, --print-type      print file system type\n"
    "      --help     display this help and exit\n"
    "      --version  output version information and exit\n";

static const bi_option df_options[] = {
    {"all", BI_ARG_NONE, 'a', NULL},
    {"human-readable", BI_ARG_NONE, 'h', NULL},
    {"inodes", BI_ARG_NONE, 'i', NULL},
    {"portability", BI_ARG_NONE, 'P', NULL},
    {"print-type", BI_ARG_NONE, 'T', NULL},
    {"local", BI_ARG_NONE, 'l', NULL},
    {0}};

static const bi_cmd df_cmd = {
    .name = "df",
    .usage = usage,
    .shortopts = "ahikPTlH",
    .longopts = df_options,
};

#define DF_NOMINAL_BYTES (1024ull * 1024 * 1024)
#define DF_NOMINAL_INODES 1048576ull

static void cell(char *out, size_t n, uint64_t v, bool human) {
  if (human) bi_human_size(v, out, n);
  else snprintf(out, n, "%llu", (unsigned long long)v);
}

int bi_df_main(bi_ctx *b) {
  bi_opts g = {0};
  bool human = false, inodes = false, type = false, posix = false;
  int c;
  while ((c = bi_opt(b, &g, &df_cmd)) != -1) {
    switch (c) {
    case 'h': human = true; break;
    case 'H': human = true; break;
    case 'i': inodes = true; break;
    case 'k': human = false; break;
    case 'P': posix = true; break;
    case 'T': type = true; break;
    case 'a':
    case 'l': break;
    default: return g.status;
    }
  }
  int st = 0;
  for (int i = 0; i < g.noperands; i++) {
    const char *p = bi_path(b, g.operands[i]);
    if (!p || !vfs_exists(b->fs, p)) {
      bi_err(b, "%s: %s", g.operands[i], vsh_strerror(VSH_ENOENT));
      st = 1;
    }
  }
  if (st && g.noperands == 1) return 1;
  vsh_fs_usage u;
  vsh_fs_usage_get(b->fs, &u);
  vsh_fs_quota q;
  vsh_fs_quota_get(b->fs, &q);
  /* the quota is the size; without one, a nominal size */
  uint64_t total, used;
  if (inodes) {
    total = q.max_inodes ? q.max_inodes : DF_NOMINAL_INODES;
    used = u.inodes;
  } else {
    total = q.max_bytes ? q.max_bytes : DF_NOMINAL_BYTES;
    used = u.bytes;
  }
  if (total < used) total = used;
  uint64_t avail = total - used;
  unsigned pct = total ? (unsigned)((used * 100 + total - 1) / total) : 0;
  char a[32], bb[32], cc[32];
  if (inodes) {
    cell(a, sizeof a, total, human);
    cell(bb, sizeof bb, used, human);
    cell(cc, sizeof cc, avail, human);
  } else if (human) {
    cell(a, sizeof a, total, true);
    cell(bb, sizeof bb, used, true);
    cell(cc, sizeof cc, avail, true);
  } else {
    cell(a, sizeof a, (total + 1023) / 1024, false);
    cell(bb, sizeof bb, (used + 1023) / 1024, false);
    cell(cc, sizeof cc, avail / 1024, false);
  }
  const char *h1 = inodes  ? "Inodes"
                   : human ? "Size"
                   : posix ? "1024-blocks"
                           : "1K-blocks";
  const char *h2 = inodes ? "IUsed" : "Used";
  const char *h3 = inodes ? "IFree" : human ? "Avail" : "Available";
  const char *h4 = inodes ? "IUse%" : posix ? "Capacity" : "Use%";
  int w1 = (int)strlen(h1), w2 = (int)strlen(h2), w3 = (int)strlen(h3);
  if ((int)strlen(a) > w1) w1 = (int)strlen(a);
  if ((int)strlen(bb) > w2) w2 = (int)strlen(bb);
  if ((int)strlen(cc) > w3) w3 = (int)strlen(cc);
  int rc = bi_printf(b, "%-14s %s%*s %*s %*s %s Mounted on\n", "Filesystem",
                     type ? "Type " : "", w1, h1, w2, h2, w3, h3, h4);
  char pc[8];
  snprintf(pc, sizeof pc, "%u%%", pct);
  if (!rc)
    rc = bi_printf(b, "%-14s %s%*s %*s %*s %*s /\n", "vsh", type ? "vsh  " : "",
                   w1, a, w2, bb, w3, cc, (int)strlen(h4), pc);
  if (rc == VSH_EPIPE) return 141;
  return st;
}
