/* local_files.c: the host sandbox's file verbs with Node fs semantics
 * and the shared Node-style messages: write retries once after mkdir -p
 * of the parent, stat is stat -L plus an lstat for the link flag, rm
 * never follows a symlink and removes trees with *at() calls. */
#include "sandbox/local_int.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int sbx_local_errno(int e) {
  switch (e) {
  case ENOENT: return VSH_ENOENT;
  case EEXIST: return VSH_EEXIST;
  case ENOTDIR: return VSH_ENOTDIR;
  case EISDIR: return VSH_EISDIR;
  case ENOTEMPTY: return VSH_ENOTEMPTY;
  case ELOOP: return VSH_ELOOP;
  case ENAMETOOLONG: return VSH_ENAMETOOLONG;
  case ENOSPC: return VSH_ENOSPC;
  case EDQUOT: return VSH_EDQUOT;
  case EACCES: return VSH_EACCES;
  case EPERM: return VSH_EPERM;
  case EROFS: return VSH_EROFS;
  case EXDEV: return VSH_EXDEV;
  case EFBIG: return VSH_EFBIG;
  case EBUSY: return VSH_EBUSY;
  case ENOMEM: return VSH_ENOMEM;
  case EINVAL: return VSH_EINVAL;
  default: return VSH_EIO;
  }
}

static int fail(vsh_error *err, int e, const char *syscall, const char *path,
                const char *op) {
  return sbx_fs_error(err, sbx_local_errno(e), syscall, path, op,
                      SBX_LOCAL_PROVIDER);
}

static int resolve(sbx_local *l, const char *p, vsh_buf *out,
                   const char *syscall, const char *op, vsh_error *err) {
  int rc;

  if (!*p) {
    vsh__buf_init(out);
    return fail(err, ENOENT, syscall, "", op);
  }
  rc = sbx_resolve(out, l->cwd, p);
  if (rc < 0)
    return sbx_fs_error(err, rc == VSH_EINVAL ? VSH_ENOENT : rc, syscall, p, op,
                        SBX_LOCAL_PROVIDER);
  return 0;
}

static int read_whole(vsh_sandbox *sb, const char *path, vsh_buf *out,
                      vsh_error *err, const char *op) {
  vsh_buf p;
  struct stat st;
  char chunk[65536];
  ssize_t n;
  int fd = -1, rc;

  vsh__buf_init(out);
  if ((rc = resolve((sbx_local *)sb, path, &p, "open", op, err)) < 0) goto done;
  fd = open(p.data, O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    rc = fail(err, errno, "open", p.data, op);
    goto done;
  }
  if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
    rc = fail(err, EISDIR, "read", p.data, op);
    goto done;
  }
  while ((n = read(fd, chunk, sizeof chunk)) != 0) {
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      rc = fail(err, errno, "read", p.data, op);
      goto done;
    }
    if ((rc = vsh__buf_append(out, chunk, (size_t)n)) < 0) {
      rc = vsh__error_set(err, rc, "out of memory");
      goto done;
    }
  }
  if (!out->data && (rc = vsh__buf_reserve(out, 1)) < 0)
    rc = vsh__error_set(err, rc, "out of memory");

done:
  if (rc < 0) vsh_buf_dispose(out);
  if (fd >= 0) close(fd);
  vsh_buf_dispose(&p);
  return rc;
}

int sbx_local_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                        vsh_error *err) {
  return read_whole(sb, path, out, err, "read_file");
}

int sbx_local_read_file_buffer(vsh_sandbox *sb, const char *path, vsh_buf *out,
                               vsh_error *err) {
  return read_whole(sb, path, out, err, "read_file_buffer");
}

/* mkdir -p; fails when something that is not a directory is in the way. */
static int mkdir_p(const char *path) {
  char *tmp = strdup(path), *s;
  struct stat st;
  int e = 0;

  if (!tmp) return ENOMEM;
  for (s = tmp + 1;; s++) {
    if (*s == '/' || *s == '\0') {
      char c = *s;
      *s = '\0';
      if (mkdir(tmp, 0777) < 0 && errno != EEXIST) {
        e = errno;
        break;
      }
      *s = c;
      if (c == '\0') break;
    }
  }
  if (!e && (stat(path, &st) < 0 || !S_ISDIR(st.st_mode))) e = EEXIST;
  free(tmp);
  return e;
}

static int write_once(const char *path, const void *data, size_t len) {
  const char *p = data;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  ssize_t n;

  if (fd < 0) return errno;
  while (len > 0) {
    n = write(fd, p, len);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      close(fd);
      return e;
    }
    p += n;
    len -= (size_t)n;
  }
  return close(fd) < 0 ? errno : 0;
}

int sbx_local_write_file(vsh_sandbox *sb, const char *path, const void *data,
                         size_t len, vsh_error *err) {
  vsh_buf p, parent;
  int rc, e;

  vsh__buf_init(&parent);
  if ((rc = resolve((sbx_local *)sb, path, &p, "open", "write_file", err)) < 0)
    goto done;
  e = write_once(p.data, data, len);
  if (e && vsh__path_dirname(&parent, p.data) == 0) {
    (void)mkdir_p(parent.data);
    e = write_once(p.data, data, len);
  }
  if (e) rc = fail(err, e, "open", p.data, "write_file");

done:
  vsh_buf_dispose(&parent);
  vsh_buf_dispose(&p);
  return rc;
}

