/* curl_report.c: what curl tells besides the body: -v (curl's "* ",
 * "> " and "< " lines), --trace and --trace-ascii (curl's dumps, to a
 * sandbox file or stdout) and -w's variables.  Injected header values
 * never appear: they show as "[set by the sandbox]". */
#include "net/curl_int.h"

#include <string.h>
#include <strings.h>

static bool injected(const net_target *t, const char *line, size_t n) {
  if (!t || !t->entry) return false;
  for (size_t k = 0; k < t->entry->nheaders; k++) {
    const char *h = t->entry->headers[k];
    size_t hn = strcspn(h, ":");
    if (n > hn && line[hn] == ':' && !strncasecmp(line, h, hn)) return true;
  }
  return false;
}

/* -v as curl prints it: "* " for libcurl's notes, "> " request and "< "
 * response header lines, one "{ [N bytes data]" per block of data;
 * injected headers are shown without their values. */
/* --trace and --trace-ascii as curl writes them: a heading per block and
 * its bytes, 16 a line with hex or 64 a line as text (CR LF ends one). */
static int trace_dump(vsh_buf *o, const char *text, const unsigned char *p,
                      size_t size, bool ascii) {
  size_t width = ascii ? 0x40 : 0x10;
  int rc = vsh__buf_printf(o, "%s, %zu bytes (0x%zx)\n", text, size, size);
  for (size_t i = 0; !rc && i < size; i += width) {
    rc = vsh__buf_printf(o, "%04zx: ", i);
    if (!ascii) {
      for (size_t c = 0; !rc && c < width; c++)
        rc = i + c < size ? vsh__buf_printf(o, "%02x ", p[i + c])
                          : vsh__buf_puts(o, "   ");
    }
    for (size_t c = 0; !rc && c < width && i + c < size; c++) {
      if (ascii && i + c + 1 < size && p[i + c] == 0x0d &&
          p[i + c + 1] == 0x0a) {
        i += c + 2 - width;
        break;
      }
      rc = vsh__buf_putc(
          o, (char)(p[i + c] >= 0x20 && p[i + c] < 0x80 ? p[i + c] : '.'));
      if (!rc && ascii && i + c + 2 < size && p[i + c + 1] == 0x0d &&
          p[i + c + 2] == 0x0a) {
        i += c + 3 - width;
        break;
      }
    }
    if (!rc) rc = vsh__buf_putc(o, '\n');
  }
  return rc;
}

/* Request headers with the injected values hidden. */
static int redact(const net_target *hop, const char *data, size_t n,
                  vsh_buf *out) {
  int rc = 0;
  for (size_t i = 0; !rc && i < n;) {
    size_t j = i;
    while (j < n && data[j] != '\n') j++;
    if (j < n) j++;
    if (injected(hop, data + i, j - i)) {
      rc = vsh__buf_append(out, data + i, strcspn(data + i, ":"));
      if (!rc) rc = vsh__buf_puts(out, ": [set by the sandbox]\r\n");
    } else {
      rc = vsh__buf_append(out, data + i, j - i);
    }
    i = j;
  }
  return rc;
}

static void x_trace(curl_xfer *x, curl_infotype type, const char *data,
                    size_t n) {
  curl_cfg *c = x->c;
  static const char *const what[] = {
      NULL,           "<= Recv header",   "=> Send header",  "<= Recv data",
      "=> Send data", "<= Recv SSL data", "=> Send SSL data"};
  vsh_buf o = {0}, red = {0};
  int oom = 0;
  if (type == CURLINFO_TEXT) {
    oom |= vsh__buf_puts(&o, "== Info: ");
    oom |= vsh__buf_append(&o, data, n);
  } else if ((int)type >= 1 && (int)type <= 6) {
    if (type == CURLINFO_HEADER_OUT) {
      oom |= redact(x->hop, data, n, &red);
      data = red.data ? red.data : "";
      n = red.len;
    }
    oom |= trace_dump(&o, what[type], (const unsigned char *)data, n,
                      c->trace_ascii);
  }
  if (oom) bi_errline(c->b, "curl: out of memory");
  else if (o.len) net_out_write(&c->trace_out, o.data, o.len);
  vsh_buf_dispose(&o);
  vsh_buf_dispose(&red);
}

