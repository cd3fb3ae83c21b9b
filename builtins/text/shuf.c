/* shuf.c: random permutations (GNU shuf: -e -i -n -r -o -z).  Randomness
 * comes from the filesystem's RNG (vfs_random_bytes), so a seeded shell
 * gives the same order every run.  Input is read whole, as GNU does
 * without -n; -i ranges are materialised (at most 2^24 values unless
 * -r, which draws without storing).  Draws follow GNU's, so
 * --random-source=FILE gives GNU's exact output. */
#include "builtins/builtins.h"

#include <stdio.h>
#include <string.h>

#define MAX_RANGE (1u << 24)

enum { OPT_RANDOM_SOURCE = BI_OPT_FIRST };

static const bi_option shuf_longopts[] = {
    {"echo", BI_ARG_NONE, 'e', NULL},
    {"input-range", BI_ARG_REQUIRED, 'i', NULL},
    {"head-count", BI_ARG_REQUIRED, 'n', NULL},
    {"output", BI_ARG_REQUIRED, 'o', NULL},
    {"repeat", BI_ARG_NONE, 'r', NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {"random-source", BI_ARG_REQUIRED, OPT_RANDOM_SOURCE, NULL},
    {0}};

static const bi_cmd shuf_cmd = {
    .name = "shuf",
    .usage = "Usage: shuf [OPTION]... [FILE]\n"
             "  or:  shuf -e [OPTION]... [ARG]...\n"
             "  or:  shuf -i LO-HI [OPTION]...\n",
    .about =
        "Write a random permutation of the input lines to standard output.\n"
        "\n"
        "With no FILE, or when FILE is -, read standard input.\n"
        "\n"
        "Mandatory arguments to long options are mandatory for short "
        "options too.\n"
        "  -e, --echo                treat each ARG as an input line\n"
        "  -i, --input-range=LO-HI   treat each number LO through HI as an "
        "input line\n"
        "  -n, --head-count=COUNT    output at most COUNT lines\n"
        "  -o, --output=FILE         write result to FILE instead of "
        "standard output\n"
        "  -r, --repeat              output lines can be repeated\n"
        "  -z, --zero-terminated     line delimiter is NUL, not newline\n"
        "      --help        display this help and exit\n"
        "      --version     output version information and exit\n",
    .shortopts = "ei:n:o:rz",
    .longopts = shuf_longopts,
};

/* Random numbers as GNU shuf draws them, so --random-source=FILE gives
 * GNU's output byte for byte: bytes are appended to a pending number
 * until its range covers the choices; an unusable top slice is retried
 * with the randomness it still holds, and what a draw leaves over is kept
 * for the next.  The bytes come from the file, else the filesystem's RNG
 * (seedable). */
typedef struct rng {
  bi_ctx *b;
  sh_stream *src; /* --random-source, or NULL */
  const char *src_name;
  unsigned char buf[4096];
  size_t pos, len;
  uint64_t num, max; /* pending randomness: num uniform in [0, max] */
  int err;           /* sticky: the source ended or failed */
} rng;

static void rng_bytes(rng *r, unsigned char *out, size_t n) {
  if (!r->src) {
    vfs_random_bytes(r->b->fs, out, n);
    return;
  }
  for (size_t k = 0; k < n; k++) {
    if (r->pos == r->len && !r->err) {
      int64_t got = bi_read(r->b, r->src, r->buf, sizeof r->buf);
      if (got <= 0) {
        r->err = got < 0 ? (int)got : VSH_EIO;
        if (got == 0)
          bi_err(r->b, BI_LQ "%s" BI_RQ ": end of file", r->src_name);
        else bi_err(r->b, "%s: %s", r->src_name, vsh_strerror((int)got));
      } else {
        r->pos = 0;
        r->len = (size_t)got;
      }
    }
    out[k] = r->err ? 0 : r->buf[r->pos++];
  }
}

/* Uniform in [0, g]. */
static uint64_t rng_genmax(rng *r, uint64_t g) {
  uint64_t num = r->num, max = r->max;
  for (;;) {
    if (max < g) {
      unsigned char b[sizeof num];
      size_t need = 0;
      for (uint64_t m = max; m < g; need++) m = (m << 8) + 0xff;
      rng_bytes(r, b, need);
      for (size_t i = 0; max < g; i++) {
        num = (num << 8) + b[i];
        max = (max << 8) + 0xff;
      }
    }
    if (max == g) {
      r->num = r->max = 0;
      return num;
    }
    uint64_t choices = g + 1, excess = max - g;
    uint64_t unusable = excess % choices, last = max - unusable;
    uint64_t reduced = num % choices;
    if (num <= last) {
      r->num = num / choices;
      r->max = excess / choices;
      return reduced;
    }
    num = reduced; /* retry, keeping what the miss still says */
    max = unusable - 1;
  }
}

/* Uniform in [0, n), n >= 1. */
static uint64_t rng_below(rng *r, uint64_t n) { return rng_genmax(r, n - 1); }

/* A permutation of a range too large to hold, sampled as GNU's sparse
 * one is: slot x holds x until a swap moves a value there, and only
 * moved slots are stored (open addressing, keys + 1 so 0 is free). */
typedef struct sparse {
  uint64_t *key, *val;
  size_t cap;
} sparse;

static size_t sparse_slot(const sparse *m, uint64_t k) {
  size_t h = (size_t)((k * 0x9e3779b97f4a7c15ull) >> 17) & (m->cap - 1);
  while (m->key[h] && m->key[h] != k + 1) h = (h + 1) & (m->cap - 1);
  return h;
}

static uint64_t sparse_get(const sparse *m, uint64_t k) {
  size_t h = sparse_slot(m, k);
  return m->key[h] ? m->val[h] : k;
}

static void sparse_put(sparse *m, uint64_t k, uint64_t v) {
  size_t h = sparse_slot(m, k);
  m->key[h] = k + 1;
  m->val[h] = v;
}

typedef struct sink {
  bi_ctx *b;
  vfs_file *file; /* -o */
  vsh_buf buf;
  int rc;
} sink;

static void sink_flush(sink *k) {
  if (!k->buf.len || k->rc) return;
  if (k->file) {
    int64_t w = vfs_file_write(k->file, k->buf.data, k->buf.len);
    if (w < 0) k->rc = (int)w;
  } else {
    k->rc = bi_write(k->b, k->buf.data, k->buf.len);
  }
  k->buf.len = 0;
}

static void sink_put(sink *k, const char *s, size_t n, char delim) {
  if (vsh__buf_append(&k->buf, s, n) || vsh__buf_putc(&k->buf, delim))
    k->rc = VSH_ENOMEM;
  if (k->buf.len >= 16384) sink_flush(k);
}

static bool parse_u64(const char *s, const char *end, uint64_t *out) {
  if (s == end) return false;
  uint64_t v = 0;
  for (; s < end; s++) {
    if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10) return false;
    v = v * 10 + (uint64_t)(*s - '0');
  }
  *out = v;
  return true;
}

