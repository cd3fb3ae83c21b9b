/* tools_exec.c: the bash, grep and glob tools, all through the sandbox's
 * exec.  bash turns the model's timeout (seconds) into timeout_ms plus an
 * abort backstop; a deadline is a recoverable exit-124 result, a host
 * abort an error.  grep probes rg once per tool, else grep -rnH. */
#include "sandbox/tools_int.h"

#include <math.h>
#include <string.h>

static const char bash_schema[] =
    "{\"type\":\"object\",\"properties\":{"
    "\"command\":{\"type\":\"string\",\"description\":\"The shell "
    "command\"},"
    "\"timeout\":{\"type\":\"number\",\"description\":\"Deadline in "
    "seconds\"}},\"required\":[\"command\"]}";
static const char grep_schema[] =
    "{\"type\":\"object\",\"properties\":{"
    "\"pattern\":{\"type\":\"string\",\"description\":\"Regex to search "
    "for\"},"
    "\"path\":{\"type\":\"string\",\"description\":\"Directory or file to "
    "search (default .)\"},"
    "\"include\":{\"type\":\"string\",\"description\":\"Glob filter, e.g. "
    "*.ts\"},"
    "\"literal\":{\"type\":\"boolean\",\"description\":\"Match the pattern "
    "as literal text\"}},\"required\":[\"pattern\"]}";
static const char glob_schema[] =
    "{\"type\":\"object\",\"properties\":{"
    "\"pattern\":{\"type\":\"string\",\"description\":\"Filename pattern "
    "(find -name semantics)\"},"
    "\"path\":{\"type\":\"string\",\"description\":\"Directory to search "
    "(default .)\"}},\"required\":[\"pattern\"]}";

/* ---- bash ---------------------------------------------------------------- */

/* A blank line between the output and a note, whatever the output's end. */
static const char *gap(const vsh_buf *b) {
  if (b->len == 0) return "";
  return b->data[b->len - 1] == '\n' ? "\n" : "\n\n";
}

/* Keeps the tail: the last SBX_MAX_LINES lines within SBX_MAX_BYTES. */
static int tail_cap(vsh_buf *dst, const char *s, size_t n, bool *truncated) {
  size_t start = n, lines = 0;

  /* A trailing newline ends the last line rather than starting one. */
  size_t scan = n > 0 && s[n - 1] == '\n' ? n - 1 : n;
  *truncated = false;
  while (start > 0) {
    const char *nl = memrchr(s, '\n', scan);
    size_t ls = nl ? (size_t)(nl - s) + 1 : 0;
    if (lines == SBX_MAX_LINES || n - ls > SBX_MAX_BYTES) {
      *truncated = true;
      break;
    }
    start = ls;
    lines++;
    if (!nl) break;
    scan = ls - 1;
  }
  if (*truncated && start == n) {
    /* The last line alone is over the cap: keep its end, whole chars. */
    start = n - SBX_MAX_BYTES;
    while (start < n && ((unsigned char)s[start] & 0xC0) == 0x80) start++;
  }
  return vsh__buf_append(dst, s + start, n - start);
}

static int run_bash(sbx_tool *t, const vsh_json *p, vsh_signal *sig,
                    vsh_tool_result *out, vsh_error *err) {
  const char *cmd = NULL;
  double secs = 0;
  bool has_timeout = false, truncated = false, timed_out = false;
  vsh_exec_opts o = {0};
  vsh_result r = {0};
  vsh_buf all, text, d;
  sbx_watch w;
  bool watching = false;
  int rc;

  vsh__buf_init(&all);
  vsh__buf_init(&text);
  vsh__buf_init(&d);
  if ((rc = sbx_param_str(p, "bash", "command", true, &cmd, NULL, err)) < 0 ||
      (rc = sbx_param_num(p, "bash", "timeout", &secs, &has_timeout, err)) < 0)
    goto done;
  if (has_timeout && !(secs > 0 && secs < 1e9)) {
    rc = vsh__error_set(err, VSH_EINVAL,
                        "bash: \"timeout\" must be a positive number of "
                        "seconds");
    goto done;
  }
  o.timeout_ms = has_timeout ? (int64_t)ceil(secs * 1000) : 0;
  /* The backstop: a sandbox that ignores timeout_ms still sees the abort. */
  if ((rc = sbx_watch_start(&w, sig, o.timeout_ms)) < 0) {
    rc = vsh__error_set(err, rc, "bash: out of memory");
    goto done;
  }
  watching = true;
  o.signal = w.merged;
  rc = vsh_sandbox_exec(t->sb, cmd, &o, &r, err);
  if (vsh_signal_aborted(sig)) { /* a host abort is never a result */
    vsh_result_dispose(&r);
    rc = sbx_aborted(err, sig, "bash", NULL);
    goto done;
  }
  if (rc == VSH_EABORTED && atomic_load(&w.timed_out)) {
    memset(&r, 0, sizeof r);
    r.exit_code = 124;
    rc = 0;
  }
  if (rc < 0) goto done;
  timed_out = has_timeout && r.exit_code == 124;
  if ((rc = vsh__buf_append(&all, r.out ? r.out : "", r.out_len)) < 0 ||
      (rc = vsh__buf_append(&all, r.err ? r.err : "", r.err_len)) < 0 ||
      (rc = tail_cap(&text, all.data ? all.data : "", all.len, &truncated)) < 0)
    goto oom;
  if (truncated)
    rc = vsh__buf_printf(&text,
                         "%s[Output truncated to the last %d lines "
                         "or 50 KB]",
                         gap(&text), SBX_MAX_LINES);
  if (rc == 0 && timed_out)
    rc = vsh__buf_printf(&text, "%s[flue] Command timed out after %g seconds.",
                         gap(&text), secs);
  else if (rc == 0 && r.exit_code != 0)
    rc = vsh__buf_printf(&text, "%sExit code: %d", gap(&text), r.exit_code);
  else if (rc == 0 && text.len == 0) rc = vsh__buf_puts(&text, "(no output)");
  if (rc == 0)
    rc = vsh__buf_printf(
        &d, "{\"exitCode\":%d,\"truncated\":%s,\"timedOut\":%s}", r.exit_code,
        truncated ? "true" : "false", timed_out ? "true" : "false");
  if (rc < 0) goto oom;
  rc = sbx_tool_finish(out, &text, &d, err);
  goto done;

oom:
  rc = vsh__error_set(err, VSH_ENOMEM, "bash: out of memory");

done:
  if (watching) sbx_watch_stop(&w);
  vsh_result_dispose(&r);
  vsh_buf_dispose(&all);
  vsh_buf_dispose(&text);
  vsh_buf_dispose(&d);
  return rc;
}

