/* base64.c: base64 and base32 encode/decode (RFC 4648), GNU flags -d -i
 * -w COLS.  One codec for both: a group of 3 (5) bytes is 4 (8) letters of
 * 6 (5) bits, '=' pads the last group.  Streams in chunks: encoding keeps
 * the output column across chunks, decoding keeps a partial quantum.
 * Newlines are always skipped when decoding; -i skips every other
 * non-alphabet byte too. */
#include "builtins/builtins.h"

#include <string.h>

typedef struct b64_codec {
  const char *alpha;
  int in, out, bits; /* bytes per group, letters per group, bits a letter */
  bool partial;      /* a truncated last quantum yields its whole bytes */
} b64_codec;

static const b64_codec base64_codec = {
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", 3, 4, 6,
    true};
static const b64_codec base32_codec = {"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 5, 8,
                                       5, false};

static const bi_option b64_longopts[] = {
    {"decode", BI_ARG_NONE, 'd', "decode data"},
    {"ignore-garbage", BI_ARG_NONE, 'i',
     "when decoding, ignore non-alphabet characters"},
    {"wrap", BI_ARG_REQUIRED, 'w',
     "=COLS wrap encoded lines after COLS character (default 76).\n"
     "  Use 0 to disable line wrapping"},
    {0}};

#define B64_CMD(NAME, WHAT)                                                    \
  {                                                                            \
    .name = NAME, .usage = "Usage: " NAME " [OPTION]... [FILE]\n",             \
    .about = WHAT " encode or decode FILE, or standard input, to standard "    \
                  "output.\n\nWith no FILE, or when FILE is -, read standard " \
                  "input.\n\nMandatory arguments to long options are "         \
                  "mandatory for short options too.\n",                        \
    .shortopts = "diw:", .longopts = b64_longopts, .help_col = 24,             \
  }
static const bi_cmd b64_cmd = B64_CMD("base64", "Base64");
static const bi_cmd b32_cmd = B64_CMD("base32", "Base32");

typedef struct b64_enc {
  const b64_codec *k;
  uint64_t col, wrap;
  bool any;
} b64_enc;

/* n (1..k->in) bytes as one padded group of letters. */
static void enc_group(vsh_buf *o, b64_enc *e, const unsigned char *s, int n) {
  const b64_codec *k = e->k;
  uint64_t v = 0;
  for (int i = 0; i < k->in; i++) v = v << 8 | (i < n ? s[i] : 0);
  int used = (n * 8 + k->bits - 1) / k->bits;
  for (int i = 0; i < k->out; i++) {
    if (e->wrap && e->col == e->wrap) {
      vsh__buf_putc(o, '\n');
      e->col = 0;
    }
    int shift = k->bits * (k->out - 1 - i);
    vsh__buf_putc(o, i < used ? k->alpha[v >> shift & ((1u << k->bits) - 1)]
                              : '=');
    e->col++;
  }
  e->any = true;
}

static int encode(bi_ctx *b, sh_stream *in, const b64_codec *k, uint64_t wrap) {
  b64_enc e = {.k = k, .wrap = wrap};
  unsigned char buf[15 * 4096]; /* whole groups of 3 and of 5 */
  vsh_buf o = {0};
  int rc = 0;
  for (;;) {
    int64_t r = bi_read_full(b, in, buf, sizeof(buf));
    if (r < 0) {
      rc = (int)r;
      break;
    }
    size_t i = 0, g = (size_t)k->in;
    for (; i + g <= (size_t)r; i += g) enc_group(&o, &e, buf + i, k->in);
    if (i < (size_t)r) enc_group(&o, &e, buf + i, (int)((size_t)r - i));
    if ((size_t)r < sizeof(buf) && e.any && e.wrap) vsh__buf_putc(&o, '\n');
    if (o.len && (rc = bi_write(b, o.data, o.len))) break;
    vsh__buf_clear(&o);
    if ((size_t)r < sizeof(buf)) break;
  }
  vsh_buf_dispose(&o);
  return rc;
}

static int letter_val(const b64_codec *k, unsigned char c) {
  const char *p = c ? strchr(k->alpha, c) : NULL;
  return p ? (int)(p - k->alpha) : -1;
}