void curl_x_debug(void *ud, curl_infotype type, const char *data, size_t n) {
  curl_xfer *x = ud;
  bi_ctx *b = x->c->b;
  if (x->c->trace) {
    x_trace(x, type, data, n);
    return;
  }
  vsh_buf o = {0};
  int oom = 0;
  if (type == CURLINFO_TEXT) {
    oom |= vsh__buf_puts(&o, "* ");
    oom |= vsh__buf_append(&o, data, n);
  } else if (type == CURLINFO_HEADER_OUT || type == CURLINFO_HEADER_IN) {
    const char *pfx = type == CURLINFO_HEADER_OUT ? "> " : "< ";
    size_t i = 0;
    while (i < n) {
      size_t j = i;
      while (j < n && data[j] != '\n') j++;
      if (j < n) j++;
      oom |= vsh__buf_puts(&o, pfx);
      if (type == CURLINFO_HEADER_OUT && injected(x->hop, data + i, j - i)) {
        size_t hn = strcspn(data + i, ":");
        oom |= vsh__buf_append(&o, data + i, hn);
        oom |= vsh__buf_puts(&o, ": [set by the sandbox]\r\n");
      } else {
        oom |= vsh__buf_append(&o, data + i, j - i);
      }
      i = j;
    }
    x->traced_data = false;
  } else if (type == CURLINFO_DATA_IN || type == CURLINFO_DATA_OUT) {
    if (!x->traced_data) {
      oom |= vsh__buf_printf(&o, "%c [%zu bytes data]\n",
                             type == CURLINFO_DATA_IN ? '{' : '}', n);
      x->traced_data = true;
    }
  }
  if (oom) {
    bi_errline(b, "curl: out of memory");
  } else if (o.len) {
    /* curl drops the CR of header lines on the terminal side */
    size_t w = 0;
    for (size_t i = 0; i < o.len; i++)
      if (!(o.data[i] == '\r' && i + 1 < o.len && o.data[i + 1] == '\n'))
        o.data[w++] = o.data[i];
    bi_write_to(b, b->err, o.data, w);
  }
  vsh_buf_dispose(&o);
}

/* ---- -w ------------------------------------------------------------- */

static int w_json_str(vsh_buf *o, const char *s, size_t n) {
  int rc = vsh__buf_putc(o, '"');
  for (size_t i = 0; !rc && i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\') rc = vsh__buf_printf(o, "\\%c", ch);
    else if (ch == '\n') rc = vsh__buf_puts(o, "\\n");
    else if (ch == '\r') rc = vsh__buf_puts(o, "\\r");
    else if (ch == '\t') rc = vsh__buf_puts(o, "\\t");
    else if (ch < 0x20) rc = vsh__buf_printf(o, "\\u%04x", ch);
    else rc = vsh__buf_putc(o, (char)ch);
  }
  return rc ? rc : vsh__buf_putc(o, '"');
}

static const char *find_header(const vsh_buf *h, const char *name,
                               size_t *vlen) {
  size_t nl = strlen(name);
  const char *p = h->data, *end = h->data + h->len;
  while (p && p < end) {
    const char *eol = memchr(p, '\n', (size_t)(end - p));
    if (!eol) eol = end;
    if ((size_t)(eol - p) > nl && p[nl] == ':' && !strncasecmp(p, name, nl)) {
      const char *v = p + nl + 1;
      while (v < eol && (*v == ' ' || *v == '\t')) v++;
      const char *ve = eol;
      while (ve > v && (ve[-1] == '\r' || ve[-1] == ' ')) ve--;
      *vlen = (size_t)(ve - v);
      return v;
    }
    p = eol + 1;
  }
  return NULL;
}

static void w_flush(curl_cfg *c, vsh_buf *o, bool to_err) {
  if (!o->len) return;
  if (to_err) bi_write_to(c->b, c->b->err, o->data, o->len);
  else bi_write(c->b, o->data, o->len);
  vsh__buf_clear(o);
}

