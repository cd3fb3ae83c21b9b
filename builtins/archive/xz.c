/* xz.c: xz, unxz and xzcat over liblzma (.xz format only; xz 5.4 flags
 * and messages: -z -d -c -k -f -t -q -v -0..-9 -e; -T/--threads is
 * accepted and ignored, compression is single-threaded).  No -l, no
 * .lzma/raw formats; -v prints one summary line per file. */
#include "builtins/archive/compress_int.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: xz [OPTION]... [FILE]...\n"
    "Compress or decompress FILEs in the .xz format.\n"
    "\n"
    "  -z, --compress      force compression\n"
    "  -d, --decompress    force decompression\n"
    "  -t, --test          test compressed file integrity\n"
    "  -l, --list          list information about .xz files\n"
    "  -k, --keep          keep (don't delete) input files\n"
    "  -f, --force         force overwrite of output file\n"
    "  -c, --stdout        write to standard output and don't delete input "
    "files\n"
    "  -0 ... -9           compression preset; default is 6\n"
    "  -e, --extreme       accepted (no effect here)\n"
    "  -T, --threads=NUM   accepted (no effect here)\n"
    "  -q, --quiet         suppress warnings\n"
    "  -v, --verbose       be verbose\n"
    "  -h, --help          display this short help and exit\n"
    "  -V, --version       display the version number and exit\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n";

static const char *const suffixes[] = {".xz", NULL};
static const char *const renames[] = {".txz", ".tar", NULL};

static int xz_msg(bi_ctx *b, bool quiet, cz_msg m, const char *name,
                  const char *extra, int err) {
  const char *n = name ? name : "(stdin)";
  switch (m) {
  case CZ_M_MISSING:
  case CZ_M_IOERR: bi_err(b, "%s: %s", n, vsh_strerror(err)); return 1;
  case CZ_M_HAS_SUFFIX:
    if (!quiet)
      bi_err(b, "%s: File already has `%s' suffix, skipping", n, extra);
    return 2;
  case CZ_M_EXISTS: bi_err(b, "%s: File exists", n); return 1;
  case CZ_M_UNKNOWN_SUF:
    if (!quiet) bi_err(b, "%s: Filename has an unknown suffix, skipping", n);
    return 2;
  case CZ_M_DIR:
    if (!quiet) bi_err(b, "%s: Is a directory, skipping", n);
    return 2;
  case CZ_M_FORMAT: bi_err(b, "%s: File format not recognized", n); return 1;
  case CZ_M_TRUNC: bi_err(b, "%s: Unexpected end of input", n); return 1;
  case CZ_M_TRAILING: return 0;
  default: bi_err(b, "%s: Compressed data is corrupt", n); return 1;
  }
}

static void xz_size(char *out, size_t cap, uint64_t n) {
  if (n < 1024) snprintf(out, cap, "%llu B", (unsigned long long)n);
  else if (n < 1024 * 1024) snprintf(out, cap, "%.1f KiB", (double)n / 1024);
  else snprintf(out, cap, "%.1f MiB", (double)n / (1024 * 1024));
}

static void xz_verbose(bi_ctx *b, const char *in, const char *out, uint64_t nin,
                       uint64_t nout, bool decompress, bool test,
                       bool to_stdout) {
  (void)out;
  (void)to_stdout;
  (void)test;
  uint64_t packed = decompress ? nin : nout, plain = decompress ? nout : nin;
  char a[32], c[32], r[16];
  xz_size(a, sizeof a, packed);
  xz_size(c, sizeof c, plain);
  double ratio = plain ? (double)packed / (double)plain : 0;
  if (ratio > 9.999) snprintf(r, sizeof r, "> 9.999");
  else snprintf(r, sizeof r, "= %.3f", ratio);
  bi_errline(b, "%s: %s / %s %s", in ? in : "(stdin)", a, c, r);
}

static const cz_tool xz_tool = {"xz",    CZ_XZ,  suffixes,
                                renames, xz_msg, xz_verbose};

/* ---- -l, --list ---- */

/* xz's short sizes: bytes below 10000, else KiB, MiB... with one
 * decimal. */
static void nice_size(uint64_t v, char *out, size_t cap) {
  static const char *const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  if (v < 10000) {
    snprintf(out, cap, "%llu B", (unsigned long long)v);
    return;
  }
  double d = (double)v;
  int u = 0;
  do {
    d /= 1024.0;
    u++;
  } while (d > 9999.9 && u < 4);
  snprintf(out, cap, "%.1f %s", d, units[u]);
}

static void check_names(uint32_t checks, char *out, size_t cap) {
  size_t k = 0;
  out[0] = 0;
  for (int i = 0; i < 16; i++) {
    if (!(checks & (1u << i))) continue;
    char name[16];
    if (i == 0) snprintf(name, sizeof name, "None");
    else if (i == 1) snprintf(name, sizeof name, "CRC32");
    else if (i == 4) snprintf(name, sizeof name, "CRC64");
    else if (i == 10) snprintf(name, sizeof name, "SHA-256");
    else snprintf(name, sizeof name, "Unknown-%d", i);
    k += (size_t)snprintf(out + k, cap - k, "%s%s", k ? "," : "", name);
    if (k >= cap) break;
  }
}

