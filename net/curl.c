/* curl.c: the curl command over the sandbox network policy.  Options are
 * parsed as curl parses them (bundled short flags, attached or separate
 * arguments, --no-X for booleans, options anywhere among the URLs), and
 * each URL is fetched by fetch.c with vsh following redirects (-L).
 * Files named by -d @f, -F, -T, -b, -c, -o, -D and -w @f are VSH files.
 * Deviations: no progress meter (-# is accepted), TLS is always verified
 * (-k only warns), and options naming host files, sockets, proxies or
 * resolvers are refused. */
#include "net/curl_int.h"

#include "net/glob.h"

#include <math.h>
#include <string.h>
#include <strings.h>

enum {
  O_SILENT = 256,
  O_SHOW_ERROR,
  O_FAIL,
  O_FAIL_BODY,
  O_INCLUDE,
  O_HEAD,
  O_VERBOSE,
  O_LOCATION,
  O_GET,
  O_OUTPUT,
  O_REMOTE_NAME,
  O_REMOTE_NAME_ALL,
  O_REMOTE_HEADER_NAME,
  O_REQUEST,
  O_HEADER,
  O_DATA,
  O_DATA_RAW,
  O_DATA_BINARY,
  O_DATA_URLENCODE,
  O_FORM,
  O_FORM_STRING,
  O_USER,
  O_AGENT,
  O_REFERER,
  O_COOKIE,
  O_COOKIE_JAR,
  O_UPLOAD,
  O_DUMP_HEADER,
  O_WRITE_OUT,
  O_MAX_TIME,
  O_CONNECT_TIMEOUT,
  O_MAX_REDIRS,
  O_CREATE_DIRS,
  O_OUTPUT_DIR,
  O_COMPRESSED,
  O_RETRY,
  O_RETRY_DELAY,
  O_RETRY_MAX_TIME,
  O_RETRY_ALL,
  O_RETRY_CONNREFUSED,
  O_JSON,
  O_INSECURE,
  O_PROGRESS_BAR,
  O_PROGRESS_METER,
  O_URL,
  O_HTTP10,
  O_NOOP,
  O_HELP,
  O_VERSION,
  O_REFUSED,
  O_LOCATION_TRUSTED,
  O_FAIL_EARLY,
  O_RANGE,
  O_LIMIT_RATE,
  O_IPV4,
  O_IPV6,
  O_BASIC,
  O_DIGEST,
  O_ANYAUTH,
  O_BEARER,
  O_POST301,
  O_POST302,
  O_POST303,
  O_MAX_FILESIZE,
  O_GLOBOFF,
  O_TRACE,
  O_TRACE_ASCII
};

typedef struct curl_optdef {
  const char *name;
  char letter;
  bool arg;
  int id;
  bool boolean; /* takes --no-NAME */
} curl_optdef;

/* curl's options are its own language (no abbreviations, --no-NAME for
 * booleans, the table below); the declaration holds its help and its
 * usage errors ("curl: try 'curl --help'", status 2). */
static const bi_cmd curl_cmd = {
    .name = "curl",
    .usage = "Usage: curl [options...] <url>\n"
             " -d, --data <data>          HTTP POST data\n"
             " -f, --fail                 Fail fast with no output on HTTP "
             "errors\n"
             " -h, --help <category>      Get help for commands\n"
             " -i, --include              Include protocol response headers in "
             "the output\n"
             " -o, --output <file>        Write to file instead of stdout\n"
             " -O, --remote-name          Write output to a file named as the "
             "remote file\n"
             " -s, --silent               Silent mode\n"
             " -T, --upload-file <file>   Transfer local FILE to destination\n"
             " -u, --user <user:password> Server user and password\n"
             " -A, --user-agent <name>    Send User-Agent <name> to server\n"
             " -v, --verbose              Make the operation more talkative\n"
             " -V, --version              Show version number and quit\n"
             "\n"
             "This is not the full help, this menu is stripped into "
             "categories.\n"
             "In this sandbox, requests are limited by the sandbox network "
             "policy.\n",
    .bad_status = 2,
    .try_text = "curl: try 'curl --help' or 'curl --manual' for more "
                "information\n",
};

