/* sandbox.h: what other folders use from sandbox/: Node-style error
 * messages for file verbs (shared by every sandbox kind, so the model
 * sees one wording), cwd-relative path resolution, and the run-time
 * check for the virtual kind.  The public sandbox API is in vsh.h. */
#ifndef VSH_SANDBOX_H
#define VSH_SANDBOX_H

#include "core/core.h"

/* Fills err with a Node fs-style message and returns code:
 *   "ENOENT: no such file or directory, open '/a/b'"
 * syscall is the Node syscall word ("open", "scandir", "mkdir", ...),
 * path is shown quoted (shortened when very long), operation is the
 * vtable verb ("read_file") and provider the sandbox kind ("virtual"). */
int sbx_fs_error(vsh_error *err, int code, const char *syscall,
                 const char *path, const char *operation, const char *provider);

/* Node's wording of a code ("no such file or directory"); static. */
const char *sbx_node_strerror(int code);

/* Resolves p against the absolute cwd into a fresh buffer (out is
 * overwritten, not disposed): POSIX lexical normalisation, no filesystem
 * access.  An empty p is cwd itself, as Node's path.resolve. */
int sbx_resolve(vsh_buf *out, const char *cwd, const char *p);

/* True when sb is a virtual sandbox (vsh_virtual_sandbox_new). */
bool sbx_is_virtual(const vsh_sandbox *sb);

#endif /* VSH_SANDBOX_H */
