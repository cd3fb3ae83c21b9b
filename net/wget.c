/* wget.c: GNU wget's common flags over the sandbox network policy:
 * -O -q -nv -S --header --post-data --post-file --method --body-data
 * --tries -T -U --user --password -P --max-redirect.  Redirects are
 * followed (20 by default) hop by hop, each checked; a 4xx/5xx answer is
 * "ERROR N: reason." and status 8; files land in the VFS.  Deviation:
 * the progress lines have no bar (the text around them is wget's). */
#include "net/fetch.h"
#include "net/util.h"

#include <string.h>
#include <stdarg.h>
#include <strings.h>
#include <time.h>

enum {
  W_HEADER = BI_OPT_FIRST,
  W_POST_DATA,
  W_POST_FILE,
  W_METHOD,
  W_BODY_DATA,
  W_BODY_FILE,
  W_USER,
  W_PASSWORD,
  W_MAX_REDIRECT,
  W_NO_CHECK,
  W_CONTENT_ON_ERROR,
  W_REFUSED,
  W_NOOP,
  W_NO_VERBOSE
};

static const bi_option wget_options[] = {
    {"output-document", BI_ARG_REQUIRED, 'O', NULL},
    {"quiet", BI_ARG_NONE, 'q', NULL},
    {"no-verbose", BI_ARG_NONE, W_NO_VERBOSE, NULL},
    {"verbose", BI_ARG_NONE, 'v', NULL},
    {"server-response", BI_ARG_NONE, 'S', NULL},
    {"header", BI_ARG_REQUIRED, W_HEADER, NULL},
    {"post-data", BI_ARG_REQUIRED, W_POST_DATA, NULL},
    {"post-file", BI_ARG_REQUIRED, W_POST_FILE, NULL},
    {"method", BI_ARG_REQUIRED, W_METHOD, NULL},
    {"body-data", BI_ARG_REQUIRED, W_BODY_DATA, NULL},
    {"body-file", BI_ARG_REQUIRED, W_BODY_FILE, NULL},
    {"tries", BI_ARG_REQUIRED, 't', NULL},
    {"timeout", BI_ARG_REQUIRED, 'T', NULL},
    {"user-agent", BI_ARG_REQUIRED, 'U', NULL},
    {"user", BI_ARG_REQUIRED, W_USER, NULL},
    {"http-user", BI_ARG_REQUIRED, W_USER, NULL},
    {"password", BI_ARG_REQUIRED, W_PASSWORD, NULL},
    {"http-password", BI_ARG_REQUIRED, W_PASSWORD, NULL},
    {"directory-prefix", BI_ARG_REQUIRED, 'P', NULL},
    {"max-redirect", BI_ARG_REQUIRED, W_MAX_REDIRECT, NULL},
    {"no-check-certificate", BI_ARG_NONE, W_NO_CHECK, NULL},
    {"content-on-error", BI_ARG_NONE, W_CONTENT_ON_ERROR, NULL},
    {"continue", BI_ARG_NONE, 'c', NULL},
    {"ca-certificate", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"ca-directory", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"certificate", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"private-key", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"bind-address", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"input-file", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"execute", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"load-cookies", BI_ARG_REQUIRED, W_REFUSED, NULL},
    {"no-proxy", BI_ARG_NONE, W_NOOP, NULL},
    {0}};

static const bi_cmd wget_cmd = {
    .name = "wget",
    .usage = "GNU Wget 1.21.3 (vsh), a non-interactive network retriever.\n"
             "Usage: wget [OPTION]... [URL]...\n\n",
    .about = "  -O,  --output-document=FILE  write documents to FILE\n"
             "  -q,  --quiet                 quiet (no output)\n"
             "  -S,  --server-response       print server response\n"
             "       --header=STRING         insert STRING among the headers\n"
             "       --post-data=STRING      use the POST method; send STRING "
             "as the data\n"
             "       --method=HTTPMethod     use method \"HTTPMethod\" in the "
             "request\n"
             "  -t,  --tries=NUMBER          set number of retries to NUMBER\n"
             "  -T,  --timeout=SECONDS       set all timeout values to "
             "SECONDS\n",
    .shortopts = "O:qvSt:T:U:P:n:chV",
    .longopts = wget_options,
    .bad_status = 2,
    .version = "GNU Wget 1.21.3 (vsh) built on linux-gnu.\n",
    .try_text = "Usage: wget [OPTION]... [URL]...\n\n"
                "Try `wget --help' for more options.\n",
};

