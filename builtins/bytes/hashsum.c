/* hashsum.c: md5sum, sha1sum, sha224sum, sha256sum, sha384sum,
 * sha512sum, b2sum (-l BITS: a shorter BLAKE2b): print or check
 * digests (GNU formats: "HEX  NAME", "HEX *NAME" with -b, BSD "--tag"
 * lines; -c with OK/FAILED and the summary warnings).  Names holding a
 * backslash or newline are escaped and the line gets a leading '\'. */
#include "builtins/bytes/hash_algos.h"
#include "builtins/builtins.h"

#include <string.h>

typedef struct hs_opts {
  const ha_algo *algo;
  bool binary, tag, check, quiet, status, strict, warn, ignore_missing;
  bool zero;
} hs_opts;

static int digest_stream(bi_ctx *b, sh_stream *s, const ha_algo *a,
                         unsigned char *out) {
  ha_ctx c;
  ha_init(&c, a);
  char buf[65536];
  for (;;) {
    if (bi_cancelled(b)) return VSH_EABORTED;
    int64_t r = bi_read(b, s, buf, sizeof(buf));
    if (r < 0) return (int)r;
    if (r == 0) break;
    ha_update(&c, buf, (size_t)r);
  }
  ha_final(&c, out);
  return 0;
}

static int digest_file(bi_ctx *b, const char *name, const ha_algo *a,
                       unsigned char *out) {
  sh_stream *s;
  int rc = bi_open_input(b, name, &s);
  if (rc) return rc;
  rc = digest_stream(b, s, a, out);
  sh_stream_unref(s);
  return rc;
}

static void put_hex(vsh_buf *o, const unsigned char *d, size_t n) {
  static const char hx[] = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) {
    vsh__buf_putc(o, hx[d[i] >> 4]);
    vsh__buf_putc(o, hx[d[i] & 15]);
  }
}

static bool needs_escape(const char *s) {
  return strchr(s, '\\') || strchr(s, '\n');
}

static void put_name(vsh_buf *o, const char *s, bool esc) {
  for (; *s; s++) {
    if (esc && *s == '\\') vsh__buf_puts(o, "\\\\");
    else if (esc && *s == '\n') vsh__buf_puts(o, "\\n");
    else vsh__buf_putc(o, *s);
  }
}

