/* curl_int.h: private to net/: what curl.c shares with curl_report.c
 * (its -v/--trace output and -w). */
#ifndef VSH_NET_CURL_INT_H
#define VSH_NET_CURL_INT_H

#include "net/fetch.h"
#include "net/util.h"

typedef struct curl_target {
  const char *url;
  const char *output; /* -o, or NULL */
  bool remote_name;   /* -O */
} curl_target;

typedef struct curl_cfg {
  bi_ctx *b;
  bool silent, show_error, fail, fail_body, include, head, verbose, location,
      get, remote_name_all, header_name, create_dirs, compressed, globoff,
      http10, retry_all, retry_connrefused, insecure, fail_early;
  const char *request, *user, *agent, *referer, *cookie, *cookie_jar, *upload,
      *dump_header, *write_out, *output_dir, *range;
  int64_t limit_rate;
  const char *trace; /* --trace/--trace-ascii file ("-": stdout) */
  bool trace_ascii;
  net_out trace_out;
  uint64_t max_filesize;
  long ipresolve, httpauth;
  unsigned keep_post;
  double max_time, connect_timeout;
  long max_redirs, retry, retry_delay, retry_max_time;
  vsh_buf data;
  bool has_data, json;
  char **headers;
  size_t nheaders, cap_headers;
  char **forms;
  bool *form_string;
  size_t nforms, cap_forms;
  curl_target *urls;
  size_t nurls, cap_urls;
  int next_output; /* the next URL an -o/-O applies to */
} curl_cfg;

typedef struct curl_xfer {
  curl_cfg *c;
  net_out out;  /* the body (and -i headers) */
  net_out dump; /* -D */
  bool to_dump;
  const char *remote; /* -O name as computed, for -J fallback */
  bool want_cd;       /* -J: name from Content-Disposition */
  char *cd_name;
  uint64_t size_download;
  vsh_buf final_headers; /* the last response's header block */
  bool body_seen;
  bool werr;
  bool traced_data;
  const net_target *hop;
  bool fail_body_code; /* --fail-with-body and >= 400 */
} curl_xfer;

/* -v and --trace: libcurl's debug callback (ud is a curl_xfer). */
void curl_x_debug(void *ud, curl_infotype type, const char *data, size_t n);
/* -w after a transfer, with curl's exit code and error text. */
void curl_write_out(curl_cfg *c, curl_xfer *x, net_fetch *f, int code,
                    const char *errmsg);

#endif /* VSH_NET_CURL_INT_H */