/* -i LO-HI -n COUNT over a range too large to hold: a sparse
 * Fisher-Yates.  Returns the status (0 or 1), -1 when out of memory. */
static int draw_sparse(bi_ctx *b, sink *k, rng *rr, uint64_t count,
                       uint64_t span, uint64_t lo_v, char delim) {
  char num[24];
  int st = 0;
  /* two swaps per draw at most, so 4 * COUNT slots keep it sparse */
  sparse m = {0};
  m.cap = 16;
  while (m.cap < 4 * (size_t)count) m.cap *= 2;
  m.key = vsh__malloc(NULL, m.cap * sizeof *m.key);
  m.val = vsh__malloc(NULL, m.cap * sizeof *m.val);
  if (!m.key || !m.val) {
    vsh__free(NULL, m.key, m.cap * sizeof *m.key);
    vsh__free(NULL, m.val, m.cap * sizeof *m.val);
    return -1;
  }
  memset(m.key, 0, m.cap * sizeof *m.key);
  uint64_t n = span; /* 0: all 2^64 values */
  for (uint64_t i = 0; i < count && !k->rc && !rr->err; i++) {
    if ((i & 1023) == 0 && bi_charge(b, 1024)) {
      st = 1;
      break;
    }
    uint64_t left = n - i; /* wraps to 2^64 - i for the full range */
    uint64_t j = i + (left ? rng_below(rr, left) : rng_genmax(rr, UINT64_MAX));
    uint64_t vi = sparse_get(&m, i), vj = sparse_get(&m, j);
    sparse_put(&m, i, vj);
    sparse_put(&m, j, vi);
    int w = snprintf(num, sizeof num, "%llu", (unsigned long long)(lo_v + vj));
    sink_put(k, num, (size_t)w, delim);
  }
  vsh__free(NULL, m.key, m.cap * sizeof *m.key);
  vsh__free(NULL, m.val, m.cap * sizeof *m.val);
  return st;
}

