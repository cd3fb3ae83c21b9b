/* signal.c: vsh_signal, the AbortSignal of the C API.  Refcounted with
 * atomics; a mutex + CLOCK_MONOTONIC condvar guard the reason and the
 * listener list.  The first abort wins; each listener runs exactly once,
 * on the aborting thread (or at once in vsh_signal_on if already fired),
 * and never while the lock is held, so a listener may call back in. */
#include "core/core.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>

#define DEFAULT_REASON "This operation was aborted"

typedef struct listener {
  struct listener *next;
  uint64_t token;
  void (*cb)(void *ud);
  void *ud;
} listener;

struct vsh_signal {
  vsh_refcount refs;
  atomic_bool aborted; /* read without the lock by vsh_signal_aborted */
  pthread_mutex_t mu;
  pthread_cond_t cv; /* broadcast on abort and when firing ends */
  char *reason;      /* set once, under mu, before aborted becomes true */
  listener *listeners;
  uint64_t next_token;
  bool firing; /* listeners detached but not all called yet */
  pthread_t firing_thread;
};

vsh_signal *vsh_signal_new(void) {
  vsh_signal *s = vsh__calloc(NULL, sizeof *s);
  pthread_condattr_t ca;
  bool ca_ok = false, mu_ok = false;

  if (!s) return NULL;
  atomic_init(&s->refs, 1);
  atomic_init(&s->aborted, false);
  s->next_token = 1;
  if (pthread_mutex_init(&s->mu, NULL) != 0) goto fail;
  mu_ok = true;
  if (pthread_condattr_init(&ca) != 0) goto fail;
  ca_ok = true;
  /* Waits must not stretch or shrink when the wall clock is set. */
  if (pthread_condattr_setclock(&ca, CLOCK_MONOTONIC) != 0 ||
      pthread_cond_init(&s->cv, &ca) != 0)
    goto fail;
  pthread_condattr_destroy(&ca);
  return s;

fail:
  if (ca_ok) pthread_condattr_destroy(&ca);
  if (mu_ok) pthread_mutex_destroy(&s->mu);
  vsh__free(NULL, s, sizeof *s);
  return NULL;
}

vsh_signal *vsh_signal_ref(vsh_signal *s) {
  if (s) atomic_fetch_add_explicit(&s->refs, 1, memory_order_relaxed);
  return s;
}

void vsh_signal_unref(vsh_signal *s) {
  listener *l, *next;

  if (!s || atomic_fetch_sub_explicit(&s->refs, 1, memory_order_acq_rel) != 1)
    return;
  for (l = s->listeners; l; l = next) {
    next = l->next;
    vsh__free(NULL, l, sizeof *l);
  }
  if (s->reason) vsh__free(NULL, s->reason, strlen(s->reason) + 1);
  pthread_cond_destroy(&s->cv);
  pthread_mutex_destroy(&s->mu);
  vsh__free(NULL, s, sizeof *s);
}

void vsh_signal_abort(vsh_signal *s, const char *reason) {
  listener *list, *l, *next, *rev = NULL;
  const char *r = reason ? reason : DEFAULT_REASON;

  if (!s) return;
  pthread_mutex_lock(&s->mu);
  if (atomic_load(&s->aborted)) {
    pthread_mutex_unlock(&s->mu);
    return;
  }
  /* Out of memory only loses the custom text: the abort itself must
   * still happen, so fall back to the default (static) reason. */
  s->reason = vsh__strndup(NULL, r, strlen(r));
  atomic_store(&s->aborted, true);
  list = s->listeners;
  s->listeners = NULL;
  s->firing = list != NULL;
  s->firing_thread = pthread_self();
  pthread_cond_broadcast(&s->cv);
  pthread_mutex_unlock(&s->mu);

  /* Registration order is the order callers expect listeners to run. */
  for (l = list; l; l = next) {
    next = l->next;
    l->next = rev;
    rev = l;
  }
  for (l = rev; l; l = next) {
    next = l->next;
    l->cb(l->ud);
    vsh__free(NULL, l, sizeof *l);
  }
  if (list) {
    pthread_mutex_lock(&s->mu);
    s->firing = false;
    pthread_cond_broadcast(&s->cv);
    pthread_mutex_unlock(&s->mu);
  }
}

bool vsh_signal_aborted(const vsh_signal *s) {
  return s && atomic_load(&((vsh_signal *)s)->aborted);
}

bool vsh_signal_reason(const vsh_signal *s, char *buf, size_t n) {
  vsh_signal *m = (vsh_signal *)s; /* the lock is not part of the value */
  const char *r;
  size_t len;

  if (!m || !atomic_load(&m->aborted)) return false;
  if (buf && n > 0) {
    pthread_mutex_lock(&m->mu);
    r = m->reason ? m->reason : DEFAULT_REASON;
    len = strlen(r);
    if (len >= n) len = n - 1;
    memcpy(buf, r, len);
    buf[len] = '\0';
    pthread_mutex_unlock(&m->mu);
  }
  return true;
}

uint64_t vsh_signal_on(vsh_signal *s, void (*cb)(void *ud), void *ud) {
  listener *l;
  uint64_t token;

  if (!s || !cb) return 0;
  pthread_mutex_lock(&s->mu);
  token = s->next_token++;
  if (atomic_load(&s->aborted)) {
    pthread_mutex_unlock(&s->mu);
    cb(ud);
    return token;
  }
  l = vsh__malloc(NULL, sizeof *l);
  if (!l) {
    pthread_mutex_unlock(&s->mu);
    return 0;
  }
  l->token = token;
  l->cb = cb;
  l->ud = ud;
  l->next = s->listeners;
  s->listeners = l;
  pthread_mutex_unlock(&s->mu);
  return token;
}

void vsh_signal_off(vsh_signal *s, uint64_t token) {
  listener **pp, *gone = NULL;

  if (!s || token == 0) return;
  pthread_mutex_lock(&s->mu);
  for (pp = &s->listeners; *pp; pp = &(*pp)->next) {
    if ((*pp)->token == token) {
      gone = *pp;
      *pp = gone->next;
      break;
    }
  }
  /* Once off returns the callback is not running, so the caller may free
   * ud; a listener turning itself off from inside the callback must not
   * wait for its own return. */
  while (!gone && s->firing && !pthread_equal(s->firing_thread, pthread_self()))
    pthread_cond_wait(&s->cv, &s->mu);
  pthread_mutex_unlock(&s->mu);
  if (gone) vsh__free(NULL, gone, sizeof *gone);
}

bool vsh_signal_wait(vsh_signal *s, int64_t timeout_ms) {
  struct timespec until;
  bool aborted;
  int rc = 0;

  if (!s) return false;
  if (atomic_load(&s->aborted) || timeout_ms == 0)
    return atomic_load(&s->aborted);
  if (timeout_ms > 0) {
    clock_gettime(CLOCK_MONOTONIC, &until);
    until.tv_sec += (time_t)(timeout_ms / 1000);
    until.tv_nsec += (long)(timeout_ms % 1000) * 1000000L;
    if (until.tv_nsec >= 1000000000L) {
      until.tv_sec++;
      until.tv_nsec -= 1000000000L;
    }
  }
  pthread_mutex_lock(&s->mu);
  while (!atomic_load(&s->aborted) && rc != ETIMEDOUT) {
    if (timeout_ms < 0) pthread_cond_wait(&s->cv, &s->mu);
    else rc = pthread_cond_timedwait(&s->cv, &s->mu, &until);
  }
  aborted = atomic_load(&s->aborted);
  pthread_mutex_unlock(&s->mu);
  return aborted;
}
