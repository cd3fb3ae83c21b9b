/* vsh.h: the one public header of vsh, a virtual bash over an in-memory
 * copy-on-write filesystem.  Opaque handles, out-params first, negative
 * vsh_err codes with a caller-owned vsh_error for the message.  Every
 * buffer handed to the application is malloc'd and released with the
 * matching _dispose call; nothing here keeps global mutable state.
 *
 * Versions.  Every options struct the application passes in and every
 * table of callbacks it implements starts with `unsigned version`.  Start
 * from the struct's VSH_*_INIT macro (or set version to its VSH_*_VERSION
 * yourself): a newer libvsh keeps reading an older struct by its version,
 * and a libvsh that meets a version newer than it knows fails with
 * VSH_EINVAL and a message naming the struct, instead of reading past its
 * end.  version 0 is read as 1, the layout these structs had before the
 * field existed, so zero-initialised structs and designated initialisers
 * written before it keep working; the two tables that always had the
 * field (vsh_sandbox_ops, vsh_sandbox_driver_ops) must set it.  Single
 * callbacks (vsh_command_fn, vsh_lazy_fn, vsh_walk_fn, ...) are not
 * versioned: their registration goes through a versioned struct
 * (vsh_command, vsh_lazy_file), and a new signature would get a new name.
 * Array elements (vsh_seed_file, vsh_skill_file, vsh_net_prefix,
 * vsh_local_env) are plain data and have no version.
 *
 * Ownership, unless a function's comment says otherwise: pointers passed
 * in are borrowed for the call only (anything kept is copied); out-params
 * are written on success only and then belong to the caller, who releases
 * them with the matching _dispose/_free/_unref/_release; a vsh_error is
 * always the caller's (filled on failure, never allocated); returned
 * `const char *` and borrowed handles stay valid as long as the object
 * they came from.  Threads: every object may be used from any thread;
 * the comments say which calls may run at the same time on one object.
 * Using an object in the wrong state (registering a command while the
 * shell runs an exec, for example) fails with VSH_EINVALID_STATE. */
#ifndef VSH_H
#define VSH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(VSH_BUILDING) && defined(__GNUC__)
#define VSH_API __attribute__((visibility("default")))
#else
#define VSH_API
#endif

#define VSH_VERSION_MAJOR 0
#define VSH_VERSION_MINOR 1
#define VSH_VERSION_PATCH 0
#define VSH_VERSION_STRING "0.1.0"

/* ---- errors -------------------------------------------------------- */

/* Fallible calls return 0 or one of these (always negative). */
typedef enum vsh_err {
  VSH_OK = 0,
  VSH_ENOMEM = -1,          /* out of memory */
  VSH_EINVAL = -2,          /* invalid argument */
  VSH_ENOENT = -3,          /* no such file or directory */
  VSH_EEXIST = -4,          /* file exists */
  VSH_ENOTDIR = -5,         /* not a directory */
  VSH_EISDIR = -6,          /* is a directory */
  VSH_ENOTEMPTY = -7,       /* directory not empty */
  VSH_ELOOP = -8,           /* too many levels of symbolic links */
  VSH_ENAMETOOLONG = -9,    /* file name too long */
  VSH_ENOSPC = -10,         /* filesystem byte quota exceeded */
  VSH_EDQUOT = -11,         /* filesystem inode quota exceeded */
  VSH_EACCES = -12,         /* permission denied */
  VSH_EPERM = -13,          /* operation not permitted */
  VSH_EROFS = -14,          /* read-only */
  VSH_EXDEV = -15,          /* cross-device */
  VSH_EFBIG = -16,          /* file too large */
  VSH_EIO = -17,            /* host I/O error */
  VSH_EBUSY = -18,          /* resource busy (e.g. rmdir of /) */
  VSH_EBADF = -19,          /* bad handle */
  VSH_ERANGE = -20,         /* value out of range */
  VSH_EUNSUPPORTED = -21,   /* sandbox_operation_unsupported */
  VSH_EDIED = -22,          /* sandbox_died */
  VSH_EABORTED = -23,       /* abort: the signal fired */
  VSH_ETIMEDOUT = -24,      /* deadline passed */
  VSH_ELIMIT = -25,         /* a resource limit was exceeded */
  VSH_ENOSYS = -26,         /* not available in this build or kind */
  VSH_EINVALID_STATE = -27, /* the object cannot do that now (e.g. it is
                               running an exec) */
  VSH_EPIPE = -28           /* the reader of a pipe is gone */
} vsh_err;

/* A caller-owned error: filled on failure, never allocated.  message is
 * self-contained (it reaches a model as a tool error); type is a stable
 * string ("error", "sandbox_operation_unsupported", "sandbox_died",
 * "abort", "timeout", "limit"); meta fields are empty when unused. */
typedef struct vsh_error {
  int code;
  const char *type;
  char message[1024];
  char operation[32]; /* e.g. "rm", "exec" */
  char provider[32];  /* e.g. "virtual", "local" */
  char options[64];   /* e.g. "recursive,force" */
} vsh_error;

/* The GNU wording of a code ("No such file or directory") and its
 * errno-style name ("ENOENT").  Static strings (never freed, valid for
 * the life of the process; an unknown code gives a generic string).
 * Thread-safe. */
VSH_API const char *vsh_strerror(int code);
VSH_API const char *vsh_errname(int code);

/* ---- allocator hook ----------------------------------------------- */

/* lua_Alloc shape: nsize == 0 frees ptr and returns NULL; otherwise
 * behaves like realloc (ptr may be NULL, osize is the old size or 0).
 * It may be called from any thread, several at once. */
typedef void *(*vsh_alloc_fn)(void *ud, void *ptr, size_t osize, size_t nsize);
typedef struct vsh_allocator {
  vsh_alloc_fn fn;
  void *ud;
} vsh_allocator;

/* ---- buffers and results ------------------------------------------ */

typedef struct vsh_buf {
  char *data; /* NUL-terminated for convenience; may contain NULs */
  size_t len;
  size_t cap;
} vsh_buf;
/* Frees b->data (malloc'd by vsh) and zeroes *b; a zeroed buffer is a
 * no-op.  Start every out-buffer as {0}: calls that fill one overwrite
 * it without freeing what it held. */
VSH_API void vsh_buf_dispose(vsh_buf *b);

/* ShellResult, plus what a shell exec leaves behind: the final working
 * directory and the exported environment ("K=V", NULL-terminated); both
 * NULL where the sandbox kind does not report them. */
typedef struct vsh_result {
  char *out;
  size_t out_len;
  char *err;
  size_t err_len;
  int exit_code;
  char *cwd;
  char **env;
  uint64_t mem_peak; /* shell execs: the most memory the exec held at once
                        (bytes, net of what it freed) */
  uint64_t work;     /* shell execs: work units spent (vsh_limits.max_work) */
  /* Every set scalar variable of the shell as the script ended ("K=V",
   * NULL-terminated; arrays and values computed when read, such as
   * RANDOM or SECONDS, are left out); NULL where the sandbox kind does
   * not report them.  (bindings) */
  char **vars;
} vsh_result;
/* Frees every field (out, err, cwd, env, vars: all malloc'd by vsh) and
 * zeroes *r.  Safe on a zeroed result and twice in a row. */
VSH_API void vsh_result_dispose(vsh_result *r);

/* A list of malloc'd NUL-terminated strings (readdir). */
typedef struct vsh_strv {
  char **items;
  size_t len;
} vsh_strv;
/* Frees every item and the array, and zeroes *v. */
VSH_API void vsh_strv_dispose(vsh_strv *v);

