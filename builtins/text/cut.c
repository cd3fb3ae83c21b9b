/* cut.c: select bytes, characters or fields of each line.  GNU flags -b
 * -c -f LIST, -d, -s, -n (ignored), --complement, --output-delimiter, -z.
 * Deviation: -c counts UTF-8 characters (GNU's -c is -b); an invalid
 * byte counts as one character.  Streams line by line. */
#include "builtins/builtins.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

typedef struct cut_range {
  uint64_t lo, hi; /* 1-based, inclusive; hi UINT64_MAX: to the end */
} cut_range;

typedef struct cut_opts {
  cut_range *r;
  size_t nr;
  int mode; /* 'b', 'c', 'f' */
  char delim, end;
  bool only_delimited, complement;
  const char *outdelim; /* NULL: the input delimiter (fields) or none */
  size_t outdelim_len;
} cut_opts;

static bool selected(const cut_opts *o, uint64_t i) {
  bool in = false;
  for (size_t k = 0; k < o->nr && !in; k++)
    in = i >= o->r[k].lo && i <= o->r[k].hi;
  return in != o->complement;
}

/* Is position i the start of a new selected run (for the output
 * delimiter between byte/char ranges)? */
static int cmp_range(const void *a, const void *b) {
  const cut_range *x = a, *y = b;
  return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static bool add_range(cut_opts *o, uint64_t lo, uint64_t hi) {
  cut_range *nr = realloc(o->r, (o->nr + 1) * sizeof(*nr));
  if (!nr) return false;
  o->r = nr;
  o->r[o->nr++] = (cut_range){lo, hi};
  return true;
}

/* LIST, read as GNU's set_fields does (so its messages come for the
 * same lists): N, N-, N-M, -M, separated by commas or blanks. */
static bool parse_list(bi_ctx *b, const char *s, cut_opts *o) {
  bool pos = o->mode != 'f';
  const char *from1 = pos ? "byte/character positions are numbered from 1"
                          : "fields are numbered from 1";
  bool lhs = false, rhs = false, dash = false, in_digits = false;
  uint64_t initial = 1, value = 0;
  const char *num_start = s;
  for (const char *p = s;; p++) {
    if (*p == '-') {
      in_digits = false;
      if (dash) {
        bi_err(b, "%s",
               pos ? "invalid byte or character range" : "invalid field range");
        return false;
      }
      dash = true;
      if (lhs && !value) {
        bi_err(b, "%s", from1);
        return false;
      }
      initial = lhs ? value : 1;
      value = 0;
    } else if (*p == ',' || *p == ' ' || *p == '\t' || !*p) {
      in_digits = false;
      if (dash) {
        dash = false;
        if (!lhs && !rhs) {
          bi_err(b, "invalid range with no endpoint: -");
          return false;
        }
        if (rhs && value < initial) {
          bi_err(b, "invalid decreasing range");
          return false;
        }
        if (!add_range(o, initial, rhs ? value : UINT64_MAX)) return false;
      } else {
        if (!value) {
          bi_err(b, "%s", from1);
          return false;
        }
        if (!add_range(o, value, value)) return false;
      }
      value = 0;
      lhs = rhs = false;
      if (!*p) break;
    } else if (isdigit((unsigned char)*p)) {
      if (!in_digits) num_start = p;
      in_digits = true;
      *(dash ? &rhs : &lhs) = true;
      if (value > (UINT64_MAX - 1 - (uint64_t)(*p - '0')) / 10) {
        bi_err(
            b, "%s %s is too large",
            pos ? "byte/character offset" : "field number",
            bi_cquote(b, vsh__arena_strndup(b->arena, num_start,
                                            strspn(num_start, "0123456789"))));
        return false;
      }
      value = value * 10 + (uint64_t)(*p - '0');
    } else {
      bi_err(b, "invalid %s %s",
             pos ? "byte/character position" : "field value", bi_cquote(b, p));
      return false;
    }
  }
  qsort(o->r, o->nr, sizeof(*o->r), cmp_range);
  return true;
}

/* Bytes or characters: units are bytes, or UTF-8 sequences for -c. */
static void cut_units(const cut_opts *o, const char *p, size_t n,
                      vsh_buf *out) {
  uint64_t idx = 0;
  bool prev_sel = false, any = false;
  size_t i = 0;
  while (i < n) {
    size_t len = 1;
    if (o->mode == 'c' && (unsigned char)p[i] >= 0x80) {
      int32_t cp;
      len = (size_t)vsh__utf8_decode(p + i, n - i, &cp);
      if (!len) len = 1;
    }
    idx++;
    bool sel = selected(o, idx);
    if (sel) {
      if (!prev_sel && any && o->outdelim)
        vsh__buf_append(out, o->outdelim, o->outdelim_len);
      vsh__buf_append(out, p + i, len);
      any = true;
    }
    prev_sel = sel;
    i += len;
  }
}

static void cut_fields(const cut_opts *o, const char *p, size_t n, vsh_buf *out,
                       bool *skip) {
  if (!memchr(p, o->delim, n)) {
    /* no delimiter: the whole line, unless -s */
    if (o->only_delimited) *skip = true;
    else vsh__buf_append(out, p, n);
    return;
  }
  uint64_t idx = 0;
  bool any = false;
  size_t i = 0;
  for (;;) {
    const char *e = memchr(p + i, o->delim, n - i);
    size_t len = e ? (size_t)(e - (p + i)) : n - i;
    idx++;
    if (selected(o, idx)) {
      if (any) {
        if (o->outdelim) vsh__buf_append(out, o->outdelim, o->outdelim_len);
        else vsh__buf_putc(out, o->delim);
      }
      vsh__buf_append(out, p + i, len);
      any = true;
    }
    if (!e) break;
    i += len + 1;
  }
}

enum { OPT_COMPLEMENT = BI_OPT_FIRST, OPT_OUTPUT_DELIMITER };

static const bi_option cut_longopts[] = {
    {"bytes", BI_ARG_REQUIRED, 'b', NULL},
    {"characters", BI_ARG_REQUIRED, 'c', NULL},
    {"fields", BI_ARG_REQUIRED, 'f', NULL},
    {"delimiter", BI_ARG_REQUIRED, 'd', NULL},
    {"only-delimited", BI_ARG_NONE, 's', NULL},
    {"complement", BI_ARG_NONE, OPT_COMPLEMENT, NULL},
    {"output-delimiter", BI_ARG_REQUIRED, OPT_OUTPUT_DELIMITER, NULL},
    {"zero-terminated", BI_ARG_NONE, 'z', NULL},
    {0}};

static const bi_cmd cut_cmd = {
    .name = "cut",
    .usage = "Usage: cut OPTION... [FILE]...\n",
    .about =
        "Print selected parts of lines from each FILE to standard output.\n"
        "\n"
        "  -b, --bytes=LIST        select only these bytes\n"
        "  -c, --characters=LIST   select only these characters\n"
        "  -d, --delimiter=DELIM   use DELIM instead of TAB for field "
        "delimiter\n"
        "  -f, --fields=LIST       select only these fields\n"
        "  -s, --only-delimited    do not print lines not containing "
        "delimiters\n"
        "      --complement        complement the set of selected bytes, "
        "characters\n"
        "      --output-delimiter=STRING  use STRING as the output "
        "delimiter\n"
        "  -z, --zero-terminated   line delimiter is NUL, not newline\n",
    .shortopts = "b:c:f:d:snz",
    .longopts = cut_longopts,
};

/* Cuts the lines of one input into out (written as it grows); 0 or a
 * vsh_err; *st is 1 after a read error. */
static int cut_input(bi_ctx *b, const cut_opts *o, sh_stream *in, const char *f,
                     char *rbuf, vsh_buf *line, vsh_buf *out, int *st) {
  int rc = 0;
  line->len = 0;
  for (;;) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    int64_t r = bi_read(b, in, rbuf, 65536);
    if (r < 0) {
      bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror((int)r));
      *st = 1;
      break;
    }
    size_t i = 0;
    bool eof = r == 0;
    while (i < (size_t)r || (eof && line->len)) {
      const char *e = eof ? NULL : memchr(rbuf + i, o->end, (size_t)r - i);
      if (!eof) {
        size_t n = e ? (size_t)(e - (rbuf + i)) : (size_t)r - i;
        vsh__buf_append(line, rbuf + i, n);
        i += n + (e ? 1 : 0);
        if (!e) break;
      }
      bool skip = false;
      if (o->mode == 'f')
        cut_fields(o, line->data ? line->data : "", line->len, out, &skip);
      else cut_units(o, line->data ? line->data : "", line->len, out);
      if (!skip) vsh__buf_putc(out, o->end);
      line->len = 0;
      if (out->len >= 65536) {
        rc = bi_write(b, out->data, out->len);
        out->len = 0;
        if (rc) break;
      }
    }
    if (eof || rc) break;
  }
  return rc;
}

