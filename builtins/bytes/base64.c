/* base64.c: base64 encode/decode (RFC 4648), GNU flags -d -i -w COLS.
 * Streams in chunks: encoding keeps the output column across chunks,
 * decoding keeps a partial quantum.  Newlines are always skipped when
 * decoding; -i skips every other non-alphabet byte too. */
#include "builtins/builtins.h"

#include <string.h>

static const char b64_alpha[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static const bi_option b64_longopts[] = {
    {"decode", BI_ARG_NONE, 'd', "decode data"},
    {"ignore-garbage", BI_ARG_NONE, 'i',
     "when decoding, ignore non-alphabet characters"},
    {"wrap", BI_ARG_REQUIRED, 'w',
     "=COLS wrap encoded lines after COLS character (default 76).\n"
     "  Use 0 to disable line wrapping"},
    {0}};

static const bi_cmd b64_cmd = {
    .name = "base64",
    .usage = "Usage: base64 [OPTION]... [FILE]\n",
    .about = "Base64 encode or decode FILE, or standard input, to standard "
             "output.\n\nWith no FILE, or when FILE is -, read standard "
             "input.\n\nMandatory arguments to long options are mandatory "
             "for short options too.\n",
    .shortopts = "diw:",
    .longopts = b64_longopts,
    .help_col = 24,
};

typedef struct b64_enc {
  unsigned char carry[3];
  int ncarry;
  uint64_t col, wrap;
  bool any;
} b64_enc;

static void enc_quad(vsh_buf *o, b64_enc *e, const unsigned char *s, int n) {
  char q[4];
  unsigned v = (unsigned)s[0] << 16 | (n > 1 ? (unsigned)s[1] << 8 : 0) |
               (n > 2 ? s[2] : 0);
  q[0] = b64_alpha[v >> 18 & 63];
  q[1] = b64_alpha[v >> 12 & 63];
  q[2] = n > 1 ? b64_alpha[v >> 6 & 63] : '=';
  q[3] = n > 2 ? b64_alpha[v & 63] : '=';
  for (int i = 0; i < 4; i++) {
    if (e->wrap && e->col == e->wrap) {
      vsh__buf_putc(o, '\n');
      e->col = 0;
    }
    vsh__buf_putc(o, q[i]);
    e->col++;
  }
  e->any = true;
}

static int encode(bi_ctx *b, sh_stream *in, uint64_t wrap) {
  b64_enc e = {.wrap = wrap};
  unsigned char buf[3 * 16384];
  vsh_buf o = {0};
  int rc = 0;
  for (;;) {
    int64_t r = bi_read_full(b, in, buf, sizeof(buf));
    if (r < 0) {
      rc = (int)r;
      break;
    }
    size_t i = 0;
    for (; i + 3 <= (size_t)r; i += 3) enc_quad(&o, &e, buf + i, 3);
    if (i < (size_t)r) enc_quad(&o, &e, buf + i, (int)((size_t)r - i));
    if ((size_t)r < sizeof(buf) && e.any && e.wrap) vsh__buf_putc(&o, '\n');
    if (o.len && (rc = bi_write(b, o.data, o.len))) break;
    vsh__buf_clear(&o);
    if ((size_t)r < sizeof(buf)) break;
  }
  vsh_buf_dispose(&o);
  return rc;
}

static int b64_val(unsigned char c) {
  const char *p = c ? strchr(b64_alpha, c) : NULL;
  return p ? (int)(p - b64_alpha) : -1;
}

/* Returns 0, 1 for invalid input, or a negative vsh_err. */
static int decode(bi_ctx *b, sh_stream *in, bool ignore) {
  char q[4];
  int nq = 0;
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
      if (c != '=' && b64_val(c) < 0) {
        if (ignore) continue;
        bad = true;
        break;
      }
      /* '=' only pads the last one or two places of a quantum */
      if (c == '=' ? nq < 2 : (nq == 3 && q[2] == '=')) {
        bad = true;
        break;
      }
      q[nq++] = (char)c;
      if (nq < 4) continue;
      unsigned v = (unsigned)b64_val((unsigned char)q[0]) << 18 |
                   (unsigned)b64_val((unsigned char)q[1]) << 12;
      if (q[2] != '=') v |= (unsigned)b64_val((unsigned char)q[2]) << 6;
      if (q[3] != '=') v |= (unsigned)b64_val((unsigned char)q[3]);
      vsh__buf_putc(&o, (char)(v >> 16));
      if (q[2] != '=') vsh__buf_putc(&o, (char)(v >> 8 & 255));
      if (q[3] != '=') vsh__buf_putc(&o, (char)(v & 255));
      nq = 0;
    }
    if (o.len && (rc = bi_write(b, o.data, o.len))) break;
    vsh__buf_clear(&o);
  }
  if (!rc && nq) {
    /* a truncated quantum still yields its whole bytes, then fails */
    int k = 0;
    while (k < nq && q[k] != '=') k++;
    if (k >= 2) {
      unsigned v = (unsigned)b64_val((unsigned char)q[0]) << 18 |
                   (unsigned)b64_val((unsigned char)q[1]) << 12;
      if (k == 3) v |= (unsigned)b64_val((unsigned char)q[2]) << 6;
      char out[2] = {(char)(v >> 16), (char)(v >> 8 & 255)};
      rc = bi_write(b, out, (size_t)k - 1);
    }
    bad = true;
  }
  vsh_buf_dispose(&o);
  if (rc) return rc;
  return bad ? 1 : 0;
}

int bi_base64_main(bi_ctx *b) {
  bi_opts g = {0};
  bool dec = false, ignore = false;
  uint64_t wrap = 76;
  int c;
  while ((c = bi_opt(b, &g, &b64_cmd)) != -1) {
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
    return bi_usage_error(b, &b64_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g.operands[1]);
  const char *f = g.noperands ? g.operands[0] : "-";
  sh_stream *in;
  int rc = bi_open_input(b, f, &in);
  if (rc) {
    bi_file_err(b, f, rc);
    return 1;
  }
  rc = dec ? decode(b, in, ignore) : encode(b, in, wrap);
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
