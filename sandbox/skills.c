/* skills.c: the packaged-skill overlay.  Only read_file is wrapped: a
 * path under /.flue/packaged-skills/ is served from an in-memory copy of
 * the catalog (binary as base64 at 76 columns) and an unknown one fails
 * without reaching the sandbox; every other verb passes straight on. */
#include "sandbox/adapter_int.h"

#include <stdlib.h>
#include <string.h>

typedef struct skill_entry {
  char *path; /* absolute, under SBX_SKILL_ROOT */
  char *data;
  size_t len;
} skill_entry;

typedef struct overlay {
  vsh_sandbox base;
  vsh_sandbox *inner; /* borrowed */
  skill_entry *files;
  size_t n;
} overlay;

static bool is_binary(const char *s, size_t n) {
  return memchr(s, '\0', n) != NULL || !vsh__utf8_valid(s, n);
}

static int base64_76(vsh_buf *out, const unsigned char *s, size_t n) {
  static const char a[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i, col = 0;
  int rc = 0;

  for (i = 0; rc == 0 && i < n; i += 3) {
    unsigned v = (unsigned)s[i] << 16;
    char q[4];
    if (i + 1 < n) v |= (unsigned)s[i + 1] << 8;
    if (i + 2 < n) v |= s[i + 2];
    q[0] = a[(v >> 18) & 63];
    q[1] = a[(v >> 12) & 63];
    q[2] = i + 1 < n ? a[(v >> 6) & 63] : '=';
    q[3] = i + 2 < n ? a[v & 63] : '=';
    for (int k = 0; rc == 0 && k < 4; k++) {
      if (col == 76) {
        rc = vsh__buf_putc(out, '\n');
        col = 0;
      }
      if (rc == 0) rc = vsh__buf_putc(out, q[k]);
      col++;
    }
  }
  return rc;
}

static int ov_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                        vsh_error *err) {
  overlay *o = (overlay *)sb;
  vsh_buf p;
  size_t i;
  int rc;

  vsh__buf_init(out);
  vsh__buf_init(&p);
  if (vsh_sandbox_resolve_path(o->inner, path, &p) < 0 ||
      (strncmp(p.data, SBX_SKILL_ROOT, strlen(SBX_SKILL_ROOT)) != 0 &&
       strcmp(p.data, "/.flue/packaged-skills") != 0)) {
    vsh_buf_dispose(&p);
    return vsh_sandbox_read_file(o->inner, path, out, err);
  }
  for (i = 0; i < o->n && strcmp(o->files[i].path, p.data) != 0; i++)
    ;
  if (i == o->n) {
    rc = vsh__error_set(err, VSH_ENOENT,
                        "[flue] Packaged skill file not found: %.600s", path);
  } else if (is_binary(o->files[i].data, o->files[i].len)) {
    rc = base64_76(out, (const unsigned char *)o->files[i].data,
                   o->files[i].len);
  } else {
    rc = vsh__buf_append(out, o->files[i].data, o->files[i].len);
    if (rc == 0 && !out->data) rc = vsh__buf_reserve(out, 1);
  }
  if (rc < 0 && rc != VSH_ENOENT) {
    vsh_buf_dispose(out);
    rc = vsh__error_set(err, rc, "read_file: out of memory");
  }
  vsh_buf_dispose(&p);
  return rc;
}

/* ---- pass-through ------------------------------------------------------ */

#define INNER(sb) (((overlay *)(sb))->inner)

