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
  bool pinned; /* an array is read in place: no compaction of buf */
  /* --stream: an event parser that never holds more than the current
   * path and one scalar (its state survives block boundaries) */
  jv spath;     /* the path to the current position */
  char *skind;  /* per open container: 'a' or 'o' */
  char *sstate; /* 'o' just opened, 'v' after a value, ',' after a
                     comma, 'k' after a key, ':' after the colon */
  double *sidx; /* array index */
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

static int k_output(jq_st *st, jv v, jv p, void *ud);
static int dump_flush_cb(void *ud, vsh_buf *b);
static int out_flush(jq_out *o);

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
    if (in->pos > 0 && in->pos >= in->buf.len / 2 && !in->pinned) {
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
      int64_t r =
          bi_read(in->b, in->s, in->buf.data + in->buf.len + got, want - got);
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

/* A parser over s[0..n) with the input's key cache and scratch stack
 * (handed back by in_parser_done). */
static void in_parser(jq_in *in, jv_parser *p, const char *s, size_t n) {
  jv_parser_init(p, s, n);
  p->kcache = in->kcache;
  p->stk = in->stk;
  p->capstk = in->capstk;
}

static void in_parser_done(jq_in *in, jv_parser *p) {
  in->stk = p->stk;
  in->capstk = p->capstk;
}

/* Whether more bytes may come after the buffered ones. */
static bool in_more(jq_in *in) {
  return !in->all_done && !(in->eof && in->fi >= in->nfiles && !in->s);
}

/* One raw or JSON value: 1, 0 at the end, -1 fatal, -2 parse error
 * (reported). */
static int in_next_value(jq_in *in, jv *out) {
  /* a value cut by the end of the buffered bytes is parsed again only
   * once the buffer has doubled (pipes deliver small blocks: re-parsing
   * after each would be quadratic); a line is searched from where the
   * last search stopped */
  size_t need = 0, searched = 0;
  for (;;) {
    if (bi_cancelled(in->b)) return -1;
    if (in->o->raw_in) {
      char *d = in->buf.data;
      size_t avail = in->buf.len - in->pos;
      char *nl = avail > searched
                     ? memchr(d + in->pos + searched, '\n', avail - searched)
                     : NULL;
      searched = avail;
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
    if (in->buf.len - in->pos < need && in_more(in)) {
      int f = in_fill(in);
      if (f < 0) return -1;
      continue;
    }
    need = (in->buf.len - in->pos) * 2;
    jv_parser p;
    in_parser(in, &p, in->buf.data ? in->buf.data + in->pos : "",
              in->buf.len - in->pos);
    p.seq = in->o->seq;
    jv v;
    int r = jv_parse_next(&p, &v);
    in_parser_done(in, &p);
    bool more = in_more(in);
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
    } else if (!more ||
               !(p.err[0] && strstr(p.err, "at EOF") == NULL && false)) {
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
          bi_errline(in->b, "jq: parse error: %s at line %zu, column %zu", msg,
                     line, col);
        } else {
          bi_errline(in->b, "jq: parse error: %s", msg);
        }
        /* jq 1.7: "jq: parse error: ...", status 5, no further input */
        in->status = 5;
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
  if (strstr(msg, " at line ")) bi_errline(in->b, "jq: parse error: %s", msg);
  else bi_errline(in->b, "jq: parse error: %s at line %zu", msg, in->lines + 1);
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
  bool more = in_more(in);
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
    while (d && in->pos < in->buf.len && strchr(" \t\r\n\x1e", d[in->pos]) &&
           d[in->pos])
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
    bool want_value =
        !in->sdepth || st == ':' || (kind == 'a' && (st == 'o' || st == ','));
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
      if (!in->sdepth || st != 'v')
        return stream_err(in, "Expected value before ','");
      in->pos++;
      in->sstate[in->sdepth - 1] = ',';
      continue;
    }
    if (c == ':') {
      if (!in->sdepth || st != 'k')
        return stream_err(in, "':' not as part of an object");
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
        in->spath =
            jv_arr_set(in->spath, last, jv_num(in->sidx[in->sdepth - 1]++));
        if (!jv_ok(in->spath)) return -1;
      }
      if (in->sdepth >= JV_MAX_DEPTH)
        return stream_err(in, "Exceeds depth limit for parsing");
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
      in->spath =
          jv_arr_set(in->spath, last, jv_num(in->sidx[in->sdepth - 1]++));
      if (!jv_ok(in->spath)) {
        jv_unref(v);
        return -1;
      }
    }
    if (in->sdepth) in->sstate[in->sdepth - 1] = 'v';
    if (stream_emit(in, v, false)) return -1;
  }
}

