/* hash.h: the only way vsh uses uthash (and the only includer of
 * <uthash.h>).  Out-of-memory is non-fatal and every table allocation goes
 * through the vsh allocator hook.
 *
 * Contract: each macro call site must have a variable named `vsh_hash_al`
 * of type `const vsh_allocator *` in scope (NULL means the default
 * allocator); uthash's own malloc/free expand to vsh__malloc/vsh__free on
 * it.  Use the same allocator for every operation on one table.
 *
 * Usage:
 *   typedef struct entry { char *name; int value; UT_hash_handle hh; } entry;
 *   const vsh_allocator *vsh_hash_al = ctx->al;
 *   entry *table = NULL, *e = ...;
 *   HASH_ADD_KEYPTR(hh, table, e->name, strlen(e->name), e);
 *   if (!VSH_HASH_ADDED(e)) { free e; return VSH_ENOMEM; }
 *   HASH_FIND(hh, table, key, keylen, e);
 *   HASH_DEL(table, e);
 *   HASH_CLEAR(hh, table);  // frees the table, not the entries
 *
 * After a failed add the entry is not in the table, the table is intact,
 * and e->hh.tbl is NULL: that is what VSH_HASH_ADDED tests.  A failed
 * bucket expansion is not an error (the table stays correct, only
 * slower). */
#ifndef VSH_CORE_HASH_H
#define VSH_CORE_HASH_H

#include "core/core.h"

#include <string.h>

#define HASH_NONFATAL_OOM 1
#define uthash_malloc(sz) vsh__malloc(vsh_hash_al, (sz))
#define uthash_free(ptr, sz) vsh__free(vsh_hash_al, (ptr), (sz))

#include <uthash.h>

/* True when the last HASH_ADD* of elt (using handle field hh) succeeded. */
#define VSH_HASH_ADDED(elt) ((elt)->hh.tbl != NULL)
/* Same, for a handle field with another name. */
#define VSH_HASH_ADDED_HH(hh, elt) ((elt)->hh.tbl != NULL)

#endif /* VSH_CORE_HASH_H */
