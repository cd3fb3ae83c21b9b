/* iconv.c: convert text between character sets (glibc iconv).
 * Supported: UTF-8, ISO-8859-1, ISO-8859-15, CP1252, ASCII, UTF-16 and
 * UTF-32 (plain: a BOM picks the input byte order, else little-endian;
 * written with a BOM, little-endian, as glibc on x86) and LE/BE forms.
 * Streams in chunks: only an unfinished sequence (< 4 bytes) carries over.
 * //TRANSLIT uses fixed ASCII approximations (glibc's C.UTF-8 ones for
 * Latin letters and punctuation), else '?'.  Deviations: an unknown
 * charset gets glibc's intended "conversion from `X' is not supported"
 * (Debian's 2.36 prints a stray ENOENT instead); -l lists only these. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

enum { OPT_VERBOSE = BI_OPT_FIRST };

static const bi_option iconv_longopts[] = {
    {"from-code", BI_ARG_REQUIRED, 'f', NULL},
    {"to-code", BI_ARG_REQUIRED, 't', NULL},
    {"list", BI_ARG_NONE, 'l', NULL},
    {"output", BI_ARG_REQUIRED, 'o', NULL},
    {"silent", BI_ARG_NONE, 's', NULL},
    {"verbose", BI_ARG_NONE, OPT_VERBOSE, NULL},
    {0}};

/* glibc's argp style: its own help text, -h/-V, usage errors exit 64. */
static const bi_cmd iconv_cmd = {
    .name = "iconv",
    .usage =
        "Usage: iconv [OPTION...] [FILE...]\n"
        "Convert encoding of given files from one encoding to another.\n"
        "\n"
        " Input/Output format specification:\n"
        "  -f, --from-code=NAME       encoding of original text\n"
        "  -t, --to-code=NAME         encoding for output\n"
        "\n"
        " Information:\n"
        "  -l, --list                 list all known coded character sets\n"
        "\n"
        " Output control:\n"
        "  -c                         omit invalid characters from output\n"
        "  -o, --output=FILE          output file\n"
        "  -s, --silent               suppress warnings\n"
        "      --verbose              print progress information\n"
        "\n"
        "  -?, --help                 Give this help list\n"
        "  -V, --version              Print program version\n",
    .shortopts = "f:t:lco:shV",
    .longopts = iconv_longopts,
    .bad_status = 64,
    .try_text = "Try `iconv --help' or `iconv --usage' for more "
                "information.\n",
};

typedef enum cs_id {
  CS_ASCII,
  CS_LATIN1,
  CS_LATIN9,
  CS_CP1252,
  CS_UTF8,
  CS_UTF16,
  CS_UTF16LE,
  CS_UTF16BE,
  CS_UTF32,
  CS_UTF32LE,
  CS_UTF32BE
} cs_id;

/* Accepted names (upper case), sorted as -l prints them. */
static const struct {
  const char *name;
  cs_id id;
} charsets[] = {
    {"ANSI_X3.4-1968", CS_ASCII},
    {"ASCII", CS_ASCII},
    {"CP1252", CS_CP1252},
    {"CP819", CS_LATIN1},
    {"ISO-8859-1", CS_LATIN1},
    {"ISO-8859-15", CS_LATIN9},
    {"ISO8859-1", CS_LATIN1},
    {"ISO8859-15", CS_LATIN9},
    {"ISO_8859-1", CS_LATIN1},
    {"ISO_8859-15", CS_LATIN9},
    {"L1", CS_LATIN1},
    {"LATIN-9", CS_LATIN9},
    {"LATIN1", CS_LATIN1},
    {"LATIN9", CS_LATIN9},
    {"MS-ANSI", CS_CP1252},
    {"US-ASCII", CS_ASCII},
    {"UTF-16", CS_UTF16},
    {"UTF-16BE", CS_UTF16BE},
    {"UTF-16LE", CS_UTF16LE},
    {"UTF-32", CS_UTF32},
    {"UTF-32BE", CS_UTF32BE},
    {"UTF-32LE", CS_UTF32LE},
    {"UTF-8", CS_UTF8},
    {"UTF16", CS_UTF16},
    {"UTF16BE", CS_UTF16BE},
    {"UTF16LE", CS_UTF16LE},
    {"UTF32", CS_UTF32},
    {"UTF32BE", CS_UTF32BE},
    {"UTF32LE", CS_UTF32LE},
    {"UTF8", CS_UTF8},
    {"WINDOWS-1252", CS_CP1252},
};