/* FileStat.  `has` says which optional fields are real; an adapter never
 * fabricates one.  For a symlink, is_file/is_directory/size/mtime describe
 * the target and is_symbolic_link the path itself. */
enum {
  VSH_STAT_SYMLINK = 1u << 0,
  VSH_STAT_SIZE = 1u << 1,
  VSH_STAT_MTIME = 1u << 2
};
typedef struct vsh_stat {
  bool is_file;
  bool is_directory;
  unsigned has;
  bool is_symbolic_link;
  uint64_t size;
  struct timespec mtime;
} vsh_stat;

/* ---- abort signal (AbortSignal) ------------------------------------ */

/* Thread-safe and refcounted: every call below may run on any thread at
 * any time.  A signal given to an exec (vsh_exec_opts) is borrowed: keep
 * a reference until the exec returns (a driver sandbox takes its own for
 * an exec that outlives its caller). */
typedef struct vsh_signal vsh_signal;
/* A new signal with one reference (the caller's), or NULL without memory. */
VSH_API vsh_signal *vsh_signal_new(void);
/* Adds a reference and returns s. */
VSH_API vsh_signal *vsh_signal_ref(vsh_signal *s);
/* Drops a reference; the last one frees the signal (NULL is a no-op). */
VSH_API void vsh_signal_unref(vsh_signal *s);
/* The first abort wins; reason may be NULL ("This operation was aborted")
 * and is copied. */
VSH_API void vsh_signal_abort(vsh_signal *s, const char *reason);
VSH_API bool vsh_signal_aborted(const vsh_signal *s);
/* Copies the reason into buf (truncated); returns false if not aborted. */
VSH_API bool vsh_signal_reason(const vsh_signal *s, char *buf, size_t n);
/* Calls cb(ud) once when the signal fires (at once, on this thread, if it
 * already has; else on the thread that aborts).  ud stays the caller's and
 * must live until cb ran or vsh_signal_off returned.  Returns a token for
 * vsh_signal_off, or 0 on allocation failure. */
VSH_API uint64_t vsh_signal_on(vsh_signal *s, void (*cb)(void *ud), void *ud);
/* Removes a callback (an unknown or spent token is a no-op); once it
 * returns, cb is not running and will not run. */
VSH_API void vsh_signal_off(vsh_signal *s, uint64_t token);
/* Blocks until aborted or timeout_ms passes (<0: forever); true if aborted. */
VSH_API bool vsh_signal_wait(vsh_signal *s, int64_t timeout_ms);

/* ---- the filesystem ------------------------------------------------ */

/* A persistent copy-on-write tree.  A handle is thread-safe: concurrent
 * readers and writers serialize per operation.  vsh_fs_fork is O(1). */
typedef struct vsh_fs vsh_fs;

typedef struct vsh_fs_opts {
  unsigned version;           /* VSH_FS_OPTS_VERSION */
  const vsh_allocator *alloc; /* NULL: malloc; else borrowed: it must
                                 outlive every fork of the filesystem */
  uint64_t max_bytes;         /* 0: unlimited */
  uint64_t max_inodes;        /* 0: unlimited */
  uint64_t random_seed;       /* /dev/urandom stream, used if has_seed */
  bool has_seed;
  bool bare; /* no /dev /tmp /home/user skeleton */
} vsh_fs_opts;
#define VSH_FS_OPTS_VERSION 1
#define VSH_FS_OPTS_INIT                                                       \
  { .version = VSH_FS_OPTS_VERSION }

/* A new filesystem (opts may be NULL: the defaults; it is read during the
 * call only).  *out is the caller's: vsh_fs_free it. */
VSH_API int vsh_fs_new(vsh_fs **out, const vsh_fs_opts *opts, vsh_error *err);
/* A new handle on the same tree: later writes to either stay private.
 * *out is the caller's (vsh_fs_free); src stays the caller's too, and
 * either may be freed first. */
VSH_API int vsh_fs_fork(vsh_fs **out, vsh_fs *src, vsh_error *err);
/* Frees this handle (NULL is a no-op); the tree's nodes go with the last
 * handle that shares them.  No call on fs may be running, and no shell
 * or sandbox may still use it (they borrow it). */
VSH_API void vsh_fs_free(vsh_fs *fs);

/* Seeding (absolute paths; parents are created; data is copied).  Safe
 * while other threads use the filesystem. */
VSH_API int vsh_fs_write(vsh_fs *fs, const char *path, const void *data,
                         size_t len, unsigned mode, vsh_error *err);
VSH_API int vsh_fs_mkdir_p(vsh_fs *fs, const char *path, vsh_error *err);
VSH_API int vsh_fs_set_mtime(vsh_fs *fs, const char *path,
                             struct timespec mtime, vsh_error *err);

/* A lazy file: provide() is called on the first read only (never if the
 * file is overwritten or removed first) and must fill *out with malloc'd
 * bytes (vsh takes them).  free_ud runs when the last fork drops the file
 * (at once if vsh_fs_write_lazy fails: ud belongs to vsh from the call
 * on).  provide() may run on any thread and must not call back into this
 * filesystem. */
typedef int (*vsh_lazy_fn)(void *ud, vsh_buf *out, vsh_error *err);
/* size for a lazy file whose size is unknown: the provider then also runs
 * on the first stat (or write) of the file, so sizes are never made up. */
#define VSH_LAZY_SIZE_UNKNOWN UINT64_MAX
/* The callbacks of a lazy file (read during the call only). */
typedef struct vsh_lazy_file {
  unsigned version; /* VSH_LAZY_FILE_VERSION */
  uint64_t size;    /* bytes, or VSH_LAZY_SIZE_UNKNOWN */
  unsigned mode;    /* permission bits; 0: 0644 */
  vsh_lazy_fn provide;
  void *ud;
  void (*free_ud)(void *ud); /* may be NULL */
} vsh_lazy_file;
#define VSH_LAZY_FILE_VERSION 1
#define VSH_LAZY_FILE_INIT                                                     \
  { .version = VSH_LAZY_FILE_VERSION, .size = VSH_LAZY_SIZE_UNKNOWN }
VSH_API int vsh_fs_write_lazy(vsh_fs *fs, const char *path,
                              const vsh_lazy_file *file, vsh_error *err);

/* A read-only host folder at vpath.  Reads go through a root fd with
 * openat2(RESOLVE_BENEATH|RESOLVE_NO_MAGICLINKS); writes stay in memory. */
typedef struct vsh_mount_opts {
  unsigned version;       /* VSH_MOUNT_OPTS_VERSION */
  bool allow_symlinks;    /* default false: host symlinks are not shown */
  uint64_t max_file_size; /* 0: 64 MiB */
  /* (bindings) every change beneath the mount fails with VSH_EROFS
   * ("Read-only file system") instead of staying in memory; at most 16
   * read-only mounts per filesystem. */
  bool read_only;
} vsh_mount_opts;
#define VSH_MOUNT_OPTS_VERSION 1
#define VSH_MOUNT_OPTS_INIT                                                    \
  { .version = VSH_MOUNT_OPTS_VERSION }
/* host_dir is opened now and the descriptor kept with the mount; opts
 * may be NULL (the defaults) and is read during the call only. */
VSH_API int vsh_fs_mount_host(vsh_fs *fs, const char *host_dir,
                              const char *vpath, const vsh_mount_opts *opts,
                              vsh_error *err);

typedef struct vsh_fs_usage {
  uint64_t bytes;
  uint64_t inodes;
} vsh_fs_usage;
/* What this handle's tree holds now (a snapshot; thread-safe). */
VSH_API void vsh_fs_usage_get(vsh_fs *fs, vsh_fs_usage *out);
/* The quotas the filesystem was made with (vsh_fs_opts); 0 means none. */
typedef struct vsh_fs_quota {
  uint64_t max_bytes;
  uint64_t max_inodes;
} vsh_fs_quota;
VSH_API void vsh_fs_quota_get(vsh_fs *fs, vsh_fs_quota *out);