/* `.[] | f` and `.` over a top-level array: the array is scanned first
 * (a syntax error anywhere in it still stops it before any output, as
 * jq's whole-value parse does), then its elements are parsed and
 * evaluated one at a time, so memory holds one element, not the document.
 * 1 with the array's bytes at [*start, *end) of buf, 0 when the regular
 * reader must take the next input, -1 on a fatal error. */
static int in_next_array(jq_in *in, size_t *start, size_t *end) {
  size_t need = 0; /* rescan once the buffer holds this much (doubling) */
  bool last = false;
  for (;;) {
    if (bi_cancelled(in->b)) return -1;
    const char *d = in->buf.data ? in->buf.data + in->pos : "";
    size_t avail = in->buf.len - in->pos, i = 0;
    while (i < avail &&
           (d[i] == ' ' || d[i] == '\n' || d[i] == '\t' || d[i] == '\r'))
      i++;
    if (i < avail) {
      if (d[i] != '[') return 0;
      if (avail >= need || last) {
        size_t e;
        int r = jv_scan_value(d + i, avail - i, &e);
        if (r < 0) return 0;
        if (r == 1) {
          *start = in->pos + i;
          *end = in->pos + i + e;
          return 1;
        }
        need = avail * 2;
      }
    }
    if (last) return 0;
    int f = in_more(in) ? in_fill(in) : 0;
    if (f < 0) return -1;
    if (f == 0) last = true;
  }
}

/* Evaluates main on the scanned array at [start, end) of in's buffer:
 * `.[] | rest` per element, or `.` printed as it is read. */