/* The bytes of a quantum's first n letters (the rest is padding). */
static void dec_group(vsh_buf *o, const b64_codec *k, const char *q, int n) {
  uint64_t v = 0;
  for (int i = 0; i < k->out; i++)
    v = v << k->bits |
        (i < n ? (uint64_t)letter_val(k, (unsigned char)q[i]) : 0);
  int bytes = n * k->bits / 8;
  for (int i = 0; i < bytes; i++)
    vsh__buf_putc(o, (char)(v >> (8 * (k->in - 1 - i)) & 255));
}

/* Letters before the padding that make whole bytes with nothing left:
 * 2, 3 or 4 for base64; 2, 4, 5, 7 or 8 for base32. */
static bool whole(const b64_codec *k, int n) {
  int bytes = n * k->bits / 8;
  return bytes && (bytes * 8 + k->bits - 1) / k->bits == n;
}

/* base32 decodes a quantum holding a bad letter only once it has all its
 * places: need more bytes other than newlines from p on. */
static bool filled(const char *p, int64_t n, int need) {
  for (int64_t i = 0; i < n && need > 0; i++)
    if (p[i] != '\n') need--;
  return need <= 0;
}

/* Returns 0, 1 for invalid input, or a negative vsh_err. */
static int decode(bi_ctx *b, sh_stream *in, const b64_codec *k, bool ignore) {
  char q[8];
  int nq = 0, nlet = 0; /* letters in the quantum, and before any '=' */
  bool bad = false;
  char buf[65536];
  vsh_buf o = {0};
  int rc = 0;
  while (!bad) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, buf, sizeof(buf));
    if (r < 0) {
      rc = (int)r;
      break;
    }
    if (r == 0) break;
    for (int64_t i = 0; i < r && !bad; i++) {
      unsigned char c = (unsigned char)buf[i];
      if (c == '\n') continue;
      if (c != '=' && letter_val(k, c) < 0 && ignore) continue;
      /* '=' only pads the end of a quantum, after whole bytes */
      if (letter_val(k, c) < 0 && c != '='
              ? true
              : (c == '=' ? (nq == nlet && !whole(k, nlet)) : nq > nlet)) {
        bad = true;
        if (!k->partial) {
          if (filled(buf + i, r - i, k->out - nq)) dec_group(&o, k, q, nlet);
          nq = 0;
        }
        break;
      }
      q[nq++] = (char)c;
      if (c != '=') nlet++;
      if (nq < k->out) continue;
      dec_group(&o, k, q, nlet);
      nq = nlet = 0;
    }
    if (o.len && (rc = bi_write(b, o.data, o.len))) break;
    vsh__buf_clear(&o);
  }
  if (!rc && nq) {
    /* a truncated quantum fails (base64 first yields its whole bytes) */
    if (k->partial) dec_group(&o, k, q, nlet);
    if (o.len) rc = bi_write(b, o.data, o.len);
    bad = true;
  }
  vsh_buf_dispose(&o);
  if (rc) return rc;
  return bad ? 1 : 0;
}

static int codec_main(bi_ctx *b, const bi_cmd *cmd, const b64_codec *k) {

  bi_opts g = {0};
  bool dec = false, ignore = false;
  uint64_t wrap = 76;
  int c;
  while ((c = bi_opt(b, &g, cmd)) != -1) {
    switch (c) {
    case 'd': dec = true; break;
    case 'i': ignore = true; break;
    case 'w': {
      char *end;
      const char *a = g.arg;
      unsigned long long v = strtoull(a, &end, 10);
      if (!*a || *end || *a == '-') {
        bi_err(b, "invalid wrap size: " BI_LQ "%s" BI_RQ, a);
        return 1;
      }
      wrap = v;
      break;
    }
    default: return g.status;
    }
  }
  if (g.noperands > 1)
    return bi_usage_error(b, cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[1]);
  const char *f = g.noperands ? g.operands[0] : "-";
  sh_stream *in;
  int rc = bi_open_input(b, f, &in);
  if (rc) {
    bi_file_err(b, f, rc);
    return 1;
  }
  rc = dec ? decode(b, in, k, ignore) : encode(b, in, k, wrap);
  sh_stream_unref(in);
  if (rc == 1) {
    bi_err(b, "invalid input");
    return 1;
  }
  if (rc < 0) {
    bi_file_err(b, f, rc);
    return bi_err_status(rc, 1);
  }
  return 0;
}

int bi_base64_main(bi_ctx *b) { return codec_main(b, &b64_cmd, &base64_codec); }
int bi_base32_main(bi_ctx *b) { return codec_main(b, &b32_cmd, &base32_codec); }