/* ---- file verbs (bindings) ------------------------------------------- */

/* The verbs an application (the Node and Python packages) uses on the
 * filesystem a shell runs on: vsh_shell_fs() or vsh_cmd_fs() give it, so
 * the shell sees every change at once.  Paths are absolute (relative ones
 * resolve against "/"; use vsh_path_resolve with a cwd first) and
 * normalised lexically.  Each call is atomic with respect to other
 * threads.  Errors carry GNU wording and the path in err->message and
 * the code in the return value. */
typedef enum vsh_ftype {
  VSH_FT_NONE = 0,
  VSH_FT_FILE = 1,
  VSH_FT_DIR = 2,
  VSH_FT_SYMLINK = 3,
  VSH_FT_DEVICE = 4,
  VSH_FT_FIFO = 5
} vsh_ftype;

typedef struct vsh_fs_info {
  vsh_ftype type;
  unsigned mode; /* permission bits (07777) */
  uint64_t size; /* bytes; a symlink: its target's length */
  uint64_t ino;
  uint32_t nlink;
  uint32_t uid, gid;
  struct timespec atime, mtime, ctime;
} vsh_fs_info;

/* Lexical resolution of path against base (absolute), as the shell does
 * for cd -L: no filesystem access.  out is NUL-terminated and the
 * caller's (start it as {0}; vsh_buf_dispose it). */
VSH_API int vsh_path_resolve(vsh_buf *out, const char *base, const char *path);

/* stat (follow) or lstat; fills *out (plain data, nothing to free). */
VSH_API int vsh_fs_stat(vsh_fs *fs, const char *path, bool follow,
                        vsh_fs_info *out, vsh_error *err);
/* Whole-file read (follows symlinks; a lazy file is provided now).  out
 * is the caller's (start it as {0}; vsh_buf_dispose it). */
VSH_API int vsh_fs_read(vsh_fs *fs, const char *path, vsh_buf *out,
                        vsh_error *err);
enum {
  VSH_FS_APPEND = 1u << 0,   /* append instead of replacing */
  VSH_FS_MKPARENTS = 1u << 1 /* create missing parent directories */
};
/* Creates (0644) or replaces/appends a regular file; follows symlinks.
 * data is copied. */
VSH_API int vsh_fs_write_file(vsh_fs *fs, const char *path, const void *data,
                              size_t len, unsigned flags, vsh_error *err);
VSH_API int vsh_fs_mkdir(vsh_fs *fs, const char *path, bool recursive,
                         vsh_error *err);

typedef struct vsh_dirent {
  char *name;
  vsh_ftype type; /* the entry itself (a symlink is VSH_FT_SYMLINK) */
} vsh_dirent;
typedef struct vsh_dirents {
  vsh_dirent *items; /* sorted by bytes; no "." or ".." */
  size_t len;
} vsh_dirents;
/* Frees every name and the array, and zeroes *d. */
VSH_API void vsh_dirents_dispose(vsh_dirents *d);
/* Typed readdir (follows a symlink to a directory); out is the caller's
 * (vsh_dirents_dispose). */
VSH_API int vsh_fs_readdir(vsh_fs *fs, const char *path, vsh_dirents *out,
                           vsh_error *err);
/* Node's fs.rm: force ignores a missing path; a directory needs
 * recursive (or is EISDIR). */
VSH_API int vsh_fs_rm(vsh_fs *fs, const char *path, bool recursive, bool force,
                      vsh_error *err);
/* Copies a file (bytes shared, O(1)), or a directory tree with
 * recursive; symlinks are copied as symlinks. */
VSH_API int vsh_fs_cp(vsh_fs *fs, const char *src, const char *dst,
                      bool recursive, vsh_error *err);
/* rename(2). */
VSH_API int vsh_fs_rename(vsh_fs *fs, const char *from, const char *to,
                          vsh_error *err);
VSH_API int vsh_fs_chmod(vsh_fs *fs, const char *path, unsigned mode,
                         vsh_error *err);
VSH_API int vsh_fs_symlink(vsh_fs *fs, const char *target, const char *linkpath,
                           vsh_error *err);
VSH_API int vsh_fs_link(vsh_fs *fs, const char *existing, const char *newpath,
                        vsh_error *err);
/* The link's target in out (the caller's: vsh_buf_dispose). */
VSH_API int vsh_fs_readlink(vsh_fs *fs, const char *path, vsh_buf *out,
                            vsh_error *err);
/* Every symlink resolved; the path must exist.  out as for readlink. */
VSH_API int vsh_fs_realpath(vsh_fs *fs, const char *path, vsh_buf *out,
                            vsh_error *err);
/* Sets access and modification times (follows). */
VSH_API int vsh_fs_utimes(vsh_fs *fs, const char *path, struct timespec atime,
                          struct timespec mtime, vsh_error *err);
/* Visits root and everything beneath it (not following symlinks), parents
 * before children, entries in byte order, without recursion.  fn returns
 * 0 to go on, anything else stops the walk and is returned.  Devices and
 * the virtual /dev/fd and /proc are visited as entries only.  path and
 * info are borrowed for the one call of fn.  No lock is held while fn
 * runs: it may use and change the filesystem (an entry removed meanwhile
 * is skipped). */
typedef int (*vsh_walk_fn)(void *ud, const char *path, const vsh_fs_info *info);
VSH_API int vsh_fs_walk(vsh_fs *fs, const char *root, vsh_walk_fn fn, void *ud,
                        vsh_error *err);

/* ---- network (curl and wget) ------------------------------------- */

/* A sandbox has no network unless these options open it.  An allowed
 * prefix is a URL: the request's scheme (http or https only), host and
 * port must equal the prefix's after normalisation (host case, default
 * port, trailing dot, IDN to punycode; userinfo is not the host), and the
 * prefix's path must be a prefix of the request's on a segment boundary
 * ("/v1" allows /v1 and /v1/x, never /v10); the query is ignored.
 * headers ("Name: value", NULL-terminated) are added to every request the
 * prefix allows: a script can neither see, override nor remove them, and
 * they are never sent to a URL this prefix does not allow.  A prefix
 * naming a literal address (http://127.0.0.1:8080/) allows exactly that
 * address, a private one too. */
typedef struct vsh_net_prefix {
  const char *url; /* copied with the options (see vsh_network_opts) */
  const char *const *headers; /* may be NULL */
} vsh_net_prefix;

/* An application resolver (tests pin host names with it): writes up to
 * max numeric addresses of host into addrs and returns how many, or a
 * negative value when the name does not resolve.  NULL: the system's. */
typedef int (*vsh_net_resolve_fn)(void *ud, const char *host, char (*addrs)[64],
                                  int max);

/* Zero-initialised is "no network"; start from VSH_NETWORK_OPTS_INIT.
 * Unlike the other options structs, version 0 is accepted only for that
 * empty "no network" value.  Whoever takes these options copies them
 * (prefixes, headers and methods included); resolve_ud is borrowed and
 * must outlive the shell or sandbox (resolve may run on any thread).
 * Every curl/wget request and every redirect hop is checked; the address
 * actually connected is checked too (DNS rebinding to a private address
 * fails).  No proxy, netrc or host file is ever used. */
