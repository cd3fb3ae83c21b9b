/* tools_fs.c: the read, write and edit tools.  read slices what
 * read_file gave (offset 1-based, limit, 2000 lines / 50 KB, a marker
 * naming the shown range and the next offset); write and edit hold the
 * per-resolved-path lock, edit for its whole read-replace-write. */
#include "sandbox/tools_int.h"

#include <math.h>
#include <string.h>

static const char read_schema[] =
    "{\"type\":\"object\",\"properties\":{"
    "\"path\":{\"type\":\"string\",\"description\":\"File to read\"},"
    "\"offset\":{\"type\":\"number\",\"description\":\"Line number to start "
    "from (1-indexed)\"},"
    "\"limit\":{\"type\":\"number\",\"description\":\"Maximum number of "
    "lines to read\"}},\"required\":[\"path\"]}";
static const char write_schema[] =
    "{\"type\":\"object\",\"properties\":{"
    "\"path\":{\"type\":\"string\",\"description\":\"File to write\"},"
    "\"content\":{\"type\":\"string\",\"description\":\"Full file "
    "content\"}},\"required\":[\"path\",\"content\"]}";
static const char edit_schema[] =
    "{\"type\":\"object\",\"properties\":{"
    "\"path\":{\"type\":\"string\",\"description\":\"File to edit\"},"
    "\"oldText\":{\"type\":\"string\",\"description\":\"Exact text to "
    "find\"},"
    "\"newText\":{\"type\":\"string\",\"description\":\"Replacement "
    "text\"},"
    "\"replaceAll\":{\"type\":\"boolean\",\"description\":\"Replace every "
    "occurrence\"}},\"required\":[\"path\",\"oldText\",\"newText\"]}";

/* A positive whole number, or an error naming the parameter. */
static int line_param(const vsh_json *p, const char *key, size_t *out,
                      bool *given, vsh_error *err) {
  double v = 0;
  int rc = sbx_param_num(p, "read", key, &v, given, err);

  if (rc < 0 || !*given) return rc;
  if (!(v >= 1) || v != floor(v) || v > 1e15)
    return vsh__error_set(err, VSH_EINVAL,
                          "read: \"%s\" must be a whole number of at least 1",
                          key);
  *out = (size_t)v;
  return 0;
}

static int run_read(sbx_tool *t, const vsh_json *p, vsh_signal *sig,
                    vsh_tool_result *out, vsh_error *err) {
  const char *path = NULL;
  size_t offset = 1, limit = 0, total = 0, i, line, shown = 0, bytes = 0;
  size_t start = 0, end;
  bool has_off, has_lim, truncated = false;
  vsh_buf file, text, d;
  int rc;

  (void)sig;
  vsh__buf_init(&file);
  vsh__buf_init(&text);
  vsh__buf_init(&d);
  if ((rc = sbx_param_str(p, "read", "path", true, &path, NULL, err)) < 0 ||
      (rc = line_param(p, "offset", &offset, &has_off, err)) < 0 ||
      (rc = line_param(p, "limit", &limit, &has_lim, err)) < 0)
    goto done;
  if ((rc = vsh_sandbox_read_file(t->sb, path, &file, err)) < 0) goto done;
  /* Lines end at '\n'; a final newline ends the last line, not a new one. */
  for (i = 0; i < file.len; i++)
    if (file.data[i] == '\n') total++;
  if (file.len > 0 && file.data[file.len - 1] != '\n') total++;
  if (offset > total && !(offset == 1 && total == 0)) {
    rc = vsh__error_set(err, VSH_EINVAL,
                        "Offset %zu is beyond end of file (%zu lines total)",
                        offset, total);
    goto done;
  }
  for (i = 0, line = 1; i < file.len && line < offset; i++)
    if (file.data[i] == '\n') line++;
  start = i;
  end = start;
  while (end < file.len && (!has_lim || shown < limit)) {
    const char *nl = memchr(file.data + end, '\n', file.len - end);
    size_t next = nl ? (size_t)(nl - file.data) + 1 : file.len;
    if (shown == SBX_MAX_LINES || bytes + (next - end) > SBX_MAX_BYTES) {
      truncated = true;
      break;
    }
    bytes += next - end;
    end = next;
    shown++;
  }
  if (shown == 0 && truncated) {
    /* One line longer than the byte cap: show its head, cut whole. */
    size_t cut = SBX_MAX_BYTES;
    while (cut > 0 && ((unsigned char)file.data[start + cut] & 0xC0) == 0x80)
      cut--;
    end = start + cut;
    shown = 1;
  }
  rc = vsh__buf_append(&text, file.data + start, end - start);
  if (rc == 0 && offset - 1 + shown < total) {
    size_t last = offset - 1 + shown;
    if (text.len > 0 && text.data[text.len - 1] != '\n')
      rc = vsh__buf_putc(&text, '\n');
    if (rc == 0)
      rc = vsh__buf_printf(&text,
                           "\n[Showing lines %zu-%zu of %zu. Use offset=%zu "
                           "to continue.]",
                           offset, last, total, last + 1);
  }
  if (rc == 0) {
    rc = vsh__buf_printf(&d, "{\"path\":");
    if (rc == 0) rc = vsh__json_put_string(&d, path, strlen(path));
    if (rc == 0)
      rc = vsh__buf_printf(&d,
                           ",\"totalLines\":%zu,\"startLine\":%zu,"
                           "\"endLine\":%zu,\"truncated\":%s}",
                           total, offset, offset - 1 + shown,
                           offset - 1 + shown < total ? "true" : "false");
  }
  if (rc < 0) rc = vsh__error_set(err, rc, "read: out of memory");
  else rc = sbx_tool_finish(out, &text, &d, err);

done:
  vsh_buf_dispose(&file);
  vsh_buf_dispose(&text);
  vsh_buf_dispose(&d);
  return rc;
}

