/* net.h: the Node addon's network option (net.c). */
#ifndef VSH_NODE_NET_H
#define VSH_NODE_NET_H

#include <node_api.h>
#include <stdbool.h>

#include "vsh.h"

typedef struct node_net {
  vsh_network_opts o;
  vsh_net_prefix *pre;
  char ***entries; /* per prefix: url, then "Name: value" lines */
  char **methods;
  uint32_t n;
} node_net;

/* Fills j from index.js's {prefixes: [[url, header...]], methods, full,
 * allowPrivate, maxRedirects, timeoutMs, maxResponseSize}.  false after
 * throwing; node_net_free in both cases. */
bool node_net_get(napi_env env, napi_value nv, node_net *j);
void node_net_free(node_net *j);

#endif /* VSH_NODE_NET_H */