/* Appends one line offset; false when out of memory. */
static bool push_off(size_t **off, size_t *n, size_t *cap, size_t v) {
  if (*n == *cap) {
    size_t nc = *cap ? 2 * *cap : 64;
    size_t *no =
        vsh__realloc(NULL, *off, *cap * sizeof **off, nc * sizeof **off);
    if (!no) return false;
    *off = no;
    *cap = nc;
  }
  (*off)[(*n)++] = v;
  return true;
}

/* The input lines (-e's operands, or the file's lines) as NUL-ended
 * strings in data at the offsets off[0..nlines).  0, 1 after a reported
 * error, -1 when out of memory. */
static int gather(bi_ctx *b, bool echo, char delim, const bi_opts *g,
                  vsh_buf *data, size_t **off, size_t *nlines, size_t *cap) {
  if (echo) {
    for (int i = 0; i < g->noperands; i++) {
      if (!push_off(off, nlines, cap, data->len)) return -1;
      if (vsh__buf_append(data, g->operands[i], strlen(g->operands[i]) + 1))
        return -1;
    }
    return 0;
  }
  const char *name = g->noperands ? g->operands[0] : "-";
  sh_stream *in = NULL;
  int rc = bi_open_input(b, name, &in);
  if (rc) {
    bi_err(b, "%s: %s", bi_quotef(b, name), vsh_strerror(rc));
    return 1;
  }
  char buf[16384];
  for (;;) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, buf, sizeof buf);
    if (r <= 0) {
      rc = (int)r;
      break;
    }
    if (vsh__buf_append(data, buf, (size_t)r)) {
      rc = VSH_ENOMEM;
      break;
    }
  }
  sh_stream_unref(in);
  if (rc) {
    if (rc != VSH_EABORTED)
      bi_err(b, "%s: %s", bi_quotef(b, name), vsh_strerror(rc));
    return 1;
  }
  if (data->len && data->data[data->len - 1] != delim &&
      vsh__buf_putc(data, delim))
    return -1;
  /* split in place: delimiters become NULs */
  for (size_t i = 0, s = 0; i < data->len; i++) {
    if (data->data[i] != delim) continue;
    if (!push_off(off, nlines, cap, s)) return -1;
    data->data[i] = '\0';
    s = i + 1;
  }
  return 0;
}

typedef struct shuf_opts {
  bool echo, range, repeat;
  uint64_t lo_v, hi_v, count;
  const char *outname, *srcname;
  char delim;
} shuf_opts;