/* ---- grep ---------------------------------------------------------------- */

/* rg --version once per tool, 10 s deadline, cached.  A host abort during
 * the probe is an error and leaves the cache empty. */
static int probe_backend(sbx_tool *t, vsh_signal *sig, vsh_error *err) {
  vsh_exec_opts o = {.timeout_ms = SBX_RG_PROBE_MS, .signal = sig};
  vsh_result r = {0};
  vsh_error ignored;
  int rc = 0, backend;

  pthread_mutex_lock(&t->mu);
  if (t->backend == 0) {
    rc = vsh_sandbox_exec(t->sb, "rg --version", &o, &r, &ignored);
    if (vsh_signal_aborted(sig)) rc = sbx_aborted(err, sig, "grep", NULL);
    else t->backend = rc == 0 && r.exit_code == 0 ? 1 : 2;
    rc = rc == VSH_EABORTED ? rc : 0;
    vsh_result_dispose(&r);
  }
  backend = t->backend;
  pthread_mutex_unlock(&t->mu);
  return rc < 0 ? rc : backend;
}

/* Appends one output line cut at SBX_GREP_MAX_LINE characters. */
static int put_line(vsh_buf *b, const char *s, size_t n) {
  size_t i = 0, chars = 0;
  int32_t cp;

  while (i < n && chars < SBX_GREP_MAX_LINE) {
    i += (size_t)vsh__utf8_decode(s + i, n - i, &cp);
    chars++;
  }
  int rc = vsh__buf_append(b, s, i);
  if (rc == 0 && i < n) rc = vsh__buf_puts(b, "...");
  return rc < 0 ? rc : vsh__buf_putc(b, '\n');
}

/* Runs cmd, fails on status > 1 with its stderr, then keeps max lines. */
static int run_listing(sbx_tool *t, const char *tool, const char *cmd,
                       vsh_signal *sig, size_t max, bool cut_lines,
                       const char *none, const char *more, vsh_tool_result *out,
                       vsh_error *err) {
  vsh_exec_opts o = {.signal = sig};
  vsh_result r = {0};
  vsh_buf text, d;
  size_t n = 0, i = 0;
  bool capped = false;
  int rc;

  vsh__buf_init(&text);
  vsh__buf_init(&d);
  rc = vsh_sandbox_exec(t->sb, cmd, &o, &r, err);
  if (rc < 0) goto done;
  /* grep's 1 means "no match"; find has no such status. */
  if (cut_lines ? r.exit_code > 1 : r.exit_code != 0 && r.out_len == 0) {
    rc = vsh__error_set(err, VSH_EIO, "%s failed (exit %d): %.*s", tool,
                        r.exit_code, (int)(r.err_len > 800 ? 800 : r.err_len),
                        r.err ? r.err : "");
    goto done;
  }
  while (i < r.out_len) {
    const char *nl = memchr(r.out + i, '\n', r.out_len - i);
    size_t e = nl ? (size_t)(nl - r.out) : r.out_len;
    if (n == max) {
      capped = true;
      break;
    }
    rc = cut_lines ? put_line(&text, r.out + i, e - i)
                   : vsh__buf_append(&text, r.out + i, e - i + (nl ? 1 : 0));
    if (rc < 0) goto oom;
    n++;
    i = e + 1;
  }
  if (n == 0) rc = vsh__buf_puts(&text, none);
  else if (capped) rc = vsh__buf_printf(&text, "\n%s", more);
  if (rc == 0)
    rc = vsh__buf_printf(&d, "{\"count\":%zu,\"truncated\":%s}", n,
                         capped ? "true" : "false");
  if (rc < 0) goto oom;
  rc = sbx_tool_finish(out, &text, &d, err);
  goto done;

oom:
  rc = vsh__error_set(err, VSH_ENOMEM, "%s: out of memory", tool);

done:
  vsh_result_dispose(&r);
  vsh_buf_dispose(&text);
  vsh_buf_dispose(&d);
  return rc;
}

