/* net.h: the network policy as other folders see it.  A net_policy is an
 * immutable copy of a vsh_network_opts (the allowlist parsed once) plus
 * the pool of idle libcurl handles that lets one shell reuse connections;
 * the shell owns one and curl/wget reach it through their bi_ctx. */
#ifndef VSH_NET_H
#define VSH_NET_H

#include "vsh.h"

typedef struct net_policy net_policy;

/* Copies o (NULL or a zeroed struct: no network).  A malformed prefix or
 * an unknown version fails with VSH_EINVAL and a message naming it. */
int net_policy_new(net_policy **out, const vsh_network_opts *o, vsh_error *err);
void net_policy_free(net_policy *p);
/* The options the policy was made from, pointing into the policy's own
 * copies (valid while p lives): how a sandbox hands them to its shell. */
const vsh_network_opts *net_policy_opts(const net_policy *p);

#endif /* VSH_NET_H */