static void *lock_for(sbx_tool *t, const char *path) {
  vsh_buf key;
  void *l;

  vsh__buf_init(&key);
  if (vsh_sandbox_resolve_path(t->sb, path, &key) < 0) {
    vsh_buf_dispose(&key);
    vsh__buf_puts(&key, path);
  }
  l = sbx_path_lock(key.data ? key.data : path);
  vsh_buf_dispose(&key);
  return l;
}

static int done_details(vsh_tool_result *out, vsh_buf *text, const char *path,
                        const char *field, size_t n, vsh_error *err) {
  vsh_buf d;
  int rc = 0;

  vsh__buf_init(&d);
  rc = vsh__buf_puts(&d, "{\"path\":");
  if (rc == 0) rc = vsh__json_put_string(&d, path, strlen(path));
  if (rc == 0) rc = vsh__buf_printf(&d, ",\"%s\":%zu}", field, n);
  rc = rc < 0 ? vsh__error_set(err, rc, "out of memory")
              : sbx_tool_finish(out, text, &d, err);
  vsh_buf_dispose(&d);
  return rc;
}

static int run_write(sbx_tool *t, const vsh_json *p, vsh_signal *sig,
                     vsh_tool_result *out, vsh_error *err) {
  const char *path = NULL, *content = NULL;
  size_t len = 0;
  vsh_buf text;
  void *lock;
  int rc;

  (void)sig;
  vsh__buf_init(&text);
  if ((rc = sbx_param_str(p, "write", "path", true, &path, NULL, err)) < 0 ||
      (rc = sbx_param_str(p, "write", "content", true, &content, &len, err)) <
          0)
    return rc;
  lock = lock_for(t, path);
  rc = vsh_sandbox_write_file(t->sb, path, content, len, err);
  sbx_path_unlock(lock);
  if (rc < 0) return rc;
  if (vsh__buf_printf(&text, "Successfully wrote %zu bytes to %s", len, path) <
      0)
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  rc = done_details(out, &text, path, "bytes", len, err);
  vsh_buf_dispose(&text);
  return rc;
}

static size_t count_in(const char *hay, size_t n, const char *needle,
                       size_t m) {
  size_t c = 0, i = 0;
  const char *hit;

  while (i + m <= n && (hit = memmem(hay + i, n - i, needle, m))) {
    c++;
    i = (size_t)(hit - hay) + m;
  }
  return c;
}