/* CP1252 0x80-0x9F; 0 marks the five undefined bytes (illegal input). */
static const uint16_t cp1252_hi[32] = {
    0x20AC, 0,      0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0,      0x017D, 0,
    0,      0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0,      0x017E, 0x0178};

/* The eight places where ISO-8859-15 differs from ISO-8859-1. */
static const struct {
  uint8_t byte;
  uint16_t cp;
} latin9_diff[] = {{0xA4, 0x20AC}, {0xA6, 0x0160}, {0xA8, 0x0161},
                   {0xB4, 0x017D}, {0xB8, 0x017E}, {0xBC, 0x0152},
                   {0xBD, 0x0153}, {0xBE, 0x0178}};

/* //TRANSLIT: U+00A0..U+017F; 0 is "no approximation" ('?'). */
static const char *const latin_ascii[] = {
    " ",  "!", "c",  "GBP", 0,    "JPY", "|",     0,       0,       "(C)", "a",
    "<<", "!", "-",  "(R)", 0,    0,     "+-",    "2",     "3",     "'",   "u",
    0,    ".", ",",  "1",   "o",  ">>",  " 1/4 ", " 1/2 ", " 3/4 ", 0,     "A",
    "A",  "A", "A",  "A",   "A",  "AE",  "C",     "E",     "E",     "E",   "E",
    "I",  "I", "I",  "I",   "D",  "N",   "O",     "O",     "O",     "O",   "O",
    "x",  "O", "U",  "U",   "U",  "U",   "Y",     "TH",    "ss",    "a",   "a",
    "a",  "a", "a",  "a",   "ae", "c",   "e",     "e",     "e",     "e",   "i",
    "i",  "i", "i",  "d",   "n",  "o",   "o",     "o",     "o",     "o",   "/",
    "o",  "u", "u",  "u",   "u",  "y",   "th",    "y",     "A",     "a",   "A",
    "a",  "A", "a",  "C",   "c",  "C",   "c",     "C",     "c",     "C",   "c",
    "D",  "d", "D",  "d",   "E",  "e",   "E",     "e",     "E",     "e",   "E",
    "e",  "E", "e",  "G",   "g",  "G",   "g",     "G",     "g",     "G",   "g",
    "H",  "h", "H",  "h",   "I",  "i",   "I",     "i",     "I",     "i",   "I",
    "i",  "I", "i",  "IJ",  "ij", "J",   "j",     "K",     "k",     "q",   "L",
    "l",  "L", "l",  "L",   "l",  "L",   "l",     "L",     "l",     "N",   "n",
    "N",  "n", "N",  "n",   "'n", "N",   "n",     "O",     "o",     "O",   "o",
    "O",  "o", "OE", "oe",  "R",  "r",   "R",     "r",     "R",     "r",   "S",
    "s",  "S", "s",  "S",   "s",  "S",   "s",     "T",     "t",     "T",   "t",
    "T",  "t", "U",  "u",   "U",  "u",   "U",     "u",     "U",     "u",   "U",
    "u",  "U", "u",  "W",   "w",  "Y",   "y",     "Y",     "Z",     "z",   "Z",
    "z",  "Z", "z",  "s",
};

static const struct {
  int32_t cp;
  const char *s;
} other_ascii[] = {
    {0x0192, "f"},   {0x02c6, "^"},    {0x02dc, "~"},  {0x2010, "-"},
    {0x2011, "-"},   {0x2012, "-"},    {0x2013, "-"},  {0x2014, "--"},
    {0x2015, "-"},   {0x2018, "'"},    {0x2019, "'"},  {0x201a, ","},
    {0x201b, "'"},   {0x201c, "\""},   {0x201d, "\""}, {0x201e, ",,"},
    {0x201f, "\""},  {0x2020, "+"},    {0x2022, "o"},  {0x2024, "."},
    {0x2025, ".."},  {0x2026, "..."},  {0x2039, "<"},  {0x203a, ">"},
    {0x20ac, "EUR"}, {0x2122, "(TM)"},
};

