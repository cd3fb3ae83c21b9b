"""_ffi.py: the part of include/vsh.h the Python package calls, for cffi's
ABI mode, and the loader of libvsh.so.  The declarations must follow the
header's struct layouts field by field (cffi lays them out by C rules);
tests/test_vsh.py checks a few sizes against the library's behaviour.
cffi releases the GIL around every call into the library."""
import os

import cffi

CDEF = r"""
struct timespec { long tv_sec; long tv_nsec; };

typedef struct vsh_error {
  int code;
  const char *type;
  char message[1024];
  char operation[32];
  char provider[32];
  char options[64];
} vsh_error;
const char *vsh_strerror(int code);
const char *vsh_errname(int code);

typedef struct vsh_buf { char *data; size_t len; size_t cap; } vsh_buf;
void vsh_buf_dispose(vsh_buf *b);

typedef struct vsh_result {
  char *out; size_t out_len;
  char *err; size_t err_len;
  int exit_code;
  char *cwd;
  char **env;
  uint64_t mem_peak;
  uint64_t work;
  char **vars;
} vsh_result;
void vsh_result_dispose(vsh_result *r);

typedef struct vsh_signal vsh_signal;
vsh_signal *vsh_signal_new(void);
void vsh_signal_unref(vsh_signal *s);
void vsh_signal_abort(vsh_signal *s, const char *reason);

typedef struct vsh_fs vsh_fs;
typedef struct vsh_fs_opts {
  unsigned version;
  const void *alloc;
  uint64_t max_bytes;
  uint64_t max_inodes;
  uint64_t random_seed;
  bool has_seed;
  bool bare;
} vsh_fs_opts;
int vsh_fs_new(vsh_fs **out, const vsh_fs_opts *opts, vsh_error *err);
void vsh_fs_free(vsh_fs *fs);
typedef int (*vsh_lazy_fn)(void *ud, vsh_buf *out, vsh_error *err);
typedef struct vsh_lazy_file {
  unsigned version;
  uint64_t size;
  unsigned mode;
  vsh_lazy_fn provide;
  void *ud;
  void (*free_ud)(void *ud);
} vsh_lazy_file;
int vsh_fs_write_lazy(vsh_fs *fs, const char *path, const vsh_lazy_file *file,
                      vsh_error *err);
typedef struct vsh_mount_opts {
  unsigned version;
  bool allow_symlinks;
  uint64_t max_file_size;
  bool read_only;
} vsh_mount_opts;
int vsh_fs_mount_host(vsh_fs *fs, const char *host_dir, const char *vpath,
                      const vsh_mount_opts *opts, vsh_error *err);

typedef struct vsh_fs_info {
  int type;
  unsigned mode;
  uint64_t size;
  uint64_t ino;
  uint32_t nlink;
  uint32_t uid, gid;
  struct timespec atime, mtime, ctime;
} vsh_fs_info;
int vsh_path_resolve(vsh_buf *out, const char *base, const char *path);
int vsh_fs_stat(vsh_fs *fs, const char *path, bool follow, vsh_fs_info *out,
                vsh_error *err);
int vsh_fs_read(vsh_fs *fs, const char *path, vsh_buf *out, vsh_error *err);
int vsh_fs_write_file(vsh_fs *fs, const char *path, const void *data,
                      size_t len, unsigned flags, vsh_error *err);
int vsh_fs_mkdir(vsh_fs *fs, const char *path, bool recursive,
                 vsh_error *err);
typedef struct vsh_dirent { char *name; int type; } vsh_dirent;
typedef struct vsh_dirents { vsh_dirent *items; size_t len; } vsh_dirents;
void vsh_dirents_dispose(vsh_dirents *d);
int vsh_fs_readdir(vsh_fs *fs, const char *path, vsh_dirents *out,
                   vsh_error *err);
int vsh_fs_rm(vsh_fs *fs, const char *path, bool recursive, bool force,
              vsh_error *err);
int vsh_fs_cp(vsh_fs *fs, const char *src, const char *dst, bool recursive,
              vsh_error *err);
int vsh_fs_rename(vsh_fs *fs, const char *from, const char *to,
                  vsh_error *err);
int vsh_fs_chmod(vsh_fs *fs, const char *path, unsigned mode,
                 vsh_error *err);
int vsh_fs_symlink(vsh_fs *fs, const char *target, const char *linkpath,
                   vsh_error *err);
int vsh_fs_readlink(vsh_fs *fs, const char *path, vsh_buf *out,
                    vsh_error *err);
int vsh_fs_realpath(vsh_fs *fs, const char *path, vsh_buf *out,
                    vsh_error *err);
typedef int (*vsh_walk_fn)(void *ud, const char *path,
                           const vsh_fs_info *info);
int vsh_fs_walk(vsh_fs *fs, const char *root, vsh_walk_fn fn, void *ud,
                vsh_error *err);

typedef struct vsh_exec_opts {
  unsigned version;
  const char *cwd;
  const char *const *env;
  int64_t timeout_ms;
  vsh_signal *signal;
  const void *stdin_data;
  size_t stdin_len;
  const char *const *argv;
  void *on_output;
  void *on_output_ud;
  void *stdin_read;
  void *stdin_ud;
  bool replace_env;
  bool partial_on_abort;
} vsh_exec_opts;

typedef struct vsh_limits {
  unsigned version;
  uint64_t max_commands;
  uint64_t max_loop_iterations;
  uint64_t max_call_depth;
  uint64_t max_subst_depth;
  uint64_t max_string;
  uint64_t max_output;
  uint64_t max_brace;
  uint64_t max_glob_ops;
  uint64_t max_fs_bytes;
  int64_t deadline_ms;
  uint64_t max_threads;
  uint64_t max_memory;
  uint64_t max_work;
} vsh_limits;
void vsh_limits_init(vsh_limits *out, int profile);

typedef struct vsh_net_prefix {
  const char *url;
  const char *const *headers;
} vsh_net_prefix;
typedef struct vsh_network_opts {
  unsigned version;
  const vsh_net_prefix *allow;
  size_t n_allow;
  const char *const *methods;
  bool full_access_dangerous;
  bool allow_private;
  unsigned max_redirects;
  uint64_t max_response_bytes;
  int64_t timeout_ms;
  int64_t connect_timeout_ms;
  void *resolve;
  void *resolve_ud;
} vsh_network_opts;
typedef struct vsh_shell vsh_shell;
typedef struct vsh_shell_opts {
  unsigned version;
  vsh_fs *fs;
  const char *cwd;
  const char *const *env;
  const vsh_limits *limits;
  bool persistent;
  bool has_seed;
  uint64_t random_seed;
  const char *name;
  bool name_is_script;
  bool dash_c;
  bool from_stdin;
  const char *const *commands;
  bool has_ids;
  int64_t pid, ppid, uid, gid;
  const vsh_network_opts *network;
} vsh_shell_opts;
int vsh_shell_new(vsh_shell **out, const vsh_shell_opts *opts,
                  vsh_error *err);
void vsh_shell_free(vsh_shell *sh);
int vsh_shell_exec(vsh_shell *sh, const char *script, size_t len,
                   const vsh_exec_opts *opts, vsh_result *out,
                   vsh_error *err);
int vsh_shell_cwd(vsh_shell *sh, char *buf, size_t size);

void *malloc(size_t n);
void free(void *p);
"""

ffi = cffi.FFI()
ffi.cdef(CDEF)


def _load():
    here = os.path.dirname(os.path.abspath(__file__))
    cands = []
    if os.environ.get("VSH_LIBRARY"):
        cands.append(os.environ["VSH_LIBRARY"])
    cands.append(os.path.join(here, "libvsh.so"))
    cands.append(os.path.join(here, "..", "..", "..", "build", "libvsh.so"))
    for p in cands:
        if os.path.exists(p):
            return ffi.dlopen(os.path.abspath(p))
    raise ImportError("vsh: libvsh.so not found (run `make python`); looked in: "
                      + ", ".join(cands))


lib = _load()
libc = ffi.dlopen(None)