static int run_edit(sbx_tool *t, const vsh_json *p, vsh_signal *sig,
                    vsh_tool_result *out, vsh_error *err) {
  const char *path = NULL, *old = NULL, *repl = NULL, *hit;
  size_t olen = 0, rlen = 0, n, i;
  bool all = false;
  vsh_buf file, next, text;
  void *lock = NULL;
  int rc;

  (void)sig;
  vsh__buf_init(&file);
  vsh__buf_init(&next);
  vsh__buf_init(&text);
  if ((rc = sbx_param_str(p, "edit", "path", true, &path, NULL, err)) < 0 ||
      (rc = sbx_param_str(p, "edit", "oldText", true, &old, &olen, err)) < 0 ||
      (rc = sbx_param_str(p, "edit", "newText", true, &repl, &rlen, err)) < 0 ||
      (rc = sbx_param_bool(p, "edit", "replaceAll", &all, err)) < 0)
    goto done;
  if (olen == 0) {
    rc = vsh__error_set(err, VSH_EINVAL, "edit: oldText must not be empty");
    goto done;
  }
  /* The whole read-replace-write is one transaction under the lock. */
  lock = lock_for(t, path);
  if ((rc = vsh_sandbox_read_file(t->sb, path, &file, err)) < 0) goto done;
  n = count_in(file.data, file.len, old, olen);
  if (n == 0) {
    rc = vsh__error_set(err, VSH_EINVAL,
                        "Could not find the exact text in %s. The old text "
                        "must match exactly including all whitespace and "
                        "newlines.",
                        path);
    goto done;
  }
  if (n > 1 && !all) {
    rc = vsh__error_set(err, VSH_EINVAL,
                        "Found %zu occurrences of the text in %s. The text "
                        "must be unique. Please provide more context to make "
                        "it unique, or set replaceAll to replace every "
                        "occurrence.",
                        n, path);
    goto done;
  }
  for (i = 0; rc == 0 && (hit = memmem(file.data + i, file.len - i, old, olen));
       i = (size_t)(hit - file.data) + olen) {
    rc = vsh__buf_append(&next, file.data + i, (size_t)(hit - file.data) - i);
    if (rc == 0) rc = vsh__buf_append(&next, repl, rlen);
    if (!all) {
      i = (size_t)(hit - file.data) + olen;
      break;
    }
  }
  if (rc == 0) rc = vsh__buf_append(&next, file.data + i, file.len - i);
  if (rc < 0) {
    rc = vsh__error_set(err, rc, "edit: out of memory");
    goto done;
  }
  rc = vsh_sandbox_write_file(t->sb, path, next.data ? next.data : "", next.len,
                              err);
  sbx_path_unlock(lock);
  lock = NULL;
  if (rc < 0) goto done;
  rc = vsh__buf_printf(&text, "Successfully replaced %zu occurrence%s in %s.",
                       n, n == 1 ? "" : "s", path);
  rc = rc < 0 ? vsh__error_set(err, rc, "out of memory")
              : done_details(out, &text, path, "replacements", n, err);

done:
  sbx_path_unlock(lock);
  vsh_buf_dispose(&file);
  vsh_buf_dispose(&next);
  vsh_buf_dispose(&text);
  return rc;
}

int vsh_tool_read(vsh_tool **out, vsh_sandbox *sb, vsh_error *err) {
  return sbx_tool_new(out, sb, "read", "Read",
                      "Read a file. Output is truncated to 2000 lines or 50 "
                      "KB; use offset and limit to page through long files.",
                      read_schema, run_read, err);
}

int vsh_tool_write(vsh_tool **out, vsh_sandbox *sb, vsh_error *err) {
  return sbx_tool_new(out, sb, "write", "Write",
                      "Create or replace a file with the given content. "
                      "Missing parent directories are created.",
                      write_schema, run_write, err);
}

int vsh_tool_edit(vsh_tool **out, vsh_sandbox *sb, vsh_error *err) {
  return sbx_tool_new(out, sb, "edit", "Edit",
                      "Replace exact text in a file. oldText must match "
                      "exactly once unless replaceAll is set.",
                      edit_schema, run_edit, err);
}