typedef struct vsh_network_opts {
  unsigned version; /* VSH_NETWORK_OPTS_VERSION */
  const vsh_net_prefix *allow;
  size_t n_allow;
  const char *const *methods; /* NULL-terminated; NULL: GET and HEAD */
  /* DANGEROUS: every http and https URL of the internet is allowed (the
   * Flue default sandbox's curl).  Private addresses stay refused unless
   * allow_private. */
  bool full_access_dangerous;
  /* Allow private, loopback and link-local addresses reached through a
   * host name (default false). */
  bool allow_private;
  unsigned max_redirects;      /* per request; 20 */
  uint64_t max_response_bytes; /* per response, checked while receiving;
                                  0: 10 MiB */
  int64_t timeout_ms;          /* a whole request; 0: none */
  int64_t connect_timeout_ms;  /* 0: libcurl's default */
  vsh_net_resolve_fn resolve;  /* may be NULL */
  void *resolve_ud;
} vsh_network_opts;
#define VSH_NETWORK_OPTS_VERSION 1
/* The default: no network at all. */
#define VSH_NETWORK_OPTS_INIT                                                  \
  {                                                                            \
    VSH_NETWORK_OPTS_VERSION, NULL, 0, NULL, false, false, 20, 10485760, 0, 0, \
        NULL, NULL                                                             \
  }
/* Flue's preset, named for what it is: the whole internet. */
#define VSH_NETWORK_OPTS_FULL_ACCESS_DANGEROUS                                 \
  {                                                                            \
    VSH_NETWORK_OPTS_VERSION, NULL, 0, NULL, true, false, 20, 10485760, 0, 0,  \
        NULL, NULL                                                             \
  }

/* ---- the shell ----------------------------------------------------- */

/* Options of one exec (shell or sandbox); everything is borrowed for the
 * duration of the exec call (callbacks and their ud included). */
typedef struct vsh_exec_opts {
  unsigned version;       /* VSH_EXEC_OPTS_VERSION */
  const char *cwd;        /* NULL: the sandbox cwd; relative resolves */
  const char *const *env; /* "K=V" strings, NULL-terminated; may be NULL */
  int64_t timeout_ms;     /* <= 0: none */
  vsh_signal *signal;     /* may be NULL */
  const void *stdin_data;
  size_t stdin_len;
  /* Shell execs only: $0 and the positional parameters ($0 first,
   * NULL-terminated); NULL keeps the shell's name and no arguments. */
  const char *const *argv;
  /* Shell execs only, may be NULL: called with each piece of stdout
   * (fd 1) or stderr (fd 2) as the script writes it, in order per fd, so
   * an application can stream or interleave them; the result still holds
   * all of it.  It may run on the exec's threads (one call at a time per
   * fd) and must not call back into the shell. */
  void (*on_output)(void *ud, int fd, const void *data, size_t len);
  void *on_output_ud;
  /* Shell execs only, may be NULL: standard input pulled as the script
   * reads it (instead of stdin_data): returns the bytes put in buf (at
   * most n), 0 at the end, or a negative vsh_err.  Called on the exec's
   * threads, one call at a time; a call that blocks is not cancelled. */
  int64_t (*stdin_read)(void *ud, void *buf, size_t n);
  void *stdin_ud;
  /* ---- bindings (shell execs only) ---- */
  /* Start from an empty environment: only env above is imported (the
   * shell's base environment is not). */
  bool replace_env;
  /* When the signal fires, still fill *out with the output produced so
   * far and exit_code 124 alongside the VSH_EABORTED return (the caller
   * then disposes it).  Without it *out stays empty on an abort. */
  bool partial_on_abort;
  /* Shell execs only: the script is standard input itself (stdin_read
   * or stdin_data; script and len are not read), taken as bash takes a
   * script from a pipe: a line at a time, each complete command run as
   * soon as it is read, so a command that reads stdin gets the script's
   * following lines (`printf 'read x\nhi\necho $x' | bash`). */
  bool script_from_stdin;
} vsh_exec_opts;
#define VSH_EXEC_OPTS_VERSION 1
#define VSH_EXEC_OPTS_INIT                                                     \
  { .version = VSH_EXEC_OPTS_VERSION }

/* Resource limits.  Exceeding one ends the exec with status 126 and a
 * message naming the limit; the deadline ends it with status 124.  A
 * field set to 0 is a limit of 0 unless its comment says "0: none":
 * start from VSH_LIMITS_INIT (the normal profile) or vsh_limits_init. */
typedef struct vsh_limits {
  unsigned version;             /* VSH_LIMITS_VERSION */
  uint64_t max_commands;        /* commands run per exec */
  uint64_t max_loop_iterations; /* iterations per loop */
  uint64_t max_call_depth;      /* function/source/eval nesting */
  uint64_t max_subst_depth;     /* nested command substitutions */
  uint64_t max_string;          /* bytes in one variable or word */
  uint64_t max_output;          /* bytes of captured stdout + stderr */
  uint64_t max_brace;           /* words from one brace expansion */
  uint64_t max_glob_ops;        /* steps of one pattern or glob */
  uint64_t max_fs_bytes;        /* filesystem byte quota (fresh fs) */
  int64_t deadline_ms;          /* per exec, unless exec opts say less */
  uint64_t max_threads;         /* concurrent pipeline stages and jobs */
  uint64_t max_memory;          /* bytes the exec may hold at once (its
                                   net allocations: shell, commands,
                                   pipes, files written); 0: none */
  uint64_t max_work;            /* work units (commands, loop rounds,
                                   lines, records, match steps / 64) an
                                   exec may spend; 0: none */
} vsh_limits;
#define VSH_LIMITS_VERSION 1
/* The normal profile (what vsh_limits_init gives for VSH_PROFILE_NORMAL). */
#define VSH_LIMITS_INIT                                                        \
  {                                                                            \
    .version = VSH_LIMITS_VERSION, .max_commands = 10000000,                   \
    .max_loop_iterations = 10000000, .max_call_depth = 1000,                   \
    .max_subst_depth = 50, .max_string = 64ull << 20,                          \
    .max_output = 256ull << 20, .max_brace = 100000, .max_glob_ops = 1000000,  \
    .max_fs_bytes = 1ull << 30, .deadline_ms = 3600000, .max_threads = 512,    \
    .max_memory = 512ull << 20, .max_work = 100000000000ull                    \
  }
typedef enum vsh_profile {
  VSH_PROFILE_NORMAL = 0,
  VSH_PROFILE_HARDENED = 1
} vsh_profile;
/* Fills every field of *out (version included) with a profile's values;
 * an unknown profile gives the normal one. */
VSH_API void vsh_limits_init(vsh_limits *out, vsh_profile profile);

typedef struct vsh_shell vsh_shell;

/* Read during vsh_shell_new only: strings, env, limits, commands and
 * network are copied; fs is borrowed (see below). */
typedef struct vsh_shell_opts {
  unsigned version;         /* VSH_SHELL_OPTS_VERSION */
  vsh_fs *fs;               /* NULL: a fresh filesystem (the shell's);
                              else borrowed and shared: it must outlive
                              the shell */
  const char *cwd;          /* NULL: /home/user (created) */
  const char *const *env;   /* base environment "K=V"; NULL: defaults */
  const vsh_limits *limits; /* NULL: the normal profile */
  bool persistent;          /* keep cwd, variables, functions, aliases and
                              options between execs (default: fresh) */
  bool has_seed;            /* seed $RANDOM (and /dev/urandom if fresh) */
  uint64_t random_seed;
  const char *name;    /* $0; NULL: "vsh" */
  bool name_is_script; /* name is the script's path (BASH_SOURCE) */
  /* How a bash would have been started to run these scripts, for $-:
   * with -c (shows c) or reading standard input (shows s). */
  bool dash_c;
  bool from_stdin;
  /* ---- bindings ---- */
  /* Command allowlist: when set (NULL-terminated names), only these
   * built-in commands exist (others are "command not found"); shell
   * builtins, functions and custom commands are not affected. */
  const char *const *commands;
  /* Virtual process identity, used when has_ids: pid is $$ and $BASHPID,
   * ppid $PPID, uid $UID and $EUID (files keep their owner; gid is
   * accepted for just-bash's processInfo and not shown yet). */
  bool has_ids;
  int64_t pid, ppid, uid, gid;
  /* The network curl and wget may reach (copied); NULL: none. */
  const vsh_network_opts *network;
} vsh_shell_opts;
#define VSH_SHELL_OPTS_VERSION 1
#define VSH_SHELL_OPTS_INIT                                                    \
  { .version = VSH_SHELL_OPTS_VERSION }