static const curl_optdef optdefs[] = {
    {"silent", 's', false, O_SILENT, true},
    {"show-error", 'S', false, O_SHOW_ERROR, true},
    {"fail", 'f', false, O_FAIL, true},
    {"fail-with-body", 0, false, O_FAIL_BODY, true},
    {"fail-early", 0, false, O_FAIL_EARLY, true},
    {"include", 'i', false, O_INCLUDE, true},
    {"head", 'I', false, O_HEAD, true},
    {"verbose", 'v', false, O_VERBOSE, true},
    {"location", 'L', false, O_LOCATION, true},
    {"location-trusted", 0, false, O_LOCATION_TRUSTED, true},
    {"get", 'G', false, O_GET, true},
    {"output", 'o', true, O_OUTPUT, false},
    {"remote-name", 'O', false, O_REMOTE_NAME, false},
    {"remote-name-all", 0, false, O_REMOTE_NAME_ALL, true},
    {"remote-header-name", 'J', false, O_REMOTE_HEADER_NAME, true},
    {"request", 'X', true, O_REQUEST, false},
    {"header", 'H', true, O_HEADER, false},
    {"data", 'd', true, O_DATA, false},
    {"data-ascii", 0, true, O_DATA, false},
    {"data-raw", 0, true, O_DATA_RAW, false},
    {"data-binary", 0, true, O_DATA_BINARY, false},
    {"data-urlencode", 0, true, O_DATA_URLENCODE, false},
    {"form", 'F', true, O_FORM, false},
    {"form-string", 0, true, O_FORM_STRING, false},
    {"user", 'u', true, O_USER, false},
    {"user-agent", 'A', true, O_AGENT, false},
    {"referer", 'e', true, O_REFERER, false},
    {"cookie", 'b', true, O_COOKIE, false},
    {"cookie-jar", 'c', true, O_COOKIE_JAR, false},
    {"upload-file", 'T', true, O_UPLOAD, false},
    {"dump-header", 'D', true, O_DUMP_HEADER, false},
    {"write-out", 'w', true, O_WRITE_OUT, false},
    {"max-time", 'm', true, O_MAX_TIME, false},
    {"connect-timeout", 0, true, O_CONNECT_TIMEOUT, false},
    {"max-redirs", 0, true, O_MAX_REDIRS, false},
    {"create-dirs", 0, false, O_CREATE_DIRS, true},
    {"output-dir", 0, true, O_OUTPUT_DIR, false},
    {"compressed", 0, false, O_COMPRESSED, true},
    {"retry", 0, true, O_RETRY, false},
    {"retry-delay", 0, true, O_RETRY_DELAY, false},
    {"retry-max-time", 0, true, O_RETRY_MAX_TIME, false},
    {"retry-all-errors", 0, false, O_RETRY_ALL, true},
    {"retry-connrefused", 0, false, O_RETRY_CONNREFUSED, true},
    {"json", 0, true, O_JSON, false},
    {"insecure", 'k', false, O_INSECURE, true},
    {"progress-bar", '#', false, O_PROGRESS_BAR, true},
    {"progress-meter", 0, false, O_PROGRESS_METER, true},
    {"url", 0, true, O_URL, false},
    {"http1.0", '0', false, O_HTTP10, false},
    {"http1.1", 0, false, O_NOOP, false},
    {"http2", 0, false, O_NOOP, false},
    {"no-buffer", 'N', false, O_NOOP, true},
    {"globoff", 'g', false, O_GLOBOFF, true},
    {"disable", 'q', false, O_NOOP, false},
    {"tcp-nodelay", 0, false, O_NOOP, true},
    {"no-keepalive", 0, false, O_NOOP, false},
    {"path-as-is", 0, false, O_NOOP, true},
    {"range", 'r', true, O_RANGE, false},
    {"max-filesize", 0, true, O_MAX_FILESIZE, false},
    {"limit-rate", 0, true, O_LIMIT_RATE, false},
    {"ipv4", '4', false, O_IPV4, false},
    {"ipv6", '6', false, O_IPV6, false},
    {"basic", 0, false, O_BASIC, true},
    {"digest", 0, false, O_DIGEST, true},
    {"anyauth", 0, false, O_ANYAUTH, true},
    {"oauth2-bearer", 0, true, O_BEARER, false},
    {"post301", 0, false, O_POST301, true},
    {"post302", 0, false, O_POST302, true},
    {"post303", 0, false, O_POST303, true},
    {"raw", 0, false, O_NOOP, true},
    {"parallel", 'Z', false, O_NOOP, true}, /* transfers run in turn */
    {"parallel-max", 0, true, O_NOOP, false},
    {"parallel-immediate", 0, false, O_NOOP, true},
    {"styled-output", 0, false, O_NOOP, true},
    {"help", 'h', false, O_HELP, false},
    {"version", 'V', false, O_VERSION, false},
    /* host files, sockets, proxies and resolvers: refused */
    {"cacert", 0, true, O_REFUSED, false},
    {"capath", 0, true, O_REFUSED, false},
    {"cert", 'E', true, O_REFUSED, false},
    {"key", 0, true, O_REFUSED, false},
    {"crlfile", 0, true, O_REFUSED, false},
    {"unix-socket", 0, true, O_REFUSED, false},
    {"abstract-unix-socket", 0, true, O_REFUSED, false},
    {"proxy", 'x', true, O_REFUSED, false},
    {"preproxy", 0, true, O_REFUSED, false},
    {"socks4", 0, true, O_REFUSED, false},
    {"socks4a", 0, true, O_REFUSED, false},
    {"socks5", 0, true, O_REFUSED, false},
    {"socks5-hostname", 0, true, O_REFUSED, false},
    {"proxy-user", 'U', true, O_REFUSED, false},
    {"resolve", 0, true, O_REFUSED, false},
    {"connect-to", 0, true, O_REFUSED, false},
    {"doh-url", 0, true, O_REFUSED, false},
    {"dns-servers", 0, true, O_REFUSED, false},
    {"interface", 0, true, O_REFUSED, false},
    {"config", 'K', true, O_REFUSED, false},
    {"netrc", 'n', false, O_REFUSED, false},
    {"netrc-file", 0, true, O_REFUSED, false},
    {"netrc-optional", 0, false, O_REFUSED, false},
    {"trace", 0, true, O_TRACE, false},
    {"trace-ascii", 0, true, O_TRACE_ASCII, false},
    {"libcurl", 0, true, O_REFUSED, false},
    {"hsts", 0, true, O_REFUSED, false},
    {"alt-svc", 0, true, O_REFUSED, false},
    {NULL, 0, false, 0, false}};

/* ---- messages ------------------------------------------------------- */

