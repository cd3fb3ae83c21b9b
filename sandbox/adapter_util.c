/* adapter_util.c: helpers the adapter wrappers share: the merged
 * caller-signal-plus-deadline watch (a timer thread that aborts the
 * merged signal when the deadline passes), env copies and error fills. */
#include "sandbox/adapter_int.h"

#include <stdio.h>
#include <string.h>

void sbx_now(struct timespec *out) { clock_gettime(CLOCK_REALTIME, out); }

static void forward_abort(void *ud) {
  sbx_watch *w = ud;
  char reason[512];

  if (!vsh_signal_reason(w->caller, reason, sizeof reason))
    snprintf(reason, sizeof reason, "%s", vsh_strerror(VSH_EABORTED));
  vsh_signal_abort(w->merged, reason);
}

static void *timer_main(void *ud) {
  sbx_watch *w = ud;
  char reason[96];

  if (!vsh_signal_wait(w->stop, w->timeout_ms) &&
      !vsh_signal_aborted(w->merged)) {
    atomic_store(&w->timed_out, true);
    snprintf(reason, sizeof reason, "The operation timed out after %lld ms",
             (long long)w->timeout_ms);
    vsh_signal_abort(w->merged, reason);
  }
  return NULL;
}

int sbx_watch_start(sbx_watch *w, vsh_signal *caller, int64_t timeout_ms) {
  memset(w, 0, sizeof *w);
  atomic_init(&w->timed_out, false);
  w->caller = caller;
  w->timeout_ms = timeout_ms;
  if (!(w->merged = vsh_signal_new())) return VSH_ENOMEM;
  if (caller && !(w->token = vsh_signal_on(caller, forward_abort, w)))
    goto fail;
  if (timeout_ms > 0) {
    if (!(w->stop = vsh_signal_new())) goto fail;
    if (pthread_create(&w->timer, NULL, timer_main, w) != 0) goto fail;
    w->has_timer = true;
  }
  return 0;

fail:
  sbx_watch_stop(w);
  return VSH_ENOMEM;
}

void sbx_watch_stop(sbx_watch *w) {
  if (w->caller && w->token) vsh_signal_off(w->caller, w->token);
  w->token = 0;
  if (w->has_timer) {
    vsh_signal_abort(w->stop, "stopped");
    pthread_join(w->timer, NULL);
    w->has_timer = false;
  }
  vsh_signal_unref(w->stop);
  vsh_signal_unref(w->merged);
  w->stop = w->merged = NULL;
}

int sbx_env_copy(char ***out, const char *const *env) {
  size_t n = 0, i;
  char **v;

  *out = NULL;
  if (!env) return 0;
  while (env[n]) n++;
  if (!(v = vsh__calloc(NULL, (n + 1) * sizeof *v))) return VSH_ENOMEM;
  for (i = 0; i < n; i++) {
    if (!(v[i] = vsh__strndup(NULL, env[i], strlen(env[i])))) {
      sbx_env_free(v);
      return VSH_ENOMEM;
    }
  }
  *out = v;
  return 0;
}

void sbx_env_free(char **env) {
  size_t n = 0, i;

  if (!env) return;
  while (env[n]) n++;
  for (i = 0; i < n; i++) vsh__free(NULL, env[i], strlen(env[i]) + 1);
  vsh__free(NULL, env, (n + 1) * sizeof *env);
}

int sbx_aborted(vsh_error *err, vsh_signal *sig, const char *op,
                const char *provider) {
  char reason[512];

  if (!vsh_signal_reason(sig, reason, sizeof reason))
    snprintf(reason, sizeof reason, "%s", vsh_strerror(VSH_EABORTED));
  vsh__error_set(err, VSH_EABORTED, "%s", reason);
  vsh__error_meta(err, op, provider, NULL);
  return VSH_EABORTED;
}

int sbx_ensure_error(vsh_error *err, int rc, const char *op,
                     const char *provider) {
  if (err && err->code != rc) {
    vsh__error_set(err, rc, "%s failed: %s", op, vsh_strerror(rc));
    vsh__error_meta(err, op, provider, NULL);
  }
  return rc;
}
