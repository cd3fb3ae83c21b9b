/* gzip.c: gzip, gunzip and zcat over zlib (GNU gzip 1.12 flags and
 * messages: -c -d -f -k -l -n -N -q -S -t -v -1..-9).  Output bytes come
 * from zlib's deflate, so they may differ from GNU gzip's for the same
 * input (both are valid gzip).  -r walks directories in name order (GNU:
 * directory order).  Option errors say 'gzip --help' with straight quotes. */
#include "builtins/archive/compress_int.h"
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "Usage: gzip [OPTION]... [FILE]...\n"
    "Compress or uncompress FILEs (by default, compress FILES in-place).\n"
    "\n"
    "Mandatory arguments to long options are mandatory for short options too.\n"
    "\n"
    "  -c, --stdout      write on standard output, keep original files "
    "unchanged\n"
    "  -d, --decompress  decompress\n"
    "  -f, --force       force overwrite of output file and compress links\n"
    "  -h, --help        give this help\n"
    "  -k, --keep        keep (don't delete) input files\n"
    "  -l, --list        list compressed file contents\n"
    "  -n, --no-name     do not save or restore the original name and "
    "timestamp\n"
    "  -N, --name        save or restore the original name and timestamp\n"
    "  -q, --quiet       suppress all warnings\n"
    "  -r, --recursive   operate recursively on directories\n"
    "  -S, --suffix=SUF  use suffix SUF on compressed files\n"
    "  -t, --test        test compressed file integrity\n"
    "  -v, --verbose     verbose mode\n"
    "  -V, --version     display version number\n"
    "  -1, --fast        compress faster\n"
    "  -9, --best        compress better\n"
    "\n"
    "With no FILE, or when FILE is -, read standard input.\n";

static const char *const suffixes[] = {".gz", "-gz", ".z", "-z",
                                       "_z",  ".Z",  NULL};
static const char *const renames[] = {".tgz", ".tar", ".taz", ".tar", NULL};

static bool has_gz_name(const char *f) {
  size_t n = strlen(f);
  for (const char *const *s = suffixes; *s; s++)
    if (n > strlen(*s) && !strcmp(f + n - strlen(*s), *s)) return true;
  return n > 4 && (!strcmp(f + n - 4, ".tgz") || !strcmp(f + n - 4, ".taz"));
}

/* Always "gzip:" (gunzip and zcat are gzip in disguise); errors found
 * while decoding start with an empty line, as in GNU gzip. */
static int gz_msg(bi_ctx *b, bool quiet, cz_msg m, const char *name,
                  const char *extra, int err) {
  const char *n = name ? name : "stdin";
  switch (m) {
  case CZ_M_MISSING:
  case CZ_M_IOERR:
    bi_errline(b, "gzip: %s: %s", n, vsh_strerror(err));
    return 1;
  case CZ_M_HAS_SUFFIX:
    if (!quiet)
      bi_errline(b, "gzip: %s already has %s suffix -- unchanged", n, extra);
    return 0;
  case CZ_M_EXISTS:
    bi_errline(b, "gzip: %s already exists;\tnot overwritten", n);
    return 2;
  case CZ_M_UNKNOWN_SUF:
    if (!quiet) bi_errline(b, "gzip: %s: unknown suffix -- ignored", n);
    return 2;
  case CZ_M_DIR:
    if (!quiet) bi_errline(b, "gzip: %s is a directory -- ignored", n);
    return 2;
  case CZ_M_FORMAT:
    bi_errline(b, "\ngzip: %s: not in gzip format", n);
    return 1;
  case CZ_M_DATA:
    bi_errline(b, "\ngzip: %s: invalid compressed data--crc error", n);
    return 1;
  case CZ_M_TRUNC:
    bi_errline(b, "\ngzip: %s: unexpected end of file", n);
    return 1;
  case CZ_M_TRAILING:
    if (!quiet)
      bi_errline(b, "\ngzip: %s: decompression OK, trailing garbage ignored",
                 n);
    return 2;
  default: bi_errline(b, "gzip: %s: cannot write to a terminal", n); return 1;
  }
}

/* GNU's ratio: the deflate data against the uncompressed size, header
 * and trailer not counted. */
static double ratio(uint64_t plain, uint64_t packed, uint64_t overhead) {
  if (!plain) return 0;
  return 100.0 * ((double)plain - ((double)packed - (double)overhead)) /
         (double)plain;
}

