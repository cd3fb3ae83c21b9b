/* test_net.c: Check suite for net/: the policy's options checks, its
 * verdicts on a table of URLs (normalisation, userinfo, segment
 * boundaries, encoded paths), the private-address test, and, against a
 * small HTTP server on a thread of this process (127.0.0.1, a port the
 * kernel picks), an abort that ends a transfer at once and the network
 * options reaching the shell, the virtual sandbox and its factory. */
#include "net/net_int.h"

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

/* ---- options -------------------------------------------------------- */

START_TEST(policy_rejects_bad_options) {
  vsh_error err;
  net_policy *p = NULL;
  vsh_network_opts o = VSH_NETWORK_OPTS_INIT;
  o.version = 99;
  ck_assert_int_eq(net_policy_new(&p, &o, &err), VSH_EINVAL);
  ck_assert(strstr(err.message, "version") != NULL);
  const char *bad[] = {"ftp://x/", "http://u:p@x/", "example.com/x",
                       "http://[::1%25eth0]/", "not a url"};
  for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
    vsh_network_opts b = VSH_NETWORK_OPTS_INIT;
    vsh_net_prefix pre = {bad[i], NULL};
    b.allow = &pre;
    b.n_allow = 1;
    ck_assert_msg(net_policy_new(&p, &b, &err) == VSH_EINVAL, "%s", bad[i]);
    ck_assert(p == NULL);
  }
  const char *hdr[] = {"NoColon", NULL};
  vsh_net_prefix pre = {"http://x/", hdr};
  vsh_network_opts h = VSH_NETWORK_OPTS_INIT;
  h.allow = &pre;
  h.n_allow = 1;
  ck_assert_int_eq(net_policy_new(&p, &h, &err), VSH_EINVAL);
  /* NULL and a zeroed struct: no network */
  ck_assert_int_eq(net_policy_new(&p, NULL, &err), 0);
  ck_assert(!p->any);
  net_policy_free(p);
  vsh_network_opts z;
  memset(&z, 0, sizeof(z));
  ck_assert_int_eq(net_policy_new(&p, &z, &err), 0);
  ck_assert(!p->any);
  net_policy_free(p);
}
END_TEST

START_TEST(policy_copies_its_options) {
  char url[] = "https://API.example.com/v1/";
  char hv[] = "Authorization: Bearer x";
  const char *hdrs[] = {hv, NULL};
  vsh_net_prefix pre = {url, hdrs};
  vsh_network_opts o = VSH_NETWORK_OPTS_INIT;
  o.allow = &pre;
  o.n_allow = 1;
  net_policy *p;
  ck_assert_int_eq(net_policy_new(&p, &o, NULL), 0);
  memset(url, 'z', sizeof(url) - 1);
  memset(hv, 'z', sizeof(hv) - 1);
  const vsh_network_opts *v = net_policy_opts(p);
  ck_assert_str_eq(v->allow[0].url, "https://API.example.com/v1/");
  ck_assert_str_eq(v->allow[0].headers[0], "Authorization: Bearer x");
  ck_assert(v->allow[0].headers[1] == NULL);
  ck_assert_str_eq(v->methods[0], "GET");
  ck_assert_str_eq(v->methods[1], "HEAD");
  net_policy *q; /* a copy of the view is the same policy */
  ck_assert_int_eq(net_policy_new(&q, v, NULL), 0);
  ck_assert_str_eq(q->entries[0].host, "api.example.com");
  ck_assert_str_eq(q->entries[0].path, "/v1");
  net_policy_free(q);
  net_policy_free(p);
}
END_TEST

/* ---- verdicts ------------------------------------------------------- */

typedef struct vcase {
  const char *prefix;
  const char *url;
  const char *method;
  int want;
} vcase;