/* A new shell; opts may be NULL (all defaults).  *out is the caller's:
 * vsh_shell_free it. */
VSH_API int vsh_shell_new(vsh_shell **out, const vsh_shell_opts *opts,
                          vsh_error *err);
/* Frees the shell, its persistent session and its own filesystem (not a
 * borrowed one); NULL is a no-op.  No exec may be running on it. */
VSH_API void vsh_shell_free(vsh_shell *sh);
/* Runs a script.  Resolves (returns 0) for every completed script, any
 * exit status; rejects with VSH_EABORTED when opts->signal fires.  opts
 * may be NULL.  *out is zeroed first and, on success, the caller's
 * (vsh_result_dispose).  Several execs may run on one shell at once from
 * different threads, each from a fresh state; a persistent shell runs
 * one at a time (its session carries cwd, variables...) and refuses a
 * second one with VSH_EINVALID_STATE while the first runs. */
VSH_API int vsh_shell_exec(vsh_shell *sh, const char *script, size_t len,
                           const vsh_exec_opts *opts, vsh_result *out,
                           vsh_error *err);
/* The shell's filesystem: borrowed, valid until vsh_shell_free (or as
 * long as the application's own, when it passed one in). */
VSH_API vsh_fs *vsh_shell_fs(vsh_shell *sh);
/* Copies the current directory (a persistent session's as of its last
 * exec; the base cwd otherwise) into buf, NUL-terminated.  Safe while
 * another thread runs an exec.  VSH_ENAMETOOLONG when size is short. */
VSH_API int vsh_shell_cwd(vsh_shell *sh, char *buf, size_t size);
/* Checks a script's syntax without running it (bash -n).  Returns 0, or
 * VSH_EINVAL with bash's message ("line N: syntax error ...") in err;
 * *incomplete (if given) tells whether more input could complete it
 * (an unterminated quote, here-doc or compound command). */
VSH_API int vsh_syntax_check(const char *script, size_t len, bool extglob,
                             bool *incomplete, vsh_error *err);
/* Sets a shopt/set option before parsing, like bash -O / -o.  Not while
 * an exec runs on the shell (VSH_EINVALID_STATE). */
VSH_API int vsh_shell_set_option(vsh_shell *sh, const char *name, bool on,
                                 vsh_error *err);

/* Custom commands: an application callback reachable by name from
 * scripts.  It may override a builtin and call the original.  The
 * callback runs on the exec's threads (several at once when a pipeline
 * runs it twice) and returns the exit status.  c and argv are borrowed
 * for the call: every vsh_cmd_* call below is valid only until the
 * callback returns, on its thread (vsh_cmd_exec excepted). */
typedef struct vsh_cmd vsh_cmd;
typedef int (*vsh_command_fn)(vsh_cmd *c, int argc, char **argv, void *ud);
typedef struct vsh_command {
  unsigned version; /* VSH_COMMAND_VERSION */
  vsh_command_fn run;
  void *ud; /* borrowed: it must outlive the shell or a new registration */
} vsh_command;
#define VSH_COMMAND_VERSION 1
#define VSH_COMMAND_INIT                                                       \
  { .version = VSH_COMMAND_VERSION }
/* Registers (or replaces) the command name; cmd is copied.  Not while an
 * exec runs on the shell (VSH_EINVALID_STATE). */
VSH_API int vsh_shell_register_command(vsh_shell *sh, const char *name,
                                       const vsh_command *cmd, vsh_error *err);
/* >= 0 bytes read from stdin (0 at end) or a negative vsh_err. */
VSH_API int64_t vsh_cmd_read(vsh_cmd *c, void *buf, size_t n);
/* The same from any open descriptor of the calling shell. */
VSH_API int64_t vsh_cmd_read_fd(vsh_cmd *c, int fd, void *buf, size_t n);
/* fd 1 or 2; 0 or a negative vsh_err (VSH_EPIPE: reader gone). */
VSH_API int vsh_cmd_write(vsh_cmd *c, int fd, const void *buf, size_t n);
/* An exported variable's value (the command's environment), or NULL.
 * Borrowed: valid until the callback returns. */
VSH_API const char *vsh_cmd_getenv(vsh_cmd *c, const char *name);
/* The calling shell's cwd; borrowed, valid until the callback returns. */
VSH_API const char *vsh_cmd_cwd(vsh_cmd *c);
/* The shell's filesystem (borrowed, as vsh_shell_fs). */
VSH_API vsh_fs *vsh_cmd_fs(vsh_cmd *c);
/* True once the exec is cancelled (deadline, abort, limit): return soon. */
VSH_API bool vsh_cmd_cancelled(vsh_cmd *c);
/* Runs the builtin this command overrides (127 if there is none). */
VSH_API int vsh_cmd_call_original(vsh_cmd *c, int argc, char **argv);

/* ---- bindings: more of the command context ---- */
/* What descriptor fd of the calling shell is: VSH_FD_DATA (a file, a
 * here-document or here-string: reading it never waits), VSH_FD_STREAM
 * (a pipe, FIFO or terminal-like stream: reading may wait for a writer),
 * or VSH_EBADF when it is not open. */
enum { VSH_FD_DATA = 0, VSH_FD_STREAM = 1 };
VSH_API int vsh_cmd_fd_kind(vsh_cmd *c, int fd);
/* The command's exported environment as "K=V" strings (the caller's:
 * vsh_strv_dispose). */
VSH_API int vsh_cmd_environ(vsh_cmd *c, vsh_strv *out);
/* Runs a script nested in the calling command's shell (a subshell: its
 * variables, functions, cwd and filesystem; the exec's deadline and
 * signal), stdin from the given bytes, stdout and stderr captured into
 * *out (exit_code set; cwd/env/vars NULL).  May be called from another
 * thread while the command's callback waits for it, never after the
 * callback returned.  Returns 0 or a negative vsh_err (VSH_EABORTED when
 * the exec was cancelled); *out is the caller's (vsh_result_dispose). */
VSH_API int vsh_cmd_exec(vsh_cmd *c, const char *script, size_t len,
                         const void *stdin_data, size_t stdin_len,
                         vsh_result *out, vsh_error *err);

/* ---- the sandbox (SessionEnv) -------------------------------------- */

typedef struct vsh_sandbox vsh_sandbox;

/* The vtable every sandbox kind implements.  Calls that "resolve" return
 * 0 and fill out; calls that "reject" return a vsh_err and fill err.
 * The table is borrowed (static tables are the norm) and version must be
 * set (0 is refused).  Every op but release may be called from several
 * threads at once; release is called once, after every other call
 * returned, and frees the sandbox. */