static int eval_array(jq_st *st, jq_in *in, jq_node *main, jq_env *env,
                      jq_out *o, size_t start, size_t end) {
  bool whole = main->op == JQ_IDENT;
  bool pretty = (o->flags & JV_PRINT_PRETTY) &&
                (o->indent > 0 || (o->flags & JV_PRINT_TAB));
  size_t off = start + 1, i = 0;
  int r = 0;
  in->pinned = true;
  for (;; i++) {
    jv_parser p;
    in_parser(in, &p, in->buf.data, end);
    p.pos = off;
    jv x;
    int pr = jv_parse_elem(&p, &x);
    in_parser_done(in, &p);
    off = p.pos;
    if (pr == 0) break;
    if (pr < 0) {
      r = jq_oom(st);
      break;
    }
    if (!whole) {
      r = jq_eval_elem(st, main, x, env, k_output, o);
      if (r) break;
      continue;
    }
    if (jq_charge(st)) {
      jv_unref(x);
      st->fatal_reported = true;
      r = JQ_FATAL;
      break;
    }
    vsh__buf_putc(&o->buf, i ? ',' : '[');
    if (pretty) jv_dump_indent(&o->buf, o->flags, o->indent, 1);
    int dr =
        jv_dump_flush_lvl(&o->buf, x, o->flags, o->indent, 1, dump_flush_cb, o);
    jv_unref(x);
    if (dr) {
      r = o->failed ? JQ_FATAL : jq_oom(st);
      break;
    }
    if (o->buf.len >= OUT_FLUSH && out_flush(o)) {
      r = JQ_FATAL;
      break;
    }
  }
  in->pinned = false;
  if (!whole || r) return r;
  if (i == 0) {
    vsh__buf_putc(&o->buf, '[');
  } else if (pretty) {
    jv_dump_indent(&o->buf, o->flags, o->indent, 0);
  }
  vsh__buf_putc(&o->buf, ']');
  if (o->o->raw0) vsh__buf_putc(&o->buf, 0);
  else if (!o->o->join_out) vsh__buf_putc(&o->buf, '\n');
  if (!o->buf.data) return jq_oom(st);
  o->any = true;
  jv_unref(o->last);
  o->last = jv_bool(true);
  if (o->buf.len >= OUT_FLUSH && out_flush(o)) return JQ_FATAL;
  return 0;
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
      return jq_error(
          st, "Cannot dump a string containing NUL with --raw-output0 option");
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

/* jq's options, parsed by bi_opt in jq's own language (BI_CMD_EXACT:
 * whole long names only; "Unknown option: ARG"): the options with
 * values (--indent N, --arg NAME VALUE...) take them from the next
 * arguments themselves (jq_option), with jq's messages; -f is a flag
 * (the first operand is then the program's file); an argument that is
 * "-" and no letter ("-1", "-.a") is an operand, as in jq.  The
 * declaration holds jq's help, version and usage errors (its two "Use
 * jq --help" lines, status 2). */
enum {
  J_RAW0 = BI_OPT_FIRST,
  J_TAB,
  J_INDENT,
  J_UNBUFFERED,
  J_STREAM,
  J_STREAM_ERRORS,
  J_SEQ,
  J_ARGS,
  J_JSONARGS,
  J_BUILD,
  J_ARG,
  J_ARGJSON,
  J_SLURPFILE,
  J_RAWFILE,
};

static const bi_option jq_options[] = {
    {"null-input", BI_ARG_NONE, 'n', NULL},
    {"raw-input", BI_ARG_NONE, 'R', NULL},
    {"slurp", BI_ARG_NONE, 's', NULL},
    {"compact-output", BI_ARG_NONE, 'c', NULL},
    {"raw-output", BI_ARG_NONE, 'r', NULL},
    {"raw-output0", BI_ARG_NONE, J_RAW0, NULL},
    {"join-output", BI_ARG_NONE, 'j', NULL},
    {"ascii-output", BI_ARG_NONE, 'a', NULL},
    {"sort-keys", BI_ARG_NONE, 'S', NULL},
    {"color-output", BI_ARG_NONE, 'C', NULL},
    {"monochrome-output", BI_ARG_NONE, 'M', NULL},
    {"tab", BI_ARG_NONE, J_TAB, NULL},
    {"indent", BI_ARG_NONE, J_INDENT, NULL},
    {"unbuffered", BI_ARG_NONE, J_UNBUFFERED, NULL},
    {"stream", BI_ARG_NONE, J_STREAM, NULL},
    {"stream-errors", BI_ARG_NONE, J_STREAM_ERRORS, NULL},
    {"seq", BI_ARG_NONE, J_SEQ, NULL},
    {"from-file", BI_ARG_NONE, 'f', NULL},
    {"arg", BI_ARG_NONE, J_ARG, NULL},
    {"argjson", BI_ARG_NONE, J_ARGJSON, NULL},
    {"slurpfile", BI_ARG_NONE, J_SLURPFILE, NULL},
    {"rawfile", BI_ARG_NONE, J_RAWFILE, NULL},
    {"args", BI_ARG_NONE, J_ARGS, NULL},
    {"jsonargs", BI_ARG_NONE, J_JSONARGS, NULL},
    {"exit-status", BI_ARG_NONE, 'e', NULL},
    {"build-configuration", BI_ARG_NONE, J_BUILD, NULL},
    {0}};

/* jq's isoptish: "-" followed by a letter or "-" is an option. */
static bool jq_is_operand(const char *arg) {
  char c = arg[1];
  return c != '-' && !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
}

static const bi_cmd jq_cmd = {
    .name = "jq",
    .usage =
        "Usage:\tjq [OPTIONS] FILTER [FILES...]\n"
        "\tjq [OPTIONS] --args FILTER [ARGUMENTS...]\n"
        "\tjq [OPTIONS] --jsonargs FILTER [JSON_VALUES...]\n\n"
        "jq is a tool for processing JSON inputs, applying the given filter "
        "to\n"
        "its JSON text inputs and producing the filter's results as JSON on\n"
        "standard output.\n\n"
        "The simplest filter is ., which copies jq's input to its output\n"
        "unmodified except for formatting. For more advanced usage see\n"
        "the jq(1) manpage (\"man jq\") and/or "
        "https://jqlang.github.io/jq/.\n\n"
        "Example:\n\n\t$ echo '{\"foo\": 0}' | jq .\n\t{\n\t  \"foo\": "
        "0\n\t}\n\n"
        "Command options:\n"
        "  -n, --null-input          use `null` as the single input value;\n"
        "  -R, --raw-input           read each line as string instead of "
        "JSON;\n"
        "  -s, --slurp               read all inputs into an array and use it "
        "as\n"
        "                            the single input value;\n"
        "  -c, --compact-output      compact instead of pretty-printed "
        "output;\n"
        "  -r, --raw-output          output strings without escapes and "
        "quotes;\n"
        "      --raw-output0         implies -r and output NUL after each "
        "output;\n"
        "  -j, --join-output         implies -r and output without newline "
        "after\n"
        "                            each output;\n"
        "  -a, --ascii-output        output strings by only ASCII characters\n"
        "                            using escape sequences;\n"
        "  -S, --sort-keys           sort keys of each object on output;\n"
        "  -C, --color-output        colorize JSON output;\n"
        "  -M, --monochrome-output   disable colored output;\n"
        "      --tab                 use tabs for indentation;\n"
        "      --indent n            use n spaces for indentation (max 7 "
        "spaces);\n"
        "      --unbuffered          flush output stream after each output;\n"
        "      --stream              parse the input value in streaming "
        "fashion;\n"
        "      --stream-errors       implies --stream and report parse error "
        "as\n"
        "                            an array;\n"
        "      --seq                 parse input/output as "
        "application/json-seq;\n"
        "  -f, --from-file file      load filter from the file;\n"
        "  -L directory              search modules from the directory;\n"
        "      --arg name value      set $name to the string value;\n"
        "      --argjson name value  set $name to the JSON value;\n"
        "      --slurpfile name file set $name to an array of JSON values "
        "read\n"
        "                            from the file;\n"
        "      --rawfile name file   set $name to string contents of file;\n"
        "      --args                consume remaining arguments as "
        "positional\n"
        "                            string values;\n"
        "      --jsonargs            consume remaining arguments as "
        "positional\n"
        "                            JSON values;\n"
        "  -e, --exit-status         set exit status code based on the "
        "output;\n"
        "  -V, --version             show the version;\n"
        "  --build-configuration     show jq's build configuration;\n"
        "  -h, --help                show the help;\n"
        "  --                        terminates argument processing;\n\n"
        "Named arguments are also available as $ARGS.named[], while\n"
        "positional arguments are available as $ARGS.positional[].\n",
    .shortopts = "nRscrjaSCMefhVL::",
    .longopts = jq_options,
    .flags = BI_CMD_EXACT,
    .unknown_fmt = "Unknown option: %s",
    .is_operand = jq_is_operand,
    .version = "jq-1.7.1\n",
    .bad_status = 2,
    .try_text = "Use jq --help for help with command-line options,\n"
                "or see the jq manpage, or online docs  at "
                "https://jqlang.github.io/jq\n",
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
        o = jv_obj_set(o, k,
                       jv_str_n(eq + 1, l - (size_t)(eq - (e.data + i)) - 1));
      else jv_unref(k);
    }
    i += l + 1;
  }
  vsh_buf_dispose(&e);
  return o;
}