typedef struct iconv_run {
  bi_ctx *b;
  cs_id from, to;
  bool translit, ignore, omit; /* //TRANSLIT, //IGNORE, -c */
  /* per file: */
  bool in_started, in_le; /* BOM looked for; byte order of plain UTF-16/32 */
  bool out_started;       /* BOM written */
  bool skipped;           /* //IGNORE dropped something (glibc fails late) */
  uint64_t pos;           /* input bytes consumed in this file */
  vsh_buf out;
  const char *outfile; /* -o: opened at the first output, as glibc */
  bool out_failed;     /* ... and that failed (reported) */
  vfs_file *fh;        /* -o FILE, or */
  sh_stream *dst;      /* -o /dev/fd/N, or neither: stdout */
} iconv_run;

/* Upper-cases name[0..n) and looks it up; -1 when unknown. */
static int find_charset(const char *name, size_t n) {
  char up[32];
  if (n == 0) return CS_UTF8; /* "-t //TRANSLIT": the locale's, UTF-8 */
  if (n >= sizeof up) return -1;
  for (size_t i = 0; i < n; i++) up[i] = (char)toupper((unsigned char)name[i]);
  up[n] = 0;
  for (size_t i = 0; i < sizeof charsets / sizeof *charsets; i++)
    if (!strcmp(charsets[i].name, up)) return (int)charsets[i].id;
  return -1;
}

/* "NAME//TRANSLIT//IGNORE" (or "//TRANSLIT,IGNORE"): the charset and, for
 * the target, its error handling flags. */
static int parse_spec(iconv_run *r, const char *spec, bool target) {
  const char *sl = strstr(spec, "//");
  int id = find_charset(spec, sl ? (size_t)(sl - spec) : strlen(spec));
  if (id < 0 || !sl || !target) return id;
  for (const char *p = sl + 2; *p;) {
    size_t n = strcspn(p, "/,");
    if (n == 8 && !strncasecmp(p, "TRANSLIT", 8)) r->translit = true;
    if (n == 6 && !strncasecmp(p, "IGNORE", 6)) r->ignore = true;
    p += n;
    p += strspn(p, "/,");
  }
  return id;
}

static bool utf16_or_32(cs_id c, int *unit) {
  *unit = c >= CS_UTF32 ? 4 : c >= CS_UTF16 ? 2 : 1;
  return *unit > 1;
}

/* One UTF-16 or UTF-32 code unit of `unit` bytes. */
static uint32_t get_unit(const unsigned char *s, int unit, bool le) {
  uint32_t v = 0;
  for (int j = 0; j < unit; j++) v = v << 8 | s[le ? unit - 1 - j : j];
  return v;
}

/* Decodes one character at s[0..n).  Returns the bytes used (> 0) with
 * *cp set (-1 for a byte-order mark that yields nothing), 0 when the
 * sequence is cut short by the end of s, or -k for an illegal sequence
 * whose first k bytes -c skips. */