void curl_write_out(curl_cfg *c, curl_xfer *x, net_fetch *f, int code,
                    const char *errmsg) {
  const char *fmt = c->write_out;
  vsh_buf fbuf = {0};
  if (fmt[0] == '@') {
    if (net_read_all(c->b, fmt + 1, &fbuf)) {
      vsh_buf_dispose(&fbuf);
      return;
    }
    fmt = fbuf.data ? fbuf.data : "";
  }
  net_req *r = &f->last;
  vsh_buf o = {0};
  bool to_err = false;
  int oom = 0;
  for (const char *p = fmt; *p; p++) {
    if (*p == '\\' && p[1]) {
      p++;
      char e = *p == 'n' ? '\n' : *p == 't' ? '\t' : *p == 'r' ? '\r' : 0;
      if (e) oom |= vsh__buf_putc(&o, e);
      else {
        oom |= vsh__buf_putc(&o, '\\');
        oom |= vsh__buf_putc(&o, *p);
      }
      continue;
    }
    if (*p != '%') {
      oom |= vsh__buf_putc(&o, *p);
      continue;
    }
    if (p[1] == '%') {
      oom |= vsh__buf_putc(&o, '%');
      p++;
      continue;
    }
    if (!strncmp(p + 1, "header{", 7)) {
      const char *e = strchr(p + 8, '}');
      if (!e) {
        oom |= vsh__buf_putc(&o, *p);
        continue;
      }
      char name[256];
      size_t nl = (size_t)(e - (p + 8));
      if (nl >= sizeof(name)) nl = sizeof(name) - 1;
      memcpy(name, p + 8, nl);
      name[nl] = 0;
      size_t vl;
      const char *v = find_header(&x->final_headers, name, &vl);
      if (v) oom |= vsh__buf_append(&o, v, vl);
      p = e;
      continue;
    }
    if (p[1] != '{' || !strchr(p + 2, '}')) {
      oom |= vsh__buf_putc(&o, *p);
      continue;
    }
    const char *e = strchr(p + 2, '}');
    char v[64];
    size_t vn = (size_t)(e - (p + 2));
    if (vn >= sizeof(v)) vn = sizeof(v) - 1;
    memcpy(v, p + 2, vn);
    v[vn] = 0;
    p = e;
    if (!strcmp(v, "http_code") || !strcmp(v, "response_code"))
      oom |= vsh__buf_printf(&o, "%03ld", f->code);
    else if (!strcmp(v, "size_download"))
      oom |= vsh__buf_printf(&o, "%llu", (unsigned long long)x->size_download);
    else if (!strcmp(v, "size_upload"))
      oom |= vsh__buf_printf(&o, "%lld", (long long)r->size_up);
    else if (!strcmp(v, "size_header"))
      oom |= vsh__buf_printf(&o, "%lld", (long long)r->size_header);
    else if (!strcmp(v, "size_request"))
      oom |= vsh__buf_printf(&o, "%lld", (long long)r->size_request);
    else if (!strcmp(v, "time_total"))
      oom |= vsh__buf_printf(&o, "%.6f", f->t_total);
    else if (!strcmp(v, "time_connect"))
      oom |= vsh__buf_printf(&o, "%.6f", r->t_connect);
    else if (!strcmp(v, "time_namelookup"))
      oom |= vsh__buf_printf(&o, "%.6f", r->t_lookup);
    else if (!strcmp(v, "time_starttransfer"))
      oom |= vsh__buf_printf(&o, "%.6f", r->t_start);
    else if (!strcmp(v, "time_pretransfer"))
      oom |= vsh__buf_printf(&o, "%.6f", r->t_pre);
    else if (!strcmp(v, "time_appconnect"))
      oom |= vsh__buf_printf(&o, "%.6f", r->t_appconnect);
    else if (!strcmp(v, "time_redirect"))
      oom |= vsh__buf_printf(&o, "%.6f", f->t_total - r->t_total);
    else if (!strcmp(v, "speed_download"))
      oom |= vsh__buf_printf(
          &o, "%.0f",
          f->t_total > 0 ? (double)x->size_download / f->t_total : 0.0);
    else if (!strcmp(v, "url_effective"))
      oom |= vsh__buf_puts(&o, f->url_effective ? f->url_effective : f->url);
    else if (!strcmp(v, "url")) oom |= vsh__buf_puts(&o, f->url);
    else if (!strcmp(v, "content_type"))
      oom |= vsh__buf_puts(&o, r->content_type ? r->content_type : "");
    else if (!strcmp(v, "num_redirects"))
      oom |= vsh__buf_printf(&o, "%u", f->redirects);
    else if (!strcmp(v, "redirect_url"))
      oom |= vsh__buf_puts(&o, !c->location && r->redirect_url ? r->redirect_url
                                                               : "");
    else if (!strcmp(v, "remote_ip"))
      oom |= vsh__buf_puts(&o, r->primary_ip ? r->primary_ip : "");
    else if (!strcmp(v, "remote_port"))
      oom |= vsh__buf_printf(&o, "%ld", r->primary_port);
    else if (!strcmp(v, "local_ip"))
      oom |= vsh__buf_puts(&o, r->local_ip ? r->local_ip : "");
    else if (!strcmp(v, "local_port"))
      oom |= vsh__buf_printf(&o, "%ld", r->local_port);
    else if (!strcmp(v, "scheme")) /* curl 7.88 prints it upper case */
      for (const char *q = f->target.scheme; q && *q; q++)
        oom |= vsh__buf_putc(&o, (char)(*q >= 'a' && *q <= 'z' ? *q - 32 : *q));
    else if (!strcmp(v, "method"))
      oom |=
          vsh__buf_puts(&o, r->effective_method ? r->effective_method : "GET");
    else if (!strcmp(v, "exitcode")) oom |= vsh__buf_printf(&o, "%d", code);
    else if (!strcmp(v, "errormsg"))
      oom |= vsh__buf_puts(&o, errmsg ? errmsg : "");
    else if (!strcmp(v, "http_version"))
      oom |=
          vsh__buf_puts(&o, r->http_version == CURL_HTTP_VERSION_1_0   ? "1"
                            : r->http_version == CURL_HTTP_VERSION_1_1 ? "1.1"
                            : r->http_version == CURL_HTTP_VERSION_2_0 ? "2"
                            : r->http_version == CURL_HTTP_VERSION_3   ? "3"
                                                                       : "0");
    else if (!strcmp(v, "filename_effective"))
      oom |= vsh__buf_puts(
          &o, x->out.path && strcmp(x->out.path, "-") ? x->out.path : "");
    else if (!strcmp(v, "stderr") || !strcmp(v, "stdout")) {
      /* what came before goes where it was headed */
      w_flush(c, &o, to_err);
      to_err = v[3] == 'e';
    } else if (!strcmp(v, "onerror")) {
      if (!code) break;
    } else if (!strcmp(v, "header_json")) {
      oom |= vsh__buf_putc(&o, '{');
      const char *hp = x->final_headers.data, *end = hp + x->final_headers.len;
      bool firsth = true;
      while (hp && hp < end) {
        const char *eol = memchr(hp, '\n', (size_t)(end - hp));
        if (!eol) eol = end;
        const char *colon = memchr(hp, ':', (size_t)(eol - hp));
        if (colon && memcmp(hp, "HTTP/", 5)) {
          char name[256];
          size_t nl = (size_t)(colon - hp) < 255 ? (size_t)(colon - hp) : 255;
          for (size_t i = 0; i < nl; i++)
            name[i] =
                (char)((hp[i] >= 'A' && hp[i] <= 'Z') ? hp[i] + 32 : hp[i]);
          const char *vv = colon + 1, *ve = eol;
          while (vv < ve && *vv == ' ') vv++;
          while (ve > vv && (ve[-1] == '\r' || ve[-1] == ' ')) ve--;
          if (!firsth) oom |= vsh__buf_puts(&o, ",\n");
          firsth = false;
          oom |= w_json_str(&o, name, nl);
          oom |= vsh__buf_puts(&o, ":[");
          oom |= w_json_str(&o, vv, (size_t)(ve - vv));
          oom |= vsh__buf_putc(&o, ']');
        }
        hp = eol + 1;
      }
      oom |= vsh__buf_putc(&o, '}');
    } else {
      bi_errline(c->b, "curl: unknown --write-out variable: '%s'", v);
    }
  }
  if (oom) bi_errline(c->b, "curl: out of memory");
  else w_flush(c, &o, to_err);
  vsh_buf_dispose(&o);
  vsh_buf_dispose(&fbuf);
}