static const vcase vcases[] = {
    {"https://api.example.com/v1", "https://api.example.com/v1", "GET", NET_OK},
    {"https://api.example.com/v1", "https://api.example.com/v1/x?y", "GET",
     NET_OK},
    {"https://api.example.com/v1", "https://api.example.com/v10", "GET",
     NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1x/y", "GET",
     NET_REFUSED},
    {"https://api.example.com/v1", "https://API.EXAMPLE.COM./v1/a", "GET",
     NET_OK},
    {"https://api.example.com/v1", "https://api.example.com:443/v1", "GET",
     NET_OK},
    {"https://api.example.com/v1", "https://api.example.com:8443/v1", "GET",
     NET_REFUSED},
    {"https://api.example.com/v1", "http://api.example.com/v1", "GET",
     NET_REFUSED},
    {"http://api.example.com:80/", "http://api.example.com/x", "GET", NET_OK},
    {"https://api.example.com/v1", "https://api.example.com/v1", "POST",
     NET_METHOD},
    {"https://api.example.com/v1", "https://api.example.com.evil.com/v1", "GET",
     NET_REFUSED},
    {"https://api.example.com/v1", "https://evil.com/api.example.com/v1", "GET",
     NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com@evil.com/v1", "GET",
     NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/../admin", "GET",
     NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/%2e%2e/admin",
     "GET", NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/..%2Fadmin",
     "GET", NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/..%5cadmin",
     "GET", NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/..;/admin",
     "GET", NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/%252e%252e/x",
     "GET", NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/%c0%ae%c0%ae/x",
     "GET", NET_REFUSED},
    {"https://api.example.com/v1", "https://api.example.com/v1/a%2Fb", "GET",
     NET_OK},
    {"https://api.example.com/", "https://api.example.com/a/..%2f..%2fb", "GET",
     NET_OK},
    {"https://api.example.com/a%2Fb", "https://api.example.com/a%2fb/c", "GET",
     NET_OK},
    {"https://api.example.com/a%20b", "https://api.example.com/a%20b/c", "GET",
     NET_OK},
    {"http://127.0.0.1:8080/", "http://127.0.0.1:8080/x", "GET", NET_OK},
    {"http://127.0.0.1:8080/", "http://2130706433:8080/x", "GET", NET_OK},
    {"http://127.0.0.1:8080/", "http://0x7f.0.0.1:8080/x", "GET", NET_OK},
    {"http://127.0.0.1:8080/", "http://localhost:8080/x", "GET", NET_REFUSED},
    {"http://[::1]:8080/", "http://[0:0::1]:8080/", "GET", NET_OK},
    {"http://[::1]:8080/", "http://127.0.0.1:8080/", "GET", NET_REFUSED},
    {"http://xn--bcher-kva.example/",
     "http://B\xc3\x9c"
     "cher.example/",
     "GET", NET_OK},
    {"http://b\xc3\xbc"
     "cher.example/",
     "http://xn--bcher-kva.example/", "GET", NET_OK},
    {"https://api.example.com/", "file:///etc/passwd", "GET", NET_SCHEME},
    {"https://api.example.com/", "gopher://api.example.com/", "GET",
     NET_SCHEME},
    {"https://api.example.com/", "https://api.example.com:99999/", "GET",
     NET_BADURL},
};

START_TEST(policy_verdicts) {
  const vcase *c = &vcases[_i];
  vsh_net_prefix pre = {c->prefix, NULL};
  vsh_network_opts o = VSH_NETWORK_OPTS_INIT;
  o.allow = &pre;
  o.n_allow = 1;
  net_policy *p;
  vsh_error err;
  ck_assert_msg(net_policy_new(&p, &o, &err) == 0, "%s", err.message);
  net_target t;
  int v = net_target_parse(&t, c->url, NULL);
  if (v == NET_OK) v = net_policy_check(p, &t, c->method);
  ck_assert_msg(v == c->want, "%s vs %s: got %d, want %d", c->prefix, c->url, v,
                c->want);
  net_target_dispose(&t);
  net_policy_free(p);
}
END_TEST

START_TEST(full_access_allows_any_url_and_method_but_not_other_schemes) {
  vsh_network_opts o = VSH_NETWORK_OPTS_FULL_ACCESS_DANGEROUS;
  net_policy *p;
  ck_assert_int_eq(net_policy_new(&p, &o, NULL), 0);
  net_target t;
  ck_assert_int_eq(net_target_parse(&t, "https://anything.example/x", NULL),
                   NET_OK);
  ck_assert_int_eq(net_policy_check(p, &t, "PATCH"), NET_OK);
  ck_assert_int_eq(net_policy_check(p, &t, "GET http://x/"), NET_METHOD);
  net_target_dispose(&t);
  ck_assert_int_eq(net_target_parse(&t, "file:///etc/passwd", NULL),
                   NET_SCHEME);
  net_target_dispose(&t);
  net_policy_free(p);
}
END_TEST