static void gz_verbose(bi_ctx *b, const char *in, const char *out, uint64_t nin,
                       uint64_t nout, bool decompress, bool test,
                       bool to_stdout) {
  if (test) {
    bi_errline(b, "%s:\t OK", in ? in : "stdin");
    return;
  }
  uint64_t plain = decompress ? nout : nin, packed = decompress ? nin : nout;
  /* header (10), trailer (8) and the stored name */
  uint64_t over = 18;
  if (in && !decompress) over += strlen(vsh__path_basename(in)) + 1;
  if (in && decompress && out) over += strlen(vsh__path_basename(out)) + 1;
  if (!in) {
    bi_errline(b, "%5.1f%%", ratio(plain, packed, over));
    return;
  }
  if (to_stdout)
    bi_errline(b, "%s:\t%5.1f%% -- replaced with stdout", in,
               ratio(plain, packed, over));
  else
    bi_errline(b, "%s:\t%5.1f%% -- replaced with %s", in,
               ratio(plain, packed, over), out);
}

static const cz_tool gzip_tool = {"gzip",  CZ_GZIP, suffixes,
                                  renames, gz_msg,  gz_verbose};

/* gzip -l: header fields and the trailer only, as GNU reads them. */
typedef struct gz_list {
  uint64_t tin, tout, last_over;
  int files;
} gz_list;

static int list_one(bi_ctx *b, const char *f, bool verbose, gz_list *tot,
                    bool *header_done) {
  sh_stream *in = NULL;
  const char *shown = f;
  int rc = bi_open_input(b, f, &in);
  if (rc == VSH_ENOENT && !has_gz_name(f)) {
    size_t n = strlen(f) + 4;
    char *alt = vsh__arena_alloc(b->arena, n);
    if (alt) {
      snprintf(alt, n, "%s.gz", f);
      shown = alt;
      rc = bi_open_input(b, alt, &in);
    }
  }
  if (rc == VSH_EISDIR) return gz_msg(b, false, CZ_M_DIR, f, NULL, 0);
  if (rc) return gz_msg(b, false, CZ_M_MISSING, shown, NULL, rc);
  unsigned char head[512], tail[8];
  size_t nh = 0;
  uint64_t total = 0;
  char buf[16384];
  for (;;) {
    if (bi_cancelled(b)) {
      sh_stream_unref(in);
      return 1;
    }
    int64_t r = bi_read(b, in, buf, sizeof buf);
    if (r < 0) {
      sh_stream_unref(in);
      return gz_msg(b, false, CZ_M_IOERR, shown, NULL, (int)r);
    }
    if (!r) break;
    size_t k = (size_t)r;
    if (nh < sizeof head) {
      size_t c = sizeof head - nh < k ? sizeof head - nh : k;
      memcpy(head + nh, buf, c);
      nh += c;
    }
    /* keep the last 8 bytes seen */
    if (k >= 8) {
      memcpy(tail, buf + k - 8, 8);
    } else {
      memmove(tail, tail + k, 8 - k);
      memcpy(tail + 8 - k, buf, k);
    }
    total += k;
  }
  sh_stream_unref(in);
  if (nh < 10 || head[0] != 0x1f || head[1] != 0x8b)
    return gz_msg(b, false, CZ_M_FORMAT, shown, NULL, 0);
  if (total < 18) return gz_msg(b, false, CZ_M_TRUNC, shown, NULL, 0);
  unsigned flg = head[3];
  size_t hl = 10;
  if (flg & 4 && hl + 2 <= nh) hl += 2 + (size_t)(head[hl] | head[hl + 1] << 8);
  if (flg & 8)
    while (hl < nh && head[hl++]) {}
  if (flg & 16)
    while (hl < nh && head[hl++]) {}
  if (flg & 2) hl += 2;
  uint32_t mtime = (uint32_t)head[4] | (uint32_t)head[5] << 8 |
                   (uint32_t)head[6] << 16 | (uint32_t)head[7] << 24;
  uint32_t crc = (uint32_t)tail[0] | (uint32_t)tail[1] << 8 |
                 (uint32_t)tail[2] << 16 | (uint32_t)tail[3] << 24;
  uint64_t isize = (uint32_t)tail[4] | (uint32_t)tail[5] << 8 |
                   (uint32_t)tail[6] << 16 | (uint32_t)tail[7] << 24;
  const char *name = strcmp(shown, "-") ? shown : "stdout";
  char *plain = NULL;
  size_t nl = strlen(name);
  for (const char *const *s = suffixes; *s; s++)
    if (nl > strlen(*s) && !strcmp(name + nl - strlen(*s), *s)) {
      plain = vsh__arena_strndup(b->arena, name, nl - strlen(*s));
      break;
    }
  if (!plain && nl > 4 && !strcmp(name + nl - 4, ".tgz")) {
    plain = vsh__arena_alloc(b->arena, nl + 1);
    if (plain) {
      memcpy(plain, name, nl - 4);
      strcpy(plain + nl - 4, ".tar");
    }
  }
  if (!plain) plain = (char *)name;
  if (!*header_done) {
    *header_done = true;
    if (verbose &&
        bi_puts(b, "method  crc     date  time           compressed        "
                   "uncompressed  ratio uncompressed_name\n"))
      return 141;
    if (!verbose && bi_puts(b, "         compressed        uncompressed  "
                               "ratio uncompressed_name\n"))
      return 141;
  }
  uint64_t over = hl + 8;
  if (verbose) {
    bi_tm tm;
    bi_time_at(mtime, bi_tz_offset_at(b, mtime), &tm);
    if (bi_printf(b, "defla %08x %s %2d %02d:%02d ", crc, bi_months[tm.mon],
                  tm.mday, tm.hour, tm.min))
      return 141;
  }
  if (bi_printf(b, "%19llu %19llu %5.1f%% %s\n", (unsigned long long)total,
                (unsigned long long)isize, ratio(isize, total, over), plain))
    return 141;
  tot->tin += total;
  tot->tout += isize;
  tot->last_over = over;
  tot->files++;
  return 0;
}

