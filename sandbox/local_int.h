/* local_int.h: private to sandbox/local*.c, the host sandbox: the only
 * place vsh spawns processes or touches host files (by design; the
 * application opted in with vsh_local_factory). */
#ifndef VSH_LOCAL_INT_H
#define VSH_LOCAL_INT_H

#include "sandbox/adapter_int.h"

#define SBX_LOCAL_PROVIDER "local"

typedef struct sbx_local {
  vsh_sandbox base;
  char *cwd;  /* absolute host path */
  char **env; /* the layered base environment, "K=V" */
} sbx_local;

int sbx_local_errno(int e); /* host errno -> vsh_err */
int sbx_local_exec(vsh_sandbox *sb, const char *cmd, const vsh_exec_opts *opts,
                   vsh_result *out, vsh_error *err);
int sbx_local_read_file(vsh_sandbox *sb, const char *path, vsh_buf *out,
                        vsh_error *err);
int sbx_local_read_file_buffer(vsh_sandbox *sb, const char *path, vsh_buf *out,
                               vsh_error *err);
int sbx_local_write_file(vsh_sandbox *sb, const char *path, const void *data,
                         size_t len, vsh_error *err);
int sbx_local_stat(vsh_sandbox *sb, const char *path, vsh_stat *out,
                   vsh_error *err);
int sbx_local_readdir(vsh_sandbox *sb, const char *path, vsh_strv *out,
                      vsh_error *err);
bool sbx_local_exists(vsh_sandbox *sb, const char *path);
int sbx_local_mkdir(vsh_sandbox *sb, const char *path, bool recursive,
                    vsh_error *err);
int sbx_local_rm(vsh_sandbox *sb, const char *path, bool recursive, bool force,
                 vsh_error *err);

#endif /* VSH_LOCAL_INT_H */