START_TEST(private_addresses) {
  static const struct {
    const char *a;
    bool priv;
  } cases[] = {{"127.0.0.1", true},
               {"10.1.2.3", true},
               {"172.16.0.1", true},
               {"172.32.0.1", false},
               {"192.168.1.1", true},
               {"169.254.169.254", true},
               {"100.64.0.1", true},
               {"0.0.0.0", true},
               {"224.0.0.1", true},
               {"8.8.8.8", false},
               {"93.184.216.34", false},
               {"::1", true},
               {"::", true},
               {"fe80::1", true},
               {"fd00::1", true},
               {"::ffff:127.0.0.1", true},
               {"::ffff:8.8.8.8", false},
               {"64:ff9b::a00:1", true},
               {"2002:7f00:1::", true},
               {"2606:4700::1111", false},
               {"ff02::1", true}};
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    struct sockaddr_storage ss;
    memset(&ss, 0, sizeof(ss));
    if (strchr(cases[i].a, ':')) {
      struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)&ss;
      s6->sin6_family = AF_INET6;
      ck_assert(inet_pton(AF_INET6, cases[i].a, &s6->sin6_addr) == 1);
    } else {
      struct sockaddr_in *s4 = (struct sockaddr_in *)&ss;
      s4->sin_family = AF_INET;
      ck_assert(inet_pton(AF_INET, cases[i].a, &s4->sin_addr) == 1);
    }
    ck_assert_msg(net_addr_private((struct sockaddr *)&ss) == cases[i].priv,
                  "%s", cases[i].a);
  }
}
END_TEST

/* ---- a server on a thread ------------------------------------------- */

typedef struct server {
  int fd;
  int port;
  pthread_t th;
  int stop;
} server;

/* Answers every connection with a chunked body that drips a byte each
 * 50 ms until the client leaves (or 10 s pass). */
static void *serve(void *ud) {
  server *s = ud;
  for (;;) {
    struct pollfd pf = {s->fd, POLLIN, 0};
    if (__atomic_load_n(&s->stop, __ATOMIC_SEQ_CST)) break;
    if (poll(&pf, 1, 50) <= 0) continue;
    int c = accept(s->fd, NULL, NULL);
    if (c < 0) continue;
    char req[4096];
    ssize_t n = recv(c, req, sizeof(req), 0);
    (void)n;
    const char *h = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n"
                    "Transfer-Encoding: chunked\r\n\r\n";
    ssize_t w = send(c, h, strlen(h), MSG_NOSIGNAL);
    for (int i = 0; w > 0 && i < 200; i++) {
      if (__atomic_load_n(&s->stop, __ATOMIC_SEQ_CST)) break;
      w = send(c, "1\r\nx\r\n", 6, MSG_NOSIGNAL);
      struct timespec ts = {0, 50000000};
      nanosleep(&ts, NULL);
    }
    close(c);
  }
  return NULL;
}

static bool server_start(server *s) {
  memset(s, 0, sizeof(*s));
  s->fd = socket(AF_INET, SOCK_STREAM, 0);
  if (s->fd < 0) return false;
  struct sockaddr_in a = {0};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t l = sizeof(a);
  if (bind(s->fd, (struct sockaddr *)&a, sizeof(a)) || listen(s->fd, 8) ||
      getsockname(s->fd, (struct sockaddr *)&a, &l)) {
    close(s->fd);
    return false;
  }
  s->port = ntohs(a.sin_port);
  return pthread_create(&s->th, NULL, serve, s) == 0;
}

