/* glob.h: private to net/: curl's URL globbing (glob.c). */
#ifndef VSH_NET_GLOB_H
#define VSH_NET_GLOB_H

#include "core/core.h"

#define NET_GLOB_MAX 100000 /* URLs one operand may expand to */

typedef struct net_glob_part {
  bool pattern; /* a {set} or [range]; else one literal item */
  char **items;
  size_t n, cap;
} net_glob_part;

typedef struct net_glob {
  net_glob_part *parts;
  size_t nparts;
  size_t npat;   /* how many parts are patterns */
  size_t total;  /* URLs it expands to */
  char err[64];  /* curl's wording ("bad range", ...) */
  size_t errpos; /* 1-based position curl reports */
} net_glob;

/* 0, 1 with err/errpos filled (a malformed pattern), or VSH_ENOMEM. */
int net_glob_parse(net_glob *g, const char *url);
/* Appends URL number idx (< total) to url; vals (npat entries) receive
 * each pattern's value, borrowed from g. */
int net_glob_get(const net_glob *g, size_t idx, vsh_buf *url,
                 const char **vals);
/* An -o name with #N replaced by the Nth value. */
int net_glob_name(const char *pattern, const char **vals, size_t nvals,
                  vsh_buf *out);
void net_glob_dispose(net_glob *g);

#endif /* VSH_NET_GLOB_H */
