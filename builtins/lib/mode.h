/* mode.h: a file's metadata as ls, stat, find and du show it (mode
 * strings, type letters, blocks, owners, human sizes) and chmod's modes.
 * Part of the command library (lib.h). */
#ifndef VSH_BUILTINS_LIB_MODE_H
#define VSH_BUILTINS_LIB_MODE_H

#include "shell/command.h"

/* "drwxr-xr-x" (10 chars + NUL). */
void bi_mode_string(const vfs_info *st, char out[11]);
/* ls's type letter: '-', 'd', 'l', 'c', 'p'. */
char bi_type_char(vfs_type t);
/* 512-byte blocks as a 4 KiB-block filesystem would report them. */
uint64_t bi_blocks(const vfs_info *st);
/* The name of a uid ("root", "user"), NULL for one without a name. */
const char *bi_user_name(uint32_t uid);
/* The name of a gid ("root", "user"), NULL for one without a name. */
const char *bi_group_name(uint32_t gid);
/* "1.5K", "12M" as ls -h / du -h print them (ceiling, powers of 1024). */
void bi_human_size(uint64_t n, char *out, size_t cap);
/* Parses a chmod mode ("755", "u+x,go-w", "a=r") against an old mode;
 * is_dir matters for X.  false if invalid. */
bool bi_parse_mode(const char *s, unsigned old, bool is_dir, unsigned umask,
                   unsigned *out);

#endif /* VSH_BUILTINS_LIB_MODE_H */
