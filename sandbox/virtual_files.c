/* virtual_files.c: the virtual sandbox's file verbs over vfs/.  Relative
 * paths resolve against the sandbox cwd; behaviour and error wording
 * follow Node's fs (what the contract's local() sandbox does), so a
 * model sees the same errors whichever sandbox it runs in. */
#include "sandbox/sandbox.h"

#include "sandbox/sandbox_int.h"

#include <string.h>

#define DIR_MODE 0755

static int fail(vsh_error *err, int code, const char *syscall, const char *path,
                const char *op) {
  return sbx_fs_error(err, code, syscall, path, op, SBX_VIRTUAL_PROVIDER);
}

/* out is always left disposable.  An empty path names nothing, as in
 * Node's fs (resolve_path("") is cwd, but fs.readFile("") is ENOENT). */
static int resolve(sbx_virtual *v, const char *path, vsh_buf *out,
                   const char *syscall, const char *op, vsh_error *err) {
  int rc;

  if (!path || !*path) {
    vsh__buf_init(out);
    return fail(err, VSH_ENOENT, syscall, "", op);
  }
  rc = sbx_resolve(out, v->cwd, path);
  if (rc < 0)
    return fail(err, rc == VSH_EINVAL ? VSH_ENOENT : rc, syscall, path, op);
  return 0;
}

/* ---- reading --------------------------------------------------------- */

static int read_whole(vsh_sandbox *sb, const char *path, vsh_buf *out,
                      vsh_error *err, const char *op) {
  sbx_virtual *v = (sbx_virtual *)sb;
  vsh_buf p;
  int rc;

  vsh__buf_init(out);
  rc = resolve(v, path, &p, "open", op, err);
  if (rc < 0) goto done;
  rc = vfs_read_file(v->fs, p.data, out);
  if (rc < 0) {
    vsh_buf_dispose(out);
    /* Node opens a directory fine and fails on the read that follows. */
    rc = fail(err, rc, rc == VSH_EISDIR ? "read" : "open", p.data, op);
  }

done:
  vsh_buf_dispose(&p);
  return rc;
}

/* Text is the file's bytes as they are: the C API carries bytes, and a
 * caller wanting replacement characters decodes them itself. */
int sbx_virtual_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                          vsh_error *err) {
  return read_whole(sb, path, out, err, "read_file");
}

int sbx_virtual_read_file_buffer(vsh_sandbox *sb, const char *path,
                                 vsh_buf *out, vsh_error *err) {
  return read_whole(sb, path, out, err, "read_file_buffer");
}

/* ---- writing --------------------------------------------------------- */

static const char *write_syscall(int code) {
  return code == VSH_ENOSPC || code == VSH_EDQUOT || code == VSH_EFBIG ? "write"
                                                                       : "open";
}

/* The contract's cross-mode guarantee: a missing parent is created by
 * retrying once after mkdir -p, and the retry's error is the answer. */
int sbx_virtual_write_file(vsh_sandbox *sb, const char *path, const void *data,
                           size_t len, vsh_error *err) {
  sbx_virtual *v = (sbx_virtual *)sb;
  vsh_buf p, parent;
  int rc;

  vsh__buf_init(&parent);
  rc = resolve(v, path, &p, "open", "write_file", err);
  if (rc < 0) goto done;
  if (!data) data = "";
  rc = vfs_write_file(v->fs, p.data, data, len, VFS_W_TRUNC, 0);
  if (rc == VSH_ENOENT) {
    if (vsh__path_dirname(&parent, p.data) == 0)
      (void)vfs_mkdir_p(v->fs, parent.data, DIR_MODE);
    rc = vfs_write_file(v->fs, p.data, data, len, VFS_W_TRUNC, 0);
  }
  if (rc < 0) rc = fail(err, rc, write_syscall(rc), p.data, "write_file");

done:
  vsh_buf_dispose(&parent);
  vsh_buf_dispose(&p);
  return rc;
}

/* ---- metadata -------------------------------------------------------- */

/* stat -L for the kind, size and mtime plus an lstat for the link flag:
 * the contract's symlink rule.  A dangling link has no target to
 * describe, so it is ENOENT like Node's fs.stat. */