static int run_grep(sbx_tool *t, const vsh_json *p, vsh_signal *sig,
                    vsh_tool_result *out, vsh_error *err) {
  const char *pattern = NULL, *path = ".", *include = NULL;
  bool literal = false;
  vsh_buf cmd;
  int rc, backend;

  vsh__buf_init(&cmd);
  if ((rc = sbx_param_str(p, "grep", "pattern", true, &pattern, NULL, err)) <
          0 ||
      (rc = sbx_param_str(p, "grep", "path", false, &path, NULL, err)) < 0 ||
      (rc = sbx_param_str(p, "grep", "include", false, &include, NULL, err)) <
          0 ||
      (rc = sbx_param_bool(p, "grep", "literal", &literal, err)) < 0)
    goto done;
  if ((backend = rc = probe_backend(t, sig, err)) < 0) goto done;
  rc = vsh__buf_puts(&cmd, backend == 1 ? "rg --line-number --with-filename "
                                          "--no-heading --color=never"
                                        : "grep -rnH");
  if (rc == 0 && literal)
    rc = vsh__buf_puts(&cmd, backend == 1 ? " --fixed-strings" : " -F");
  else if (rc == 0 && backend == 2) rc = vsh__buf_puts(&cmd, " -E");
  if (rc == 0 && include) {
    rc = vsh__buf_puts(&cmd, backend == 1 ? " --glob " : " --include=");
    if (rc == 0) rc = sbx_shell_quote(&cmd, include);
  }
  if (rc == 0) rc = vsh__buf_puts(&cmd, " -e ");
  if (rc == 0) rc = sbx_shell_quote(&cmd, pattern);
  if (rc == 0) rc = vsh__buf_puts(&cmd, " -- ");
  if (rc == 0) rc = sbx_shell_quote(&cmd, path && *path ? path : ".");
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "grep: out of memory");
    goto done;
  }
  rc = run_listing(t, "grep", cmd.data, sig, SBX_GREP_MAX_MATCHES, true,
                   "No matches found",
                   "[Showing the first 100 matches. Narrow the pattern or "
                   "path to see more.]",
                   out, err);

done:
  vsh_buf_dispose(&cmd);
  return rc;
}

/* ---- glob ---------------------------------------------------------------- */

static int run_glob(sbx_tool *t, const vsh_json *p, vsh_signal *sig,
                    vsh_tool_result *out, vsh_error *err) {
  const char *pattern = NULL, *path = ".";
  vsh_buf cmd;
  int rc;

  vsh__buf_init(&cmd);
  if ((rc = sbx_param_str(p, "glob", "pattern", true, &pattern, NULL, err)) <
          0 ||
      (rc = sbx_param_str(p, "glob", "path", false, &path, NULL, err)) < 0)
    goto done;
  rc = vsh__buf_puts(&cmd, "find ");
  if (rc == 0) rc = sbx_shell_quote(&cmd, path && *path ? path : ".");
  if (rc == 0) rc = vsh__buf_puts(&cmd, " -type f -name ");
  if (rc == 0) rc = sbx_shell_quote(&cmd, pattern);
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "glob: out of memory");
    goto done;
  }
  rc = run_listing(t, "glob", cmd.data, sig, SBX_GLOB_MAX_PATHS, false,
                   "No files found",
                   "[Results truncated at 1000 paths. Narrow the pattern or "
                   "path to see more.]",
                   out, err);

done:
  vsh_buf_dispose(&cmd);
  return rc;
}

int vsh_tool_bash(vsh_tool **out, vsh_sandbox *sb, vsh_error *err) {
  return sbx_tool_new(out, sb, "bash", "Bash",
                      "Run a shell command. stdout and stderr are combined "
                      "and truncated to the last 2000 lines or 50 KB. "
                      "timeout is in seconds.",
                      bash_schema, run_bash, err);
}

int vsh_tool_grep(vsh_tool **out, vsh_sandbox *sb, vsh_error *err) {
  return sbx_tool_new(out, sb, "grep", "Grep",
                      "Search file contents with a regex (rg, or grep -rnH "
                      "where rg is missing). At most 100 matches; lines are "
                      "cut at 500 characters.",
                      grep_schema, run_grep, err);
}

int vsh_tool_glob(vsh_tool **out, vsh_sandbox *sb, vsh_error *err) {
  return sbx_tool_new(out, sb, "glob", "Glob",
                      "Find files by name pattern (find -name). At most 1000 "
                      "paths.",
                      glob_schema, run_glob, err);
}