/* Options and operand checks: -1 to go on, else the exit status. */
static int shuf_options(bi_ctx *b, bi_opts *g, shuf_opts *o) {
  int c;
  while ((c = bi_opt(b, g, &shuf_cmd)) != -1) {
    switch (c) {
    case 'e': o->echo = true; break;
    case 'i': {
      const char *dash = strchr(g->arg, '-');
      if (o->range) {
        bi_err(b, "multiple -i options specified");
        return 1;
      }
      if (!dash || !parse_u64(g->arg, dash, &o->lo_v) ||
          !parse_u64(dash + 1, dash + strlen(dash), &o->hi_v) ||
          (o->hi_v < UINT64_MAX && o->lo_v > o->hi_v + 1)) {
        bi_err(b, "invalid input range: " BI_LQ "%s" BI_RQ, g->arg);
        return 1;
      }
      o->range = true;
      break;
    }
    case 'n': {
      uint64_t v;
      if (!parse_u64(g->arg, g->arg + strlen(g->arg), &v)) {
        bi_err(b, "invalid line count: " BI_LQ "%s" BI_RQ, g->arg);
        return 1;
      }
      if (v < o->count) o->count = v;
      break;
    }
    case 'o':
      if (o->outname && strcmp(o->outname, g->arg)) {
        bi_err(b, "multiple output files specified");
        return 1;
      }
      o->outname = g->arg;
      break;
    case 'r': o->repeat = true; break;
    case 'z': o->delim = '\0'; break;
    case OPT_RANDOM_SOURCE:
      if (o->srcname && strcmp(o->srcname, g->arg)) {
        bi_err(b, "multiple random sources specified");
        return 1;
      }
      o->srcname = g->arg;
      break;
    default: return g->status;
    }
  }
  if (o->echo && o->range)
    return bi_usage_error(b, &shuf_cmd, "cannot combine -e and -i options");
  if ((o->range && g->noperands > 0) || (!o->echo && g->noperands > 1))
    return bi_usage_error(b, &shuf_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g->operands[o->range ? 0 : 1]);
  return -1;
}

/* The gathered lines: offsets of NUL-ended lines into data. */
typedef struct shuf_lines {
  vsh_buf data;
  size_t *off, n, cap;
} shuf_lines;

/* -r: count draws with replacement; the exit status. */
static int shuf_repeat(bi_ctx *b, const shuf_opts *so, sink *k, rng *rr,
                       uint64_t span, const shuf_lines *in) {
  char num[24];
  if (!so->range && in->n == 0) {
    bi_err(b, "no lines to repeat");
    return 1;
  }
  for (uint64_t i = 0; i < so->count && !k->rc && !rr->err; i++) {
    if ((i & 255) == 0 && bi_cancelled(b)) return 1;
    if (so->range) {
      uint64_t v = so->lo_v + (span ? rng_below(rr, span) : 0);
      if (!span) v = rng_genmax(rr, UINT64_MAX - 1) + 1;
      int n = snprintf(num, sizeof num, "%llu", (unsigned long long)v);
      sink_put(k, num, (size_t)n, so->delim);
    } else {
      const char *l = in->data.data + in->off[rng_below(rr, in->n)];
      sink_put(k, l, strlen(l), so->delim);
    }
  }
  return 0;
}

/* A permutation of the lines or of the range (its first count); the
 * exit status, or -1 when out of memory. */
static int shuf_permute(bi_ctx *b, const shuf_opts *so, sink *k, rng *rr,
                        uint64_t span, const shuf_lines *in) {
  char num[24];
  int st = 0;
  bool range = so->range;
  uint64_t count = so->count;
  size_t n = range ? (size_t)span : in->n;
  uint64_t *perm = n ? vsh__malloc(NULL, n * sizeof *perm) : NULL;
  if (n && !perm) return -1;
  for (size_t i = 0; i < n; i++) perm[i] = range ? so->lo_v + i : i;
  size_t want = count < n ? (size_t)count : n;
  if (!so->echo && !range && count != UINT64_MAX) {
    /* -n on input lines: GNU samples a reservoir of `count` lines as
     * it reads (a draw per line past the first `count`, and one more
     * when the input ends), then shuffles the reservoir whole */
    if (n >= count) {
      for (size_t i = want; i < n && !rr->err; i++) {
        uint64_t j = rng_below(rr, (uint64_t)i + 1);
        if (j < want) perm[j] = i;
      }
      rng_below(rr, (uint64_t)n + 1);
    }
    n = want;
  }
  /* partial Fisher-Yates: the first `want` slots are the sample */
  for (size_t i = 0; i < want && !k->rc && !rr->err; i++) {
    if ((i & 1023) == 0 && bi_cancelled(b)) {
      st = 1;
      break;
    }
    size_t j = i + (size_t)rng_below(rr, n - i);
    uint64_t t = perm[i];
    perm[i] = perm[j];
    perm[j] = t;
    if (range) {
      int w = snprintf(num, sizeof num, "%llu", (unsigned long long)perm[i]);
      sink_put(k, num, (size_t)w, so->delim);
    } else {
      const char *l = in->data.data + in->off[perm[i]];
      /* embedded NULs cannot occur in a line but a -z line may hold
       * newlines: strlen is exact because delimiters became NULs */
      sink_put(k, l, strlen(l), so->delim);
    }
  }
  vsh__free(NULL, perm, n * sizeof *perm);
  return st;
}

