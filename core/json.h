/* json.h: a minimal JSON reader and escaping writer for tool parameters
 * and details.  The parser is strict RFC 8259 (no comments, no trailing
 * commas), caps nesting at VSH_JSON_MAX_DEPTH, and keeps strings as
 * UTF-8 bytes (\u escapes decoded, surrogate pairs joined). */
#ifndef VSH_JSON_H
#define VSH_JSON_H

#include "core/core.h"

#define VSH_JSON_MAX_DEPTH 64

typedef enum vsh_json_type {
  VSH_JSON_NULL,
  VSH_JSON_BOOL,
  VSH_JSON_NUMBER,
  VSH_JSON_STRING,
  VSH_JSON_ARRAY,
  VSH_JSON_OBJECT
} vsh_json_type;

typedef struct vsh_json vsh_json;
struct vsh_json {
  vsh_json_type type;
  bool boolean;
  double number;
  char *str; /* STRING: NUL-terminated bytes (may hold NULs), len below */
  size_t len;
  vsh_json **items; /* ARRAY and OBJECT values */
  char **keys;      /* OBJECT keys, parallel to items */
  size_t n;
};

/* Parses text[0..len).  On failure returns VSH_EINVAL (or VSH_ENOMEM)
 * and fills err with the byte offset and the cause. */
int vsh__json_parse(vsh_json **out, const char *text, size_t len,
                    vsh_error *err);
void vsh__json_free(vsh_json *v);
/* The member named key of an object (the last one wins), or NULL. */
const vsh_json *vsh__json_get(const vsh_json *obj, const char *key);
/* Appends s[0..n) as a quoted JSON string. */
int vsh__json_put_string(vsh_buf *b, const char *s, size_t n);

#endif /* VSH_JSON_H */
