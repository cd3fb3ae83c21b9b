/* adapter_int.h: private to sandbox/: what the adapter layer's wrappers
 * share (driver, scope, bashlike, local, tools): wall-clock stamps, a
 * "watch" that merges a caller's signal with a deadline into one signal,
 * env copies for worker threads, and the parent-retrying write. */
#ifndef VSH_ADAPTER_INT_H
#define VSH_ADAPTER_INT_H

#include "sandbox/sandbox.h"

#include <pthread.h>

/* A merged signal: fires when the caller's fires (with its reason) or,
 * if timeout_ms > 0, when the deadline passes (timed_out is then set
 * first).  Start and stop on one thread; stop joins the timer. */
typedef struct sbx_watch {
  vsh_signal *merged;
  vsh_signal *caller; /* borrowed */
  uint64_t token;
  vsh_signal *stop;
  pthread_t timer;
  bool has_timer;
  int64_t timeout_ms;
  atomic_bool timed_out;
} sbx_watch;
int sbx_watch_start(sbx_watch *w, vsh_signal *caller, int64_t timeout_ms);
void sbx_watch_stop(sbx_watch *w);

void sbx_now(struct timespec *out); /* CLOCK_REALTIME */

/* A deep copy of a NULL-terminated "K=V" list (NULL stays NULL). */
int sbx_env_copy(char ***out, const char *const *env);
void sbx_env_free(char **env);

/* Fills err with VSH_EABORTED and the signal's reason. */
int sbx_aborted(vsh_error *err, vsh_signal *sig, const char *op,
                const char *provider);

/* Makes sure a failed callee left a message: a vtable or driver that
 * returned rc without filling err gets the generic wording. */
int sbx_ensure_error(vsh_error *err, int rc, const char *op,
                     const char *provider);

/* Path prefix of the packaged-skill overlay. */
#define SBX_SKILL_ROOT "/.flue/packaged-skills/"

#endif /* VSH_ADAPTER_INT_H */