int bi_shuf_main(bi_ctx *b) {
  shuf_opts so = {.count = UINT64_MAX, .delim = '\n'};
  bi_opts g = {0};
  int ost = shuf_options(b, &g, &so);
  if (ost >= 0) return ost;
  bool range = so.range;
  uint64_t lo_v = so.lo_v, hi_v = so.hi_v, count = so.count;
  const char *outname = so.outname, *srcname = so.srcname;
  rng rr = {0};
  /* gather the lines (as offsets into one buffer) */
  shuf_lines in = {0};
  int st = 0, rc = 0;
  sink k = {.b = b};
  uint64_t span = range ? hi_v - lo_v + 1 : 0; /* 0 also when the full 2^64 */
  bool huge = range && !so.repeat && (span > MAX_RANGE || span == 0);
  if (huge && (count > MAX_RANGE || (span == 0 && hi_v < lo_v))) {
    bi_err(b, "memory exhausted");
    return 1;
  }
  if (count && (so.echo || !range)) {
    int r = gather(b, so.echo, so.delim, &g, &in.data, &in.off, &in.n, &in.cap);
    if (r < 0) goto oom;
    if (r) {
      st = 1;
      goto done;
    }
  }
  if (outname) {
    const char *p = bi_path(b, outname);
    rc = p ? vfs_open(b->fs, p, VFS_O_WRITE | VFS_O_CREAT | VFS_O_TRUNC,
                      bi_create_mode(b, 0666), &k.file)
           : bi_path_error(outname);
    if (rc) {
      bi_err(b, "%s: %s", outname, vsh_strerror(rc));
      st = 1;
      goto done;
    }
  }
  if (count == 0) goto done;
  rr.b = b;
  rr.src_name = srcname;
  if (srcname && (rc = bi_open_input(b, srcname, &rr.src))) {
    bi_err(b, "%s: %s", srcname, vsh_strerror(rc));
    st = 1;
    goto done;
  }
  if (so.repeat) st = shuf_repeat(b, &so, &k, &rr, span, &in);
  else if (huge) st = draw_sparse(b, &k, &rr, count, span, lo_v, so.delim);
  else st = shuf_permute(b, &so, &k, &rr, span, &in);
  if (st >= 0) goto done;
oom:
  bi_err(b, "memory exhausted");
  st = 1;
done:
  if (rr.err) { /* the random source ran out: GNU stops with nothing */
    k.buf.len = 0;
    st = 1;
  }
  if (rr.src) sh_stream_unref(rr.src);
  sink_flush(&k);
  if (k.rc == VSH_EPIPE) st = 141;
  else if (k.rc) {
    bi_err(b, "write error: %s", vsh_strerror(k.rc));
    st = 1;
  }
  if (k.file) vfs_file_close(k.file);
  vsh_buf_dispose(&k.buf);
  vsh_buf_dispose(&in.data);
  vsh__free(NULL, in.off, in.cap * sizeof *in.off);
  return st;
}
