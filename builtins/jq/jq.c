/* jq.c: the jq command (jq 1.7.1's options, messages and exit codes).
 * Inputs are read incrementally: a value is parsed once the buffer holds
 * all of it (the read size doubles while a value is incomplete, so a big
 * document is parsed about twice at most), so `input`/`inputs` and
 * endless producers stream.  Output is buffered and written in blocks. */
#include "builtins/jq/jq_int.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OUT_FLUSH (64u << 10)

typedef struct jq_opts {
  bool null_input, raw_in, slurp, raw_out, join_out, raw0, ascii, sorted;
  bool color, tab, exit_status, seq, stream, stream_errors, compact;
  int indent;
} jq_opts;

typedef struct jq_in {
  bi_ctx *b;
  char **files;
  int nfiles, fi;
  sh_stream *s;
  bool opened, eof, all_done;
  vsh_buf buf;
  size_t pos;
  size_t lines; /* newlines in buf before lpos (lpos <= pos) */
  size_t lpos;
  const char *name;
  jq_opts *o;
  int status; /* 2 after an input error */
  /* --stream: events of the current value still to hand out */
  jv pending;
  size_t pending_i;
  bool raw_slurped;
  jv kcache[JV_KCACHE];
  jv *stk; /* the parser's scratch stack, kept between values */
  size_t capstk;
  /* --stream: an event parser that never holds more than the current
   * path and one scalar (its state survives block boundaries) */
  jv spath;       /* the path to the current position */
  char *skind;    /* per open container: 'a' or 'o' */
  char *sstate;   /* 'o' just opened, 'v' after a value, ',' after a
                     comma, 'k' after a key, ':' after the colon */
  double *sidx;   /* array index */
  size_t sdepth, scap;
} jq_in;

typedef struct jq_out {
  bi_ctx *b;
  vsh_buf buf;
  jq_opts *o;
  unsigned flags;
  int indent;
  bool any;
  jv last;
  bool failed;
} jq_out;

/* ---- input ----------------------------------------------------------------- */

static int in_open_next(jq_in *in) {
  if (in->s) {
    sh_stream_unref(in->s);
    in->s = NULL;
  }
  while (in->fi < in->nfiles || (in->nfiles == 0 && !in->opened)) {
    const char *name = in->nfiles ? in->files[in->fi++] : "-";
    in->opened = true;
    int rc = bi_open_input(in->b, name, &in->s);
    if (rc) {
      bi_errline(in->b, "jq: error: Could not open %s: %s", name,
                 rc == VSH_EISDIR ? "Is a directory"
                                  : "No such file or directory");
      in->status = 2;
      continue;
    }
    in->name = in->nfiles ? name : "<stdin>";
    in->eof = false;
    return 1;
  }
  return 0;
}

/* Counts the newlines up to buf[upto] (the line numbers of messages). */
static void advance_lines(jq_in *in, size_t upto) {
  const char *d = in->buf.data;
  while (in->lpos < upto) {
    const char *nl = memchr(d + in->lpos, '\n', upto - in->lpos);
    if (!nl) {
      in->lpos = upto;
      break;
    }
    in->lines++;
    in->lpos = (size_t)(nl - d) + 1;
  }
}

/* Reads more bytes (at least as many as are buffered); 0 at the end of
 * all inputs, 1 after reading, <0 on error. */
static int in_fill(jq_in *in) {
  for (;;) {
    if (!in->s) {
      if (in->all_done || !in_open_next(in)) {
        in->all_done = true;
        return 0;
      }
    }
    /* compact */
    if (in->pos > 0 && in->pos >= in->buf.len / 2) {
      advance_lines(in, in->pos);
      in->lpos = 0;
      memmove(in->buf.data, in->buf.data + in->pos, in->buf.len - in->pos);
      in->buf.len -= in->pos;
      in->pos = 0;
    }
    size_t want = in->buf.len - in->pos;
    if (want < 65536) want = 65536;
    /* a value past 1 MiB in a file: read the rest at once, so it is
     * parsed only once more */
    bool rest = want >= (1u << 20) && !in->o->stream &&
                sh_stream_kind_of(in->s) == SH_STREAM_FILE;
    if (rest) {
      /* one allocation of the file's size: no copies while it grows */
      vfs_file *vf = sh_stream_file(in->s);
      vfs_info info;
      if (vf && vfs_file_stat(vf, &info) == 0 && info.size > in->buf.len &&
          info.size - in->buf.len < ((uint64_t)1 << 40) &&
          (size_t)(info.size - in->buf.len) > want)
        want = (size_t)(info.size - in->buf.len) + 1;
    }
    if (vsh__buf_reserve(&in->buf, want)) return -1;
    size_t got = 0;
    while (got < want) {
      int64_t r = bi_read(in->b, in->s, in->buf.data + in->buf.len + got,
                                 want - got);
      if (r < 0) return (int)r;
      if (r == 0) {
        in->eof = true;
        break;
      }
      got += (size_t)r;
      if (sh_stream_kind_of(in->s) == SH_STREAM_PIPE_R) break;
      if (got == want && rest) {
        want *= 2;
        if (vsh__buf_reserve(&in->buf, want)) return -1;
      }
    }
    in->buf.len += got;
    in->buf.data[in->buf.len] = 0;
    if (got) return 1;
    if (in->eof) {
      /* next file: values do not span files here */
      sh_stream_unref(in->s);
      in->s = NULL;
      if (in->fi >= in->nfiles) {
        in->all_done = true;
        return 0;
      }
    }
  }
}