typedef struct vsh_sandbox_ops {
  unsigned version; /* VSH_SANDBOX_OPS_VERSION */
  const char *kind; /* "virtual", "local", "driver", "scope", ... */
  int (*exec)(vsh_sandbox *sb, const char *cmd, const vsh_exec_opts *opts,
              vsh_result *out, vsh_error *err);
  int (*read_file)(vsh_sandbox *sb, const char *path, vsh_buf *out,
                   vsh_error *err); /* UTF-8 text */
  int (*read_file_buffer)(vsh_sandbox *sb, const char *path, vsh_buf *out,
                          vsh_error *err);
  int (*write_file)(vsh_sandbox *sb, const char *path, const void *data,
                    size_t len, vsh_error *err);
  int (*stat)(vsh_sandbox *sb, const char *path, vsh_stat *out, vsh_error *err);
  int (*readdir)(vsh_sandbox *sb, const char *path, vsh_strv *out,
                 vsh_error *err);
  bool (*exists)(vsh_sandbox *sb, const char *path);
  int (*mkdir)(vsh_sandbox *sb, const char *path, bool recursive,
               vsh_error *err);
  int (*rm)(vsh_sandbox *sb, const char *path, bool recursive, bool force,
            vsh_error *err);
  const char *(*cwd)(vsh_sandbox *sb);
  /* Pure: no filesystem access.  Two spellings give one string. */
  int (*resolve_path)(vsh_sandbox *sb, const char *p, vsh_buf *out);
  void (*release)(vsh_sandbox *sb);
} vsh_sandbox_ops;
#define VSH_SANDBOX_OPS_VERSION 1

/* Implementations embed this as their first member. */
struct vsh_sandbox {
  const vsh_sandbox_ops *ops;
};

/* Convenience dispatch: checks for NULL ops and a known version, then
 * calls the op.  out-params (vsh_result, vsh_buf, vsh_strv) are the
 * caller's on success (the matching _dispose); paths and data are
 * borrowed for the call.  vsh_sandbox_cwd's string is borrowed from the
 * sandbox (valid until its release).  vsh_sandbox_release frees the
 * sandbox (NULL is a no-op); nothing may use it afterwards, and no other
 * call may be running on it. */
VSH_API int vsh_sandbox_exec(vsh_sandbox *sb, const char *cmd,
                             const vsh_exec_opts *opts, vsh_result *out,
                             vsh_error *err);
VSH_API int vsh_sandbox_read_file(vsh_sandbox *sb, const char *path,
                                  vsh_buf *out, vsh_error *err);
VSH_API int vsh_sandbox_read_file_buffer(vsh_sandbox *sb, const char *path,
                                         vsh_buf *out, vsh_error *err);
VSH_API int vsh_sandbox_write_file(vsh_sandbox *sb, const char *path,
                                   const void *data, size_t len,
                                   vsh_error *err);
VSH_API int vsh_sandbox_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                             vsh_error *err);
VSH_API int vsh_sandbox_readdir(vsh_sandbox *sb, const char *path,
                                vsh_strv *out, vsh_error *err);
VSH_API bool vsh_sandbox_exists(vsh_sandbox *sb, const char *path);
VSH_API int vsh_sandbox_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                              vsh_error *err);
VSH_API int vsh_sandbox_rm(vsh_sandbox *sb, const char *path, bool recursive,
                           bool force, vsh_error *err);
VSH_API const char *vsh_sandbox_cwd(vsh_sandbox *sb);
VSH_API int vsh_sandbox_resolve_path(vsh_sandbox *sb, const char *p,
                                     vsh_buf *out);
VSH_API void vsh_sandbox_release(vsh_sandbox *sb);

/* ---- the virtual sandbox ------------------------------------------- */

typedef struct vsh_seed_file {
  const char *path; /* absolute or relative to cwd (copied) */
  const void *data;
  size_t len;
  unsigned mode; /* 0: 0644 */
} vsh_seed_file;

/* Read during the call only (seeded bytes and network are copied). */
typedef struct vsh_virtual_opts {
  unsigned version; /* VSH_VIRTUAL_OPTS_VERSION */
  vsh_fs *fs;       /* NULL: a fresh one; else forked (O(1)): the caller
                      keeps and frees its own */
  const char *cwd;  /* NULL: /home/user */
  const vsh_seed_file *files;
  size_t n_files;
  const vsh_fs_opts *fs_opts; /* used when fs is NULL */
  /* The network curl and wget may reach (copied); NULL: none. */
  const vsh_network_opts *network;
} vsh_virtual_opts;
#define VSH_VIRTUAL_OPTS_VERSION 1
#define VSH_VIRTUAL_OPTS_INIT                                                  \
  { .version = VSH_VIRTUAL_OPTS_VERSION }

/* A new in-memory sandbox (opts may be NULL).  *out is the caller's:
 * vsh_sandbox_release it. */
VSH_API int vsh_virtual_sandbox_new(vsh_sandbox **out,
                                    const vsh_virtual_opts *opts,
                                    vsh_error *err);
/* The filesystem behind a virtual sandbox (borrowed: valid until the
 * sandbox's release), or NULL for any other kind (checked at run time). */
VSH_API vsh_fs *vsh_virtual_fs(vsh_sandbox *sb);

/* The shell behind a virtual sandbox (borrowed until the sandbox's
 * release: its filesystem, custom commands), or NULL for any other kind,
 * a scoped one included. */
VSH_API vsh_shell *vsh_virtual_shell(vsh_sandbox *sb);

/* ---- sandbox from a driver (SandboxDriver) ------------------------- */

/* The minimal surface a remote provider implements.  Paths are always
 * absolute and normalised; write_file may fail on a missing parent (the
 * wrapper retries after mkdir).  exists never fails.  rm implements
 * recursive and force exactly or fails with VSH_EUNSUPPORTED before any
 * change.  exec receives the caller's signal: forward it only to a real
 * cancellation primitive and add no abort race of its own.  A driver
 * that detects the sandbox's death fails with VSH_EDIED.  Every call may
 * run on a worker thread, several at once.  version must be set (0 is
 * refused); out-params are filled with malloc'd data that the wrapper
 * takes over. */
typedef struct vsh_sandbox_driver_ops {
  unsigned version;     /* VSH_SANDBOX_DRIVER_VERSION */
  const char *provider; /* for error meta, e.g. "e2b"; NULL: "driver" */
  /* The provider's timeout granularity in ms (1000 for whole seconds;
   * 0 or 1: milliseconds).  exec receives timeout_ms rounded UP to a
   * multiple of it, so dividing by it gives the provider's units. */
  int64_t timeout_unit_ms;
  int (*exec)(void *ud, const char *cmd, const vsh_exec_opts *opts,
              vsh_result *out, vsh_error *err);
  int (*read_file)(void *ud, const char *path, vsh_buf *out, vsh_error *err);
  int (*read_file_buffer)(void *ud, const char *path, vsh_buf *out,
                          vsh_error *err);
  int (*write_file)(void *ud, const char *path, const void *data, size_t len,
                    vsh_error *err);
  int (*stat)(void *ud, const char *path, vsh_stat *out, vsh_error *err);
  int (*readdir)(void *ud, const char *path, vsh_strv *out, vsh_error *err);
  bool (*exists)(void *ud, const char *path);
  int (*mkdir)(void *ud, const char *path, bool recursive, vsh_error *err);
  int (*rm)(void *ud, const char *path, bool recursive, bool force,
            vsh_error *err);
  /* Optional liveness probe, polled while an exec is in flight: return
   * VSH_EDIED (filled err) once the sandbox is dead, 0 while alive.  It
   * races only liveness; the caller's abort is the wrapper's business. */
  int (*alive)(void *ud, vsh_error *err);
  int64_t alive_poll_ms;     /* 0: 1000 */
  void (*release)(void *ud); /* may be NULL */
} vsh_sandbox_driver_ops;
#define VSH_SANDBOX_DRIVER_VERSION 1