/* The real path of p, or p itself when it does not exist (jq's
 * jq_realpath). */
static jv real_or_given(bi_ctx *b, const char *p) {
  vsh_buf r;
  vsh__buf_init(&r);
  jv v = vfs_realpath(b->fs, bi_path(b, p), false, &r) == 0 && r.data
             ? jv_str_n(r.data, r.len)
             : jv_str_c(p);
  vsh_buf_dispose(&r);
  return v;
}

/* get_search_list: the -L directories, else jq 1.7's default list. */
static jv search_list(bi_ctx *b, const char **dirs, size_t n) {
  static const char *const dflt[] = {"~/.jq", "$ORIGIN/../lib/jq",
                                     "$ORIGIN/../lib"};
  jv l = jv_arr_new(n ? n : 3);
  for (size_t i = 0; i < (n ? n : 3) && jv_ok(l); i++)
    l = jv_arr_push(l, n ? real_or_given(b, dirs[i]) : jv_str_c(dflt[i]));
  return l;
}

/* get_prog_origin: the directory of the -f file, else the cwd. */
static jv real_dir(bi_ctx *b, const char *file) {
  if (!file) return real_or_given(b, ".");
  const char *slash = strrchr(file, '/');
  if (!slash) return real_or_given(b, ".");
  if (slash == file) return real_or_given(b, "/");
  char *d = strndup(file, (size_t)(slash - file));
  if (!d) return jv_invalid();
  jv v = real_or_given(b, d);
  free(d);
  return v;
}

/* What the command line gives. */
typedef struct jq_args {
  jq_opts o;
  const char *filter; /* the first operand: the program, or with -f
                            the file holding it */
  bool from_file;     /* -f */
  const char *from_file_name;
  char **files;
  int nfiles;
  named *nm;
  int nnamed;
  jv positional;
  /* --args (1) and --jsonargs (2) apply to the operands that follow
   * them: mode[k] from operand at[k] on */
  int *mode_at, *mode;
  int nmodes;
  const char *libpaths[16];
  size_t nlib;
  vsh_buf filebuf; /* the program read by -f */
} jq_args;

/* A flag option (a letter or a long-only id); false when c is none. */
static bool jq_flag(jq_args *a, int c) {
  jq_opts *o = &a->o;
  switch (c) {
  case 'n': o->null_input = true; break;
  case 'R': o->raw_in = true; break;
  case 's': o->slurp = true; break;
  case 'c': o->compact = true; break;
  case 'r': o->raw_out = true; break;
  case 'j': o->join_out = true; break;
  case 'a': o->ascii = true; break;
  case 'S': o->sorted = true; break;
  case 'C': o->color = true; break;
  case 'M': o->color = false; break;
  case 'e': o->exit_status = true; break;
  case 'f': a->from_file = true; break;
  case J_RAW0: o->raw0 = true; break;
  case J_TAB: o->tab = true; break;
  case J_UNBUFFERED: break;
  case J_STREAM: o->stream = true; break;
  case J_STREAM_ERRORS: o->stream = o->stream_errors = true; break;
  case J_SEQ: o->seq = true; break;
  default: return false;
  }
  return true;
}

static int could_not_open(bi_ctx *b, const char *name, int rc) {
  bi_errline(b, "jq: error: Could not open %s: %s", name,
             rc == VSH_EISDIR ? "Is a directory" : "No such file or directory");
  return 2;
}