static size_t line_of(jq_in *in, size_t end) {
  if (end > in->buf.len) end = in->buf.len;
  advance_lines(in, end);
  size_t n = in->lines;
  const char *d = in->buf.data;
  if (end < in->buf.len && memchr(d + end, '\n', in->buf.len - end)) n++;
  return n;
}

/* One raw or JSON value: 1, 0 at the end, -1 fatal, -2 parse error
 * (reported). */
static int in_next_value(jq_in *in, jv *out) {
  for (;;) {
    if (bi_cancelled(in->b)) return -1;
    if (in->o->raw_in) {
      char *d = in->buf.data;
      size_t avail = in->buf.len - in->pos;
      char *nl = avail ? memchr(d + in->pos, '\n', avail) : NULL;
      if (nl) {
        size_t l = (size_t)(nl - (d + in->pos));
        *out = jv_str_n(d + in->pos, l);
        in->pos += l + 1;
        return jv_ok(*out) ? 1 : -1;
      }
      int r = in_fill(in);
      if (r < 0) return -1;
      if (r == 0) {
        if (in->buf.len > in->pos) {
          *out = jv_str_n(in->buf.data + in->pos, in->buf.len - in->pos);
          in->pos = in->buf.len;
          return jv_ok(*out) ? 1 : -1;
        }
        return 0;
      }
      continue;
    }
    jv_parser p;
    jv_parser_init(&p, in->buf.data ? in->buf.data + in->pos : "",
                   in->buf.len - in->pos);
    p.seq = in->o->seq;
    p.kcache = in->kcache;
    p.stk = in->stk;
    p.capstk = in->capstk;
    jv v;
    int r = jv_parse_next(&p, &v);
    in->stk = p.stk;
    in->capstk = p.capstk;
    bool more = !in->all_done && !(in->eof && in->fi >= in->nfiles && !in->s);
    if (r == 1) {
      if (p.pos == p.n && more && v.kind != JV_ARRAY && v.kind != JV_OBJECT &&
          v.kind != JV_STRING) {
        /* a number or literal may go on in the next block */
        jv_unref(v);
      } else {
        size_t end = in->pos + p.pos;
        in->pos = end;
        *out = v;
        return 1;
      }
    } else if (r == 0) {
      in->pos += p.pos;
      if (!more) return 0;
    } else if (p.oom) {
      return -1;
    } else if (!more || !(p.err[0] && strstr(p.err, "at EOF") == NULL &&
                          false)) {
      /* an error: incomplete at the end of the buffer means read on */
      bool at_end = strstr(p.err, "Unfinished") != NULL;
      if (!at_end) {
        /* literal/number cut by the block end */
        size_t i = p.pos;
        while (i < p.n && p.s[i] != ' ' && p.s[i] != '\n' && p.s[i] != '\t')
          i++;
        at_end = i >= p.n;
      }
      if (!more || !at_end) {
        /* report as jq: line/column of the whole stream */
        char msg[200];
        snprintf(msg, sizeof msg, "%s", p.err);
        /* recompute the position relative to the stream start */
        char *at = strstr(msg, " at line ");
        if (at) {
          size_t line = 0, col = 0;
          sscanf(at, " at line %zu, column %zu", &line, &col);
          *at = 0;
          advance_lines(in, in->pos);
          line += in->lines;
          bi_errline(in->b, "jq: error (at %s:%zu): %s at line %zu, column %zu",
                     in->name ? in->name : "<stdin>", line_of(in, in->buf.len),
                     msg, line, col);
        } else {
          bi_errline(in->b, "jq: error (at %s:%zu): %s",
                     in->name ? in->name : "<stdin>", line_of(in, in->buf.len),
                     msg);
        }
        in->status = 5; /* jq 1.7: a parse error is 5 */
        /* skip the rest of this input */
        in->pos = in->buf.len;
        if (in->s) {
          sh_stream_unref(in->s);
          in->s = NULL;
        }
        return -2;
      }
    }
    int f = in_fill(in);
    if (f < 0) return -1;
  }
}

static size_t line_of(jq_in *in, size_t end);

static int stream_err(jq_in *in, const char *msg) {
  advance_lines(in, in->pos);
  if (strstr(msg, " at line "))
    bi_errline(in->b, "jq: error (at %s:%zu): %s", in->name ? in->name : "<stdin>",
               line_of(in, in->pos), msg);
  else
    bi_errline(in->b, "jq: error (at %s:%zu): %s at line %zu",
               in->name ? in->name : "<stdin>", line_of(in, in->pos), msg,
               in->lines + 1);
  in->status = 5;
  return -2;
}

static int stream_emit(jq_in *in, jv leaf, bool close) {
  jv ev = jv_arr_new(2);
  jv p = jv_unshare(jv_ref(in->spath));
  if (close && jv_ok(p)) {
    /* the path of the last member */
    ev = jv_arr_push(ev, p);
  } else {
    ev = jv_arr_push(ev, p);
    ev = jv_arr_push(ev, leaf);
    leaf = jv_invalid();
  }
  jv_unref(leaf);
  if (!jv_ok(in->pending)) {
    in->pending = jv_arr_new(0);
    in->pending_i = 0;
  }
  in->pending = jv_arr_push(in->pending, ev);
  return jv_ok(in->pending) ? 0 : -1;
}