static int list_row(bi_ctx *b, const cz_xzinfo *x, const char *name) {
  char c[32], u[32], r[16], ck[64];
  nice_size(x->compressed, c, sizeof c);
  nice_size(x->uncompressed, u, sizeof u);
  double ratio =
      x->uncompressed ? (double)x->compressed / (double)x->uncompressed : 0;
  if (!x->uncompressed || ratio > 9.999) snprintf(r, sizeof r, "---");
  else snprintf(r, sizeof r, "%.3f", ratio);
  check_names(x->checks, ck, sizeof ck);
  return bi_printf(b, "%5llu %7llu  %11s %12s  %5s  %-7s %s\n",
                   (unsigned long long)x->streams,
                   (unsigned long long)x->blocks, c, u, r, ck, name)
             ? 141
             : 0;
}

static int xz_list(bi_ctx *b, int n, char **files) {
  if (!n) {
    bi_err(b, "--list does not support reading from standard input");
    return 1;
  }
  cz_xzinfo tot = {0};
  int st = 0, listed = 0;
  for (int i = 0; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    if (!strcmp(files[i], "-")) {
      bi_err(b, "--list does not support reading from standard input");
      st = 1;
      continue;
    }
    vsh_buf data = {0};
    const char *p = bi_path(b, files[i]);
    int rc = p ? vfs_read_file(b->fs, p, &data) : bi_path_error(files[i]);
    if (rc) {
      bi_err(b, "%s: %s", files[i], vsh_strerror(rc));
      vsh_buf_dispose(&data);
      st = 1;
      continue;
    }
    cz_xzinfo x;
    rc = cz_xz_info((const unsigned char *)(data.data ? data.data : ""),
                    data.len, &x);
    vsh_buf_dispose(&data);
    if (rc) {
      bi_err(b, "%s: %s", files[i],
             rc == CZ_E_FORMAT ? "File format not recognized"
             : rc == CZ_E_MEM  ? "Cannot allocate memory"
                               : "Compressed data is corrupt");
      st = 1;
      continue;
    }
    if (!listed++ &&
        bi_puts(b, "Strms  Blocks   Compressed Uncompressed  Ratio  Check   "
                   "Filename\n"))
      return 141;
    if (list_row(b, &x, files[i])) return 141;
    tot.streams += x.streams;
    tot.blocks += x.blocks;
    tot.compressed += x.compressed;
    tot.uncompressed += x.uncompressed;
    tot.checks |= x.checks;
  }
  if (listed > 1) {
    char name[32];
    snprintf(name, sizeof name, "%d files", listed);
    if (bi_puts(b, "-----------------------------------------------------------"
                   "--------------------\n") ||
        list_row(b, &tot, name))
      return 141;
  }
  return st;
}

static const bi_option xz_options[] = {{"compress", BI_ARG_NONE, 'z', NULL},
                                       {"decompress", BI_ARG_NONE, 'd', NULL},
                                       {"uncompress", BI_ARG_NONE, 'd', NULL},
                                       {"test", BI_ARG_NONE, 't', NULL},
                                       {"keep", BI_ARG_NONE, 'k', NULL},
                                       {"force", BI_ARG_NONE, 'f', NULL},
                                       {"stdout", BI_ARG_NONE, 'c', NULL},
                                       {"to-stdout", BI_ARG_NONE, 'c', NULL},
                                       {"extreme", BI_ARG_NONE, 'e', NULL},
                                       {"threads", BI_ARG_REQUIRED, 'T', NULL},
                                       {"quiet", BI_ARG_NONE, 'q', NULL},
                                       {"verbose", BI_ARG_NONE, 'v', NULL},
                                       {"fast", BI_ARG_NONE, '0', NULL},
                                       {"best", BI_ARG_NONE, '9', NULL},
                                       {"list", BI_ARG_NONE, 'l', NULL},
                                       {0}};

static const bi_cmd xz_cmd = {
    .name = "xz",
    .usage = usage,
    .shortopts = "zdtkfceT:qvhVl0123456789",
    .longopts = xz_options,
    .flags = BI_CMD_TRY_NAMED | BI_CMD_TRY_BACKQUOTE,
};

static int xz_common(bi_ctx *b, bool decompress, bool to_stdout) {
  cz_opts o = {.decompress = decompress, .to_stdout = to_stdout, .level = 6};
  bi_opts g = {0};
  int c;
  bool list = false;
  while ((c = bi_opt(b, &g, &xz_cmd)) != -1) {
    switch (c) {
    case BI_OPT_EXIT: return g.status;
    case 'z': o.decompress = false; break;
    case 'd': o.decompress = true; break;
    case 't':
      o.test = true;
      o.decompress = true;
      break;
    case 'k': o.keep = true; break;
    case 'f': o.force = true; break;
    case 'c': o.to_stdout = true; break;
    case 'e':
    case 'T': break;
    case 'q': o.quiet = true; break;
    case 'v': o.verbose = true; break;
    case 'l': list = true; break;
    case 'h': return bi_cmd_help(b, &xz_cmd);
    case 'V': return bi_cmd_version(b, &xz_cmd);
    default: o.level = c - '0'; break;
    }
  }
  if (list) return xz_list(b, g.noperands, g.operands);
  if (o.test) o.to_stdout = false;
  if (o.to_stdout) o.keep = true;
  o.no_name = true;
  return cz_run(b, &xz_tool, &o, g.operands, g.noperands);
}

int bi_xz_main(bi_ctx *b) { return xz_common(b, false, false); }
int bi_unxz_main(bi_ctx *b) { return xz_common(b, true, false); }
int bi_xzcat_main(bi_ctx *b) { return xz_common(b, true, true); }