/* --slurpfile's array of the values in FILE, --rawfile's string. */
static int jq_file_value(bi_ctx *b, int opt, const char *name, const char *file,
                         jv *out) {
  vsh_buf fb;
  vsh__buf_init(&fb);
  int rc = read_file(b, file, &fb);
  if (rc) {
    vsh_buf_dispose(&fb);
    return could_not_open(b, file, rc);
  }
  if (opt == J_RAWFILE) {
    if (!fb.data && !(fb.data = calloc(1, 1))) return 2;
    *out = jv_str_buf(&fb);
    return -1;
  }
  jv v = jv_arr_new(0);
  jv_parser p;
  jv_parser_init(&p, fb.data ? fb.data : "", fb.len);
  jv x;
  int r;
  while ((r = jv_parse_next(&p, &x)) == 1) v = jv_arr_push(v, x);
  jv_parser_dispose(&p);
  vsh_buf_dispose(&fb);
  if (r < 0) {
    jv_unref(v);
    bi_errline(b, "jq: Bad JSON in --slurpfile %s %s: %s", name, file, p.err);
    return 2;
  }
  *out = v;
  return -1;
}

/* --arg, --argjson, --slurpfile or --rawfile NAME VALUE. */
static int jq_named(bi_ctx *b, jq_args *a, int opt, const char *name,
                    const char *val) {
  jv v;
  if (opt == J_ARG) {
    v = jv_str_c(val);
  } else if (opt == J_ARGJSON) {
    char err[200];
    v = jv_parse_one(val, strlen(val), err, sizeof err);
    if (!jv_ok(v))
      return bi_usage_error(b, &jq_cmd,
                            "Invalid JSON text passed to --argjson");
  } else {
    int rc = jq_file_value(b, opt, name, val, &v);
    if (rc >= 0) return rc;
  }
  a->nm[a->nnamed].name = (char *)name;
  a->nm[a->nnamed].val = v;
  a->nnamed++;
  return -1;
}

/* --indent N (-1 to 7), read as jq reads it (atoi: "x" is 0). */
static int jq_indent(bi_ctx *b, jq_args *a, const char *arg) {
  if (!arg) return bi_usage_error(b, &jq_cmd, "--indent takes one parameter");
  long n = strtol(arg, NULL, 10);
  if (n < -1 || n > 7)
    return bi_usage_error(b, &jq_cmd, "Cannot indent more than 7 characters");
  a->o.indent = (int)n;
  return -1;
}

/* An option that is no flag; its values are the next arguments (g->ind).
 * -1 to go on, else the exit status. */
static int jq_option(bi_ctx *b, bi_opts *g, jq_args *a, int c) {
  const char *opt = b->argv[g->ind - 1];
  bool more = g->ind < b->argc, two = g->ind + 1 < b->argc;
  switch (c) {
  case 'h': return bi_cmd_help(b, &jq_cmd);
  case 'V': return bi_cmd_version(b, &jq_cmd);
  case J_BUILD: bi_puts(b, "vsh\n"); return 0;
  case J_ARGS:
  case J_JSONARGS:
    a->mode_at[a->nmodes] = g->noperands;
    a->mode[a->nmodes++] = c == J_ARGS ? 1 : 2;
    return -1;
  case 'L': {
    const char *dir = g->arg ? g->arg : more ? b->argv[g->ind++] : NULL;
    if (!dir) {
      bi_errline(
          b, "-L takes a parameter: (e.g. -L /search/path or -L/search/path)");
      return bi_usage_error(b, &jq_cmd, NULL);
    }
    if (*dir == '=') dir++;
    if (a->nlib < 16) a->libpaths[a->nlib++] = dir;
    return -1;
  }
  case J_INDENT: return jq_indent(b, a, more ? b->argv[g->ind++] : NULL);
  case J_ARG:
  case J_ARGJSON:
  case J_SLURPFILE:
  case J_RAWFILE:
    if (!two)
      return bi_usage_error(
          b, &jq_cmd, "%s takes two parameters (e.g. %s varname %s)", opt, opt,
          c == J_ARG       ? "value"
          : c == J_ARGJSON ? "text"
                           : "filename");
    g->ind += 2;
    return jq_named(b, a, c, b->argv[g->ind - 2], b->argv[g->ind - 1]);
  default: return g->status; /* a usage error bi_opt reported */
  }
}

/* The operands in order: the filter (or -f's file) first, then the input
 * files, or after --args (--jsonargs) the positional strings (JSON
 * values).  -1 to go on, else the exit status. */