int sbx_virtual_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                     vsh_error *err) {
  sbx_virtual *v = (sbx_virtual *)sb;
  vfs_info lst, tgt;
  vsh_buf p;
  int rc;

  memset(out, 0, sizeof *out);
  rc = resolve(v, path, &p, "stat", "stat", err);
  if (rc < 0) goto done;
  rc = vfs_stat(v->fs, p.data, false, &lst);
  tgt = lst;
  if (rc == 0 && lst.type == VFS_LNK) rc = vfs_stat(v->fs, p.data, true, &tgt);
  if (rc < 0) {
    rc = fail(err, rc, "stat", p.data, "stat");
    goto done;
  }
  out->is_file = tgt.type == VFS_REG;
  out->is_directory = tgt.type == VFS_DIR;
  out->is_symbolic_link = lst.type == VFS_LNK;
  out->size = tgt.size;
  out->mtime = tgt.mtime;
  /* The virtual fs knows all three for every node: none is a filler. */
  out->has = VSH_STAT_SYMLINK | VSH_STAT_SIZE | VSH_STAT_MTIME;

done:
  vsh_buf_dispose(&p);
  return rc;
}

bool sbx_virtual_exists(vsh_sandbox *sb, const char *path) {
  sbx_virtual *v = (sbx_virtual *)sb;
  vsh_buf p;
  bool found = false;

  if (!path || !*path) return false;
  if (sbx_resolve(&p, v->cwd, path) == 0) found = vfs_exists(v->fs, p.data);
  vsh_buf_dispose(&p);
  return found;
}

/* ---- directories ----------------------------------------------------- */

int sbx_virtual_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                        vsh_error *err) {
  sbx_virtual *v = (sbx_virtual *)sb;
  vfs_dirlist list = {0};
  vsh_buf p;
  size_t i;
  int rc;

  memset(out, 0, sizeof *out);
  rc = resolve(v, path, &p, "scandir", "readdir", err);
  if (rc < 0) goto done;
  rc = vfs_readdir(v->fs, p.data, &list);
  if (rc < 0) {
    rc = fail(err, rc, "scandir", p.data, "readdir");
    goto done;
  }
  for (i = 0; i < list.len; i++) {
    rc = vsh__strv_push(out, list.items[i].name, strlen(list.items[i].name));
    if (rc < 0) {
      vsh_strv_dispose(out);
      rc = fail(err, rc, "scandir", p.data, "readdir");
      goto done;
    }
  }

done:
  vfs_dirlist_dispose(&list);
  vsh_buf_dispose(&p);
  return rc;
}

/* recursive is mkdir -p, which succeeds on an existing directory (or a
 * link to one) but not on a file sitting where the directory should. */
int sbx_virtual_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                      vsh_error *err) {
  sbx_virtual *v = (sbx_virtual *)sb;
  vfs_info st;
  vsh_buf p;
  int rc;

  rc = resolve(v, path, &p, "mkdir", "mkdir", err);
  if (rc < 0) goto done;
  if (!recursive) {
    rc = vfs_mkdir(v->fs, p.data, DIR_MODE);
  } else {
    rc = vfs_mkdir_p(v->fs, p.data, DIR_MODE);
    if (rc == 0 || rc == VSH_EEXIST)
      rc = vfs_stat(v->fs, p.data, true, &st) == 0 && st.type == VFS_DIR
               ? 0
               : VSH_EEXIST;
  }
  if (rc < 0) rc = fail(err, rc, "mkdir", p.data, "mkdir");

done:
  vsh_buf_dispose(&p);
  return rc;
}

/* Node's fs.rm: lstat first (so a symlink is removed, never its target);
 * force hides only a missing path; a directory needs recursive, force or
 * not, and that refusal has Node's own ERR_FS_EISDIR wording. */
int sbx_virtual_rm(vsh_sandbox *sb, const char *path, bool recursive,
                   bool force, vsh_error *err) {
  sbx_virtual *v = (sbx_virtual *)sb;
  const char *syscall = "unlink";
  vfs_info st;
  vsh_buf p;
  int rc;

  rc = resolve(v, path, &p, "lstat", "rm", err);
  if (rc < 0) {
    if (rc == VSH_ENOENT && force) {
      vsh__error_clear(err);
      rc = 0;
    }
    goto done;
  }
  rc = vfs_stat(v->fs, p.data, false, &st);
  if (rc < 0) {
    syscall = "lstat";
  } else if (st.type == VFS_DIR && !recursive) {
    rc = vsh__error_set(err, VSH_EISDIR,
                        "Path is a directory: rm returned EISDIR (is a "
                        "directory) %.400s",
                        p.data);
    vsh__error_meta(err, "rm", SBX_VIRTUAL_PROVIDER, NULL);
    goto done;
  } else if (st.type == VFS_DIR) {
    syscall = "rm";
    rc = vfs_remove_tree(v->fs, p.data);
  } else {
    rc = vfs_unlink(v->fs, p.data);
  }
  /* Also covers a path removed by another thread since the lstat. */
  if (rc == VSH_ENOENT && force) rc = 0;
  if (rc < 0) rc = fail(err, rc, syscall, p.data, "rm");

done:
  vsh_buf_dispose(&p);
  return rc;
}