typedef struct wget_xfer {
  bi_ctx *b;
  net_out out;
  bool quiet, verbose, server_response;
  bool error_status; /* the final answer is >= 400: not saved */
  bool content_on_error;
  long code;
  uint64_t got;
  vsh_buf reason; /* the final status line's reason phrase */
  const net_target *hop;
  bool werr;
  bool pending; /* "Connecting to ..." waits for its outcome */
  int hops;
  bool location;
  long length; /* Content-Length, or -1 */
  vsh_buf ctype;
} wget_xfer;

static void say(wget_xfer *x, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void say(wget_xfer *x, const char *fmt, ...) {
  if (x->quiet || !x->verbose) return;
  char buf[2048];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(buf, sizeof(buf), fmt, ap);
  va_end(ap);
  if (n > (int)sizeof(buf) - 1) n = (int)sizeof(buf) - 1;
  if (n > 0) bi_write_to(x->b, x->b->err, buf, (size_t)n);
}

static void stamp(char *buf, size_t n) {
  struct timespec ts;
  clock_gettime(CLOCK_REALTIME, &ts);
  struct tm tm;
  gmtime_r(&ts.tv_sec, &tm);
  strftime(buf, n, "%Y-%m-%d %H:%M:%S", &tm);
}

/* wget's rate: 1024-based units, about three significant digits. */
static void rate(double bps, bool short_unit, char *out, size_t n) {
  static const char *const lu[] = {"B/s", "KB/s", "MB/s", "GB/s"};
  static const char *const su[] = {"", "K", "M", "G"};
  int u = 0;
  while (bps >= 1024 && u < 3) {
    bps /= 1024;
    u++;
  }
  int prec = bps >= 100 ? 0 : bps >= 10 ? 1 : 2;
  if (short_unit) snprintf(out, n, "%.*f%s", prec, bps, su[u]);
  else snprintf(out, n, "%.*f %s", prec, bps, lu[u]);
}

static int w_header(void *ud, const char *line, size_t n) {
  wget_xfer *x = ud;
  if (n >= 5 && !memcmp(line, "HTTP/", 5)) {
    const char *sp = memchr(line, ' ', n);
    x->code = sp ? atol(sp + 1) : 0;
    vsh__buf_clear(&x->reason);
    if (sp) {
      const char *r = memchr(sp + 1, ' ', (size_t)(line + n - sp - 1));
      if (r) {
        size_t rl = (size_t)(line + n - r - 1);
        while (rl && (r[rl] == '\r' || r[rl] == '\n')) rl--;
        if (vsh__buf_append(&x->reason, r + 1, rl)) return 1;
      }
    }
    x->error_status = x->code >= 400;
    x->location = false;
    x->length = -1;
    vsh__buf_clear(&x->ctype);
    if (x->pending) say(x, "connected.\n");
    x->pending = false;
    if (x->code >= 200)
      say(x, "HTTP request sent, awaiting response... %ld %s\n", x->code,
          x->reason.data ? x->reason.data : "");
  }
  if (n > 9 && !strncasecmp(line, "location:", 9) && x->code >= 300 &&
      x->code < 400) {
    size_t k = n;
    while (k && (line[k - 1] == '\r' || line[k - 1] == '\n')) k--;
    const char *v = line + 9;
    while (*v == ' ') v++;
    say(x, "Location: %.*s [following]\n", (int)(line + k - v), v);
  }
  if (n > 15 && !strncasecmp(line, "content-length:", 15))
    x->length = atol(line + 15);
  if (n > 13 && !strncasecmp(line, "content-type:", 13)) {
    size_t k = n;
    while (k && (line[k - 1] == '\r' || line[k - 1] == '\n')) k--;
    const char *v = line + 13;
    while (*v == ' ') v++;
    vsh__buf_clear(&x->ctype);
    if (vsh__buf_append(&x->ctype, v, (size_t)(line + k - v))) return 1;
  }
  if (x->server_response && n > 2) {
    size_t k = n;
    while (k && (line[k - 1] == '\r' || line[k - 1] == '\n')) k--;
    bi_errline(x->b, "  %.*s", (int)k, line);
  }
  return 0;
}

static int w_body(void *ud, const void *data, size_t n) {
  wget_xfer *x = ud;
  if (x->error_status && !x->content_on_error) return 0;
  x->got += n;
  if (net_out_write(&x->out, data, n)) {
    x->werr = true;
    return 1;
  }
  return 0;
}

static void w_hop(void *ud, const net_target *t) {
  wget_xfer *x = ud;
  char ts[32];
  x->hop = t;
  stamp(ts, sizeof(ts));
  say(x, "--%s--  %s\n", ts, t->url);
  if (x->hops++) {
    say(x, "Reusing existing connection to %s:%u.\n", t->host, t->port);
  } else {
    say(x, "Connecting to %s:%u... ", t->host, t->port);
    x->pending = !x->quiet && x->verbose;
  }
}

/* The name wget saves a URL under: the path's last segment with its
 * percent-escapes decoded (but for '/' and control characters, which
 * stay escaped), "index.html" when empty, "?query" kept, ".N" added
 * while the name is taken. */
static int hexv(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static const char *save_name(bi_ctx *b, const char *url, const char *dir) {
  net_target t;
  vsh_buf base = {0};
  int rc = 0;
  if (net_target_parse(&t, url, NULL) == NET_OK && t.path) {
    const char *s = strrchr(t.path, '/');
    s = s ? s + 1 : t.path;
    for (size_t i = 0; s[i] && !rc; i++) {
      int h, l;
      if (s[i] == '%' && (h = hexv(s[i + 1])) >= 0 &&
          (l = hexv(s[i + 2])) >= 0) {
        int v = h * 16 + l;
        if (v != '/' && v >= 0x20 && v != 0x7f) {
          rc = vsh__buf_putc(&base, (char)v);
          i += 2;
          continue;
        }
      }
      rc = vsh__buf_putc(&base, s[i]);
    }
    if (!rc && !base.len) rc = vsh__buf_puts(&base, "index.html");
    char *q = NULL;
    if (!rc && curl_url_get(t.u, CURLUPART_QUERY, &q, 0) == CURLUE_OK && q) {
      rc = vsh__buf_putc(&base, '?');
      if (!rc) rc = vsh__buf_puts(&base, q);
    }
    curl_free(q);
  } else {
    rc = vsh__buf_puts(&base, "index.html");
  }
  net_target_dispose(&t);
  vsh_buf name = {0};
  if (!rc && dir) rc = vsh__buf_printf(&name, "%s/", dir);
  if (!rc) rc = vsh__buf_append(&name, base.data, base.len);
  vsh_buf_dispose(&base);
  const char *out = NULL;
  vsh_buf cand = {0};
  if (!rc) rc = vsh__buf_append(&cand, name.data, name.len);
  for (int i = 1; !rc && i < 100000; i++) {
    if (bi_charge(b, 1)) break;
    const char *p = bi_path(b, cand.data);
    if (!p || !vfs_exists(b->fs, p)) break;
    vsh__buf_clear(&cand);
    rc = vsh__buf_printf(&cand, "%s.%d", name.data, i);
  }
  if (!rc) out = vsh__arena_strndup(b->arena, cand.data, cand.len);
  vsh_buf_dispose(&name);
  vsh_buf_dispose(&cand);
  return out;
}

/* What the command line asks for. */
typedef struct wget_opts {
  const char *output, *method, *agent, *user, *password, *prefix, *body_file;
  const char *post;
  bool quiet, verbose, server_response, content_on_error, is_post;
  long tries, max_redirect;
  double timeout;
  char **headers;
  size_t nh;
  vsh_buf body;
  char *auth; /* "user:password" (arena), or NULL */
} wget_opts;

/* One option; -1 to go on, else the exit status. */
static int wget_option(bi_ctx *b, bi_opts *g, wget_opts *o, int ch) {
  switch (ch) {
  case 'O': o->output = g->arg; break;
  case 'q': o->quiet = true; break;
  case 'v': o->verbose = true; break;
  case W_NO_VERBOSE: o->verbose = false; break;
  case 'n':
    if (!strcmp(g->arg, "v")) o->verbose = false;
    break;
  case 'S': o->server_response = true; break;
  case 'c': break;
  case W_NOOP: break;
  case W_HEADER: {
    char **nhd = realloc(o->headers, (o->nh + 1) * sizeof(char *));
    if (!nhd) return 1;
    o->headers = nhd;
    o->headers[o->nh++] = (char *)g->arg;
    break;
  }
  case W_POST_DATA:
    o->post = g->arg;
    o->is_post = true;
    break;
  case W_POST_FILE:
    o->body_file = g->arg;
    o->is_post = true;
    break;
  case W_BODY_DATA: o->post = g->arg; break;
  case W_BODY_FILE: o->body_file = g->arg; break;
  case W_METHOD: o->method = g->arg; break;
  case 't': o->tries = atol(g->arg); break;
  case 'T': o->timeout = atof(g->arg); break;
  case 'U': o->agent = g->arg; break;
  case W_USER: o->user = g->arg; break;
  case W_PASSWORD: o->password = g->arg; break;
  case 'P': o->prefix = g->arg; break;
  case W_MAX_REDIRECT: o->max_redirect = atol(g->arg); break;
  case W_CONTENT_ON_ERROR: o->content_on_error = true; break;
  case W_NO_CHECK:
    if (!o->quiet)
      bi_errline(b, "wget: --no-check-certificate is ignored: this sandbox "
                    "always verifies TLS certificates.");
    break;
  case W_REFUSED:
    bi_err(b,
           "option '%s' is not allowed in this sandbox (it names host "
           "files or addresses)",
           g->longname ? g->longname : "?");
    return 2;
  case 'h':
  case 'V':
    return ch == 'h' ? bi_cmd_help(b, &wget_cmd) : bi_cmd_version(b, &wget_cmd);
  default: return g->status;
  }
  return -1;
}

/* The options, then the request body, the credentials and the headers
 * every request carries; -1 to go on, else the exit status. */
static int wget_setup(bi_ctx *b, bi_opts *g, wget_opts *o) {
  int ch, st;
  while ((ch = bi_opt(b, g, &wget_cmd)) != -1)
    if ((st = wget_option(b, g, o, ch)) >= 0) return st;
  if (!g->noperands) {
    bi_usage_error(b, &wget_cmd, "missing URL");
    return 1;
  }
  if (o->post && vsh__buf_puts(&o->body, o->post)) return 1;
  int brc = o->body_file ? net_read_all(b, o->body_file, &o->body) : 0;
  if (brc) {
    bi_err(b, "%s: %s", o->body_file, vsh_strerror(brc));
    return 3;
  }
  if (o->user) {
    size_t ul = strlen(o->user), pl = o->password ? strlen(o->password) : 0;
    o->auth = vsh__arena_alloc(b->arena, ul + pl + 2);
    if (!o->auth) return 1;
    memcpy(o->auth, o->user, ul);
    o->auth[ul] = ':';
    memcpy(o->auth + ul + 1, o->password ? o->password : "", pl + 1);
  }
  if (o->tries <= 0 || o->tries > 20) o->tries = 20; /* bounded */
  /* wget's own request headers come before the script's */
  static const char *const dflt[] = {"Accept-Encoding: identity",
                                     "Connection: Keep-Alive"};
  char **all = realloc(o->headers, (o->nh + 2) * sizeof(char *));
  if (!all) return 1;
  o->headers = all;
  memmove(o->headers + 2, o->headers, o->nh * sizeof(char *));
  o->headers[0] = (char *)dflt[0];
  o->headers[1] = (char *)dflt[1];
  o->nh += 2;
  return -1;
}

/* Fetches url into x, retrying a transient failure (-t); f holds the
 * outcome.  Returns 1 when out of memory, else 0. */
static int wget_fetch(bi_ctx *b, const wget_opts *o, const char *url,
                      bool one_output, wget_xfer *x, net_fetch *f) {
  for (long attempt = 1;; attempt++) {
    memset(f, 0, sizeof(*f));
    f->b = b;
    f->url = url;
    f->method = o->method ? o->method : NULL;
    f->has_body = o->post || o->body_file;
    f->post = o->is_post && !o->method;
    f->body = o->body.data;
    f->body_len = o->body.len;
    f->headers = o->headers;
    f->nheaders = o->nh;
    f->user = o->auth;
    f->agent = o->agent ? o->agent : "Wget/1.21.3";
    f->follow = true;
    f->max_redirs = o->max_redirect;
    /* -T is wget's connect and read (idle) timeout, not a total */
    f->connect_timeout_ms = (int64_t)(o->timeout * 1000);
    f->idle_timeout_s = o->timeout < 1 ? 1 : (long)o->timeout;
    f->on_header = w_header;
    f->on_body = w_body;
    f->on_hop = w_hop;
    f->ud = x;
    if (net_fetch_run(f)) {
      bi_err(b, "memory exhausted");
      return 1;
    }
    CURLcode r = f->last.res;
    bool transient = !f->refused && !f->last.refused && !f->last.cancelled &&
                     (r == CURLE_OPERATION_TIMEDOUT || r == CURLE_RECV_ERROR ||
                      r == CURLE_GOT_NOTHING);
    /* as wget 1.21: an HTTP error answer is final */
    if (!transient || attempt >= o->tries || bi_cancelled(b)) return 0;
    if (!o->quiet && o->verbose) bi_errline(b, "Retrying.\n");
    net_fetch_dispose(f);
    if (x->out.opened && !one_output) {
      net_out_close(&x->out);
      x->out.opened = false;
    }
    x->got = 0;
    if (net_sleep(b, attempt < 10 ? attempt * 1000 : 10000)) {
      memset(f, 0, sizeof(*f));
      return 0;
    }
  }
}

/* A document fetched with a 1xx-3xx answer: saved, and wget's report of
 * it.  Returns the exit status for it. */
static int wget_saved(bi_ctx *b, const wget_opts *o, const char *url,
                      wget_xfer *x, net_fetch *f) {
  if (!x->out.opened && net_out_open(&x->out)) {
    if (!o->quiet) bi_err(b, "%s: %s", x->out.path, vsh_strerror(x->out.err));
    return 3;
  }
  if (o->quiet) return 0;
  char ts[32];
  stamp(ts, sizeof(ts));
  if (!o->verbose) {
    bi_errline(b, "%s URL:%s [%llu/%llu] -> \"%s\" [1]", ts,
               f->url_effective ? f->url_effective : url,
               (unsigned long long)x->got, (unsigned long long)x->got,
               x->out.path ? x->out.path : "-");
    return 0;
  }
  const char *shown =
      x->out.path && strcmp(x->out.path, "-") ? x->out.path : "STDOUT";
  char len[32];
  if (x->length >= 0) snprintf(len, sizeof(len), "%ld", x->length);
  else snprintf(len, sizeof(len), "unspecified");
  double secs = f->last.t_total - f->last.t_start;
  if (secs <= 0) secs = 1e-6;
  char r1[32], r2[32];
  rate((double)x->got / secs, true, r1, sizeof(r1));
  rate((double)x->got / secs, false, r2, sizeof(r2));
  bi_errline(b,
             "Length: %s%s%s%s\nSaving to: \xe2\x80\x98%s\xe2\x80\x99"
             "\n\n     0K%55s100%% %5s=%.0fs\n\n"
             "%s (%s) - \xe2\x80\x98%s\xe2\x80\x99 saved [%llu/%llu]\n",
             len, x->ctype.len ? " [" : "", x->ctype.len ? x->ctype.data : "",
             x->ctype.len ? "]" : "", shown, "", r1, secs, ts, r2, shown,
             (unsigned long long)x->got, (unsigned long long)x->got);
  return 0;
}

/* The outcome of one URL: wget's message and exit status for it. */
static int wget_result(bi_ctx *b, const wget_opts *o, const char *url,
                       wget_xfer *x, net_fetch *f) {
  net_req *r = &f->last;
  bool quiet = o->quiet;
  if (f->refused || r->refused) {
    if (!quiet) bi_err(b, "%s", f->refused ? f->why : r->why);
    return f->refused == NET_BADURL ? 1 : 4;
  }
  if (r->cancelled) return 4;
  if (r->too_big) {
    if (!quiet)
      bi_err(b, "response larger than the sandbox allows (%llu bytes)",
             (unsigned long long)net_policy_of(b)->opts.max_response_bytes);
    return 3;
  }
  if (x->werr) {
    if (!quiet && x->out.err != VSH_EPIPE)
      bi_err(b, "%s: %s", x->out.path ? x->out.path : "-",
             vsh_strerror(x->out.err));
    return 3;
  }
  if (r->res == CURLE_COULDNT_RESOLVE_HOST) {
    if (!quiet)
      bi_err(b, "unable to resolve host address '%s'", f->target.host);
    return 4;
  }
  if (r->res != CURLE_OK) {
    if (!quiet) {
      if (r->res == CURLE_COULDNT_CONNECT)
        bi_errline(b, "%sfailed: Connection refused.",
                   x->pending ? "" : "Connecting... ");
      else if (r->res == CURLE_OPERATION_TIMEDOUT)
        bi_errline(b, "Read error (Connection timed out) in headers.");
      else
        bi_errline(b, "%s",
                   r->errbuf[0] ? r->errbuf : curl_easy_strerror(r->res));
    }
    return r->res == CURLE_SSL_CACERT ||
                   r->res == CURLE_PEER_FAILED_VERIFICATION
               ? 5
               : 4;
  }
  if (f->too_many) {
    if (!quiet) bi_errline(b, "%u redirections exceeded.", f->max_used);
    return 8;
  }
  if (f->code < 400) return wget_saved(b, o, url, x, f);
  char ts[32];
  stamp(ts, sizeof(ts));
  if (!quiet && !o->verbose) /* -nv names the URL first */
    bi_errline(b, "%s:", f->url_effective ? f->url_effective : url);
  if (!quiet)
    bi_errline(b, "%s ERROR %ld: %s.%s", ts, f->code,
               x->reason.data ? x->reason.data : "", o->verbose ? "\n" : "");
  return 8;
}

int bi_wget_main(bi_ctx *b) {
  bi_opts g = {0};
  wget_opts o = {
      .verbose = true, .tries = 20, .max_redirect = 20, .timeout = 900};
  int st = wget_setup(b, &g, &o);
  if (st >= 0) goto done;
  st = 0;
  net_out shared = {.b = b, .path = o.output};
  bool one_output = o.output != NULL;
  /* wget makes (and empties) the -O file before it connects */
  if (one_output && strcmp(o.output, "-") && net_out_open(&shared)) {
    bi_errline(b, "%s: %s", o.output, vsh_strerror(shared.err));
    st = 1;
    goto done;
  }
  for (int i = 0; i < g.noperands && !bi_cancelled(b); i++) {
    const char *url = g.operands[i];
    wget_xfer x = {.b = b,
                   .quiet = o.quiet,
                   .verbose = o.verbose,
                   .server_response = o.server_response,
                   .content_on_error = o.content_on_error};
    if (one_output) x.out = shared;
    else {
      x.out.b = b;
      x.out.path = save_name(b, url, o.prefix);
      x.out.create_dirs = o.prefix != NULL;
      if (!x.out.path) {
        bi_err(b, "memory exhausted");
        st = 1;
        break;
      }
    }
    net_fetch f;
    int code = wget_fetch(b, &o, url, one_output, &x, &f);
    if (x.pending && f.last.res != CURLE_COULDNT_CONNECT) {
      say(&x, "\n");
      x.pending = false;
    }
    if (!code) code = wget_result(b, &o, url, &x, &f);
    net_fetch_dispose(&f);
    vsh_buf_dispose(&x.reason);
    vsh_buf_dispose(&x.ctype);
    if (one_output) shared = x.out;
    else net_out_close(&x.out);
    if (code) st = code;
    if (b->epipe) break;
  }
  net_out_close(&shared);
done:
  free(o.headers);
  vsh_buf_dispose(&o.body);
  return st;
}