int sbx_local_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                   vsh_error *err) {
  struct stat st, lst;
  vsh_buf p;
  int rc;

  memset(out, 0, sizeof *out);
  if ((rc = resolve((sbx_local *)sb, path, &p, "stat", "stat", err)) < 0)
    goto done;
  if (stat(p.data, &st) < 0) {
    rc = fail(err, errno, "stat", p.data, "stat");
    goto done;
  }
  out->is_file = S_ISREG(st.st_mode);
  out->is_directory = S_ISDIR(st.st_mode);
  out->is_symbolic_link = lstat(p.data, &lst) == 0 && S_ISLNK(lst.st_mode);
  out->size = (uint64_t)st.st_size;
  out->mtime = st.st_mtim;
  out->has = VSH_STAT_SYMLINK | VSH_STAT_SIZE | VSH_STAT_MTIME;

done:
  vsh_buf_dispose(&p);
  return rc;
}

static int by_name(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

int sbx_local_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                      vsh_error *err) {
  struct dirent *de;
  DIR *d = NULL;
  vsh_buf p;
  int rc;

  memset(out, 0, sizeof *out);
  if ((rc = resolve((sbx_local *)sb, path, &p, "scandir", "readdir", err)) < 0)
    goto done;
  if (!(d = opendir(p.data))) {
    rc = fail(err, errno, "scandir", p.data, "readdir");
    goto done;
  }
  while ((de = readdir(d))) {
    if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
    if ((rc = vsh__strv_push(out, de->d_name, strlen(de->d_name))) < 0) {
      vsh_strv_dispose(out);
      rc = vsh__error_set(err, rc, "out of memory");
      goto done;
    }
  }
  /* Host order is arbitrary; a stable order keeps tool output stable. */
  if (out->len) qsort(out->items, out->len, sizeof *out->items, by_name);

done:
  if (d) closedir(d);
  vsh_buf_dispose(&p);
  return rc;
}

bool sbx_local_exists(vsh_sandbox *sb, const char *path) {
  struct stat st;
  vsh_buf p;
  bool found = false;

  if (!*path) return false;
  if (sbx_resolve(&p, ((sbx_local *)sb)->cwd, path) == 0)
    found = stat(p.data, &st) == 0;
  vsh_buf_dispose(&p);
  return found;
}

int sbx_local_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                    vsh_error *err) {
  vsh_buf p;
  int rc, e;

  if ((rc = resolve((sbx_local *)sb, path, &p, "mkdir", "mkdir", err)) < 0)
    goto done;
  e = recursive ? mkdir_p(p.data) : (mkdir(p.data, 0777) < 0 ? errno : 0);
  if (e) rc = fail(err, e, "mkdir", p.data, "mkdir");

done:
  vsh_buf_dispose(&p);
  return rc;
}

/* Removes the contents of dirfd (consumed) without following links. */
static int remove_contents(int dirfd) {
  DIR *d = fdopendir(dirfd);
  struct dirent *de;
  int e = 0;

  if (!d) {
    close(dirfd);
    return errno;
  }
  while (!e && (de = readdir(d))) {
    struct stat st;
    if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, "..")) continue;
    if (fstatat(dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
      e = errno == ENOENT ? 0 : errno;
      continue;
    }
    if (S_ISDIR(st.st_mode)) {
      int sub = openat(dirfd, de->d_name,
                       O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      e = sub < 0 ? errno : remove_contents(sub);
      if (!e && unlinkat(dirfd, de->d_name, AT_REMOVEDIR) < 0) e = errno;
    } else if (unlinkat(dirfd, de->d_name, 0) < 0 && errno != ENOENT) {
      e = errno;
    }
  }
  closedir(d);
  return e;
}

int sbx_local_rm(vsh_sandbox *sb, const char *path, bool recursive, bool force,
                 vsh_error *err) {
  const char *syscall = "unlink";
  struct stat st;
  vsh_buf p;
  int rc, e = 0;

  if ((rc = resolve((sbx_local *)sb, path, &p, "lstat", "rm", err)) < 0) {
    if (rc == VSH_ENOENT && force) rc = 0;
    goto done;
  }
  if (lstat(p.data, &st) < 0) {
    e = errno;
    syscall = "lstat";
  } else if (S_ISDIR(st.st_mode) && !recursive) {
    rc = vsh__error_set(err, VSH_EISDIR,
                        "Path is a directory: rm returned EISDIR (is a "
                        "directory) %.400s",
                        p.data);
    vsh__error_meta(err, "rm", SBX_LOCAL_PROVIDER, NULL);
    goto done;
  } else if (S_ISDIR(st.st_mode)) {
    int fd = open(p.data, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    syscall = "rm";
    e = fd < 0 ? errno : remove_contents(fd);
    if (!e && rmdir(p.data) < 0) e = errno;
  } else if (unlink(p.data) < 0) {
    e = errno;
  }
  if (e == ENOENT && force) e = 0;
  if (e) rc = fail(err, e, syscall, p.data, "rm");

done:
  vsh_buf_dispose(&p);
  return rc;
}