/* OrphanedExecSettlement: a driver exec that outlived its caller's
 * abort (or the sandbox's death).  Borrowed for the callback only.
 * Times are CLOCK_REALTIME.  Exactly one of result/error is set. */
typedef struct vsh_orphan_settlement {
  const char *command;
  struct timespec started_at;
  struct timespec aborted_at;
  struct timespec settled_at;
  const vsh_result *result;
  const vsh_error *error;
} vsh_orphan_settlement;

typedef struct vsh_driver_opts {
  unsigned version; /* VSH_DRIVER_OPTS_VERSION */
  /* Runs on the orphan's worker thread; NULL: the settlement is
   * consumed silently.  ud is borrowed: it must outlive the sandbox and
   * every orphan (until driver->release ran). */
  void (*on_orphan_settled)(const vsh_orphan_settlement *s, void *ud);
  void *ud;
} vsh_driver_opts;
#define VSH_DRIVER_OPTS_VERSION 1
#define VSH_DRIVER_OPTS_INIT                                                   \
  { .version = VSH_DRIVER_OPTS_VERSION }

/* sandboxFromDriver: wraps a driver into a conforming sandbox (path
 * resolution against cwd, the write_file parent guarantee, the exec
 * abort race and orphan reporting).  driver is borrowed (static tables
 * are the norm); on success ud belongs to the sandbox, and
 * driver->release(ud) runs when the sandbox is released AND every orphan
 * has settled.  On failure ud stays the caller's.  cwd and opts (may be
 * NULL) are copied.  *out is the caller's: vsh_sandbox_release it. */
VSH_API int vsh_sandbox_from_driver(vsh_sandbox **out,
                                    const vsh_sandbox_driver_ops *driver,
                                    void *ud, const char *cwd,
                                    const vsh_driver_opts *opts,
                                    vsh_error *err);

/* useSandbox(factory, {cwd}): a sandbox whose cwd is `cwd` resolved
 * through inner's resolve_path and normalised; relative file paths and
 * exec cwds resolve against it.  Only the standard verbs are exposed
 * (vsh_virtual_fs/vsh_virtual_shell give NULL).  inner is borrowed and
 * must outlive the scope; *out is the caller's (vsh_sandbox_release). */
VSH_API int vsh_sandbox_scope(vsh_sandbox **out, vsh_sandbox *inner,
                              const char *cwd, vsh_error *err);

/* ---- tools (AgentTool) --------------------------------------------- */

/* AgentToolResult: text content for the model, details as JSON text. */
typedef struct vsh_tool_result {
  char *content; /* malloc'd, NUL-terminated */
  size_t content_len;
  char *details; /* malloc'd JSON object text, or NULL */
  bool terminate;
} vsh_tool_result;
/* Frees content and details and zeroes *r. */
VSH_API void vsh_tool_result_dispose(vsh_tool_result *r);

/* partial is borrowed for the call. */
typedef void (*vsh_tool_update_fn)(const vsh_tool_result *partial, void *ud);

/* An AgentTool, implemented by vsh (the six standard tools) or by the
 * application (framework and custom tools: fill every field, version
 * included).  Its strings must live as long as the tool.  execute may be
 * called from several threads at once; release (called once, by
 * vsh_tool_release) frees the tool. */
typedef struct vsh_tool vsh_tool;
struct vsh_tool {
  unsigned version; /* VSH_TOOL_VERSION */
  const char *name;
  const char *label;
  const char *description;
  const char *parameters; /* JSON Schema text */
  /* Fails (a negative vsh_err and a message for the model) rather than
   * encoding errors in content.  params_json is the call's arguments. */
  int (*execute)(vsh_tool *t, const char *call_id, const char *params_json,
                 vsh_signal *signal, vsh_tool_update_fn on_update,
                 void *update_ud, vsh_tool_result *out, vsh_error *err);
  void (*release)(vsh_tool *t); /* may be NULL */
  void *ud;
};
#define VSH_TOOL_VERSION 1
/* Checks the tool's version and calls execute; *out is the caller's on
 * success (vsh_tool_result_dispose).  signal, params and on_update are
 * borrowed for the call. */
VSH_API int vsh_tool_execute(vsh_tool *t, const char *call_id,
                             const char *params_json, vsh_signal *signal,
                             vsh_tool_update_fn on_update, void *update_ud,
                             vsh_tool_result *out, vsh_error *err);
/* Calls t->release (NULL or a tool without release: a no-op). */
VSH_API void vsh_tool_release(vsh_tool *t);

/* An assembled tool list.  items[i] is released with the list when
 * owned[i]; sandbox is the packaged-skill overlay handed to the tool
 * factories (owned, NULL when no list was assembled). */
typedef struct vsh_tool_list {
  vsh_tool **items;
  bool *owned;
  size_t len;
  vsh_sandbox *sandbox;
} vsh_tool_list;
/* Appends t; with owned the list releases it (also when this fails),
 * else t is borrowed and must outlive the list. */
VSH_API int vsh_tool_list_push(vsh_tool_list *l, vsh_tool *t, bool owned);
/* Releases the owned tools and the overlay sandbox, frees the arrays and
 * zeroes *l.  No tool of the list may be executing. */
VSH_API void vsh_tool_list_dispose(vsh_tool_list *l);

/* A packaged skill's supporting file, served under
 * /.flue/packaged-skills/<skill>/<path>.  Bytes that are not valid UTF-8
 * (or hold a NUL) are served as base64 wrapped at 76 columns. */
typedef struct vsh_skill_file {
  const char *skill; /* skill id */
  const char *path;  /* relative to the skill's folder */
  const void *data;
  size_t len;
} vsh_skill_file;

/* SandboxToolFactoryOptions plus what the runtime assembles around it.
 * Borrowed for the call it is passed to (skills are copied). */
typedef struct vsh_tools_opts {
  unsigned version;             /* VSH_TOOLS_OPTS_VERSION */
  const char *const *subagents; /* the agent's subagent names */
  size_t n_subagents;
  const vsh_skill_file *skills; /* the packaged-skill catalog (copied) */
  size_t n_skills;
  vsh_tool *const *framework; /* task, activate_skill, ... (borrowed) */
  size_t n_framework;
  vsh_tool *const *custom; /* useTool/defineTool and result tools (borrowed) */
  size_t n_custom;
} vsh_tools_opts;
#define VSH_TOOLS_OPTS_VERSION 1
#define VSH_TOOLS_OPTS_INIT                                                    \
  { .version = VSH_TOOLS_OPTS_VERSION }

/* ---- factories (SandboxFactory) ------------------------------------ */

/* A factory, implemented by vsh (virtual, bash, local) or by the
 * application (fill every field, version included).  The create calls
 * may run on several threads at once and hand the caller a sandbox it
 * owns (vsh_sandbox_release); release (called once, by
 * vsh_factory_release) frees the factory, whose sandboxes may outlive it. */
typedef struct vsh_factory vsh_factory;
struct vsh_factory {
  unsigned version; /* VSH_FACTORY_VERSION */
  /* createSandbox({id}); may be NULL when create_session_env is set. */
  int (*create_sandbox)(vsh_factory *f, const char *id, vsh_sandbox **out,
                        vsh_error *err);
  /* Deprecated alias (createSessionEnv): used when create_sandbox is
   * NULL, with one deprecation warning per process. */
  int (*create_session_env)(vsh_factory *f, const char *id, vsh_sandbox **out,
                            vsh_error *err);
  /* SandboxToolFactory, optional: when set, its tools replace the six
   * standard ones for agents on this sandbox.  Called at every tool-list
   * assembly (vsh_tool_list_assemble); it pushes fresh tools into out
   * with vsh_tool_list_push.  sb carries the packaged-skill overlay. */
  int (*tools)(vsh_factory *f, vsh_sandbox *sb, const vsh_tools_opts *opts,
               vsh_tool_list *out, vsh_error *err);
  /* Receives the deprecation warning; NULL: written to stderr. */
  void (*warn)(const char *msg, void *ud);
  void (*release)(vsh_factory *f);
  void *ud;
};
#define VSH_FACTORY_VERSION 1

