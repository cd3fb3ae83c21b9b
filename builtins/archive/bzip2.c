/* bzip2.c: bzip2, bunzip2 and bzcat over libbz2 (bzip2 1.0.8 flags and
 * messages: -c -d -z -k -f -t -q -v -s -1..-9).  Decompressing a name
 * without .bz2/.bz/.tbz2/.tbz writes NAME.out, as bzip2 does.  -s only
 * changes memory use in bzip2, so it is accepted and ignored. */
#include "builtins/archive/compress_int.h"

#include <stdio.h>
#include <string.h>

static const char usage[] =
    "bzip2, a block-sorting file compressor.  (vsh)\n"
    "\n"
    "   usage: bzip2 [flags and input files in any order]\n"
    "\n"
    "   -h --help           print this message\n"
    "   -d --decompress     force decompression\n"
    "   -z --compress       force compression\n"
    "   -k --keep           keep (don't delete) input files\n"
    "   -f --force          overwrite existing output files\n"
    "   -t --test           test compressed file integrity\n"
    "   -c --stdout         output to standard out\n"
    "   -q --quiet          suppress noncritical error messages\n"
    "   -v --verbose        be verbose (a 2nd -v gives more)\n"
    "   -s --small          use less memory (at most 2500k)\n"
    "   -1 .. -9            set block size to 100k .. 900k\n"
    "   --fast              alias for -1\n"
    "   --best              alias for -9\n";

static const char *const suffixes[] = {".bz2", ".bz", NULL};
static const char *const renames[] = {".tbz2", ".tar", ".tbz", ".tar", NULL};

static int bz_msg(bi_ctx *b, bool quiet, cz_msg m, const char *name,
                  const char *extra, int err) {
  const char *n = name ? name : "(stdin)";
  switch (m) {
  case CZ_M_MISSING:
    bi_err(b, "Can't open input file %s: %s.", n, vsh_strerror(err));
    return 1;
  case CZ_M_IOERR: bi_err(b, "%s: %s.", n, vsh_strerror(err)); return 1;
  case CZ_M_HAS_SUFFIX:
    if (!quiet) bi_err(b, "Input file %s already has %s suffix.", n, extra);
    return 1;
  case CZ_M_EXISTS: bi_err(b, "Output file %s already exists.", n); return 1;
  case CZ_M_UNKNOWN_SUF:
    if (!quiet)
      bi_err(b, "Can't guess original name for %s -- using %s.out", n, n);
    return 0;
  case CZ_M_DIR: bi_err(b, "Input file %s is a directory.", n); return 1;
  case CZ_M_FORMAT: bi_err(b, "%s is not a bzip2 file.", n); return 2;
  case CZ_M_TRAILING:
    if (!quiet)
      bi_errline(b, "\n%s: %s: trailing garbage after EOF ignored", b->argv[0],
                 n);
    return 0;
  case CZ_M_TRUNC:
    bi_errline(b,
               "\n%s: Compressed file ends unexpectedly;\n\tperhaps it "
               "is corrupted?  *Possible* reason follows.",
               b->argv[0]);
    bi_err(b, "Success");
    bi_errline(b, "\tInput file = %s, output file = %s\n", n,
               extra ? extra : "(stdout)");
    bi_errline(b, "It is possible that the compressed file(s) have become "
                  "corrupted.\nYou can use the -tvv option to test integrity "
                  "of such files.\n\nYou can use the `bzip2recover' program "
                  "to attempt to recover\ndata from undamaged sections of "
                  "corrupted files.\n");
    return 2;
  default:
    bi_errline(b, "\n%s: Data integrity error when decompressing.", b->argv[0]);
    bi_errline(b, "\tInput file = %s, output file = %s\n", n,
               extra ? extra : "(stdout)");
    bi_errline(b, "It is possible that the compressed file(s) have become "
                  "corrupted.\nYou can use the -tvv option to test integrity "
                  "of such files.\n\nYou can use the `bzip2recover' program "
                  "to attempt to recover\ndata from undamaged sections of "
                  "corrupted files.\n");
    return 2;
  }
}

static void bz_verbose(bi_ctx *b, const char *in, const char *out, uint64_t nin,
                       uint64_t nout, bool decompress, bool test,
                       bool to_stdout) {
  (void)out;
  (void)to_stdout;
  const char *n = in ? in : "(stdin)";
  /* names are padded to a column of 7, as bzip2 pads them */
  int pad = (int)strlen(n) < 7 ? 7 - (int)strlen(n) : 0;
  if (test || decompress) {
    bi_errline(b, "  %s: %*s%s", n, pad, "", test ? "ok" : "done");
    return;
  }
  double r = nout ? (double)nin / (double)nout : 0;
  double bits = nin ? 8.0 * (double)nout / (double)nin : 0;
  double saved = nin ? 100.0 * (1.0 - (double)nout / (double)nin) : 0;
  bi_errline(b,
             "  %s: %*s%6.3f:1, %6.3f bits/byte, %5.2f%% saved, %llu in, "
             "%llu out.",
             n, pad, "", r, bits, saved, (unsigned long long)nin,
             (unsigned long long)nout);
}

static const cz_tool bzip2_tool = {"bzip2", CZ_BZIP2, suffixes,
                                   renames, bz_msg,   bz_verbose};

static const bi_option bzip2_options[] = {
    {"stdout", BI_ARG_NONE, 'c', NULL},
    {"decompress", BI_ARG_NONE, 'd', NULL},
    {"compress", BI_ARG_NONE, 'z', NULL},
    {"keep", BI_ARG_NONE, 'k', NULL},
    {"force", BI_ARG_NONE, 'f', NULL},
    {"test", BI_ARG_NONE, 't', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"small", BI_ARG_NONE, 's', NULL},
    {"license", BI_ARG_NONE, 'V', NULL},
    {"fast", BI_ARG_NONE, '1', NULL},
    {"best", BI_ARG_NONE, '9', NULL},
    {0}};

static const bi_cmd bzip2_cmd = {
    .name = "bzip2",
    .usage = usage,
    .shortopts = "cdzkftqvshVL123456789",
    .longopts = bzip2_options,
};

static int bzip2_common(bi_ctx *b, bool decompress, bool to_stdout) {
  cz_opts o = {.decompress = decompress, .to_stdout = to_stdout};
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, &bzip2_cmd)) != -1) {
    switch (c) {
    case BI_OPT_EXIT: return g.status;
    case 'c': o.to_stdout = true; break;
    case 'd': o.decompress = true; break;
    case 'z': o.decompress = false; break;
    case 'k': o.keep = true; break;
    case 'f': o.force = true; break;
    case 't':
      o.test = true;
      o.decompress = true;
      break;
    case 'q': o.quiet = true; break;
    case 'v': o.verbose = true; break;
    case 's': break;
    case 'h': return bi_cmd_help(b, &bzip2_cmd);
    case 'V':
    case 'L': return bi_cmd_version(b, &bzip2_cmd);
    default: o.level = c - '0'; break;
    }
  }
  if (o.test) o.to_stdout = false;
  if (o.to_stdout) o.keep = true;
  o.no_name = true;
  return cz_run(b, &bzip2_tool, &o, g.operands, g.noperands);
}

int bi_bzip2_main(bi_ctx *b) { return bzip2_common(b, false, false); }
int bi_bunzip2_main(bi_ctx *b) { return bzip2_common(b, true, false); }
int bi_bzcat_main(bi_ctx *b) { return bzip2_common(b, true, true); }