static int jq_operands(bi_ctx *b, jq_args *a, const bi_opts *g) {
  int mode = 0, k = 0;
  for (int i = 0; i < g->noperands; i++) {
    const char *arg = g->operands[i];
    while (k < a->nmodes && a->mode_at[k] <= i) mode = a->mode[k++];
    if (!a->filter) {
      a->filter = arg;
    } else if (mode == 1) {
      a->positional = jv_arr_push(a->positional, jv_str_c(arg));
    } else if (mode == 2) {
      char err[200];
      jv v = jv_parse_one(arg, strlen(arg), err, sizeof err);
      if (!jv_ok(v))
        return bi_usage_error(b, &jq_cmd,
                              "Invalid JSON text passed to --jsonargs");
      a->positional = jv_arr_push(a->positional, v);
    } else {
      a->files[a->nfiles++] = (char *)arg;
    }
  }
  return -1;
}

/* jq's command line (see jq_options); -1 to go on, else the exit status
 * (0 after --help or --version). */
static int jq_parse_args(bi_ctx *b, jq_args *a) {
  bi_opts g = {0};
  int c, rc;
  while ((c = bi_opt(b, &g, &jq_cmd)) != -1)
    if (!jq_flag(a, c) && (rc = jq_option(b, &g, a, c)) >= 0) return rc;
  if ((rc = jq_operands(b, a, &g)) >= 0) return rc;
  /* as jq when stdin or stdout is not a terminal (never one here) */
  if (!a->filter) a->filter = ".";
  if (a->from_file) {
    a->from_file_name = a->filter;
    rc = read_file(b, a->from_file_name, &a->filebuf);
    if (rc) return could_not_open(b, a->from_file_name, rc);
    if (!a->filebuf.data && !(a->filebuf.data = calloc(1, 1))) return 2;
    a->filter = a->filebuf.data;
  }
  return -1;
}

/* One run of the command: its arguments, program and evaluator. */
typedef struct jq_run {
  jq_args a;
  jq_prog prog;
  jq_st st;
  jq_in in;
  jq_out out;
  char **argnames;
  jv *argvals;
  jq_env *frames, *env;
} jq_run;

static int memory_exhausted(bi_ctx *b) {
  bi_errline(b, "jq: error: memory exhausted");
  return 2;
}

/* Everything empty, so jq_run_dispose may run at any point; -1, or 2
 * when out of memory. */
static int jq_run_init(bi_ctx *b, jq_run *r) {
  memset(r, 0, sizeof *r);
  r->a.o.indent = 2;
  vsh__buf_init(&r->a.filebuf);
  r->a.files = calloc((size_t)b->argc + 1, sizeof *r->a.files);
  r->a.nm = calloc((size_t)b->argc + 2, sizeof *r->a.nm);
  r->a.mode_at = calloc((size_t)b->argc + 1, sizeof *r->a.mode_at);
  r->a.mode = calloc((size_t)b->argc + 1, sizeof *r->a.mode);
  r->a.positional = jv_arr_new(0);
  r->st.err = jv_invalid();
  r->st.env_obj = jv_invalid();
  r->st.cur_filename = jv_null();
  r->st.halt_status = -1;
  r->in.pending = jv_invalid();
  r->in.spath = jv_arr_new(0);
  r->out.last = jv_invalid();
  if (!r->a.files || !r->a.nm || !r->a.mode_at || !r->a.mode ||
      !jv_ok(r->a.positional))
    return memory_exhausted(b);
  return -1;
}

static void jq_run_dispose(jq_run *r) {
  jq_in *in = &r->in;
  jq_st *st = &r->st;
  free(r->frames);
  jv_unref(r->out.last);
  vsh_buf_dispose(&r->out.buf);
  vsh_buf_dispose(&in->buf);
  for (size_t i = 0; i < JV_KCACHE; i++) jv_unref(in->kcache[i]);
  free(in->stk);
  jv_unref(in->spath);
  free(in->skind);
  free(in->sstate);
  free(in->sidx);
  jv_unref(in->pending);
  if (in->s) sh_stream_unref(in->s);
  jv_unref(st->err);
  jv_unref(st->env_obj);
  jv_unref(st->search_list);
  jv_unref(st->prog_origin);
  jv_unref(st->cur_filename);
  jq_prog_free(&r->prog);
  if (r->argvals)
    for (int i = 0; i <= r->a.nnamed; i++) jv_unref(r->argvals[i]);
  free(r->argvals);
  free(r->argnames);
  for (int i = 0; i < r->a.nnamed; i++) jv_unref(r->a.nm[i].val);
  free(r->a.nm);
  free(r->a.files);
  free(r->a.mode_at);
  free(r->a.mode);
  jv_unref(r->a.positional);
  vsh_buf_dispose(&r->a.filebuf);
}