static void server_stop(server *s) {
  __atomic_store_n(&s->stop, 1, __ATOMIC_SEQ_CST);
  pthread_join(s->th, NULL);
  close(s->fd);
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

typedef struct aborter {
  vsh_signal *sig;
  int ms;
  double at; /* when it fired */
} aborter;

static void *abort_later(void *ud) {
  aborter *a = ud;
  struct timespec ts = {a->ms / 1000, (long)(a->ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
  a->at = now_s();
  vsh_signal_abort(a->sig, "stop now");
  return NULL;
}

/* One server for the transfer tests, stopped by the fixture even when a
 * test fails. */
static server the_server;
static bool have_server;

static void server_setup(void) { have_server = server_start(&the_server); }

static void server_teardown(void) {
  if (have_server) server_stop(&the_server);
  have_server = false;
}

START_TEST(abort_ends_a_transfer_at_once) {
  server s = the_server;
  if (!have_server) {
    fprintf(stderr, "test_net: no local socket; abort test skipped\n");
    return;
  }
  char prefix[64], script[128];
  snprintf(prefix, sizeof(prefix), "http://127.0.0.1:%d/", s.port);
  snprintf(script, sizeof(script), "curl -s %sdrip; echo after", prefix);
  vsh_net_prefix pre = {prefix, NULL};
  vsh_network_opts o = VSH_NETWORK_OPTS_INIT;
  o.allow = &pre;
  o.n_allow = 1;
  vsh_shell_opts so = {.network = &o};
  vsh_shell *sh;
  vsh_error err;
  ck_assert_int_eq(vsh_shell_new(&sh, &so, &err), 0);
  vsh_signal *sig = vsh_signal_new();
  aborter ab = {sig, 300, 0};
  pthread_t th;
  pthread_create(&th, NULL, abort_later, &ab);
  vsh_exec_opts eo = {.signal = sig};
  vsh_result r;
  double t0 = now_s();
  int rc = vsh_shell_exec(sh, script, strlen(script), &eo, &r, &err);
  double end = now_s();
  pthread_join(th, NULL);
  ck_assert_int_eq(rc, VSH_EABORTED);
  /* the drip lasts 10 s: only the abort can have ended it */
  ck_assert_msg(end - ab.at < 1.0 && end - t0 < 5.0, "abort took %.2f s to act",
                end - ab.at);
  if (rc == 0) vsh_result_dispose(&r);
  vsh_signal_unref(sig);

  /* the deadline: 124 */
  eo = (vsh_exec_opts){.timeout_ms = 300};
  t0 = now_s();
  ck_assert_int_eq(vsh_shell_exec(sh, script, strlen(script), &eo, &r, &err),
                   0);
  double took = now_s() - t0;
  ck_assert_int_eq(r.exit_code, 124);
  ck_assert_msg(took < 2.0, "deadline took %.2f s", took);
  vsh_result_dispose(&r);
  vsh_shell_free(sh);
}
END_TEST

static int run(vsh_sandbox *sb, const char *cmd, vsh_result *r) {
  vsh_error err;
  int rc = vsh_sandbox_exec(sb, cmd, NULL, r, &err);
  ck_assert_msg(rc == 0, "%s", err.message);
  return r->exit_code;
}

START_TEST(sandbox_and_factory_carry_the_network_options) {
  char prefix[64];
  snprintf(prefix, sizeof(prefix), "http://127.0.0.1:1/only");
  vsh_net_prefix pre = {prefix, NULL};
  vsh_network_opts o = VSH_NETWORK_OPTS_INIT;
  o.allow = &pre;
  o.n_allow = 1;
  vsh_virtual_opts vo = {.network = &o};
  vsh_sandbox *sb;
  vsh_factory *f;
  vsh_error err;
  ck_assert_int_eq(vsh_virtual_sandbox_new(&sb, &vo, &err), 0);
  ck_assert_int_eq(vsh_virtual_factory(&f, &vo, &err), 0);
  memset(prefix, 'z', sizeof(prefix) - 1); /* both copied */
  vsh_result r;
  for (int k = 0; k < 2; k++) {
    vsh_sandbox *s2 = sb;
    if (k) ck_assert_int_eq(vsh_factory_create(f, "x", &s2, &err), 0);
    ck_assert_int_eq(run(s2, "curl -sS http://127.0.0.1:1/only/x", &r), 7);
    ck_assert_msg(strstr(r.err, "Failed to connect") != NULL, "%s", r.err);
    vsh_result_dispose(&r);
    ck_assert_int_eq(run(s2, "curl -sS http://127.0.0.1:1/other", &r), 7);
    ck_assert_msg(strstr(r.err, "not allowed by the sandbox network policy") !=
                      NULL,
                  "%s", r.err);
    vsh_result_dispose(&r);
    if (k) vsh_sandbox_release(s2);
  }
  vsh_sandbox_release(sb);
  vsh_factory_release(f);

  /* the default sandbox has no network */
  ck_assert_int_eq(vsh_virtual_sandbox_new(&sb, NULL, &err), 0);
  ck_assert_int_eq(run(sb,
                       "curl -sS http://127.0.0.1:1/; wget -q "
                       "http://127.0.0.1:1/; echo $?",
                       &r),
                   0);
  ck_assert(strstr(r.err, "has no network access") != NULL);
  ck_assert_str_eq(r.out, "4\n");
  vsh_result_dispose(&r);
  vsh_sandbox_release(sb);

  /* a malformed allowlist is an error at creation */
  vsh_net_prefix bad = {"ftp://x/", NULL};
  o.allow = &bad;
  ck_assert_int_eq(vsh_virtual_sandbox_new(&sb, &vo, &err), VSH_EINVAL);
  ck_assert(strstr(err.message, "ftp://x/") != NULL);
}
END_TEST

static Suite *net_suite(void) {
  Suite *s = suite_create("net");
  TCase *tc = tcase_create("policy");
  tcase_add_test(tc, policy_rejects_bad_options);
  tcase_add_test(tc, policy_copies_its_options);
  tcase_add_loop_test(tc, policy_verdicts, 0,
                      (int)(sizeof(vcases) / sizeof(vcases[0])));
  tcase_add_test(tc,
                 full_access_allows_any_url_and_method_but_not_other_schemes);
  tcase_add_test(tc, private_addresses);
  suite_add_tcase(s, tc);
  tc = tcase_create("transfer");
  tcase_set_timeout(tc, 30);
  tcase_add_checked_fixture(tc, server_setup, server_teardown);
  tcase_add_test(tc, abort_ends_a_transfer_at_once);
  tcase_add_test(tc, sandbox_and_factory_carry_the_network_options);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(net_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
