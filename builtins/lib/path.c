/* path.c: operand paths: joining, base names, cp/mv's target directory,
 * and readlink -f's canonical path, which resolves each symlink through
 * the VFS (no host realpath). */
#include "builtins/lib/path.h"

#include "builtins/builtins.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

char *bi_path_join(bi_ctx *b, const char *dir, const char *name) {
  size_t dl = strlen(dir), nl = strlen(name);
  bool slash = dl > 0 && dir[dl - 1] == '/';
  char *r = vsh__arena_alloc(b->arena, dl + nl + 2);
  if (!r) return NULL;
  memcpy(r, dir, dl);
  if (!slash) r[dl++] = '/';
  memcpy(r + dl, name, nl + 1);
  return r;
}

const char *bi_base_name(bi_ctx *b, const char *s) {
  size_t n = strlen(s);
  while (n > 1 && s[n - 1] == '/') n--;
  size_t i = n;
  while (i > 0 && s[i - 1] != '/') i--;
  return vsh__arena_strndup(b->arena, s + i, n - i);
}

/* "name: MESSAGE" and the Try line; returns 1 (cp, mv, ln, install). */
static int target_usage_err(bi_ctx *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static int target_usage_err(bi_ctx *b, const char *fmt, ...) {
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof(msg), fmt, ap);
  va_end(ap);
  bi_err(b, "%s", msg);
  bi_try_help(b);
  return 1;
}

int bi_target_dir(bi_ctx *b, char **ops, int *n, const char *target,
                  bool no_target, const char **dir, const char **dabs) {
  *dir = *dabs = NULL;
  if (target && no_target)
    return target_usage_err(b, "cannot combine --target-directory (-t) "
                               "and --no-target-directory (-T)");
  if (*n == 0) return target_usage_err(b, "missing file operand");
  if (*n == 1 && !target)
    return target_usage_err(b, "missing destination file operand after %s",
                            bi_quote(b, ops[0]));
  if (no_target && *n > 2)
    return target_usage_err(b, "extra operand %s", bi_quote(b, ops[2]));
  const char *d = target;
  vfs_info st;
  if (!d && !no_target) {
    const char *last = bi_path(b, ops[*n - 1]);
    if (last && !vfs_stat(b->fs, last, true, &st) && st.type == VFS_DIR) {
      d = ops[*n - 1];
      (*n)--;
    } else if (*n > 2) {
      if (last && !vfs_stat(b->fs, last, true, &st))
        bi_err(b, "target %s is not a directory", bi_quote(b, ops[*n - 1]));
      else
        bi_err(b, "target %s: %s", bi_quote(b, ops[*n - 1]),
               vsh_strerror(VSH_ENOENT));
      return 1;
    }
  }
  if (!d) return 0;
  const char *a = bi_path(b, d);
  int rc = a ? vfs_stat(b->fs, a, true, &st) : bi_path_error(d);
  if (rc || st.type != VFS_DIR) { /* only -t DIR gets here unchecked */
    bi_err(b, "target directory %s: %s", bi_quote(b, d),
           vsh_strerror(rc ? rc : VSH_ENOTDIR));
    return 1;
  }
  *dir = d;
  *dabs = a;
  return 0;
}

bool bi_is_dot_or_dotdot(const char *name) {
  return !strcmp(name, ".") || !strcmp(name, "..");
}

int bi_canon_path(bi_ctx *b, const char *abs, int mode, vsh_buf *out) {
  vsh_buf rest = {0}; /* components still to walk, '/'-separated */
  vsh_buf tmp = {0};
  int rc = 0, links = 0;
  vsh__buf_clear(out);
  vsh__buf_puts(out, "/");
  if (vsh__buf_puts(&rest, abs)) return VSH_ENOMEM;
  size_t pos = 0;
  bool missing = false; /* a component was missing (MISSING mode) */
  while (pos < rest.len) {
    if (bi_cancelled(b)) {
      rc = VSH_EABORTED;
      break;
    }
    while (pos < rest.len && rest.data[pos] == '/') pos++;
    if (pos >= rest.len) break;
    size_t end = pos;
    while (end < rest.len && rest.data[end] != '/') end++;
    size_t cl = end - pos;
    const char *comp = rest.data + pos;
    bool last = true;
    for (size_t k = end; k < rest.len; k++)
      if (rest.data[k] != '/') {
        last = false;
        break;
      }
    if (cl == 1 && comp[0] == '.') {
      pos = end;
      continue;
    }
    if (cl == 2 && comp[0] == '.' && comp[1] == '.') {
      while (out->len > 1 && out->data[out->len - 1] != '/') out->len--;
      if (out->len > 1) out->len--;
      out->data[out->len] = 0;
      pos = end;
      continue;
    }
    size_t save = out->len;
    if (out->len > 1) vsh__buf_putc(out, '/');
    vsh__buf_append(out, comp, cl);
    pos = end;
    if (missing) continue;
    vfs_info st;
    int r = vfs_stat(b->fs, out->data, false, &st);
    if (r) {
      if (r == VSH_ENOENT && (mode == BI_CANON_MISSING ||
                              (mode == BI_CANON_ALL_BUT_LAST && last))) {
        missing = mode == BI_CANON_MISSING;
        continue;
      }
      rc = r;
      break;
    }
    if (st.type == VFS_LNK) {
      if (++links > VFS_SYMLOOP_MAX) {
        rc = VSH_ELOOP;
        break;
      }
      vsh__buf_clear(&tmp);
      r = vfs_readlink(b->fs, out->data, &tmp);
      if (r) {
        rc = r;
        break;
      }
      /* splice the target in front of what is left */
      vsh__buf_putc(&tmp, '/');
      vsh__buf_append(&tmp, rest.data + pos, rest.len - pos);
      vsh__buf_clear(&rest);
      vsh__buf_append(&rest, tmp.data, tmp.len);
      pos = 0;
      if (tmp.data[0] == '/') {
        vsh__buf_clear(out);
        vsh__buf_puts(out, "/");
      } else {
        out->len = save;
        if (!out->len) vsh__buf_putc(out, '/');
        out->data[out->len] = 0;
      }
      continue;
    }
    if (!last && st.type != VFS_DIR) {
      if (mode == BI_CANON_MISSING) {
        missing = true;
        continue;
      }
      rc = VSH_ENOTDIR;
      break;
    }
  }
  vsh_buf_dispose(&rest);
  vsh_buf_dispose(&tmp);
  return rc;
}