static int decode(iconv_run *r, const unsigned char *s, size_t n, int32_t *cp) {
  int unit;
  *cp = -1;
  if (utf16_or_32(r->from, &unit)) {
    if (n < (size_t)unit) return 0;
    bool plain = r->from == CS_UTF16 || r->from == CS_UTF32;
    bool le = plain ? r->in_le : r->from == CS_UTF16LE || r->from == CS_UTF32LE;
    /* read as LE first: a BOM then shows as FEFF, a BE one as FFFE */
    uint32_t v = get_unit(s, unit, le);
    if (plain && !r->in_started) {
      r->in_started = true;
      /* a BOM picks the byte order and is dropped; none means LE */
      uint32_t swapped = unit == 2 ? 0xFFFE : 0xFFFE0000u;
      if (v == 0xFEFF) return unit;
      if (v == swapped) {
        r->in_le = false;
        return unit;
      }
    }
    if (unit == 4) {
      if (v > 0x10FFFF || (v >= 0xD800 && v < 0xE000)) return -4;
      *cp = (int32_t)v;
      return 4;
    }
    if (v >= 0xDC00 && v < 0xE000) return -2;
    if (v < 0xD800 || v >= 0xE000) {
      *cp = (int32_t)v;
      return 2;
    }
    if (n < 4) return 0;
    uint32_t lo = get_unit(s + 2, 2, le);
    if (lo < 0xDC00 || lo >= 0xE000) return -2;
    *cp = (int32_t)(0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00));
    return 4;
  }
  unsigned c = s[0];
  switch (r->from) {
  case CS_ASCII:
    if (c > 0x7F) return -1;
    *cp = (int32_t)c;
    return 1;
  case CS_LATIN1: *cp = (int32_t)c; return 1;
  case CS_LATIN9:
    *cp = (int32_t)c;
    for (size_t i = 0; i < sizeof latin9_diff / sizeof *latin9_diff; i++)
      if (latin9_diff[i].byte == c) *cp = latin9_diff[i].cp;
    return 1;
  case CS_CP1252:
    *cp = c >= 0x80 && c < 0xA0 ? cp1252_hi[c - 0x80] : (int32_t)c;
    return *cp ? 1 : (*cp = -1, -1);
  default: break;
  }
  /* UTF-8, strictly: no overlong forms, surrogates or values > 10FFFF */
  if (c < 0x80) {
    *cp = (int32_t)c;
    return 1;
  }
  int len = c >= 0xC2 && c < 0xE0   ? 2
            : c >= 0xE0 && c < 0xF0 ? 3
            : c >= 0xF0 && c < 0xF5 ? 4
                                    : 0;
  if (!len) return -1;
  int32_t v = (int32_t)(c & (0x7F >> len));
  for (int i = 1; i < len; i++) {
    if ((size_t)i >= n) return 0;
    if ((s[i] & 0xC0) != 0x80) return -1;
    v = v << 6 | (s[i] & 0x3F);
    /* the second byte decides overlong/surrogate/too-big cases early */
    if (i == 1 && ((len == 3 && v < 0x20) || (len == 3 && v >= 0x360) ||
                   (len == 4 && (v < 0x10 || v >= 0x110))))
      return -1;
  }
  *cp = v;
  return len;
}

/* Appends cp in the target charset; false when it has no code for it. */
static bool encode(iconv_run *r, int32_t cp) {
  vsh_buf *o = &r->out;
  int unit;
  if (utf16_or_32(r->to, &unit)) {
    bool plain = r->to == CS_UTF16 || r->to == CS_UTF32;
    bool le = plain || r->to == CS_UTF16LE || r->to == CS_UTF32LE;
    uint32_t units[3];
    int k = 0;
    if (plain && !r->out_started) units[k++] = 0xFEFF;
    r->out_started = true;
    if (unit == 2 && cp >= 0x10000) {
      units[k++] = 0xD800 + ((uint32_t)(cp - 0x10000) >> 10);
      units[k++] = 0xDC00 + ((uint32_t)cp & 0x3FF);
    } else {
      units[k++] = (uint32_t)cp;
    }
    for (int i = 0; i < k; i++) {
      unsigned char by[4];
      for (int j = 0; j < unit; j++)
        by[le ? j : unit - 1 - j] = (unsigned char)(units[i] >> (8 * j));
      vsh__buf_append(o, by, (size_t)unit);
    }
    return true;
  }
  char ch;
  switch (r->to) {
  case CS_UTF8: {
    char u[4];
    vsh__buf_append(o, u, (size_t)vsh__utf8_encode(cp, u));
    return true;
  }
  case CS_ASCII:
    if (cp > 0x7F) return false;
    ch = (char)cp;
    break;
  case CS_LATIN1:
    if (cp > 0xFF) return false;
    ch = (char)cp;
    break;
  case CS_LATIN9:
  case CS_CP1252: {
    int hit = -1;
    if (r->to == CS_LATIN9) {
      for (size_t i = 0; i < sizeof latin9_diff / sizeof *latin9_diff; i++) {
        if (latin9_diff[i].cp == cp) hit = latin9_diff[i].byte;
        if (latin9_diff[i].byte == cp) return false; /* replaced in -15 */
      }
    } else {
      for (int i = 0; i < 32; i++)
        if (cp1252_hi[i] && cp1252_hi[i] == cp) hit = 0x80 + i;
      if (cp >= 0x80 && cp < 0xA0) return false;
    }
    if (hit < 0 && cp > 0xFF) return false;
    ch = (char)(hit >= 0 ? hit : cp);
    break;
  }
  default: return false;
  }
  vsh__buf_putc(o, ch);
  return true;
}