/* Checks the factory's version and calls create_sandbox, or
 * create_session_env with the deprecation warning (once per process: the
 * only process-wide state in vsh).  *out is the caller's
 * (vsh_sandbox_release); id is borrowed for the call. */
VSH_API int vsh_factory_create(vsh_factory *f, const char *id,
                               vsh_sandbox **out, vsh_error *err);
/* Calls f->release (NULL is a no-op). */
VSH_API void vsh_factory_release(vsh_factory *f);

/* The default factory: a fresh virtual sandbox per create call.  opts is
 * copied (seeded file bytes too); opts->fs, if set, is snapshotted (an O(1)
 * fork) when the factory is made and each create call forks that
 * snapshot, so the caller may free opts->fs at once.  *out is the
 * caller's (vsh_factory_release). */
VSH_API int vsh_virtual_factory(vsh_factory **out, const vsh_virtual_opts *opts,
                                vsh_error *err);

/* ---- BashLike factory (bash()) -------------------------------------- */

/* The structural BashLike: any in-process bash runtime.  exec gets cwd,
 * env and signal (timeout_ms is always 0: the wrapper turns a deadline
 * into an abort).  fs paths are what fs.resolve_path(base, path) gave.
 * Both tables are borrowed (they must outlive the sandboxes made from
 * them); out-params are filled with malloc'd data the wrapper takes
 * over; get_cwd's string is borrowed until the next call on ud. */
typedef struct vsh_bashlike_fs_ops {
  unsigned version; /* VSH_BASHLIKE_FS_OPS_VERSION */
  int (*read_file)(void *ud, const char *path, vsh_buf *out, vsh_error *err);
  int (*read_file_buffer)(void *ud, const char *path, vsh_buf *out,
                          vsh_error *err);
  int (*write_file)(void *ud, const char *path, const void *data, size_t len,
                    vsh_error *err);
  int (*stat)(void *ud, const char *path, vsh_stat *out, vsh_error *err);
  int (*readdir)(void *ud, const char *path, vsh_strv *out, vsh_error *err);
  bool (*exists)(void *ud, const char *path);
  int (*mkdir)(void *ud, const char *path, bool recursive, vsh_error *err);
  int (*rm)(void *ud, const char *path, bool recursive, bool force,
            vsh_error *err);
  int (*resolve_path)(void *ud, const char *base, const char *path,
                      vsh_buf *out);
} vsh_bashlike_fs_ops;
#define VSH_BASHLIKE_FS_OPS_VERSION 1
typedef struct vsh_bashlike_ops {
  unsigned version; /* VSH_BASHLIKE_OPS_VERSION */
  int (*exec)(void *ud, const char *cmd, const vsh_exec_opts *opts,
              vsh_result *out, vsh_error *err);
  const char *(*get_cwd)(void *ud);
  const vsh_bashlike_fs_ops *fs;
  void (*release)(void *ud); /* may be NULL */
} vsh_bashlike_ops;
#define VSH_BASHLIKE_OPS_VERSION 1
typedef struct vsh_bashlike {
  const vsh_bashlike_ops *ops;
  void *ud;
} vsh_bashlike;
/* BashFactory: fills *out (called once per create_sandbox). */
typedef int (*vsh_bashlike_make_fn)(void *ud, vsh_bashlike *out,
                                    vsh_error *err);
/* A factory whose sandboxes wrap what make returns.  A value that is not
 * Bash-like fails create with "[flue] BashFactory must return a
 * Bash-like object." (an unknown table version fails the same way,
 * naming the version).  ud is borrowed: it must outlive the factory.
 * *out is the caller's (vsh_factory_release). */
VSH_API int vsh_bash_factory(vsh_factory **out, vsh_bashlike_make_fn make,
                             void *ud, vsh_error *err);

/* ---- the host sandbox (local()) -------------------------------------- */

/* No isolation: real processes and the host filesystem. */
typedef struct vsh_local_env {
  const char *name;
  const char *value; /* NULL drops the variable (a default included) */
} vsh_local_env;
typedef struct vsh_local_opts {
  unsigned version; /* VSH_LOCAL_OPTS_VERSION */
  const char *cwd;  /* NULL: the process's cwd; relative resolves */
  const vsh_local_env *env;
  size_t n_env;
} vsh_local_opts;
#define VSH_LOCAL_OPTS_VERSION 1
#define VSH_LOCAL_OPTS_INIT                                                    \
  { .version = VSH_LOCAL_OPTS_VERSION }
/* The environment allowlist is snapshotted here; opts (may be NULL) are
 * copied.  *out is the caller's (vsh_factory_release). */
VSH_API int vsh_local_factory(vsh_factory **out, const vsh_local_opts *opts,
                              vsh_error *err);

/* ---- standard tools and tool-list assembly ------------------------- */

/* The six standard tools, each closing over sb (borrowed: it must
 * outlive the tool).  *out is the caller's (vsh_tool_release). */
VSH_API int vsh_tool_read(vsh_tool **out, vsh_sandbox *sb, vsh_error *err);
VSH_API int vsh_tool_write(vsh_tool **out, vsh_sandbox *sb, vsh_error *err);
VSH_API int vsh_tool_edit(vsh_tool **out, vsh_sandbox *sb, vsh_error *err);
VSH_API int vsh_tool_bash(vsh_tool **out, vsh_sandbox *sb, vsh_error *err);
VSH_API int vsh_tool_grep(vsh_tool **out, vsh_sandbox *sb, vsh_error *err);
VSH_API int vsh_tool_glob(vsh_tool **out, vsh_sandbox *sb, vsh_error *err);

/* The packaged-skill overlay over inner (borrowed): read_file of a path
 * under /.flue/packaged-skills/ is served from the catalog (copied),
 * every other verb and path passes through.  *out is the caller's
 * (vsh_sandbox_release, before inner's). */
VSH_API int vsh_skill_overlay(vsh_sandbox **out, vsh_sandbox *inner,
                              const vsh_skill_file *skills, size_t n,
                              vsh_error *err);

/* Assembles the model's tool list: the factory's tools (or the six
 * standard ones) over the overlay of sb, then opts->framework, then
 * opts->custom.  A duplicate name, or a reserved one (task,
 * activate_skill, read_skill_resource, finish, give_up) outside the
 * framework group, fails with type "tool_name_conflict".  f may be NULL.
 * *out is the caller's (vsh_tool_list_dispose); sb, f and the tools in
 * opts are borrowed and must outlive the list. */
VSH_API int vsh_tool_list_assemble(vsh_tool_list *out, vsh_factory *f,
                                   vsh_sandbox *sb, const vsh_tools_opts *opts,
                                   vsh_error *err);

/* ---- deprecated aliases (the contract's former names) -------------- */
typedef vsh_sandbox vsh_session_env;                /* SessionEnv */
typedef vsh_sandbox_driver_ops vsh_sandbox_api_ops; /* SandboxApi */
#define vsh_create_sandbox_session_env vsh_sandbox_from_driver

#ifdef __cplusplus
}
#endif
#endif /* VSH_H */