/* A scalar token at buf[pos..): its end, or 0 when the block ends first. */
static size_t stream_token_end(jq_in *in, bool *complete) {
  const char *d = in->buf.data;
  size_t i = in->pos, n = in->buf.len;
  bool more = !in->all_done && !(in->eof && in->fi >= in->nfiles && !in->s);
  if (d[i] == '"') {
    for (i++; i < n; i++) {
      if (d[i] == '\\') {
        i++;
        continue;
      }
      if (d[i] == '"') {
        *complete = true;
        return i + 1;
      }
    }
    *complete = !more;
    return n;
  }
  while (i < n && !strchr(" \t\r\n,]}:[{\x1e", d[i])) i++;
  *complete = i < n || !more;
  return i;
}

/* Parses on until at least one event is pending: 1, 0 at the end of
 * the input, -1 fatal, -2 a parse error (reported). */
static int stream_step(jq_in *in) {
  for (;;) {
    if (jv_ok(in->pending) && in->pending_i < in->pending.u.a->n) return 1;
    if (bi_cancelled(in->b)) return -1;
    const char *d = in->buf.data;
    while (d && in->pos < in->buf.len &&
           strchr(" \t\r\n\x1e", d[in->pos]) && d[in->pos])
      in->pos++;
    if (!d || in->pos >= in->buf.len) {
      int f = in_fill(in);
      if (f < 0) return -1;
      if (f == 0) {
        if (in->sdepth) return stream_err(in, "Unfinished JSON term at EOF");
        return 0;
      }
      continue;
    }
    char c = d[in->pos];
    char st = in->sdepth ? in->sstate[in->sdepth - 1] : 0;
    char kind = in->sdepth ? in->skind[in->sdepth - 1] : 0;
    bool want_value = !in->sdepth || st == ':' || (kind == 'a' && (st == 'o' || st == ','));
    if (in->sdepth && (c == ']' || c == '}')) {
      if ((c == ']') != (kind == 'a') || st == ',' || st == 'k' || st == ':')
        return stream_err(in, c == ']' ? "Unmatched ']'" : "Unmatched '}'");
      in->pos++;
      bool empty = st == 'o';
      in->sdepth--;
      if (empty) {
        /* an empty container is a leaf: [path, [] or {}] */
        in->spath = jv_arr_slice(in->spath, 0, in->spath.u.a->n - 1);
        jv e = c == ']' ? jv_arr_new(0) : jv_obj_new();
        if (!jv_ok(in->spath) || stream_emit(in, e, false)) return -1;
      } else {
        if (stream_emit(in, jv_invalid(), true)) return -1;
        in->spath = jv_arr_slice(in->spath, 0, in->spath.u.a->n - 1);
        if (!jv_ok(in->spath)) return -1;
      }
      if (in->sdepth) in->sstate[in->sdepth - 1] = 'v';
      continue;
    }
    if (c == ',') {
      if (!in->sdepth || st != 'v') return stream_err(in, "Expected value before ','");
      in->pos++;
      in->sstate[in->sdepth - 1] = ',';
      continue;
    }
    if (c == ':') {
      if (!in->sdepth || st != 'k') return stream_err(in, "':' not as part of an object");
      in->pos++;
      in->sstate[in->sdepth - 1] = ':';
      continue;
    }
    if (kind == 'o' && (st == 'o' || st == ',')) {
      /* a key */
      if (c != '"') return stream_err(in, "Object keys must be strings");
      bool complete;
      size_t e = stream_token_end(in, &complete);
      if (!complete) {
        /* the token goes on in the next block (at the end: complete) */
        if (in_fill(in) < 0) return -1;
        continue;
      }
      char err[200];
      jv k = jv_parse_one(d + in->pos, e - in->pos, err, sizeof err);
      if (!jv_ok(k)) return stream_err(in, err);
      in->pos = e;
      size_t last = in->spath.u.a->n - 1;
      in->spath = jv_arr_set(in->spath, last, k);
      if (!jv_ok(in->spath)) return -1;
      in->sstate[in->sdepth - 1] = 'k';
      continue;
    }
    if (!want_value) return stream_err(in, "Expected separator between values");
    if (c == '[' || c == '{') {
      if (kind == 'a') {
        size_t last = in->spath.u.a->n - 1;
        in->spath = jv_arr_set(in->spath, last, jv_num(in->sidx[in->sdepth - 1]++));
        if (!jv_ok(in->spath)) return -1;
      }
      if (in->sdepth >= JV_MAX_DEPTH) return stream_err(in, "Exceeds depth limit for parsing");
      if (in->sdepth == in->scap) {
        size_t nc = in->scap ? in->scap * 2 : 64;
        char *k2 = realloc(in->skind, nc), *s2 = realloc(in->sstate, nc);
        if (k2) in->skind = k2;
        if (s2) in->sstate = s2;
        double *i2 = realloc(in->sidx, nc * sizeof *i2);
        if (i2) in->sidx = i2;
        if (!k2 || !s2 || !i2) return -1;
        in->scap = nc;
      }
      if (in->sdepth) in->sstate[in->sdepth - 1] = 'v';
      in->skind[in->sdepth] = c == '[' ? 'a' : 'o';
      in->sstate[in->sdepth] = 'o';
      in->sidx[in->sdepth] = 0;
      in->sdepth++;
      in->spath = jv_arr_push(in->spath, jv_null());
      if (!jv_ok(in->spath)) return -1;
      in->pos++;
      continue;
    }
    bool complete;
    size_t e = stream_token_end(in, &complete);
    if (!complete) {
      if (in_fill(in) < 0) return -1;
      continue;
    }
    char err[200];
    jv v = jv_parse_one(d + in->pos, e - in->pos, err, sizeof err);
    if (!jv_ok(v)) return stream_err(in, err);
    in->pos = e;
    if (kind == 'a') {
      size_t last = in->spath.u.a->n - 1;
      in->spath = jv_arr_set(in->spath, last, jv_num(in->sidx[in->sdepth - 1]++));
      if (!jv_ok(in->spath)) {
        jv_unref(v);
        return -1;
      }
    }
    if (in->sdepth) in->sstate[in->sdepth - 1] = 'v';
    if (stream_emit(in, v, false)) return -1;
  }
}