/* //TRANSLIT: an ASCII approximation, '?' when there is none. */
static bool transliterate(iconv_run *r, int32_t cp) {
  const char *s = NULL;
  if (cp >= 0xA0 && cp < 0x180) s = latin_ascii[cp - 0xA0];
  for (size_t i = 0; !s && i < sizeof other_ascii / sizeof *other_ascii; i++)
    if (other_ascii[i].cp == cp) s = other_ascii[i].s;
  size_t mark = r->out.len;
  for (s = s ? s : "?"; *s; s++)
    if (!encode(r, (unsigned char)*s)) {
      r->out.len = mark;
      return false;
    }
  return true;
}

static int open_output(iconv_run *r);

static int flush(iconv_run *r) {
  int rc;
  if (!r->out.len) return 0;
  if (r->outfile && (rc = open_output(r))) return rc;
  if (r->fh) {
    int64_t w = vfs_file_write(r->fh, r->out.data, r->out.len);
    rc = w < 0 ? (int)w : 0;
  } else if (r->dst) {
    rc = bi_write_to(r->b, r->dst, r->out.data, r->out.len);
  } else {
    rc = bi_write(r->b, r->out.data, r->out.len);
  }
  r->out.len = 0;
  return rc;
}

enum { ST_OK = 0, ST_ILLEGAL = 1, ST_INCOMPLETE = 2 };

/* Converts what it can of s[0..n); *used says how far it got.  At the
 * end of the input (eof) a cut-short sequence is an error. */
static int convert(iconv_run *r, const unsigned char *s, size_t n, bool eof,
                   size_t *used) {
  size_t i = 0;
  int st = ST_OK;
  while (i < n) {
    int32_t cp;
    int k = decode(r, s + i, n - i, &cp);
    if (k == 0) {
      if (eof) st = ST_INCOMPLETE;
      break;
    }
    if (k > 0 &&
        (cp < 0 || encode(r, cp) || (r->translit && transliterate(r, cp)))) {
      i += (size_t)k;
      continue;
    }
    if (!r->omit && !r->ignore) {
      st = ST_ILLEGAL;
      break;
    }
    r->skipped |= !r->omit;
    i += (size_t)(k < 0 ? -k : k);
  }
  r->pos += i;
  *used = i;
  return st;
}

/* Converts one input; 0, an exit status for a conversion error, or a
 * negative vsh_err (output or read failure). */
static int convert_stream(iconv_run *r, sh_stream *in) {
  unsigned char buf[16384 + 8];
  size_t keep = 0;
  int rc = 0;
  r->in_started = r->out_started = r->skipped = false;
  r->in_le = true;
  r->pos = 0;
  for (;;) {
    if (bi_cancelled(r->b)) return VSH_EABORTED;
    int64_t got = bi_read(r->b, in, buf + keep, sizeof buf - 8);
    if (got < 0) return (int)got;
    size_t n = keep + (size_t)got, used;
    int st = convert(r, buf, n, got == 0, &used);
    if ((rc = flush(r))) return rc;
    if (st == ST_ILLEGAL) {
      bi_err(r->b, "illegal input sequence at position %llu",
             (unsigned long long)r->pos);
      return 1;
    }
    if (st == ST_INCOMPLETE) {
      bi_err(r->b, "incomplete character or shift sequence at end of buffer");
      return 1;
    }
    if (got == 0) break;
    keep = n - used; /* an unfinished sequence: at most 3 bytes */
    memmove(buf, buf + used, keep);
  }
  if (r->skipped) {
    /* glibc's //IGNORE without -c still fails, at the end of the input */
    bi_err(r->b, "illegal input sequence at position %llu",
           (unsigned long long)r->pos);
    return 1;
  }
  return 0;
}