/* $ARGS and the named arguments: the program's outermost variables. */
static int jq_arg_vars(bi_ctx *b, jq_run *r) {
  jq_args *a = &r->a;
  r->argnames = calloc((size_t)a->nnamed + 2, sizeof *r->argnames);
  r->argvals = calloc((size_t)a->nnamed + 2, sizeof *r->argvals);
  if (!r->argnames || !r->argvals) return 2;
  jv named_obj = jv_obj_new();
  for (int i = 0; i < a->nnamed; i++)
    named_obj =
        jv_obj_set(named_obj, jv_str_c(a->nm[i].name), jv_ref(a->nm[i].val));
  jv args = jv_obj_new();
  args = jv_obj_set(args, jv_str_c("positional"), jv_ref(a->positional));
  args = jv_obj_set(args, jv_str_c("named"), named_obj);
  if (!jv_ok(args)) return memory_exhausted(b);
  r->argnames[0] = "ARGS";
  r->argvals[0] = args;
  for (int i = 0; i < a->nnamed; i++) {
    r->argnames[i + 1] = a->nm[i].name;
    r->argvals[i + 1] = jv_ref(a->nm[i].val);
  }
  r->prog.argnames = r->argnames;
  r->prog.nargnames = (size_t)a->nnamed + 1;
  return -1;
}

/* The module search paths, then the program compiled (status 3 and
 * jq's message when it does not). */
static int jq_compile_prog(bi_ctx *b, jq_run *r) {
  jq_args *a = &r->a;
  r->prog.b = b;
  r->st.search_list = search_list(b, a->libpaths, a->nlib);
  r->st.prog_origin = real_dir(b, a->from_file_name);
  if (!jv_ok(r->st.search_list) || !jv_ok(r->st.prog_origin))
    return memory_exhausted(b);
  if (a->nlib == 0) {
    a->libpaths[a->nlib++] = "~/.jq";
    a->libpaths[a->nlib++] = "/usr/lib/jq";
  }
  for (size_t i = 0; i < a->nlib; i++) {
    const char *p = a->libpaths[i];
    if (p[0] == '~') {
      const char *home = bi_getenv(b, "HOME");
      vsh_buf hb;
      vsh__buf_init(&hb);
      vsh__buf_puts(&hb, home ? home : "/home/user");
      vsh__buf_puts(&hb, p + 1);
      p = hb.data ? vsh__arena_strndup(b->arena, hb.data, hb.len) : p;
      vsh_buf_dispose(&hb);
    }
    r->prog.libpaths[r->prog.nlibpaths++] = p;
  }
  char msg[600];
  if (jq_compile(&r->prog, a->filter, strlen(a->filter), msg, sizeof msg)) {
    bi_errline(b, "jq: error: %s", msg);
    /* jq shows the program after the location */
    if (strstr(msg, ", line ")) bi_errline(b, "%s", a->filter);
    bi_errline(b, "jq: 1 compile error");
    return 3;
  }
  return -1;
}

/* The evaluator, the input reader and the printer, ready to run. */
static int jq_setup(bi_ctx *b, jq_run *r) {
  jq_opts *o = &r->a.o;
  jq_st *st = &r->st;
  jq_out *out = &r->out;
  st->b = b;
  st->prog = &r->prog;
  st->env_obj = build_env(b);
  if (!jv_ok(st->env_obj)) return memory_exhausted(b);
  char probe;
  uintptr_t here = (uintptr_t)&probe;
  uintptr_t low = bi_stack_floor(b);
  if (low && here > low + (128u << 10)) st->stack_limit = low + (64u << 10);
  else st->stack_limit = here > (1u << 20) ? here - (1u << 20) : 0;
  r->in.b = b;
  r->in.files = r->a.files;
  r->in.nfiles = r->a.nfiles;
  r->in.o = o;
  st->next_input = next_input_cb;
  st->input_line = input_line_cb;
  st->input_ud = &r->in;
  out->b = b;
  out->o = o;
  out->indent = o->indent;
  out->flags = o->compact || o->indent == 0 ? 0 : JV_PRINT_PRETTY;
  if (o->tab) out->flags |= JV_PRINT_PRETTY | JV_PRINT_TAB;
  if (o->ascii) out->flags |= JV_PRINT_ASCII;
  if (o->sorted) out->flags |= JV_PRINT_SORTED;
  if (o->color) out->flags |= JV_PRINT_COLOR;
  if (o->raw0) o->raw_out = true;
  st->dump_flags = out->flags;
  r->frames = calloc((size_t)r->a.nnamed + 2, sizeof *r->frames);
  if (!r->frames) return 2;
  for (int i = 0; i <= r->a.nnamed; i++) {
    r->frames[i].up = r->env;
    r->frames[i].kind = 0;
    r->frames[i].val = r->argvals[i];
    r->env = &r->frames[i];
  }
  return -1;
}

/* An input could not be read for want of memory (or the exec was
 * cancelled): the exit status. */
static int input_failed(bi_ctx *b) {
  if (!bi_cancelled(b)) bi_errline(b, "jq: error: memory exhausted");
  return bi_cancelled(b) ? 126 : 2;
}

