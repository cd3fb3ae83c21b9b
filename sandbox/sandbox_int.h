/* sandbox_int.h: private to sandbox/.  The virtual sandbox's state and
 * its file verbs, which live in virtual_files.c so virtual.c stays about
 * lifetime, paths and exec. */
#ifndef VSH_SANDBOX_INT_H
#define VSH_SANDBOX_INT_H

#include "sandbox/sandbox.h"

#include <pthread.h>
#include "vfs/vfs.h"

#define SBX_VIRTUAL_PROVIDER "virtual"
#define SBX_DEFAULT_CWD "/home/user"

/* Immutable after creation except through fs, whose every call is
 * atomic, so one sandbox may serve many threads at once. */
typedef struct sbx_virtual {
  vsh_sandbox base;       /* first: a vsh_sandbox * is an sbx_virtual * */
  vsh_fs *fs;             /* owned */
  char *cwd;              /* owned, canonical absolute */
  vsh_shell *shell;       /* owned; made on the first exec, runs on fs */
  pthread_mutex_t mu;     /* guards the lazy creation of shell */
  struct net_policy *net; /* owned: the network options, copied */
} sbx_virtual;

int sbx_virtual_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                          vsh_error *err);
int sbx_virtual_read_file_buffer(vsh_sandbox *sb, const char *path,
                                 vsh_buf *out, vsh_error *err);
int sbx_virtual_write_file(vsh_sandbox *sb, const char *path, const void *data,
                           size_t len, vsh_error *err);
int sbx_virtual_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                     vsh_error *err);
int sbx_virtual_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                        vsh_error *err);
bool sbx_virtual_exists(vsh_sandbox *sb, const char *path);
int sbx_virtual_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                      vsh_error *err);
int sbx_virtual_rm(vsh_sandbox *sb, const char *path, bool recursive,
                   bool force, vsh_error *err);

#endif /* VSH_SANDBOX_INT_H */