static size_t input_line_cb(jq_st *st) {
  jq_in *in = st->input_ud;
  return line_of(in, in->pos);
}

static int next_input_cb(jq_st *st, jv *out) {
  jq_in *in = st->input_ud;
  if (in->o->stream) {
    for (;;) {
      if (jv_ok(in->pending)) {
        if (in->pending_i < in->pending.u.a->n) {
          *out = jv_ref(in->pending.u.a->v[in->pending_i++]);
          return 1;
        }
        jv_unref(in->pending);
        in->pending = jv_invalid();
      }
      (void)st;
      int r = stream_step(in);
      if (r <= 0) return r == -2 ? -1 : r;
    }
  }
  if (in->o->raw_in && in->o->slurp) {
    if (in->raw_slurped) return 0;
    in->raw_slurped = true;
    vsh_buf all;
    vsh__buf_init(&all);
    for (;;) {
      if (in->buf.len > in->pos)
        vsh__buf_append(&all, in->buf.data + in->pos, in->buf.len - in->pos);
      in->pos = in->buf.len;
      int r = in_fill(in);
      if (r < 0) {
        vsh_buf_dispose(&all);
        return -1;
      }
      if (r == 0) break;
    }
    if (!all.data && !(all.data = calloc(1, 1))) return -1;
    *out = jv_str_buf(&all);
    return jv_ok(*out) ? 1 : -1;
  }
  int r = in_next_value(in, out);
  if (r == -2) return -1;
  return r;
}

/* ---- output ---------------------------------------------------------------- */

static int out_flush(jq_out *o) {
  if (o->buf.len && !o->failed) {
    if (bi_write(o->b, o->buf.data, o->buf.len)) o->failed = true;
  }
  vsh__buf_clear(&o->buf);
  return o->failed ? -1 : 0;
}

static int dump_flush_cb(void *ud, vsh_buf *b) {
  jq_out *o = ud;
  (void)b;
  return out_flush(o);
}

static int k_output(jq_st *st, jv v, jv p, void *ud) {
  jq_out *o = ud;
  jv_unref(p);
  if (o->o->seq) vsh__buf_putc(&o->buf, 0x1e);
  if (v.kind == JV_STRING && (o->o->raw_out || o->o->join_out || o->o->raw0)) {
    if (o->o->raw0 && memchr(jv_sv(v), 0, jv_slen(v))) {
      jv_unref(v);
      return jq_error(st, "Cannot dump a string containing NUL with --raw-output0 option");
    }
    vsh__buf_append(&o->buf, jv_sv(v), jv_slen(v));
  } else {
    if (jv_dump_flush(&o->buf, v, o->flags, o->indent, dump_flush_cb, o)) {
      jv_unref(v);
      return o->failed ? JQ_FATAL : jq_oom(st);
    }
  }
  if (o->o->raw0) vsh__buf_putc(&o->buf, 0);
  else if (!o->o->join_out) vsh__buf_putc(&o->buf, '\n');
  if (!o->buf.data) {
    jv_unref(v);
    return jq_oom(st);
  }
  o->any = true;
  jv_unref(o->last);
  o->last = v;
  if (o->buf.len >= OUT_FLUSH && out_flush(o)) return JQ_FATAL;
  return 0;
}

/* ---- options ------------------------------------------------------------------ */

static void usage(bi_ctx *b, bool full) {
  bi_errline(b, "Usage:\tjq [OPTIONS] FILTER [FILES...]\n"
                "\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n"
                "\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n");
  if (!full)
    bi_errline(b, "Use jq --help for help with command-line options,\n"
                  "or see the jq manpage, or online docs  at https://jqlang.github.io/jq");
}

/* jq parses its own arguments (options with two values, no
 * abbreviations); the declaration holds its help and version. */