enum { OPT_NO_TIME = BI_OPT_FIRST };

static const bi_option gzip_options[] = {
    {"stdout", BI_ARG_NONE, 'c', NULL},
    {"to-stdout", BI_ARG_NONE, 'c', NULL},
    {"decompress", BI_ARG_NONE, 'd', NULL},
    {"uncompress", BI_ARG_NONE, 'd', NULL},
    {"force", BI_ARG_NONE, 'f', NULL},
    {"keep", BI_ARG_NONE, 'k', NULL},
    {"list", BI_ARG_NONE, 'l', NULL},
    {"no-name", BI_ARG_NONE, 'n', NULL},
    {"name", BI_ARG_NONE, 'N', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"recursive", BI_ARG_NONE, 'r', NULL},
    {"suffix", BI_ARG_REQUIRED, 'S', NULL},
    {"test", BI_ARG_NONE, 't', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"fast", BI_ARG_NONE, '1', NULL},
    {"best", BI_ARG_NONE, '9', NULL},
    {"no-time", BI_ARG_NONE, OPT_NO_TIME, NULL},
    {0}};

static const bi_cmd gzip_cmd = {
    .name = "gzip",
    .usage = usage,
    .shortopts = "cdfklnNqrS:tvhV123456789",
    .longopts = gzip_options,
    /* gzip 1.12's Try line, for zcat and gunzip too (scripts running
     * gzip) */
    .flags = BI_CMD_TRY_BACKQUOTE,
};

static int gzip_common(bi_ctx *b, bool decompress, bool to_stdout) {
  cz_opts o = {.decompress = decompress, .to_stdout = to_stdout};
  bool list = false;
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &gzip_cmd)) != -1) {
    switch (c) {
    case BI_OPT_EXIT: return g.status;
    case 'c': o.to_stdout = true; break;
    case 'd': o.decompress = true; break;
    case 'f': o.force = true; break;
    case 'k': o.keep = true; break;
    case 'l': list = true; break;
    case 'n':
      o.no_name = true;
      o.use_name = false;
      break;
    case 'N':
      o.use_name = true;
      o.no_name = false;
      break;
    case OPT_NO_TIME: break;
    case 'q':
      o.quiet = true;
      o.verbose = false;
      break;
    case 'r': o.recursive = true; break;
    case 'S':
      if (!*g.arg) {
        bi_errline(b, "gzip: invalid suffix ''");
        return 1;
      }
      o.suffix = g.arg;
      break;
    case 't':
      o.test = true;
      o.decompress = true;
      break;
    case 'v':
      o.verbose = true;
      o.quiet = false;
      break;
    case 'h': return bi_cmd_help(b, &gzip_cmd);
    case 'V': return bi_cmd_version(b, &gzip_cmd);
    default: o.level = c - '0'; break;
    }
  }
  if (list) {
    gz_list tot = {0};
    bool header = false;
    int st = 0;
    if (!g.noperands) {
      g.operands[0] = "-";
      g.noperands = 1;
    }
    for (int i = 0; i < g.noperands; i++) {
      int r = list_one(b, g.operands[i], o.verbose, &tot, &header);
      if (r == 141) return 141;
      if (r == 1 || st == 0) st = r ? r : st;
    }
    if (tot.files > 1) {
      if (o.verbose && bi_puts(b, "                            ")) return 141;
      if (bi_printf(b, "%19llu %19llu %5.1f%% (totals)\n",
                    (unsigned long long)tot.tin, (unsigned long long)tot.tout,
                    ratio(tot.tout, tot.tin, tot.last_over)))
        return 141;
    }
    return st;
  }
  if (o.test) o.to_stdout = false;
  /* -c never touches the inputs */
  if (o.to_stdout) o.keep = true;
  return cz_run(b, &gzip_tool, &o, g.operands, g.noperands);
}

int bi_gzip_main(bi_ctx *b) { return gzip_common(b, false, false); }
int bi_gunzip_main(bi_ctx *b) { return gzip_common(b, true, false); }
int bi_zcat_main(bi_ctx *b) { return gzip_common(b, true, true); }