static int list_charsets(bi_ctx *b) {
  for (size_t i = 0; i < sizeof charsets / sizeof *charsets; i++)
    if (bi_printf(b, "%s//\n", charsets[i].name)) return 141;
  return 0;
}

static int open_output(iconv_run *r) {
  bi_ctx *b = r->b;
  const char *name = r->outfile;
  r->outfile = NULL;
  if (!strcmp(name, "-")) return 0;
  const char *p = bi_path(b, name);
  int rc = p ? vfs_open(b->fs, p, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                        bi_create_mode(b, 0666), &r->fh)
             : bi_path_error(name);
  if (rc) {
    bi_err(b, "cannot open output file: %s", vsh_strerror(rc));
    r->out_failed = true;
    return rc;
  }
  int fd = vfs_file_devfd(r->fh);
  if (fd >= 0) {
    vfs_file_close(r->fh);
    r->fh = NULL;
    r->dst = bi_fd(b, fd);
    if (!r->dst) {
      bi_err(b, "cannot open output file: %s", vsh_strerror(VSH_EBADF));
      r->out_failed = true;
      return VSH_EBADF;
    }
  }
  return 0;
}

static void unsupported(bi_ctx *b, const char *from, bool from_bad,
                        const char *to, bool to_bad) {
  if (from_bad && to_bad)
    bi_err(b, "conversions from `%s' and to `%s' are not supported", from, to);
  else if (from_bad) bi_err(b, "conversion from `%s' is not supported", from);
  else bi_err(b, "conversion to `%s' is not supported", to);
  bi_errline(b, "Try `iconv --help' or `iconv --usage' for more information.");
}

int bi_iconv_main(bi_ctx *b) {
  bi_opts g = {0};
  const char *from = "UTF-8", *to = "UTF-8", *outfile = NULL;
  bool list = false, omit = false;
  int c;
  while ((c = bi_opt(b, &g, &iconv_cmd)) != -1) {
    switch (c) {
    case 'f': from = g.arg; break;
    case 't': to = g.arg; break;
    case 'l': list = true; break;
    case 'c': omit = true; break;
    case 'o': outfile = g.arg; break;
    case 's':
    case OPT_VERBOSE: break;
    case 'h': return bi_cmd_help(b, &iconv_cmd);
    case 'V': return bi_cmd_version(b, &iconv_cmd);
    default: return g.status;
    }
  }
  if (list) return list_charsets(b);
  iconv_run r = {.b = b, .omit = omit, .outfile = outfile};
  int f = parse_spec(&r, from, false), t = parse_spec(&r, to, true);
  if (f < 0 || t < 0) {
    unsupported(b, from, f < 0, to, t < 0);
    return 1;
  }
  r.from = (cs_id)f;
  r.to = (cs_id)t;
  int st = 0, rc = 0;
  for (int k = 0; k < (g.noperands ? g.noperands : 1) && !rc; k++) {
    const char *name = g.noperands ? g.operands[k] : "-";
    sh_stream *in = NULL;
    int orc = bi_open_input(b, name, &in);
    if (orc) {
      bi_err(b, "cannot open input file `%s': %s", name, vsh_strerror(orc));
      st = 1;
      continue;
    }
    rc = convert_stream(&r, in);
    sh_stream_unref(in);
  }
  if (r.fh) vfs_file_close(r.fh);
  vsh_buf_dispose(&r.out);
  if (rc == VSH_EPIPE) return 141;
  if (rc < 0 && rc != VSH_EABORTED && !r.out_failed)
    bi_err(b, "conversion stopped due to problem in writing the output");
  return rc ? 1 : st;
}