static const bi_cmd jq_cmd = {
    .name = "jq",
    .usage =
        "Usage:\tjq [OPTIONS] FILTER [FILES...]\n"
        "\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n"
        "\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\n"
        "jq is a tool for processing JSON inputs, applying the given filter to\n"
        "its JSON text inputs and producing the filter's results as JSON on\n"
        "standard output.\n\n"
        "The simplest filter is ., which copies jq's input to its output\n"
        "unmodified except for formatting. For more advanced usage see\n"
        "the jq(1) manpage (\"man jq\") and/or https://jqlang.github.io/jq/.\n\n"
        "Example:\n\n\t$ echo '{\"foo\": 0}' | jq .\n\t{\n\t  \"foo\": 0\n\t}\n\n"
        "Command options:\n"
        "  -n, --null-input          use `null` as the single input value;\n"
        "  -R, --raw-input           read each line as string instead of JSON;\n"
        "  -s, --slurp               read all inputs into an array and use it as\n"
        "                            the single input value;\n"
        "  -c, --compact-output      compact instead of pretty-printed output;\n"
        "  -r, --raw-output          output strings without escapes and quotes;\n"
        "      --raw-output0         implies -r and output NUL after each output;\n"
        "  -j, --join-output         implies -r and output without newline after\n"
        "                            each output;\n"
        "  -a, --ascii-output        output strings by only ASCII characters\n"
        "                            using escape sequences;\n"
        "  -S, --sort-keys           sort keys of each object on output;\n"
        "  -C, --color-output        colorize JSON output;\n"
        "  -M, --monochrome-output   disable colored output;\n"
        "      --tab                 use tabs for indentation;\n"
        "      --indent n            use n spaces for indentation (max 7 spaces);\n"
        "      --unbuffered          flush output stream after each output;\n"
        "      --stream              parse the input value in streaming fashion;\n"
        "      --stream-errors       implies --stream and report parse error as\n"
        "                            an array;\n"
        "      --seq                 parse input/output as application/json-seq;\n"
        "  -f, --from-file file      load filter from the file;\n"
        "  -L directory              search modules from the directory;\n"
        "      --arg name value      set $name to the string value;\n"
        "      --argjson name value  set $name to the JSON value;\n"
        "      --slurpfile name file set $name to an array of JSON values read\n"
        "                            from the file;\n"
        "      --rawfile name file   set $name to string contents of file;\n"
        "      --args                consume remaining arguments as positional\n"
        "                            string values;\n"
        "      --jsonargs            consume remaining arguments as positional\n"
        "                            JSON values;\n"
        "  -e, --exit-status         set exit status code based on the output;\n"
        "  -V, --version             show the version;\n"
        "  --build-configuration     show jq's build configuration;\n"
        "  -h, --help                show the help;\n"
        "  --                        terminates argument processing;\n\n"
        "Named arguments are also available as $ARGS.named[], while\n"
        "positional arguments are available as $ARGS.positional[].\n",
    .version = "jq-1.7.1\n",
};

static int read_file(bi_ctx *b, const char *name, vsh_buf *out) {
  sh_stream *s;
  int rc = bi_open_input(b, name, &s);
  if (rc) return rc;
  char buf[65536];
  int64_t r;
  while ((r = bi_read(b, s, buf, sizeof buf)) > 0)
    if (vsh__buf_append(out, buf, (size_t)r)) {
      r = VSH_ENOMEM;
      break;
    }
  sh_stream_unref(s);
  return r < 0 ? (int)r : 0;
}

typedef struct named {
  char *name;
  jv val;
} named;

static jv build_env(bi_ctx *b) {
  vsh_buf e;
  vsh__buf_init(&e);
  bi_env_print(b, &e, '\0');
  jv o = jv_obj_new();
  size_t i = 0;
  while (e.data && i < e.len && jv_ok(o)) {
    size_t l = strlen(e.data + i);
    const char *eq = memchr(e.data + i, '=', l);
    if (eq) {
      jv k = jv_str_n(e.data + i, (size_t)(eq - (e.data + i)));
      if (!jv_obj_find(o, k))
        o = jv_obj_set(o, k, jv_str_n(eq + 1, l - (size_t)(eq - (e.data + i)) - 1));
      else
        jv_unref(k);
    }
    i += l + 1;
  }
  vsh_buf_dispose(&e);
  return o;
}

static bool is_opt(const char *a, const char *s, const char *l) {
  return (s && !strcmp(a, s)) || (l && !strcmp(a, l));
}