int bi_cut_main(bi_ctx *b) {
  cut_opts o = {.delim = '\t', .end = '\n'};
  const char *list = NULL;
  bool have_delim = false;
  bi_opts g = {0};
  int ch, st = 0;
  while ((ch = bi_opt(b, &g, &cut_cmd)) != -1) {
    switch (ch) {
    case 'b':
    case 'c':
    case 'f':
      if (list)
        return bi_usage_error(b, &cut_cmd, "only one list may be specified");
      list = g.arg;
      o.mode = ch;
      break;
    case 'd':
      if (g.arg[0] && g.arg[1])
        return bi_usage_error(b, &cut_cmd,
                              "the delimiter must be a single character");
      o.delim = g.arg[0];
      have_delim = true;
      break;
    case 's': o.only_delimited = true; break;
    case 'n': break;
    case 'z': o.end = 0; break;
    case OPT_COMPLEMENT: o.complement = true; break;
    case OPT_OUTPUT_DELIMITER:
      o.outdelim = g.arg;
      /* an empty output delimiter means NUL, as GNU */
      o.outdelim_len = g.arg[0] ? strlen(g.arg) : 1;
      break;
    default: return g.status;
    }
  }
  if (!list)
    return bi_usage_error(
        b, &cut_cmd, "you must specify a list of bytes, characters, or fields");
  if (o.mode != 'f' && have_delim)
    return bi_usage_error(b, &cut_cmd,
                          "an input delimiter may be specified "
                          "only when operating on fields");
  if (o.mode != 'f' && o.only_delimited)
    return bi_usage_error(b, &cut_cmd,
                          "suppressing non-delimited lines makes sense\n\tonly "
                          "when operating on fields");
  if (!parse_list(b, list, &o)) {
    free(o.r);
    return bi_usage_error(b, &cut_cmd, NULL);
  }
  int nfiles = g.noperands;
  char *dash[] = {(char *)"-"};
  char **files = nfiles ? g.operands : dash;
  if (!nfiles) nfiles = 1;
  char *rbuf = malloc(65536);
  vsh_buf line = {0}, out = {0};
  int rc = rbuf ? 0 : VSH_ENOMEM;
  for (int k = 0; k < nfiles && !rc; k++) {
    const char *f = files[k];
    sh_stream *in = NULL;
    if (!strcmp(f, "-")) {
      in = sh_stream_ref(b->in);
    } else {
      int orc = bi_open_input(b, f, &in);
      if (orc) {
        bi_err(b, "%s: %s", bi_quotef(b, f), vsh_strerror(orc));
        st = 1;
        continue;
      }
    }
    rc = cut_input(b, &o, in, f, rbuf, &line, &out, &st);
    sh_stream_unref(in);
  }
  if (!rc && out.len) rc = bi_write(b, out.data, out.len);
  vsh_buf_dispose(&line);
  vsh_buf_dispose(&out);
  free(rbuf);
  free(o.r);
  if (rc == VSH_EPIPE) return 141;
  if (rc) return 1;
  return st;
}