const char *bi_raw_path(bi_ctx *b, const char *p) {
  if (p[0] == '/') return p;
  return bi_path_join(b, b->cwd, p);
}

static const char *const backup_words[] = {
    "none", "off", "simple", "never", "existing", "nil", "numbered", "t", NULL};
static const int backup_vals[] = {BI_BACKUP_NONE,     BI_BACKUP_NONE,
                                  BI_BACKUP_SIMPLE,   BI_BACKUP_SIMPLE,
                                  BI_BACKUP_EXISTING, BI_BACKUP_EXISTING,
                                  BI_BACKUP_NUMBERED, BI_BACKUP_NUMBERED};

bool bi_backup_opt(bi_backup *bk, int c, int backup_opt, const char *arg) {
  if (c == backup_opt) bk->control = arg;
  else if (c == 'S') bk->suffix = arg;
  else if (c != 'b') return false;
  bk->asked = true;
  return true;
}

int bi_backup_finish(bi_ctx *b, bi_backup *bk) {
  bk->mode = BI_BACKUP_NONE;
  if (!bk->suffix) bk->suffix = bi_getenv(b, "SIMPLE_BACKUP_SUFFIX");
  if (!bk->suffix || !*bk->suffix || strchr(bk->suffix, '/')) bk->suffix = "~";
  if (!bk->asked) return 0;
  const char *ctl = bk->control, *what = "backup type";
  if (!ctl) {
    ctl = bi_getenv(b, "VERSION_CONTROL");
    what = "$VERSION_CONTROL";
  }
  if (!ctl || !*ctl) {
    bk->mode = BI_BACKUP_EXISTING;
    return 0;
  }
  int v = bi_argmatch_vals(b, what, ctl, backup_words, backup_vals);
  if (v < 0) {
    bi_try_help(b);
    return 1;
  }
  bk->mode = v;
  return 0;
}

/* The highest N of the NAME.~N~ backups beside abs (0: none). */
static uint64_t last_numbered(bi_ctx *b, const char *abs) {
  const char *sl = strrchr(abs, '/');
  const char *dir =
      sl == abs ? "/" : vsh__arena_strndup(b->arena, abs, (size_t)(sl - abs));
  const char *base = sl + 1;
  size_t bl = strlen(base);
  vfs_dirlist l = {0};
  uint64_t max = 0;
  if (!dir || vfs_readdir(b->fs, dir, &l)) return 0;
  for (size_t i = 0; i < l.len; i++) {
    const char *nm = l.items[i].name;
    if (strncmp(nm, base, bl) || strncmp(nm + bl, ".~", 2)) continue;
    const char *p = nm + bl + 2;
    uint64_t v = 0;
    if (*p < '1' || *p > '9') continue;
    while (*p >= '0' && *p <= '9') v = v * 10 + (uint64_t)(*p++ - '0');
    if (!strcmp(p, "~") && v > max) max = v;
  }
  vfs_dirlist_dispose(&l);
  return max;
}

int bi_backup_make(bi_ctx *b, const bi_backup *bk, const char *abs,
                   const char *shown, const char **out) {
  uint64_t last = bk->mode == BI_BACKUP_SIMPLE ? 0 : last_numbered(b, abs);
  bool numbered = bk->mode == BI_BACKUP_NUMBERED ||
                  (bk->mode == BI_BACKUP_EXISTING && last > 0);
  vsh_buf sfx = {0};
  if (numbered) vsh__buf_printf(&sfx, ".~%llu~", (unsigned long long)last + 1);
  else vsh__buf_puts(&sfx, bk->suffix);
  if (!sfx.data) return VSH_ENOMEM;
  size_t al = strlen(abs), sl = strlen(shown);
  while (sl > 1 && shown[sl - 1] == '/') sl--;
  char *to = vsh__arena_alloc(b->arena, al + sfx.len + 1);
  char *sh = vsh__arena_alloc(b->arena, sl + sfx.len + 1);
  if (!to || !sh) {
    vsh_buf_dispose(&sfx);
    return VSH_ENOMEM;
  }
  memcpy(to, abs, al);
  memcpy(to + al, sfx.data, sfx.len + 1);
  memcpy(sh, shown, sl);
  memcpy(sh + sl, sfx.data, sfx.len + 1);
  vsh_buf_dispose(&sfx);
  *out = sh;
  return vfs_rename(b->fs, abs, to);
}

bool bi_stat_reference(bi_ctx *b, const char *ref, vfs_info *st) {
  const char *p = bi_path(b, ref);
  int rc = p ? vfs_stat(b->fs, p, true, st) : bi_path_error(ref);
  if (!rc) return true;
  bi_err(b, "failed to get attributes of %s: %s", bi_quote(b, ref),
         vsh_strerror(rc));
  return false;
}