int bi_jq_main(bi_ctx *b) {
  jq_opts o;
  memset(&o, 0, sizeof o);
  o.indent = 2;
  const char *filter = NULL;
  vsh_buf filebuf;
  vsh__buf_init(&filebuf);
  bool from_file = false;
  const char *from_file_name = NULL;
  char **files = calloc((size_t)b->argc + 1, sizeof *files);
  named *nm = calloc((size_t)b->argc + 2, sizeof *nm);
  int nfiles = 0, nnamed = 0;
  jv positional = jv_arr_new(0);
  int status = 0;
  int args_mode = 0; /* 1 --args, 2 --jsonargs */
  bool opts_done = false;
  const char *libpaths[16];
  size_t nlib = 0;
  jq_prog prog;
  memset(&prog, 0, sizeof prog);
  jq_st st;
  memset(&st, 0, sizeof st);
  st.err = jv_invalid();
  st.env_obj = jv_invalid();
  st.cur_filename = jv_null();
  st.halt_status = -1;
  jq_in in;
  memset(&in, 0, sizeof in);
  in.pending = jv_invalid();
  in.spath = jv_arr_new(0);
  jq_out out;
  memset(&out, 0, sizeof out);
  out.last = jv_invalid();
  jv *argvals = NULL;
  char **argnames = NULL;

  if (!files || !nm || !jv_ok(positional)) {
    bi_errline(b, "jq: error: memory exhausted");
    status = 2;
    goto done;
  }

  for (int i = 1; i < b->argc; i++) {
    const char *a = b->argv[i];
    /* a program may start with '-' ("-1", "-.a") when it is no option */
    bool prog_like = a[0] == '-' && a[1] && a[1] != '-' &&
                     !((a[1] >= 'a' && a[1] <= 'z') || (a[1] >= 'A' && a[1] <= 'Z'));
    if (opts_done || a[0] != '-' || !strcmp(a, "-") ||
        (prog_like && !filter && !from_file)) {
      if (!filter && !from_file) {
        filter = a;
      } else if (args_mode == 1) {
        positional = jv_arr_push(positional, jv_str_c(a));
      } else if (args_mode == 2) {
        char err[200];
        jv v = jv_parse_one(a, strlen(a), err, sizeof err);
        if (!jv_ok(v)) {
          bi_errline(b, "jq: Invalid JSON text passed to --jsonargs");
          usage(b, false);
          status = 2;
          goto done;
        }
        positional = jv_arr_push(positional, v);
      } else {
        files[nfiles++] = (char *)a;
      }
      continue;
    }
    if (!strcmp(a, "--")) {
      opts_done = true;
      continue;
    }
    if (a[1] == '-') {
      if (is_opt(a, NULL, "--null-input")) o.null_input = true;
      else if (is_opt(a, NULL, "--raw-input")) o.raw_in = true;
      else if (is_opt(a, NULL, "--slurp")) o.slurp = true;
      else if (is_opt(a, NULL, "--compact-output")) o.compact = true;
      else if (is_opt(a, NULL, "--raw-output")) o.raw_out = true;
      else if (is_opt(a, NULL, "--raw-output0")) o.raw0 = true;
      else if (is_opt(a, NULL, "--join-output")) o.join_out = true;
      else if (is_opt(a, NULL, "--ascii-output")) o.ascii = true;
      else if (is_opt(a, NULL, "--sort-keys")) o.sorted = true;
      else if (is_opt(a, NULL, "--color-output")) o.color = true;
      else if (is_opt(a, NULL, "--monochrome-output")) o.color = false;
      else if (is_opt(a, NULL, "--tab")) o.tab = true;
      else if (is_opt(a, NULL, "--unbuffered")) {
      } else if (is_opt(a, NULL, "--stream")) o.stream = true;
      else if (is_opt(a, NULL, "--stream-errors")) o.stream = o.stream_errors = true;
      else if (is_opt(a, NULL, "--seq")) o.seq = true;
      else if (is_opt(a, NULL, "--exit-status")) o.exit_status = true;
      else if (is_opt(a, NULL, "--args")) args_mode = 1;
      else if (is_opt(a, NULL, "--jsonargs")) args_mode = 2;
      else if (is_opt(a, NULL, "--help")) {
        bi_cmd_help(b, &jq_cmd);
        goto done;
      } else if (is_opt(a, NULL, "--version")) {
        bi_cmd_version(b, &jq_cmd);
        goto done;
      } else if (is_opt(a, NULL, "--build-configuration")) {
        bi_puts(b, "vsh\n");
        goto done;
      } else if (is_opt(a, NULL, "--indent")) {
        if (i + 1 >= b->argc) {
          bi_errline(b, "jq: --indent takes one parameter");
          usage(b, false);
          status = 2;
          goto done;
        }
        char *end;
        long n = strtol(b->argv[++i], &end, 10);
        if (*end || n < -1) {
          bi_errline(b, "jq: --indent takes a number");
          status = 2;
          goto done;
        }
        if (n > 7) {
          bi_errline(b, "jq: Cannot indent more than 7 characters");
          usage(b, false);
          status = 2;
          goto done;
        }
        o.indent = (int)n;
      } else if (is_opt(a, NULL, "--from-file")) {
        if (i + 1 >= b->argc) {
          bi_errline(b, "jq: -f takes a parameter");
          status = 2;
          goto done;
        }
        from_file = true;
        from_file_name = b->argv[++i];
        if (filter) {
          files[nfiles++] = (char *)filter;
          filter = NULL;
        }
      } else if (is_opt(a, NULL, "--arg") || is_opt(a, NULL, "--argjson") ||
                 is_opt(a, NULL, "--slurpfile") ||
                 is_opt(a, NULL, "--rawfile")) {
        if (i + 2 >= b->argc) {
          bi_errline(b, "jq: %s takes two parameters (e.g. %s varname %s)", a,
                     a, !strcmp(a, "--arg") ? "value" : !strcmp(a, "--argjson") ? "text" : "filename");
          usage(b, false);
          status = 2;
          goto done;
        }
        const char *name = b->argv[i + 1], *val = b->argv[i + 2];
        i += 2;
        jv v;
        if (!strcmp(a, "--arg")) {
          v = jv_str_c(val);
        } else if (!strcmp(a, "--argjson")) {
          char err[200];
          v = jv_parse_one(val, strlen(val), err, sizeof err);
          if (!jv_ok(v)) {
            bi_errline(b, "jq: Invalid JSON text passed to --argjson");
            usage(b, false);
            status = 2;
            goto done;
          }
        } else {
          vsh_buf fb;
          vsh__buf_init(&fb);
          int rc = read_file(b, val, &fb);
          if (rc) {
            vsh_buf_dispose(&fb);
            bi_errline(b, "jq: error: Could not open %s: %s", val,
                       rc == VSH_EISDIR ? "Is a directory" : "No such file or directory");
            status = 2;
            goto done;
          }
          if (!strcmp(a, "--rawfile")) {
            if (!fb.data && !(fb.data = calloc(1, 1))) {
              status = 2;
              goto done;
            }
            v = jv_str_buf(&fb);
          } else {
            v = jv_arr_new(0);
            jv_parser p;
            jv_parser_init(&p, fb.data ? fb.data : "", fb.len);
            jv x;
            int r;
            while ((r = jv_parse_next(&p, &x)) == 1) v = jv_arr_push(v, x);
            jv_parser_dispose(&p);
            vsh_buf_dispose(&fb);
            if (r < 0) {
              jv_unref(v);
              bi_errline(b, "jq: Bad JSON in --slurpfile %s %s: %s", name, val,
                         p.err);
              status = 2;
              goto done;
            }
          }
        }
        nm[nnamed].name = (char *)name;
        nm[nnamed].val = v;
        nnamed++;
      } else {
        bi_errline(b, "jq: Unknown option: %s", a);
        usage(b, false);
        status = 2;
        goto done;
      }
      continue;
    }
    /* short options, possibly combined */
    for (const char *c = a + 1; *c; c++) {
      switch (*c) {
      case 'n': o.null_input = true; break;
      case 'R': o.raw_in = true; break;
      case 's': o.slurp = true; break;
      case 'c': o.compact = true; break;
      case 'r': o.raw_out = true; break;
      case 'j': o.join_out = true; break;
      case 'a': o.ascii = true; break;
      case 'S': o.sorted = true; break;
      case 'C': o.color = true; break;
      case 'M': o.color = false; break;
      case 'e': o.exit_status = true; break;
      case 'h': bi_cmd_help(b, &jq_cmd); goto done;
      case 'V': bi_cmd_version(b, &jq_cmd); goto done;
      case 'f':
        if (c[1] || i + 1 >= b->argc) {
          bi_errline(b, "jq: -f takes a parameter");
          status = 2;
          goto done;
        }
        from_file = true;
        from_file_name = b->argv[++i];
        if (filter) {
          files[nfiles++] = (char *)filter;
          filter = NULL;
        }
        goto next_arg;
      case 'L': {
        const char *dir = c[1] ? c + 1 : (i + 1 < b->argc ? b->argv[++i] : NULL);
        if (!dir) {
          bi_errline(b, "jq: -L takes a parameter: (e.g. -L /search/path or -L/search/path)");
          status = 2;
          goto done;
        }
        if (*dir == '=') dir++;
        if (nlib < 16) libpaths[nlib++] = dir;
        goto next_arg;
      }
      default:
        bi_errline(b, "jq: Unknown option: %s", a);
        usage(b, false);
        status = 2;
        goto done;
      }
    }
  next_arg:;
  }

  if (from_file) {
    int rc = read_file(b, from_file_name, &filebuf);
    if (rc) {
      bi_errline(b, "jq: error: Could not open %s: %s", from_file_name,
                 rc == VSH_EISDIR ? "Is a directory" : "No such file or directory");
      status = 2;
      goto done;
    }
    if (!filebuf.data && !(filebuf.data = calloc(1, 1))) {
      status = 2;
      goto done;
    }
    filter = filebuf.data;
  }
  if (!filter) {
    /* as jq when stdin or stdout is not a terminal (never one here) */
    filter = ".";
  }

  /* $ARGS and the named arguments are the program's outermost frames */
  argnames = calloc((size_t)nnamed + 2, sizeof *argnames);
  argvals = calloc((size_t)nnamed + 2, sizeof *argvals);
  if (!argnames || !argvals) {
    status = 2;
    goto done;
  }
  {
    jv named_obj = jv_obj_new();
    for (int i = 0; i < nnamed; i++)
      named_obj = jv_obj_set(named_obj, jv_str_c(nm[i].name), jv_ref(nm[i].val));
    jv args = jv_obj_new();
    args = jv_obj_set(args, jv_str_c("positional"), jv_ref(positional));
    args = jv_obj_set(args, jv_str_c("named"), named_obj);
    if (!jv_ok(args)) {
      bi_errline(b, "jq: error: memory exhausted");
      status = 2;
      goto done;
    }
    argnames[0] = "ARGS";
    argvals[0] = args;
    for (int i = 0; i < nnamed; i++) {
      argnames[i + 1] = nm[i].name;
      argvals[i + 1] = jv_ref(nm[i].val);
    }
  }
  prog.argnames = argnames;
  prog.nargnames = (size_t)nnamed + 1;
  prog.b = b;
  if (nlib == 0) {
    libpaths[nlib++] = "~/.jq";
    libpaths[nlib++] = "/usr/lib/jq";
  }
  for (size_t i = 0; i < nlib; i++) {
    const char *p = libpaths[i];
    if (p[0] == '~') {
      const char *home = bi_getenv(b, "HOME");
      vsh_buf hb;
      vsh__buf_init(&hb);
      vsh__buf_puts(&hb, home ? home : "/home/user");
      vsh__buf_puts(&hb, p + 1);
      p = hb.data ? vsh__arena_strndup(b->arena, hb.data, hb.len) : p;
      vsh_buf_dispose(&hb);
    }
    prog.libpaths[prog.nlibpaths++] = p;
  }
  {
    char msg[600];
    if (jq_compile(&prog, filter, strlen(filter), msg, sizeof msg)) {
      bi_errline(b, "jq: error: %s", msg);
      if (strstr(msg, ", line ")) {
        /* jq shows the program after the location */
        bi_errline(b, "%s", filter);
      }
      bi_errline(b, "jq: 1 compile error");
      status = 3;
      goto done;
    }
  }

  /* evaluator state */
  st.b = b;
  st.prog = &prog;
  st.env_obj = build_env(b);
  if (!jv_ok(st.env_obj)) {
    bi_errline(b, "jq: error: memory exhausted");
    status = 2;
    goto done;
  }
  {
    char probe;
    uintptr_t here = (uintptr_t)&probe;
    uintptr_t low = bi_stack_floor(b);
    if (low && here > low + (128u << 10)) st.stack_limit = low + (64u << 10);
    else st.stack_limit = here > (1u << 20) ? here - (1u << 20) : 0;
  }
  in.b = b;
  in.files = files;
  in.nfiles = nfiles;
  in.o = &o;
  st.next_input = next_input_cb;
  st.input_line = input_line_cb;
  st.input_ud = &in;
  out.b = b;
  out.o = &o;
  out.indent = o.indent;
  if (o.compact || o.indent == 0) out.flags = 0;
  else out.flags = JV_PRINT_PRETTY;
  if (o.tab) out.flags |= JV_PRINT_PRETTY | JV_PRINT_TAB;
  if (o.ascii) out.flags |= JV_PRINT_ASCII;
  if (o.sorted) out.flags |= JV_PRINT_SORTED;
  if (o.color) out.flags |= JV_PRINT_COLOR;
  if (o.raw0) o.raw_out = true;
  st.dump_flags = out.flags;

  jq_env *env = NULL;
  jq_env *frames = calloc((size_t)nnamed + 2, sizeof *frames);
  if (!frames) {
    status = 2;
    goto done;
  }
  for (int i = 0; i <= nnamed; i++) {
    frames[i].up = env;
    frames[i].kind = 0;
    frames[i].val = argvals[i];
    env = &frames[i];
  }

  bool errors = false;
  for (;;) {
    jv v;
    int r;
    if (o.null_input) {
      v = jv_null();
    } else if (o.slurp && !o.raw_in) {
      jv acc = jv_arr_new(0);
      for (;;) {
        jv x;
        r = next_input_cb(&st, &x);
        if (r <= 0) break;
        acc = jv_arr_push(acc, x);
        if (!jv_ok(acc)) {
          r = -1;
          break;
        }
      }
      if (r < 0 && !in.status) {
        jv_unref(acc);
        if (!bi_cancelled(b)) bi_errline(b, "jq: error: memory exhausted");
        status = bi_cancelled(b) ? 126 : 2;
        break;
      }
      if (in.status == 5) {
        jv_unref(acc);
        break;
      }
      v = acc;
    } else {
      r = next_input_cb(&st, &v);
      if (r == 0) break;
      if (r < 0) {
        if (in.status) break;
        if (!bi_cancelled(b)) bi_errline(b, "jq: error: memory exhausted");
        status = bi_cancelled(b) ? 126 : 2;
        break;
      }
    }
    jv_unref(st.cur_filename);
    st.cur_filename = in.name && in.nfiles ? jv_str_c(in.name) : jv_null();
    size_t line_at = in.name ? line_of(&in, in.pos) : 0;
    r = jq_eval(&st, prog.main, v, jv_invalid(), env, k_output, &out);
    if (r == JQ_ERR) {
      errors = true;
      jv e = st.err;
      st.err = jv_invalid();
      char where[300];
      if (o.null_input || !in.name)
        snprintf(where, sizeof where, "<unknown>");
      else
        snprintf(where, sizeof where, "%s:%zu", in.name, line_at);
      if (e.kind == JV_STRING) {
        bi_errline(b, "jq: error (at %s): %s", where, jv_sv(e));
      } else {
        vsh_buf eb;
        vsh__buf_init(&eb);
        jv_dump(&eb, e, 0, 0);
        if (e.kind == JV_OBJECT || e.kind == JV_ARRAY || e.kind == JV_NUMBER ||
            e.kind == JV_TRUE || e.kind == JV_FALSE || e.kind == JV_NULL)
          bi_errline(b, "jq: error (at %s) (not a string): %s", where,
                     eb.data ? eb.data : "");
        vsh_buf_dispose(&eb);
      }
      jv_unref(e);
    } else if (r == JQ_FATAL) {
      if (st.halt_status >= 0) {
        status = st.halt_status;
        break;
      }
      status = bi_cancelled(b) ? 126 : 5;
      break;
    } else if (r == JQ_BRK) {
      /* a break with no label around: nothing */
    }
    if (out.failed) break;
    if (o.null_input || o.slurp) break;
  }
  if (in.status && status == 0) status = in.status;
  out_flush(&out);
  if (out.failed || b->epipe) {
    status = 141;
  } else if (status == 0 || status == in.status) {
    if (status == 0 && errors) status = 5;
    if (o.exit_status && status == 0) {
      if (!out.any) status = 4;
      else if (!jv_truthy(out.last)) status = 1;
    }
  }
  free(frames);
done:
  jv_unref(out.last);
  vsh_buf_dispose(&out.buf);
  vsh_buf_dispose(&in.buf);
  for (size_t i = 0; i < JV_KCACHE; i++) jv_unref(in.kcache[i]);
  free(in.stk);
  jv_unref(in.spath);
  free(in.skind);
  free(in.sstate);
  free(in.sidx);
  jv_unref(in.pending);
  if (in.s) sh_stream_unref(in.s);
  jv_unref(st.err);
  jv_unref(st.env_obj);
  jv_unref(st.cur_filename);
  jq_prog_free(&prog);
  if (argvals)
    for (int i = 0; i <= nnamed; i++) jv_unref(argvals[i]);
  free(argvals);
  free(argnames);
  for (int i = 0; i < nnamed; i++) jv_unref(nm[i].val);
  free(nm);
  free(files);
  jv_unref(positional);
  vsh_buf_dispose(&filebuf);
  return status;
}
