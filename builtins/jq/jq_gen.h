/* jq_gen.h: the generators of jq_gen.c that the builtin table of
 * jq_builtins.c names (they take their arguments as closures). */
#ifndef VSH_JQ_GEN_H
#define VSH_JQ_GEN_H

#include "builtins/jq/jq_int.h"

int g_empty(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_select(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
int g_path(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_getpath(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud);
int g_range(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_limit(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_first(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_last(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_isempty(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud);
int g_recurse(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud);
int g_while(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_until(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_repeat(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
int g_sort_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
              void *ud);
int g_group_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
               void *ud);
int g_unique_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
                void *ud);
int g_min_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
int g_max_by(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
int g_input(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_inputs(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
int g_debug(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k, void *ud);
int g_debug1(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
int g_stderr(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
             void *ud);
int g_tostream(jq_st *st, jq_node *c, jv in, jv path, jq_env *e, jq_k k,
               void *ud);
/* value functions of jq_builtins.c the generators call */
jv f_min_by_impl(jq_st *st, jv in, jv *a);
jv f_max_by_impl(jq_st *st, jv in, jv *a);

#endif /* VSH_JQ_GEN_H */