static int ov_exec(vsh_sandbox *sb, const char *cmd, const vsh_exec_opts *o,
                   vsh_result *out, vsh_error *err) {
  return vsh_sandbox_exec(INNER(sb), cmd, o, out, err);
}
static int ov_read_file_buffer(vsh_sandbox *sb, const char *p, vsh_buf *out,
                               vsh_error *err) {
  return vsh_sandbox_read_file_buffer(INNER(sb), p, out, err);
}
static int ov_write_file(vsh_sandbox *sb, const char *p, const void *d,
                         size_t n, vsh_error *err) {
  return vsh_sandbox_write_file(INNER(sb), p, d, n, err);
}
static int ov_stat(vsh_sandbox *sb, const char *p, vsh_stat *out,
                   vsh_error *err) {
  return vsh_sandbox_stat(INNER(sb), p, out, err);
}
static int ov_readdir(vsh_sandbox *sb, const char *p, vsh_strv *out,
                      vsh_error *err) {
  return vsh_sandbox_readdir(INNER(sb), p, out, err);
}
static bool ov_exists(vsh_sandbox *sb, const char *p) {
  return vsh_sandbox_exists(INNER(sb), p);
}
static int ov_mkdir(vsh_sandbox *sb, const char *p, bool r, vsh_error *err) {
  return vsh_sandbox_mkdir(INNER(sb), p, r, err);
}
static int ov_rm(vsh_sandbox *sb, const char *p, bool r, bool f,
                 vsh_error *err) {
  return vsh_sandbox_rm(INNER(sb), p, r, f, err);
}
static const char *ov_cwd(vsh_sandbox *sb) {
  return vsh_sandbox_cwd(INNER(sb));
}
static int ov_resolve_path(vsh_sandbox *sb, const char *p, vsh_buf *out) {
  return vsh_sandbox_resolve_path(INNER(sb), p, out);
}

static void ov_release(vsh_sandbox *sb) {
  overlay *o = (overlay *)sb;
  size_t i;

  for (i = 0; i < o->n; i++) {
    free(o->files[i].path);
    free(o->files[i].data);
  }
  free(o->files);
  free(o);
}

static const vsh_sandbox_ops overlay_ops = {
    .version = VSH_SANDBOX_OPS_VERSION,
    .kind = "skill_overlay",
    .exec = ov_exec,
    .read_file = ov_read_file,
    .read_file_buffer = ov_read_file_buffer,
    .write_file = ov_write_file,
    .stat = ov_stat,
    .readdir = ov_readdir,
    .exists = ov_exists,
    .mkdir = ov_mkdir,
    .rm = ov_rm,
    .cwd = ov_cwd,
    .resolve_path = ov_resolve_path,
    .release = ov_release,
};

int vsh_skill_overlay(vsh_sandbox **out, vsh_sandbox *inner,
                      const vsh_skill_file *skills, size_t n, vsh_error *err) {
  overlay *o;
  vsh_buf rel, abs;
  size_t i;
  int rc = 0;

  if (!out)
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_skill_overlay: out must not be NULL");
  *out = NULL;
  if (!inner || (n > 0 && !skills))
    return vsh__error_set(err, VSH_EINVAL,
                          "vsh_skill_overlay: inner and skills must not be "
                          "NULL");
  if (!(o = calloc(1, sizeof *o)) ||
      (n > 0 && !(o->files = calloc(n, sizeof *o->files)))) {
    free(o);
    return vsh__error_set(err, VSH_ENOMEM, "out of memory");
  }
  o->base.ops = &overlay_ops;
  o->inner = inner;
  for (i = 0; rc == 0 && i < n; i++) {
    const vsh_skill_file *f = &skills[i];
    if (!f->skill || !*f->skill || strchr(f->skill, '/') || !f->path ||
        (!f->data && f->len)) {
      rc = vsh__error_set(err, VSH_EINVAL,
                          "vsh_skill_overlay: skill file %zu needs a skill id "
                          "without '/', a path and data",
                          i);
      break;
    }
    vsh__buf_init(&rel);
    rc = vsh__buf_printf(&rel, "%s%s/%s", SBX_SKILL_ROOT, f->skill, f->path);
    if (rc == 0) rc = sbx_resolve(&abs, "/", rel.data);
    vsh_buf_dispose(&rel);
    if (rc < 0) {
      rc = vsh__error_set(err, rc, "vsh_skill_overlay: bad path '%.400s'",
                          f->path);
      break;
    }
    o->files[i].path = vsh__buf_steal(&abs, NULL);
    o->files[i].data = malloc(f->len ? f->len : 1);
    o->n = i + 1;
    if (!o->files[i].path || !o->files[i].data) {
      rc = vsh__error_set(err, VSH_ENOMEM, "out of memory");
      break;
    }
    if (f->len) memcpy(o->files[i].data, f->data, f->len);
    o->files[i].len = f->len;
  }
  if (rc < 0) {
    ov_release(&o->base);
    return rc;
  }
  *out = &o->base;
  return 0;
}