/* -s: all inputs as one array.  1 with *v, 0 to stop (*status set). */
static int jq_slurp(bi_ctx *b, jq_run *r, jv *v, int *status) {
  jv acc = jv_arr_new(0);
  int rc;
  for (;;) {
    jv x;
    rc = next_input_cb(&r->st, &x);
    if (rc <= 0) break;
    acc = jv_arr_push(acc, x);
    if (!jv_ok(acc)) {
      rc = -1;
      break;
    }
  }
  if (rc < 0 && !r->in.status) {
    jv_unref(acc);
    *status = input_failed(b);
    return 0;
  }
  if (r->in.status == 5) {
    jv_unref(acc);
    return 0;
  }
  *v = acc;
  return 1;
}

/* The next input: 1 with *v, 2 for a top-level array read in place at
 * [*s, *e) (by_elem), 0 at the end or after an error (*status set). */
static int jq_next(bi_ctx *b, jq_run *r, bool by_elem, jv *v, size_t *s,
                   size_t *e, int *status) {
  if (r->a.o.null_input) {
    *v = jv_null();
    return 1;
  }
  if (r->a.o.slurp && !r->a.o.raw_in) return jq_slurp(b, r, v, status);
  int rc = by_elem ? in_next_array(&r->in, s, e) : 0;
  if (rc == 1) {
    r->in.pos = *e;
    *v = jv_invalid();
    return 2;
  }
  if (rc == 0) {
    rc = next_input_cb(&r->st, v);
    if (rc == 0) return 0;
  }
  if (rc < 0) {
    if (!r->in.status) *status = input_failed(b);
    return 0;
  }
  return 1;
}

/* An error the program raised: "jq: error (at FILE:LINE): MESSAGE". */
static void jq_report(bi_ctx *b, jq_run *r) {
  jv e = r->st.err;
  r->st.err = jv_invalid();
  /* jq's position at the error: the input read last, also when -n read
   * it with input */
  char where[300];
  if (!r->in.name) snprintf(where, sizeof where, "<unknown>");
  else
    snprintf(where, sizeof where, "%s:%zu", r->in.name,
             line_of(&r->in, r->in.pos));
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
}

/* Runs the program on each input; returns the exit status (5 after an
 * error, -e's 1 and 4, 141 when the reader of stdout is gone). */
static int jq_run_inputs(bi_ctx *b, jq_run *r) {
  jq_opts *o = &r->a.o;
  int status = 0;
  bool errors = false;
  /* `.[] | f` and `.` read a top-level array one element at a time */
  bool by_elem =
      !o->null_input && !o->slurp && !o->raw_in && !o->stream && !o->seq &&
      (jq_main_iterates(r->prog.main) ||
       (r->prog.main->op == JQ_IDENT && !(r->out.flags & JV_PRINT_COLOR)));
  for (;;) {
    jv v;
    size_t s = 0, e = 0;
    int got = jq_next(b, r, by_elem, &v, &s, &e, &status);
    if (!got) break;
    jv_unref(r->st.cur_filename);
    r->st.cur_filename =
        r->in.name && r->in.nfiles ? jv_str_c(r->in.name) : jv_null();
    int rc = got == 2 ? eval_array(&r->st, &r->in, r->prog.main, r->env,
                                   &r->out, s, e)
                      : jq_eval(&r->st, r->prog.main, v, jv_invalid(), r->env,
                                k_output, &r->out);
    if (rc == JQ_ERR) {
      errors = true;
      jq_report(b, r);
    } else if (rc == JQ_FATAL) {
      status = r->st.halt_status >= 0 ? r->st.halt_status
               : bi_cancelled(b)      ? 126
                                      : 5;
      break;
    }
    /* JQ_BRK, a break with no label around: nothing */
    if (r->out.failed || o->null_input || o->slurp) break;
  }
  if (r->in.status && status == 0) status = r->in.status;
  out_flush(&r->out);
  if (r->out.failed || b->epipe) return 141;
  if (status == 0 || status == r->in.status) {
    if (status == 0 && errors) status = 5;
    if (o->exit_status && status == 0) {
      if (!r->out.any) status = 4;
      else if (!jv_truthy(r->out.last)) status = 1;
    }
  }
  return status;
}

int bi_jq_main(bi_ctx *b) {
  jq_run r;
  int status = jq_run_init(b, &r);
  if (status < 0) status = jq_parse_args(b, &r.a);
  if (status < 0) status = jq_arg_vars(b, &r);
  if (status < 0) status = jq_compile_prog(b, &r);
  if (status < 0) status = jq_setup(b, &r);
  if (status < 0) status = jq_run_inputs(b, &r);
  jq_run_dispose(&r);
  return status;
}