static void cfail(curl_cfg *c, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void cfail(curl_cfg *c, int code, const char *fmt, ...) {
  if (c->silent && !c->show_error) return;
  char msg[1400];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  bi_errline(c->b, "curl: (%d) %s", code, msg);
}

static int usage_error(curl_cfg *c, const char *fmt, const char *what) {
  char msg[600];
  snprintf(msg, sizeof(msg), fmt, what);
  return bi_usage_error(c->b, &curl_cmd, "%s", msg);
}

/* ---- lists ------------------------------------------------------------ */

static bool push_str(char ***v, size_t *n, size_t *cap, const char *s) {
  if (*n == *cap) {
    size_t nc = *cap ? *cap * 2 : 8;
    char **nv = realloc(*v, nc * sizeof(char *));
    if (!nv) return false;
    *v = nv;
    *cap = nc;
  }
  (*v)[(*n)++] = (char *)s;
  return true;
}

static curl_target *url_slot(curl_cfg *c, size_t i) {
  while (c->nurls <= i) {
    if (c->nurls == c->cap_urls) {
      size_t nc = c->cap_urls ? c->cap_urls * 2 : 4;
      curl_target *nv = realloc(c->urls, nc * sizeof(curl_target));
      if (!nv) return NULL;
      c->urls = nv;
      c->cap_urls = nc;
    }
    memset(&c->urls[c->nurls++], 0, sizeof(curl_target));
  }
  return &c->urls[i];
}

/* A URL operand takes the next free slot (one an -o may already hold). */
static bool add_url(curl_cfg *c, const char *u) {
  size_t i = 0;
  while (i < c->nurls && c->urls[i].url) i++;
  curl_target *s = url_slot(c, i);
  if (!s) return false;
  s->url = u;
  if (c->remote_name_all && !s->output) s->remote_name = true;
  return true;
}

static bool add_output(curl_cfg *c, const char *o, bool remote) {
  curl_target *s = url_slot(c, (size_t)c->next_output++);
  if (!s) return false;
  s->output = o;
  s->remote_name = remote;
  return true;
}

/* ---- data ------------------------------------------------------------- */

static int urlencode(vsh_buf *out, const char *s, size_t n) {
  static const char hex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    int rc;
    if (ch == ' ') {
      rc = vsh__buf_putc(out, '+'); /* curl's form encoding */
    } else if ((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
               (ch >= '0' && ch <= '9') || ch == '-' || ch == '.' ||
               ch == '_' || ch == '~') {
      rc = vsh__buf_putc(out, (char)ch);
    } else {
      char e[3] = {'%', hex[ch >> 4], hex[ch & 15]};
      rc = vsh__buf_append(out, e, 3);
    }
    if (rc) return rc;
  }
  return 0;
}

/* One -d/--data-* argument appended to the body ('&' between pieces). */
static int add_data(curl_cfg *c, int id, const char *arg) {
  vsh_buf piece = {0};
  int rc = 0;
  if (id == O_DATA_URLENCODE) {
    const char *eq = strchr(arg, '='), *at = strchr(arg, '@');
    if (at && (!eq || at < eq)) {
      vsh_buf file = {0};
      rc = net_read_all(c->b, at + 1, &file);
      if (rc && rc != VSH_ENOMEM && rc != VSH_EFBIG) {
        bi_errline(c->b,
                   "Warning: Couldn't read data from file \"%s\", "
                   "this makes an empty POST.",
                   at + 1);
        rc = 0;
      }
      if (!rc && at > arg) {
        rc = vsh__buf_append(&piece, arg, (size_t)(at - arg));
        if (!rc) rc = vsh__buf_putc(&piece, '=');
      }
      if (!rc) rc = urlencode(&piece, file.data ? file.data : "", file.len);
      vsh_buf_dispose(&file);
    } else if (eq) {
      if (eq > arg) rc = vsh__buf_append(&piece, arg, (size_t)(eq - arg) + 1);
      if (!rc) rc = urlencode(&piece, eq + 1, strlen(eq + 1));
    } else {
      rc = urlencode(&piece, arg, strlen(arg));
    }
  } else if (arg[0] == '@' && id != O_DATA_RAW) {
    rc = net_read_all(c->b, arg + 1, &piece);
    if (rc && rc != VSH_ENOMEM && rc != VSH_EFBIG) {
      bi_errline(c->b,
                 "Warning: Couldn't read data from file \"%s\", this "
                 "makes an empty POST.",
                 arg + 1);
      vsh__buf_clear(&piece);
      rc = 0;
    }
    if (!rc && id == O_DATA) { /* -d @file drops CR and LF */
      size_t w = 0;
      for (size_t i = 0; i < piece.len; i++)
        if (piece.data[i] != '\r' && piece.data[i] != '\n')
          piece.data[w++] = piece.data[i];
      piece.len = w;
    }
  } else {
    rc = vsh__buf_puts(&piece, arg);
  }
  if (!rc && c->has_data && !c->json) rc = vsh__buf_putc(&c->data, '&');
  if (!rc)
    rc = vsh__buf_append(&c->data, piece.data ? piece.data : "", piece.len);
  c->has_data = true;
  vsh_buf_dispose(&piece);
  return rc;
}

/* ---- option parsing --------------------------------------------------- */

static const curl_optdef *find_long(const char *name, bool *neg) {
  *neg = false;
  for (const curl_optdef *d = optdefs; d->name; d++)
    if (!strcmp(d->name, name)) return d;
  if (!strncmp(name, "no-", 3))
    for (const curl_optdef *d = optdefs; d->name; d++)
      if (d->boolean && !strcmp(d->name, name + 3)) {
        *neg = true;
        return d;
      }
  return NULL;
}

static const curl_optdef *find_short(char ch) {
  for (const curl_optdef *d = optdefs; d->name; d++)
    if (d->letter == ch) return d;
  return NULL;
}

static bool parse_secs(const char *s, double *out) {
  char *end;
  double v = strtod(s, &end);
  if (end == s || *end || !(v >= 0) || isinf(v)) return false;
  *out = v;
  return true;
}

static bool parse_long(const char *s, long *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (end == s || *end) return false;
  *out = v;
  return true;
}

/* Returns -1 to go on, else the exit status. */
static int apply(curl_cfg *c, const curl_optdef *d, const char *arg, bool neg,
                 const char *spelled) {
  bool on = !neg;
  int rc = 0;
  switch (d->id) {
  case O_SILENT: c->silent = on; break;
  case O_SHOW_ERROR: c->show_error = on; break;
  case O_FAIL: c->fail = on; break;
  case O_FAIL_BODY: c->fail_body = on; break;
  case O_FAIL_EARLY: c->fail_early = on; break;
  case O_INCLUDE: c->include = on; break;
  case O_HEAD: c->head = on; break;
  case O_VERBOSE: c->verbose = on; break;
  case O_LOCATION: c->location = on; break;
  case O_LOCATION_TRUSTED: c->location = on; break;
  case O_GET: c->get = on; break;
  case O_OUTPUT:
    if (!add_output(c, arg, false)) rc = VSH_ENOMEM;
    break;
  case O_REMOTE_NAME:
    if (!add_output(c, NULL, true)) rc = VSH_ENOMEM;
    break;
  case O_REMOTE_NAME_ALL: c->remote_name_all = on; break;
  case O_REMOTE_HEADER_NAME: c->header_name = on; break;
  case O_REQUEST: c->request = arg; break;
  case O_HEADER:
    if (arg[0] == '@') {
      vsh_buf f = {0};
      rc = net_read_all(c->b, arg + 1, &f);
      if (rc && rc != VSH_ENOMEM) {
        vsh_buf_dispose(&f);
        return usage_error(c, "Failed to open %s", arg + 1);
      }
      char *save = NULL;
      for (char *line = f.data ? strtok_r(f.data, "\r\n", &save) : NULL;
           !rc && line; line = strtok_r(NULL, "\r\n", &save)) {
        char *dup = vsh__arena_strndup(c->b->arena, line, strlen(line));
        if (!dup || !push_str(&c->headers, &c->nheaders, &c->cap_headers, dup))
          rc = VSH_ENOMEM;
      }
      vsh_buf_dispose(&f);
    } else if (strchr(arg, '\r') || strchr(arg, '\n')) {
      /* curl sends only the first line of a header with a newline */
      size_t n = strcspn(arg, "\r\n");
      char *dup = vsh__arena_strndup(c->b->arena, arg, n);
      if (!dup || !push_str(&c->headers, &c->nheaders, &c->cap_headers, dup))
        rc = VSH_ENOMEM;
    } else if (!push_str(&c->headers, &c->nheaders, &c->cap_headers, arg)) {
      rc = VSH_ENOMEM;
    }
    break;
  case O_DATA:
  case O_DATA_RAW:
  case O_DATA_BINARY:
  case O_DATA_URLENCODE: rc = add_data(c, d->id, arg); break;
  case O_JSON:
    rc = add_data(c, O_DATA_BINARY, arg);
    c->json = true;
    break;
  case O_FORM:
  case O_FORM_STRING: {
    if (!strchr(arg, '=')) {
      bi_errline(c->b, "Warning: Illegally formatted input field!");
      return usage_error(c, "option %s: is badly used here", spelled);
    }
    if (!push_str(&c->forms, &c->nforms, &c->cap_forms, arg)) {
      rc = VSH_ENOMEM;
      break;
    }
    bool *nf = realloc(c->form_string, c->cap_forms * sizeof(bool));
    if (!nf) {
      rc = VSH_ENOMEM;
      break;
    }
    c->form_string = nf;
    c->form_string[c->nforms - 1] = d->id == O_FORM_STRING;
    break;
  }
  case O_USER: c->user = arg; break;
  case O_AGENT: c->agent = arg; break;
  case O_REFERER: c->referer = arg; break;
  case O_COOKIE: c->cookie = arg; break;
  case O_COOKIE_JAR: c->cookie_jar = arg; break;
  case O_UPLOAD: c->upload = arg; break;
  case O_DUMP_HEADER: c->dump_header = arg; break;
  case O_WRITE_OUT: c->write_out = arg; break;
  case O_OUTPUT_DIR: c->output_dir = arg; break;
  case O_CREATE_DIRS: c->create_dirs = on; break;
  case O_COMPRESSED: c->compressed = on; break;
  case O_HTTP10: c->http10 = true; break;
  case O_RETRY_ALL: c->retry_all = on; break;
  case O_RETRY_CONNREFUSED: c->retry_connrefused = on; break;
  case O_INSECURE: c->insecure = on; break;
  case O_PROGRESS_BAR:
  case O_PROGRESS_METER:
  case O_NOOP: break;
  case O_MAX_TIME:
  case O_CONNECT_TIMEOUT: {
    double v;
    if (!parse_secs(arg, &v))
      return usage_error(c,
                         "option %s: expected a proper numerical "
                         "parameter",
                         spelled);
    if (d->id == O_MAX_TIME) c->max_time = v;
    else c->connect_timeout = v;
    break;
  }
  case O_MAX_REDIRS:
  case O_RETRY:
  case O_RETRY_DELAY:
  case O_RETRY_MAX_TIME: {
    long v;
    if (!parse_long(arg, &v) || (v < 0 && d->id != O_MAX_REDIRS))
      return usage_error(c,
                         "option %s: expected a proper numerical "
                         "parameter",
                         spelled);
    if (d->id == O_MAX_REDIRS) c->max_redirs = v;
    else if (d->id == O_RETRY) c->retry = v;
    else if (d->id == O_RETRY_DELAY) c->retry_delay = v;
    else c->retry_max_time = v;
    break;
  }
  case O_URL:
    if (!add_url(c, arg)) rc = VSH_ENOMEM;
    break;
  case O_RANGE: c->range = arg; break;
  case O_LIMIT_RATE: {
    uint64_t v;
    if (!bi_parse_size(arg, &v))
      return usage_error(c,
                         "option %s: expected a proper numerical "
                         "parameter",
                         spelled);
    c->limit_rate = (int64_t)v;
    break;
  }
  case O_MAX_FILESIZE:
    if (!bi_parse_size(arg, &c->max_filesize))
      return usage_error(c,
                         "option %s: expected a proper numerical "
                         "parameter",
                         spelled);
    break;
  case O_GLOBOFF: c->globoff = on; break;
  case O_TRACE:
  case O_TRACE_ASCII:
    c->trace = arg;
    c->trace_ascii = d->id == O_TRACE_ASCII;
    break;
  case O_IPV4: c->ipresolve = CURL_IPRESOLVE_V4; break;
  case O_IPV6: c->ipresolve = CURL_IPRESOLVE_V6; break;
  case O_BASIC: c->httpauth = on ? (long)CURLAUTH_BASIC : 0; break;
  case O_DIGEST: c->httpauth = on ? (long)CURLAUTH_DIGEST : 0; break;
  case O_ANYAUTH: /* never connection-bound schemes (NTLM) on pooled handles */
    c->httpauth = on ? (long)(CURLAUTH_BASIC | CURLAUTH_DIGEST) : 0;
    break;
  case O_BEARER: {
    size_t n = strlen(arg) + 32;
    char *h = vsh__arena_alloc(c->b->arena, n);
    if (!h) {
      rc = VSH_ENOMEM;
      break;
    }
    snprintf(h, n, "Authorization: Bearer %s", arg);
    if (!push_str(&c->headers, &c->nheaders, &c->cap_headers, h))
      rc = VSH_ENOMEM;
    break;
  }
  case O_POST301:
    c->keep_post = on ? c->keep_post | 1 : c->keep_post & ~1u;
    break;
  case O_POST302:
    c->keep_post = on ? c->keep_post | 2 : c->keep_post & ~2u;
    break;
  case O_POST303:
    c->keep_post = on ? c->keep_post | 4 : c->keep_post & ~4u;
    break;
  case O_REFUSED: {
    bi_errline(c->b,
               "curl: option %s: is not allowed in this sandbox (it "
               "names host files, sockets, proxies or resolvers; the "
               "network is set by the sandbox network policy)",
               spelled);
    return 2;
  }
  case O_HELP: return bi_cmd_help(c->b, &curl_cmd);
  case O_VERSION:
    bi_printf(c->b,
              "curl 7.88.1 (vsh) %s\nProtocols: http https\n"
              "Features: alt-svc libz HTTPS-proxy IPv6 SSL\n",
              curl_version());
    return 0;
  }
  if (rc == VSH_ENOMEM) {
    bi_errline(c->b, "curl: out of memory");
    return 2;
  }
  if (rc == VSH_EFBIG) {
    bi_errline(c->b,
               "curl: (26) Failed to open/read local data from "
               "file/application (more than the sandbox's %u MiB)",
               NET_MAX_UPLOAD >> 20);
    return 26;
  }
  if (rc) return 2;
  return -1;
}

static int parse_args(curl_cfg *c) {
  bi_ctx *b = c->b;
  bool ended = false;
  for (int i = 1; i < b->argc; i++) {
    char *a = b->argv[i];
    if (ended || a[0] != '-' || !a[1]) {
      if (!add_url(c, a)) return usage_error(c, "%s", "out of memory");
      continue;
    }
    if (!strcmp(a, "--")) {
      ended = true;
      continue;
    }
    if (a[1] == '-') {
      bool neg;
      const curl_optdef *d = find_long(a + 2, &neg);
      if (!d) return usage_error(c, "option %s: is unknown", a);
      const char *arg = NULL;
      if (d->arg) {
        if (i + 1 >= b->argc)
          return usage_error(c, "option %s: requires parameter", a);
        arg = b->argv[++i];
      }
      int st = apply(c, d, arg, neg, a);
      if (st >= 0) return st;
      continue;
    }
    /* curl's messages name the whole bundle ("option -sQ: ...") */
    for (size_t k = 1; a[k]; k++) {
      const curl_optdef *d = find_short(a[k]);
      if (!d) return usage_error(c, "option %s: is unknown", a);
      const char *arg = NULL;
      if (d->arg) {
        if (a[k + 1]) arg = a + k + 1;
        else if (i + 1 < b->argc) arg = b->argv[++i];
        else return usage_error(c, "option %s: requires parameter", a);
      }
      int st = apply(c, d, arg, false, a);
      if (st >= 0) return st;
      if (arg) break;
    }
  }
  return -1;
}

/* ---- one transfer ------------------------------------------------------ */

static int x_header(void *ud, const char *line, size_t n) {
  curl_xfer *x = ud;
  curl_cfg *c = x->c;
  if (n >= 5 && !memcmp(line, "HTTP/", 5)) vsh__buf_clear(&x->final_headers);
  if (vsh__buf_append(&x->final_headers, line, n)) return 1;
  if (x->want_cd && n > 20 && !strncasecmp(line, "content-disposition:", 20)) {
    const char *fn = strstr(line, "filename=");
    if (fn) {
      fn += 9;
      bool q = *fn == '"';
      if (q) fn++;
      size_t k = 0;
      while (fn + k < line + n && fn[k] != (q ? '"' : ';') && fn[k] != '\r' &&
             fn[k] != '\n')
        k++;
      char *name = strndup(fn, k);
      if (!name) return 1;
      char *base = strrchr(name, '/');
      free(x->cd_name);
      x->cd_name = strdup(base ? base + 1 : name);
      free(name);
    }
  }
  if (x->to_dump && net_out_write(&x->dump, line, n)) {
    x->werr = true;
    return 1;
  }
  if ((c->include || c->head) && !x->want_cd) {
    if (net_out_write(&x->out, line, n)) {
      x->werr = true;
      return 1;
    }
  }
  return 0;
}

static int x_body(void *ud, const void *data, size_t n) {
  curl_xfer *x = ud;
  if (x->want_cd && !x->out.opened) {
    if (x->cd_name && x->cd_name[0]) x->out.path = x->cd_name;
    if (x->c->include &&
        net_out_write(&x->out, x->final_headers.data, x->final_headers.len)) {
      x->werr = true;
      return 1;
    }
  }
  x->body_seen = true;
  x->size_download += n;
  if (net_out_write(&x->out, data, n)) {
    x->werr = true;
    return 1;
  }
  return 0;
}

static void x_hop(void *ud, const net_target *t) {
  curl_xfer *x = ud;
  x->hop = t;
}

/* The file name -O takes from a URL: its path's last segment. */
static const char *remote_name(bi_ctx *b, const char *url) {
  net_target t;
  const char *name = NULL;
  if (net_target_parse(&t, url, NULL) == NET_OK && t.path) {
    const char *s = strrchr(t.path, '/');
    s = s ? s + 1 : t.path;
    name = vsh__arena_strndup(b->arena, s, strlen(s));
  }
  net_target_dispose(&t);
  return name;
}

/* ---- -F ----------------------------------------------------------------- */

static const char *mime_type_of(const char *name) {
  static const char *const map[][2] = {
      {".gif", "image/gif"},        {".jpg", "image/jpeg"},
      {".jpeg", "image/jpeg"},      {".png", "image/png"},
      {".svg", "image/svg+xml"},    {".txt", "text/plain"},
      {".htm", "text/html"},        {".html", "text/html"},
      {".pdf", "application/pdf"},  {".xml", "application/xml"},
      {".json", "application/json"}};
  const char *dot = strrchr(name, '.');
  if (dot)
    for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
      if (!strcasecmp(dot, map[i][0])) return map[i][1];
  return "application/octet-stream";
}

static int build_mime(curl_cfg *c, CURL *h, curl_mime **out) {
  curl_mime *m = curl_mime_init(h);
  if (!m) return VSH_ENOMEM;
  for (size_t i = 0; i < c->nforms; i++) {
    const char *f = c->forms[i];
    const char *eq = strchr(f, '=');
    if (!eq) {
      curl_mime_free(m);
      return -2; /* apply() refused it already */
    }
    curl_mimepart *p = curl_mime_addpart(m);
    if (!p) goto oom;
    char *name = strndup(f, (size_t)(eq - f));
    if (!name) goto oom;
    curl_mime_name(p, name);
    free(name);
    const char *v = eq + 1;
    if (c->form_string[i] || (v[0] != '@' && v[0] != '<')) {
      curl_mime_data(p, v, CURL_ZERO_TERMINATED);
      continue;
    }
    /* @file or <file, with ;type= and ;filename= */
    char *spec = strdup(v + 1);
    if (!spec) goto oom;
    char *type = NULL, *fname = NULL;
    char *semi = strchr(spec, ';');
    if (semi) {
      *semi = 0;
      for (char *a = semi + 1; a && *a;) {
        char *next = strchr(a, ';');
        if (next) *next++ = 0;
        if (!strncmp(a, "type=", 5)) type = a + 5;
        else if (!strncmp(a, "filename=", 9)) fname = a + 9;
        a = next;
      }
    }
    vsh_buf data = {0};
    int rc = net_read_all(c->b, spec, &data);
    if (rc) {
      vsh_buf_dispose(&data);
      free(spec);
      curl_mime_free(m);
      if (rc == VSH_ENOMEM) return VSH_ENOMEM;
      cfail(c, 26, "Failed to open/read local data from file/application%s",
            rc == VSH_EFBIG ? " (more than the sandbox allows)" : "");
      return -26;
    }
    curl_mime_data(p, data.data ? data.data : "", data.len);
    vsh_buf_dispose(&data);
    if (v[0] == '@') {
      const char *base = strrchr(spec, '/');
      curl_mime_filename(p, fname ? fname : base ? base + 1 : spec);
      curl_mime_type(p, type ? type : mime_type_of(spec));
    } else if (type) {
      curl_mime_type(p, type);
    }
    free(spec);
  }
  *out = m;
  return 0;
oom:
  curl_mime_free(m);
  return VSH_ENOMEM;
}

/* ---- cookies ----------------------------------------------------------- */

static int load_cookies(curl_cfg *c, struct curl_slist **lines) {
  vsh_buf f = {0};
  int rc = net_read_all(c->b, c->cookie, &f);
  if (rc) { /* curl reads on without a missing cookie file */
    vsh_buf_dispose(&f);
    return rc == VSH_ENOMEM ? rc : 0;
  }
  char *save = NULL;
  for (char *l = f.data ? strtok_r(f.data, "\r\n", &save) : NULL; l;
       l = strtok_r(NULL, "\r\n", &save)) {
    if (!strncasecmp(l, "#HttpOnly_", 10)) {
      /* kept as a cookie line */
    } else if (l[0] == '#' || !l[0]) {
      continue;
    }
    struct curl_slist *n = curl_slist_append(*lines, l);
    if (!n) {
      vsh_buf_dispose(&f);
      return VSH_ENOMEM;
    }
    *lines = n;
  }
  vsh_buf_dispose(&f);
  return 0;
}

static int save_cookies(curl_cfg *c, struct curl_slist *lines) {
  vsh_buf o = {0};
  int rc = vsh__buf_puts(&o, "# Netscape HTTP Cookie File\n"
                             "# https://curl.se/docs/http-cookies.html\n"
                             "# This file was generated by libcurl! Edit at "
                             "your own risk.\n\n");
  for (struct curl_slist *s = lines; !rc && s; s = s->next) {
    rc = vsh__buf_puts(&o, s->data);
    if (!rc) rc = vsh__buf_putc(&o, '\n');
  }
  if (!rc) {
    net_out out = {.b = c->b, .path = c->cookie_jar};
    rc = net_out_write(&out, o.data, o.len);
    net_out_close(&out);
    if (rc == VSH_ENOMEM) rc = VSH_ENOMEM;
    else if (rc) {
      if (!c->silent)
        bi_errline(c->b, "curl: (23) Failed to save cookies in %s",
                   c->cookie_jar);
      rc = 0;
    }
  }
  vsh_buf_dispose(&o);
  return rc;
}

/* ---- main --------------------------------------------------------------- */

static bool retryable(curl_cfg *c, net_fetch *f) {
  CURLcode r = f->last.res;
  if (f->refused || f->too_many || f->last.cancelled || f->last.too_big)
    return false;
  if (r == CURLE_OPERATION_TIMEDOUT || r == CURLE_COULDNT_RESOLVE_HOST)
    return true;
  if (r == CURLE_COULDNT_CONNECT && (c->retry_connrefused || c->retry_all))
    return true;
  if (r == CURLE_OK) {
    long h = f->code;
    if (h == 408 || h == 429 || h == 500 || h == 502 || h == 503 || h == 504)
      return true;
    return c->retry_all && h >= 400;
  }
  return c->retry_all;
}

/* Runs one URL (with its retries); returns curl's exit code, or a
 * negative vsh_err. */
static int run_url(curl_cfg *c, curl_target *u, struct curl_slist **cookies,
                   const char *method) {
  bi_ctx *b = c->b;
  int code = 0;
  vsh_buf url = {0}, upload = {0};
  curl_mime *mime = NULL;
  curl_xfer x = {.c = c};
  net_fetch f = {0};
  int rc = vsh__buf_puts(&url, u->url);
  if (rc) goto done;
  if (c->get && c->has_data) {
    const char *hash = strchr(url.data, '#');
    if (hash) url.len = (size_t)(hash - url.data), url.data[url.len] = 0;
    rc = vsh__buf_putc(&url, strchr(url.data, '?') ? '&' : '?');
    if (!rc) rc = vsh__buf_append(&url, c->data.data, c->data.len);
    if (rc) goto done;
  }
  if (c->upload) {
    rc = net_read_all(b, c->upload, &upload);
    if (rc == VSH_ENOMEM) goto done;
    if (rc) {
      cfail(c, 26, "Failed to open/read local data from file/application%s",
            rc == VSH_EFBIG ? " (more than the sandbox allows)" : "");
      rc = 0;
      code = 26;
      goto done;
    }
    /* a URL ending in '/' gets the file's name */
    size_t ul = strlen(u->url);
    if (ul && u->url[ul - 1] == '/' && strcmp(c->upload, "-")) {
      const char *base = strrchr(c->upload, '/');
      rc = vsh__buf_puts(&url, base ? base + 1 : c->upload);
      if (rc) goto done;
    }
  }
  /* outputs */
  x.out.b = x.dump.b = b;
  x.out.create_dirs = c->create_dirs;
  const char *oname = u->output;
  if (u->remote_name) {
    oname = remote_name(b, u->url);
    if (!oname || !oname[0]) {
      if (!c->header_name) {
        cfail(c, 23, "Failed writing received data to disk/application");
        code = 23;
        goto done;
      }
      oname = "curl_response";
    }
    x.want_cd = c->header_name;
  }
  if (oname && c->output_dir && oname[0] != '/' && strcmp(oname, "-")) {
    size_t dl = strlen(c->output_dir), nl = strlen(oname);
    char *j = vsh__arena_alloc(b->arena, dl + nl + 2);
    if (!j) {
      rc = VSH_ENOMEM;
      goto done;
    }
    memcpy(j, c->output_dir, dl);
    j[dl] = '/';
    memcpy(j + dl + 1, oname, nl + 1);
    oname = j;
  }
  x.out.path = oname;
  if (c->dump_header) {
    x.to_dump = true;
    x.dump.path = c->dump_header;
  }
  if (c->nforms) {
    /* the mime parts need an easy handle only as an allocator context */
    CURL *tmp = curl_easy_init();
    if (!tmp) {
      rc = VSH_ENOMEM;
      goto done;
    }
    rc = build_mime(c, tmp, &mime);
    curl_easy_cleanup(tmp);
    if (rc == VSH_ENOMEM) goto done;
    if (rc < 0) {
      code = -rc;
      rc = 0;
      goto done;
    }
  }

  long tries = c->retry > 10 ? 10 : c->retry; /* bounded */
  long delay_ms = c->retry_delay > 0 ? c->retry_delay * 1000 : 1000;
  for (;;) {
    memset(&f, 0, sizeof(f));
    f.b = b;
    f.url = url.data;
    f.method = method;
    f.head = c->head;
    f.has_body = c->has_data && !c->get;
    f.post = f.has_body;
    f.body = c->data.data;
    f.body_len = c->data.len;
    f.put = c->upload != NULL;
    f.upload_data = upload.data;
    f.upload_len = upload.len;
    f.mime = mime;
    f.headers = c->headers;
    f.nheaders = c->nheaders;
    f.user = c->user;
    f.agent = c->agent ? c->agent : "curl/7.88.1";
    f.referer = c->referer;
    f.cookie = c->cookie && strchr(c->cookie, '=') ? c->cookie : NULL;
    f.cookies = (c->cookie && !f.cookie) || c->cookie_jar;
    f.cookie_lines = *cookies;
    f.follow = c->location;
    f.max_redirs = c->max_redirs;
    f.compressed = c->compressed;
    f.verbose = c->verbose;
    f.http10 = c->http10;
    f.fail = c->fail && !c->fail_body;
    f.range = c->range;
    f.max_recv_speed = c->limit_rate;
    f.ipresolve = c->ipresolve;
    f.httpauth = c->httpauth;
    f.keep_post = c->keep_post;
    f.max_bytes = c->max_filesize;
    f.timeout_ms = (int64_t)(c->max_time * 1000);
    f.connect_timeout_ms = (int64_t)(c->connect_timeout * 1000);
    f.on_header = x_header;
    f.on_body = x_body;
    f.on_debug = c->verbose || c->trace ? curl_x_debug : NULL;
    f.on_hop = x_hop;
    f.ud = &x;
    rc = net_fetch_run(&f);
    if (rc) goto done;
    if (tries > 0 && !bi_cancelled(b) && retryable(c, &f)) {
      if (!c->silent) {
        bool http = f.last.res == CURLE_OK;
        bi_errline(c->b,
                   "Warning: Problem %s. Will retry in %ld seconds. %ld "
                   "retries left.",
                   http ? ": HTTP error"
                   : f.last.res == CURLE_OPERATION_TIMEDOUT
                       ? ": timeout"
                       : ": connection problem",
                   delay_ms / 1000, tries);
      }
      tries--;
      if (x.body_seen || x.out.opened) {
        /* start the output again, as curl truncates its file */
        net_out_close(&x.out);
        x.out.opened = false;
        x.out.err = 0;
        x.size_download = 0;
      }
      net_fetch_dispose(&f);
      if (net_sleep(b, delay_ms)) {
        rc = 0;
        code = 28;
        memset(&f, 0, sizeof(f));
        goto done_nofetch;
      }
      if (!c->retry_delay) delay_ms *= 2;
      continue;
    }
    break;
  }

  /* the verdict */
  const char *errmsg = NULL;
  char msg[1400] = "";
  net_req *r = &f.last;
  if (f.refused) {
    code = f.refused == NET_BADURL ? 3 : f.refused == NET_SCHEME ? 1 : 7;
    snprintf(msg, sizeof(msg), "%s", f.why);
  } else if (r->cancelled) {
    code = 28; /* the exec ends with 124 (deadline) or its abort */
    snprintf(msg, sizeof(msg), "Operation cancelled by the sandbox");
  } else if (r->refused) {
    code = 7;
    snprintf(msg, sizeof(msg), "%s", r->why);
  } else if (r->too_big && c->max_filesize &&
             c->max_filesize < net_policy_of(b)->opts.max_response_bytes) {
    code = 63;
    snprintf(msg, sizeof(msg), "Maximum file size exceeded");
  } else if (r->too_big) {
    code = 63;
    snprintf(msg, sizeof(msg),
             "Maximum file size exceeded (the sandbox allows %llu bytes per "
             "response)",
             (unsigned long long)net_policy_of(b)->opts.max_response_bytes);
  } else if (x.werr && x.out.err == VSH_EPIPE) {
    code = 23;
  } else if (x.werr || r->res == CURLE_WRITE_ERROR) {
    code = 23;
    snprintf(msg, sizeof(msg), "Failure writing output to destination");
  } else if (r->res != CURLE_OK) {
    code = (int)r->res;
    snprintf(msg, sizeof(msg), "%s",
             r->errbuf[0] ? r->errbuf : curl_easy_strerror(r->res));
  } else if (f.too_many) {
    code = 47;
    snprintf(msg, sizeof(msg), "Maximum (%u) redirects followed%s", f.max_used,
             f.policy_max ? " (the sandbox's limit)" : "");
  } else if (c->fail_body && f.code >= 400) {
    code = 22;
    snprintf(msg, sizeof(msg), "The requested URL returned error: %ld", f.code);
  }
  if (!code && !x.out.opened && !c->head && !x.werr) {
    /* an empty body still makes its file */
    if (net_out_open(&x.out) && x.out.path) {
      code = 23;
      snprintf(msg, sizeof(msg), "Failure writing output to destination");
    }
  }
  if (x.out.err && x.out.err != VSH_EPIPE && x.out.path && code == 23) {
    /* curl names the file it could not create */
    if (x.out.err == VSH_ENOENT || x.out.err == VSH_EISDIR ||
        x.out.err == VSH_EACCES || x.out.err == VSH_ENOTDIR)
      if (!c->silent)
        bi_errline(b, "Warning: Failed to open the file %s: %s", x.out.path,
                   vsh_strerror(x.out.err));
  }
  if (msg[0]) errmsg = msg;
  if (c->write_out) curl_write_out(c, &x, &f, code, errmsg);
  if (code && msg[0]) cfail(c, code, "%s", msg);
  if (c->cookie_jar || f.cookies) {
    curl_slist_free_all(*cookies);
    *cookies = r->cookies_out;
    r->cookies_out = NULL;
  }
done:
  net_fetch_dispose(&f);
done_nofetch:
  if (x.out.err == VSH_EPIPE && !code) code = 23;
  net_out_close(&x.out);
  net_out_close(&x.dump);
  vsh_buf_dispose(&x.final_headers);
  free(x.cd_name);
  if (mime) curl_mime_free(mime);
  vsh_buf_dispose(&url);
  vsh_buf_dispose(&upload);
  return rc ? rc : code;
}

/* One URL operand: its glob expanded (unless -g), each URL in turn with
 * its -o name's #N filled in.  Returns the last transfer's code. */
static int run_globbed(curl_cfg *c, curl_target *u,
                       struct curl_slist **cookies) {
  if (c->globoff) return run_url(c, u, cookies, c->request);
  net_glob g;
  int rc = net_glob_parse(&g, u->url);
  if (rc < 0) {
    net_glob_dispose(&g);
    return rc;
  }
  if (rc) {
    if (!c->silent || c->show_error)
      bi_errline(c->b, "curl: (3) %s in URL position %zu:\n%s\n%*s^", g.err,
                 g.errpos, u->url, (int)(g.errpos ? g.errpos - 1 : 0), "");
    net_glob_dispose(&g);
    return 3;
  }
  const char **vals = calloc(g.npat + 1, sizeof(char *));
  int code = vals ? 0 : VSH_ENOMEM;
  for (size_t k = 0; vals && k < g.total; k++) {
    if (bi_charge(c->b, 1)) break;
    vsh_buf url = {0}, name = {0};
    curl_target t = *u;
    if (net_glob_get(&g, k, &url, vals) ||
        (u->output && net_glob_name(u->output, vals, g.npat, &name))) {
      code = VSH_ENOMEM;
    } else {
      t.url = url.data ? url.data : "";
      if (u->output) t.output = name.data ? name.data : "";
      code = run_url(c, &t, cookies, c->request);
    }
    vsh_buf_dispose(&url);
    vsh_buf_dispose(&name);
    if (code < 0 || (code && c->fail_early) || c->b->epipe) break;
  }
  free(vals);
  net_glob_dispose(&g);
  return code;
}

int bi_curl_main(bi_ctx *b) {
  curl_cfg c = {.b = b, .max_redirs = 50}; /* curl's default */
  int st = parse_args(&c);
  struct curl_slist *cookies = NULL;
  bool any = false;
  if (st >= 0) goto done;
  st = 0;
  for (size_t i = 0; i < c.nurls; i++) any = any || c.urls[i].url;
  if (!any) { /* curl names the problem once it was given arguments */
    st = bi_usage_error(b, &curl_cmd, b->argc > 1 ? "no URL specified!" : NULL);
    goto done;
  }
  if (c.head && (c.has_data || c.nforms || c.upload)) {
    bi_errline(b,
               "Warning: You can only select one HTTP request method! "
               "You asked for both %s and HEAD (-I, --head).",
               c.upload   ? "PUT (-T, --upload-file)"
               : c.nforms ? "POST (-F, --form)"
                          : "POST (-d, --data)");
    st = 2;
    goto done;
  }
  if (c.has_data && c.nforms) {
    bi_errline(b, "Warning: You can only select one HTTP request method! "
                  "You asked for both POST (-F, --form) and POST (-d, "
                  "--data).");
    st = 2;
    goto done;
  }
  c.trace_out.b = b;
  if (c.trace) c.trace_out.path = c.trace; /* "-" is stdout */
  if (c.request && !strcmp(c.request, "HEAD") && !c.silent)
    bi_errline(b, "Warning: Setting custom HTTP method to HEAD with "
                  "-X/--request may not work the \nWarning: way you want. "
                  "Consider using -I/--head instead.");
  if (c.insecure && !c.silent)
    bi_errline(b, "Warning: -k/--insecure is ignored: this sandbox always "
                  "verifies TLS certificates.");
  if (c.json) {
    bool ct = false, ac = false;
    for (size_t i = 0; i < c.nheaders; i++) {
      if (!strncasecmp(c.headers[i], "content-type:", 13)) ct = true;
      if (!strncasecmp(c.headers[i], "accept:", 7)) ac = true;
    }
    if ((!ct && !push_str(&c.headers, &c.nheaders, &c.cap_headers,
                          "Content-Type: application/json")) ||
        (!ac && !push_str(&c.headers, &c.nheaders, &c.cap_headers,
                          "Accept: application/json"))) {
      st = 2;
      goto done;
    }
  }
  if (c.cookie && !strchr(c.cookie, '=')) {
    if (load_cookies(&c, &cookies)) {
      bi_errline(b, "curl: out of memory");
      st = 2;
      goto done;
    }
  }
  for (size_t i = 0; i < c.nurls; i++) {
    curl_target *u = &c.urls[i];
    if (!u->url) continue;
    if (bi_cancelled(b)) {
      st = 1;
      break;
    }
    int code = run_globbed(&c, u, &cookies);
    if (code < 0) {
      bi_errline(b, "curl: (27) Out of memory");
      st = 27;
      break;
    }
    if (code == 23 && b->epipe) {
      st = 23;
      break;
    }
    st = code;
    if (code && c.fail_early) break;
  }
  if (c.cookie_jar && save_cookies(&c, cookies) == VSH_ENOMEM) st = 27;
done:
  net_out_close(&c.trace_out);
  curl_slist_free_all(cookies);
  vsh_buf_dispose(&c.data);
  free(c.headers);
  free(c.forms);
  free(c.form_string);
  free(c.urls);
  return st;
}