static int print_sums(bi_ctx *b, const hs_opts *o, char **files, int n) {
  int st = 0;
  unsigned char d[64];
  for (int i = 0; i < n; i++) {
    if (bi_cancelled(b)) return 1;
    int rc = digest_file(b, files[i], o->algo, d);
    if (rc) {
      if (rc == VSH_EABORTED) return 1;
      bi_file_err(b, files[i], rc);
      st = 1;
      continue;
    }
    vsh_buf line = {0};
    bool esc = !o->zero && needs_escape(files[i]);
    if (esc) vsh__buf_putc(&line, '\\');
    if (o->tag) {
      vsh__buf_puts(&line, o->algo->tag);
      if (o->algo->var_len && o->algo->digest_len != 64)
        vsh__buf_printf(&line, "-%zu", o->algo->digest_len * 8);
      vsh__buf_puts(&line, " (");
      put_name(&line, files[i], esc);
      vsh__buf_puts(&line, ") = ");
      put_hex(&line, d, o->algo->digest_len);
    } else {
      put_hex(&line, d, o->algo->digest_len);
      vsh__buf_puts(&line, o->binary ? " *" : "  ");
      put_name(&line, files[i], esc);
    }
    vsh__buf_putc(&line, o->zero ? '\0' : '\n');
    rc = bi_write(b, line.data, line.len);
    vsh_buf_dispose(&line);
    if (rc) return bi_err_status(rc, 1);
  }
  return st;
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static bool parse_hex(const char *s, size_t n, unsigned char *out) {
  for (size_t i = 0; i < n; i++) {
    int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
    if (hi < 0 || lo < 0) return false;
    out[i] = (unsigned char)(hi << 4 | lo);
  }
  return true;
}

/* Splits one checksum line into digest and (unescaped, arena) name.
 * *bsd is GNU's "reversed" state for the list: -1 unknown, 1 once a line
 * had one space before its name ("HEX name"), 0 once a line had two (or
 * " *").  After a reversed line, a second space belongs to the name;
 * after a standard one, a reversed line is malformed. */
static bool parse_line(bi_ctx *b, const hs_opts *o, char *l, size_t n,
                       unsigned char *want, char **name, int *bsd,
                       ha_algo *la) {
  *la = *o->algo;
  bool esc = n && l[0] == '\\';
  if (esc) l++, n--;
  size_t tl = strlen(o->algo->tag);
  size_t bits = 0, hl = tl; /* "BLAKE2b-256 (": the length after the tag */
  if (o->algo->var_len && n > tl && !memcmp(l, o->algo->tag, tl) &&
      l[tl] == '-')
    for (hl = tl + 1; hl < n && l[hl] >= '0' && l[hl] <= '9'; hl++)
      bits = bits * 10 + (size_t)(l[hl] - '0');
  bool tagged = n > hl + 2 && !memcmp(l, o->algo->tag, tl) && l[hl] == ' ' &&
                l[hl + 1] == '(';
  if (o->algo->var_len && !tagged)
    bits = strspn(l, "0123456789abcdefABCDEF") * 4;
  if (o->algo->var_len && bits) {
    if (bits % 8 || bits > 512) return false;
    la->digest_len = bits / 8;
  }
  size_t dl = la->digest_len;
  tl = hl;
  const char *nm;
  size_t nmlen;
  if (tagged) {
    /* "TAG (name) = hex": the name ends at the last ") = " */
    if (n < tl + 2 + 4 + 2 * dl) return false;
    const char *hex = l + n - 2 * dl;
    if (memcmp(hex - 4, ") = ", 4)) return false;
    if (!parse_hex(hex, dl, want)) return false;
    nm = l + tl + 2;
    nmlen = (size_t)(hex - 4 - nm);
  } else {
    if (n < 2 * dl + 2 || !parse_hex(l, dl, want)) return false;
    if (l[2 * dl] != ' ') return false;
    char sep = l[2 * dl + 1];
    size_t at = 2 * dl + 1;
    if (n - at == 1 || (sep != ' ' && sep != '*')) {
      if (*bsd == 0) return false;
      *bsd = 1;
    } else if (*bsd != 1) { /* once reversed, the space is the name's */
      *bsd = 0;
      at++;
    }
    nm = l + at;
    nmlen = n - at;
  }
  if (!nmlen) return false;
  char *out = vsh__arena_alloc(b->arena, nmlen + 1);
  if (!out) return false;
  size_t k = 0;
  for (size_t i = 0; i < nmlen; i++) {
    if (esc && nm[i] == '\\' && i + 1 < nmlen) {
      i++;
      if (nm[i] == 'n') out[k++] = '\n';
      else if (nm[i] == '\\') out[k++] = '\\';
      else return false;
    } else {
      out[k++] = nm[i];
    }
  }
  out[k] = 0;
  *name = out;
  return true;
}

static void plural_warn(bi_ctx *b, uint64_t n, const char *one,
                        const char *many) {
  if (!n) return;
  bi_err(b, "WARNING: %llu %s", (unsigned long long)n, n == 1 ? one : many);
}

static int check_file(bi_ctx *b, const hs_opts *o, const char *list) {
  sh_stream *s;
  int rc = bi_open_input(b, list, &s);
  if (rc) {
    bi_file_err(b, list, rc);
    return 1;
  }
  bi_reader r;
  bi_reader_init(&r, b, s);
  uint64_t lineno = 0, bad_fmt = 0, unread = 0, mismatch = 0, good = 0;
  bool matched_any = false;
  int bsd = -1;
  const char *l;
  size_t n;
  int st = 0;
  while ((rc = bi_read_line(&r, '\n', &l, &n)) == 1) {
    lineno++;
    vsh_arena_mark m = vsh__arena_mark(b->arena);
    char *line = vsh__arena_strndup(b->arena, l, n);
    if (!line) {
      rc = VSH_ENOMEM;
      break;
    }
    if (n && line[n - 1] == '\n') line[--n] = 0;
    if (n && line[n - 1] == '\r') line[--n] = 0;
    if (n && line[0] == '#') {
      vsh__arena_pop(b->arena, m);
      continue;
    }
    unsigned char want[64], got[64];
    char *name;
    ha_algo la;
    if (!parse_line(b, o, line, n, want, &name, &bsd, &la)) {
      bad_fmt++;
      if (o->warn)
        bi_err(b, "%s: %llu: improperly formatted %s checksum line", list,
               (unsigned long long)lineno, o->algo->tag);
      vsh__arena_pop(b->arena, m);
      continue;
    }
    good++;
    int frc = digest_file(b, name, &la, got);
    vsh_buf out = {0};
    if (frc == VSH_EABORTED) {
      rc = frc;
      vsh__arena_pop(b->arena, m);
      break;
    }
    if (frc) {
      if (frc == VSH_ENOENT && o->ignore_missing) {
        vsh__arena_pop(b->arena, m);
        continue;
      }
      bi_file_err(b, name, frc);
      unread++;
      if (!o->status) vsh__buf_printf(&out, "%s: FAILED open or read\n", name);
    } else {
      matched_any = true;
      bool ok = !memcmp(want, got, la.digest_len);
      if (!ok) mismatch++;
      if (!o->status && (!ok || !o->quiet))
        vsh__buf_printf(&out, "%s: %s\n", name, ok ? "OK" : "FAILED");
    }
    int wrc = out.len ? bi_write(b, out.data, out.len) : 0;
    vsh_buf_dispose(&out);
    vsh__arena_pop(b->arena, m);
    if (wrc) {
      rc = wrc;
      break;
    }
  }
  bi_reader_dispose(&r);
  sh_stream_unref(s);
  if (rc < 0) {
    bi_file_err(b, list, rc);
    return bi_err_status(rc, 1);
  }
  if (!good) {
    bi_err(b, "%s: no properly formatted checksum lines found",
           strcmp(list, "-") ? list : "'standard input'");
    return 1;
  }
  if (!o->status) {
    plural_warn(b, bad_fmt, "line is improperly formatted",
                "lines are improperly formatted");
    plural_warn(b, unread, "listed file could not be read",
                "listed files could not be read");
    plural_warn(b, mismatch, "computed checksum did NOT match",
                "computed checksums did NOT match");
  }
  if (o->ignore_missing && !matched_any && !unread && !mismatch) {
    bi_err(b, "%s: no file was verified",
           bi_quote_as(b, strcmp(list, "-") ? list : "standard input",
                       BI_QS_SHELL, false));
    st = 1;
  }
  if (unread || mismatch || (o->strict && bad_fmt)) st = 1;
  return st;
}

enum {
  OPT_TAG = BI_OPT_FIRST,
  OPT_QUIET,
  OPT_STATUS,
  OPT_STRICT,
  OPT_IGNORE_MISSING
};

static const bi_option hashsum_options[] = {
    {"binary", BI_ARG_NONE, 'b', NULL},
    {"check", BI_ARG_NONE, 'c', NULL},
    {"tag", BI_ARG_NONE, OPT_TAG, NULL},
    {"text", BI_ARG_NONE, 't', NULL},
    {"zero", BI_ARG_NONE, 'z', NULL},
    {"quiet", BI_ARG_NONE, OPT_QUIET, NULL},
    {"status", BI_ARG_NONE, OPT_STATUS, NULL},
    {"strict", BI_ARG_NONE, OPT_STRICT, NULL},
    {"warn", BI_ARG_NONE, 'w', NULL},
    {"ignore-missing", BI_ARG_NONE, OPT_IGNORE_MISSING, NULL},
    {0}};

/* One declaration per algorithm: the name and the tag are in the help. */
#define HASHSUM_CMD(NAME, TAG)                                                 \
  {                                                                            \
    .name = NAME, .usage = "Usage: " NAME " [OPTION]... [FILE]...\n",          \
    .about =                                                                   \
        "Print or check " TAG " checksums.\n\n"                                \
        "With no FILE, or when FILE is -, read standard input.\n"              \
        "  -b, --binary         read in binary mode\n"                         \
        "  -c, --check          read checksums from the FILEs and check "      \
        "them\n"                                                               \
        "      --tag            create a BSD-style checksum\n"                 \
        "  -t, --text           read in text mode (default)\n"                 \
        "  -z, --zero           end each output line with NUL, not "           \
        "newline\n\n"                                                          \
        "The following five options are useful only when verifying "           \
        "checksums:\n"                                                         \
        "      --ignore-missing  don't fail or report status for missing "     \
        "files\n"                                                              \
        "      --quiet          don't print OK for each successfully "         \
        "verified file\n"                                                      \
        "      --status         don't output anything, status code shows "     \
        "success\n"                                                            \
        "      --strict         exit non-zero for improperly formatted "       \
        "checksum lines\n"                                                     \
        "  -w, --warn           warn about improperly formatted checksum "     \
        "lines\n\n"                                                            \
        "      --help        display this help and exit\n"                     \
        "      --version     output version information and exit\n",           \
    .shortopts = "bctzw", .longopts = hashsum_options,                         \
  }
static const bi_cmd md5sum_cmd = HASHSUM_CMD("md5sum", "MD5");
static const bi_cmd sha1sum_cmd = HASHSUM_CMD("sha1sum", "SHA1");
static const bi_cmd sha256sum_cmd = HASHSUM_CMD("sha256sum", "SHA256");
static const bi_cmd sha512sum_cmd = HASHSUM_CMD("sha512sum", "SHA512");
static const bi_cmd sha224sum_cmd = HASHSUM_CMD("sha224sum", "SHA224");
static const bi_cmd sha384sum_cmd = HASHSUM_CMD("sha384sum", "SHA384");

static const bi_option b2sum_options[] = {
    {"binary", BI_ARG_NONE, 'b', NULL},
    {"check", BI_ARG_NONE, 'c', NULL},
    {"length", BI_ARG_REQUIRED, 'l', NULL},
    {"tag", BI_ARG_NONE, OPT_TAG, NULL},
    {"text", BI_ARG_NONE, 't', NULL},
    {"zero", BI_ARG_NONE, 'z', NULL},
    {"quiet", BI_ARG_NONE, OPT_QUIET, NULL},
    {"status", BI_ARG_NONE, OPT_STATUS, NULL},
    {"strict", BI_ARG_NONE, OPT_STRICT, NULL},
    {"warn", BI_ARG_NONE, 'w', NULL},
    {"ignore-missing", BI_ARG_NONE, OPT_IGNORE_MISSING, NULL},
    {0}};

static const bi_cmd b2sum_cmd = {
    .name = "b2sum",
    .usage = "Usage: b2sum [OPTION]... [FILE]...\n",
    .about =
        "Print or check BLAKE2b (512-bit) checksums.\n\n"
        "With no FILE, or when FILE is -, read standard input.\n\n"
        "Mandatory arguments to long options are mandatory for short options "
        "too.\n"
        "  -b, --binary          read in binary mode\n"
        "  -c, --check           read checksums from the FILEs and check "
        "them\n"
        "  -l, --length=BITS     digest length in bits; must not exceed the "
        "max for\n"
        "                          the blake2 algorithm and must be a "
        "multiple of 8\n"
        "      --tag             create a BSD-style checksum\n"
        "  -t, --text            read in text mode (default)\n"
        "  -z, --zero            end each output line with NUL, not "
        "newline,\n"
        "                          and disable file name escaping\n\n"
        "The following five options are useful only when verifying "
        "checksums:\n"
        "      --ignore-missing  don't fail or report status for missing "
        "files\n"
        "      --quiet           don't print OK for each successfully "
        "verified file\n"
        "      --status          don't output anything, status code shows "
        "success\n"
        "      --strict          exit non-zero for improperly formatted "
        "checksum lines\n"
        "  -w, --warn            warn about improperly formatted checksum "
        "lines\n\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "bcl:tzw",
    .longopts = b2sum_options,
};

/* -l BITS: a multiple of 8 up to the algorithm's size; 0 is the whole. */
static bool set_length(bi_ctx *b, ha_algo *la, const char *arg) {
  char *end;
  unsigned long long v = strtoull(arg, &end, 10);
  if (!*arg || *end || *arg == '-' || v % 8 || v > 8 * la->digest_len) {
    bi_err(b, "invalid length: " BI_LQ "%s" BI_RQ, arg);
    if (*arg && !*end && *arg != '-' && v % 8)
      bi_err(b, "length is not a multiple of 8");
    else if (*arg && !*end && *arg != '-')
      bi_err(b, "maximum digest length for " BI_LQ "%s" BI_RQ " is %zu bits",
             la->tag, 8 * la->digest_len);
    return false;
  }
  if (v) la->digest_len = (size_t)(v / 8);
  return true;
}

static int hashsum_main(bi_ctx *b, const ha_algo *a, const bi_cmd *cmd) {
  ha_algo la = *a;
  hs_opts o = {.algo = &la};
  bi_opts g = {0};
  int c;
  while ((c = bi_opt(b, &g, cmd)) != -1) {
    switch (c) {
    case 'l':
      la.digest_len = a->digest_len;
      if (!set_length(b, &la, g.arg)) return 1;
      break;
    case 'b': o.binary = true; break;
    case 't': o.binary = false; break;
    case 'c': o.check = true; break;
    case 'z': o.zero = true; break;
    case 'w': o.warn = true; break;
    case OPT_TAG: o.tag = true; break;
    case OPT_QUIET: o.quiet = true; break;
    case OPT_STATUS: o.status = true; break;
    case OPT_STRICT: o.strict = true; break;
    case OPT_IGNORE_MISSING: o.ignore_missing = true; break;
    default: return g.status;
    }
  }
  if (o.tag && o.check)
    return bi_usage_error(
        b, cmd, "the --tag option is meaningless when verifying checksums");
  char *dash = "-";
  char **files = g.noperands ? g.operands : &dash;
  int n = g.noperands ? g.noperands : 1;
  if (!o.check) return print_sums(b, &o, files, n);
  int st = 0;
  for (int i = 0; i < n; i++) {
    int r = check_file(b, &o, files[i]);
    if (r == 141) return r;
    if (r) st = 1;
  }
  return st;
}

int bi_md5sum_main(bi_ctx *b) { return hashsum_main(b, &ha_md5, &md5sum_cmd); }
int bi_sha1sum_main(bi_ctx *b) {
  return hashsum_main(b, &ha_sha1, &sha1sum_cmd);
}
int bi_sha256sum_main(bi_ctx *b) {
  return hashsum_main(b, &ha_sha256, &sha256sum_cmd);
}
int bi_sha224sum_main(bi_ctx *b) {
  return hashsum_main(b, &ha_sha224, &sha224sum_cmd);
}
int bi_sha384sum_main(bi_ctx *b) {
  return hashsum_main(b, &ha_sha384, &sha384sum_cmd);
}
int bi_b2sum_main(bi_ctx *b) {
  return hashsum_main(b, &ha_blake2b, &b2sum_cmd);
}
int bi_sha512sum_main(bi_ctx *b) {
  return hashsum_main(b, &ha_sha512, &sha512sum_cmd);
}
