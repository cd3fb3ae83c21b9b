/* stream.c: what file descriptors point at: bounded in-memory pipes,
 * capture buffers, fixed bytes, vfs files and the null device.  Pipes
 * block the writer when full and the reader when empty, waking every few
 * milliseconds to notice a cancelled exec, so a deadline or abort ends
 * any wait.  A write to a pipe whose reader is gone fails with EPIPE. */
#include "shell/shell.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <time.h>

#define WAIT_SLICE_NS (10 * 1000 * 1000)
/* A process of a real pipeline takes about a millisecond to start and
 * end, so a writer's first small writes usually land before a reader
 * that reads nothing exits (`{ echo hi; exit 5; } | false` is 5 in
 * bash); a thread here ends at once.  A write soon after the reader
 * went still goes into the buffer; later ones, or one that finds it
 * full, fail with EPIPE. */
#define READER_GONE_NS (20 * 1000 * 1000)

typedef struct sh_pipe {
  pthread_mutex_t mu;
  pthread_cond_t cv;
  char *buf;
  size_t cap, head, len;
  bool r_open, w_open;
  /* when the reader of an anonymous pipe went: writes in the next
   * READER_GONE_NS still land while there is room (below) */
  struct timespec r_gone;
} sh_pipe;

struct sh_stream {
  atomic_int rc;
  sh_stream_kind kind;
  pthread_mutex_t mu; /* BUF, BYTES, FILE */
  sh_pipe *pipe;
  vsh_buf buf; /* BUF captured bytes, BYTES data */
  size_t pos;  /* BYTES read position */
  uint64_t limit;
  vfs_file *file;
  char *path;
  /* BUF: also handed, as written, to the application (vsh_exec_opts) */
  void (*sink)(void *ud, int fd, const void *data, size_t len);
  void *sink_ud;
  int sink_fd;
  /* FIFO: the named pipe this end belongs to, and which way it opens */
  struct sh_fifo *fifo;
  bool fifo_rd, fifo_wr;
  /* FN: the application's reader */
  int64_t (*fn)(void *ud, void *buf, size_t n);
  void *fn_ud;
  bool fn_eof;
};

static sh_stream null_stream = {.rc = 1, .kind = SH_STREAM_NULL};

sh_stream *sh_stream_null(void) { return &null_stream; }

static sh_stream closed_stream = {.rc = 1, .kind = SH_STREAM_CLOSED};

sh_stream *sh_stream_closed(void) { return &closed_stream; }

static sh_stream *stream_new(sh_stream_kind kind) {
  sh_stream *s = calloc(1, sizeof(*s));
  if (!s) return NULL;
  atomic_init(&s->rc, 1);
  s->kind = kind;
  pthread_mutex_init(&s->mu, NULL);
  return s;
}

static void pipe_release(sh_pipe *p, bool reader) {
  pthread_mutex_lock(&p->mu);
  if (reader) {
    p->r_open = false;
    clock_gettime(CLOCK_MONOTONIC, &p->r_gone);
  } else {
    p->w_open = false;
  }
  bool dead = !p->r_open && !p->w_open;
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
  if (dead) {
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->buf);
    free(p);
  }
}

int sh_pipe_new(sh_stream **r, sh_stream **w, size_t cap) {
  sh_pipe *p = calloc(1, sizeof(*p));
  sh_stream *rs = stream_new(SH_STREAM_PIPE_R);
  sh_stream *ws = stream_new(SH_STREAM_PIPE_W);
  char *buf = malloc(cap ? cap : 65536);
  if (!p || !rs || !ws || !buf) {
    free(p);
    free(rs);
    free(ws);
    free(buf);
    return VSH_ENOMEM;
  }
  pthread_mutex_init(&p->mu, NULL);
  pthread_condattr_t ca;
  pthread_condattr_init(&ca);
  pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
  pthread_cond_init(&p->cv, &ca);
  pthread_condattr_destroy(&ca);
  p->buf = buf;
  p->cap = cap ? cap : 65536;
  p->r_open = p->w_open = true;
  rs->pipe = ws->pipe = p;
  *r = rs;
  *w = ws;
  return 0;
}

sh_stream *sh_stream_buf_new(uint64_t limit) {
  sh_stream *s = stream_new(SH_STREAM_BUF);
  if (s) s->limit = limit;
  return s;
}

void sh_stream_buf_sink(sh_stream *s, int fd,
                        void (*fn)(void *ud, int fd, const void *data,
                                   size_t len),
                        void *ud) {
  pthread_mutex_lock(&s->mu);
  s->sink = fn;
  s->sink_ud = ud;
  s->sink_fd = fd;
  pthread_mutex_unlock(&s->mu);
}

sh_stream *sh_stream_bytes_new(const void *data, size_t len) {
  sh_stream *s = stream_new(SH_STREAM_BYTES);
  if (!s) return NULL;
  if (vsh__buf_append(&s->buf, data, len)) {
    free(s);
    return NULL;
  }
  return s;
}

sh_stream *sh_stream_fn_new(int64_t (*fn)(void *ud, void *buf, size_t n),
                            void *ud) {
  sh_stream *s = stream_new(SH_STREAM_FN);
  if (!s) return NULL;
  s->fn = fn;
  s->fn_ud = ud;
  return s;
}

sh_stream *sh_stream_file_new(vfs_file *f, const char *path) {
  sh_stream *s = stream_new(SH_STREAM_FILE);
  if (!s) {
    vfs_file_close(f);
    return NULL;
  }
  s->file = f;
  s->path = path ? strdup(path) : NULL;
  return s;
}

static void deadline_in(struct timespec *ts, long ns);

/* ---- named pipes --------------------------------------------------------- */

/* One per named pipe that some stream has open: the ends meet in an
 * in-memory pipe.  The registry lock (fifo_mu) is taken before a pipe's
 * own lock; the counts live under the pipe's lock, where readers wait. */
typedef struct sh_fifo {
  struct sh_fifo *next;
  const void *fs;
  uint64_t ino;
  sh_pipe *pipe;
  int readers, writers;
  /* opens so far of each kind: an end waiting for the other is done
   * once one came, even if it has gone again since */
  uint64_t read_opens, write_opens;
} sh_fifo;

static pthread_mutex_t fifo_mu = PTHREAD_MUTEX_INITIALIZER;
static sh_fifo *fifos;

static void fifo_release(sh_fifo *f, bool rd, bool wr) {
  pthread_mutex_lock(&fifo_mu);
  sh_pipe *p = f->pipe;
  pthread_mutex_lock(&p->mu);
  f->readers -= rd;
  f->writers -= wr;
  p->r_open = f->readers > 0;
  p->w_open = f->writers > 0;
  bool dead = !f->readers && !f->writers;
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
  if (dead) { /* the last end: unread bytes go, as with a real fifo */
    for (sh_fifo **pp = &fifos; *pp; pp = &(*pp)->next)
      if (*pp == f) {
        *pp = f->next;
        break;
      }
    pthread_mutex_destroy(&p->mu);
    pthread_cond_destroy(&p->cv);
    free(p->buf);
    free(p);
    free(f);
  }
  pthread_mutex_unlock(&fifo_mu);
}

int sh_stream_fifo_open(const void *fs, uint64_t ino, bool rd, bool wr,
                        sh_exec *ex, sh_stream **out) {
  *out = NULL;
  sh_stream *s = stream_new(wr && !rd ? SH_STREAM_PIPE_W : SH_STREAM_PIPE_R);
  if (!s) return VSH_ENOMEM;
  pthread_mutex_lock(&fifo_mu);
  sh_fifo *f = fifos;
  while (f && (f->fs != fs || f->ino != ino)) f = f->next;
  if (!f) {
    sh_stream *r = NULL, *w = NULL;
    f = calloc(1, sizeof(*f));
    if (!f || sh_pipe_new(&r, &w, 0)) {
      pthread_mutex_unlock(&fifo_mu);
      free(f);
      free(s);
      return VSH_ENOMEM;
    }
    f->pipe = r->pipe; /* the pipe, without the two streams made with it */
    free(r);
    free(w);
    f->pipe->r_open = f->pipe->w_open = false;
    f->fs = fs;
    f->ino = ino;
    f->next = fifos;
    fifos = f;
  }
  sh_pipe *p = f->pipe;
  pthread_mutex_lock(&p->mu);
  f->readers += rd;
  f->writers += wr;
  f->read_opens += rd;
  f->write_opens += wr;
  uint64_t r0 = f->read_opens, w0 = f->write_opens;
  p->r_open = f->readers > 0;
  p->w_open = f->writers > 0;
  pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&fifo_mu);
  s->pipe = p;
  s->fifo = f;
  s->fifo_rd = rd;
  s->fifo_wr = wr;
  /* opening one end waits for the other, as open(2) on a fifo does;
   * <> (both) never waits */
  int rc = 0;
  while ((rd && !wr && f->writers == 0 && f->write_opens == w0) ||
         (wr && !rd && f->readers == 0 && f->read_opens == r0)) {
    if (ex && sh_exec_cancelled(ex)) {
      rc = VSH_EABORTED;
      break;
    }
    struct timespec ts;
    deadline_in(&ts, WAIT_SLICE_NS);
    pthread_cond_timedwait(&p->cv, &p->mu, &ts);
  }
  pthread_mutex_unlock(&p->mu);
  if (rc) {
    sh_stream_unref(s);
    return rc;
  }
  *out = s;
  return 0;
}

sh_stream *sh_stream_ref(sh_stream *s) {
  if (s && s != &null_stream && s != &closed_stream)
    atomic_fetch_add(&s->rc, 1);
  return s;
}

void sh_stream_unref(sh_stream *s) {
  if (!s || s == &null_stream || s == &closed_stream) return;
  if (atomic_fetch_sub(&s->rc, 1) != 1) return;
  if (s->fifo) fifo_release(s->fifo, s->fifo_rd, s->fifo_wr);
  else if (s->pipe) pipe_release(s->pipe, s->kind == SH_STREAM_PIPE_R);
  if (s->file) vfs_file_close(s->file);
  free(s->path);
  vsh_buf_dispose(&s->buf);
  pthread_mutex_destroy(&s->mu);
  free(s);
}

sh_stream_kind sh_stream_kind_of(const sh_stream *s) { return s->kind; }

const vsh_buf *sh_stream_buf_data(sh_stream *s) { return &s->buf; }

vfs_file *sh_stream_file(sh_stream *s) { return s ? s->file : NULL; }

static void deadline_in(struct timespec *ts, long ns) {
  clock_gettime(CLOCK_MONOTONIC, ts);
  ts->tv_nsec += ns;
  if (ts->tv_nsec >= 1000000000L) {
    ts->tv_sec++;
    ts->tv_nsec -= 1000000000L;
  }
}

static int64_t pipe_read(sh_pipe *p, char *out, size_t n, sh_exec *ex) {
  pthread_mutex_lock(&p->mu);
  while (p->len == 0 && p->w_open) {
    if (ex && sh_exec_cancelled(ex)) {
      pthread_mutex_unlock(&p->mu);
      return VSH_EABORTED;
    }
    struct timespec ts;
    deadline_in(&ts, WAIT_SLICE_NS);
    pthread_cond_timedwait(&p->cv, &p->mu, &ts);
  }
  size_t got = p->len < n ? p->len : n;
  for (size_t done = 0; done < got;) {
    size_t chunk = p->cap - p->head;
    if (chunk > got - done) chunk = got - done;
    memcpy(out + done, p->buf + p->head, chunk);
    p->head = (p->head + chunk) % p->cap;
    done += chunk;
  }
  p->len -= got;
  if (got) pthread_cond_broadcast(&p->cv);
  pthread_mutex_unlock(&p->mu);
  return (int64_t)got;
}

static bool reader_just_gone(const sh_pipe *p) {
  if (!p->r_gone.tv_sec && !p->r_gone.tv_nsec) return false; /* a fifo */
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  int64_t ns = (int64_t)(now.tv_sec - p->r_gone.tv_sec) * 1000000000 +
               (now.tv_nsec - p->r_gone.tv_nsec);
  return ns < READER_GONE_NS;
}

static int pipe_write(sh_pipe *p, const char *in, size_t n, sh_exec *ex) {
  pthread_mutex_lock(&p->mu);
  while (n) {
    if (!p->r_open && (p->len == p->cap || !reader_just_gone(p))) {
      pthread_mutex_unlock(&p->mu);
      return VSH_EPIPE;
    }
    if (p->len == p->cap) {
      if (ex && sh_exec_cancelled(ex)) {
        pthread_mutex_unlock(&p->mu);
        return VSH_EABORTED;
      }
      struct timespec ts;
      deadline_in(&ts, WAIT_SLICE_NS);
      pthread_cond_timedwait(&p->cv, &p->mu, &ts);
      continue;
    }
    size_t tail = (p->head + p->len) % p->cap;
    size_t room = p->cap - p->len;
    size_t chunk = p->cap - tail;
    if (chunk > room) chunk = room;
    if (chunk > n) chunk = n;
    memcpy(p->buf + tail, in, chunk);
    p->len += chunk;
    in += chunk;
    n -= chunk;
    pthread_cond_broadcast(&p->cv);
  }
  pthread_mutex_unlock(&p->mu);
  return 0;
}

static bool ts_before(const struct timespec *a, const struct timespec *b) {
  return a->tv_sec < b->tv_sec ||
         (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

int sh_stream_wait_readable(sh_stream *s, sh_exec *ex,
                            const struct timespec *until) {
  sh_pipe *p = s->fifo                       ? (s->fifo_rd ? s->pipe : NULL)
               : s->kind == SH_STREAM_PIPE_R ? s->pipe
                                             : NULL;
  if (!p) return 1; /* files, strings and /dev/null never block */
  int rc = 1;
  pthread_mutex_lock(&p->mu);
  while (p->len == 0 && p->w_open) {
    if (ex && sh_exec_cancelled(ex)) {
      rc = VSH_EABORTED;
      break;
    }
    struct timespec now, ts;
    clock_gettime(CLOCK_MONOTONIC, &now);
    if (!until || !ts_before(&now, until)) {
      rc = 0;
      break;
    }
    deadline_in(&ts, WAIT_SLICE_NS);
    if (ts_before(until, &ts)) ts = *until;
    pthread_cond_timedwait(&p->cv, &p->mu, &ts);
  }
  pthread_mutex_unlock(&p->mu);
  return rc;
}

int64_t sh_stream_read(sh_stream *s, void *buf, size_t n, sh_exec *ex) {
  if (n == 0) return 0;
  /* every read is work, and where a reader that never sees the end of
   * its input (read < /dev/zero) meets the deadline */
  if (ex && sh_exec_charge(ex, 1)) return VSH_EABORTED;
  if (s->fifo) return s->fifo_rd ? pipe_read(s->pipe, buf, n, ex) : VSH_EBADF;
  switch (s->kind) {
  case SH_STREAM_NULL: return 0;
  case SH_STREAM_PIPE_R: return pipe_read(s->pipe, buf, n, ex);
  case SH_STREAM_BYTES: {
    pthread_mutex_lock(&s->mu);
    size_t left = s->buf.len - s->pos;
    size_t got = left < n ? left : n;
    memcpy(buf, s->buf.data + s->pos, got);
    s->pos += got;
    pthread_mutex_unlock(&s->mu);
    return (int64_t)got;
  }
  case SH_STREAM_FILE: {
    pthread_mutex_lock(&s->mu);
    int64_t r = vfs_file_read(s->file, buf, n);
    pthread_mutex_unlock(&s->mu);
    return r;
  }
  case SH_STREAM_FN: {
    pthread_mutex_lock(&s->mu);
    int64_t r = s->fn_eof ? 0 : s->fn(s->fn_ud, buf, n);
    if (r == 0) s->fn_eof = true; /* the end stays the end */
    pthread_mutex_unlock(&s->mu);
    return r > (int64_t)n ? (int64_t)n : r;
  }
  default: return VSH_EBADF;
  }
}

bool sh_stream_seekable(const sh_stream *s) {
  return !s->fifo && (s->kind == SH_STREAM_BYTES || s->kind == SH_STREAM_FILE);
}

int sh_stream_unread(sh_stream *s, size_t n) {
  if (!sh_stream_seekable(s)) return VSH_EINVAL;
  int rc = 0;
  pthread_mutex_lock(&s->mu);
  if (s->kind == SH_STREAM_BYTES) {
    if (n <= s->pos) s->pos -= n;
    else rc = VSH_EINVAL;
  } else if (vfs_file_seek(s->file, -(int64_t)n, SEEK_CUR) < 0) {
    rc = VSH_EINVAL;
  }
  pthread_mutex_unlock(&s->mu);
  return rc;
}

int sh_stream_write(sh_stream *s, const void *buf, size_t n, sh_exec *ex) {
  if (n == 0) return 0;
  /* every write is work: 1 unit, and 1 more per 256 bytes (so a writer
   * to /dev/null still meets the work budget) */
  if (ex && sh_exec_charge(ex, 1 + n / 256)) return VSH_EABORTED;
  if (s->fifo) return s->fifo_wr ? pipe_write(s->pipe, buf, n, ex) : VSH_EBADF;
  switch (s->kind) {
  case SH_STREAM_NULL: return 0;
  case SH_STREAM_PIPE_W: return pipe_write(s->pipe, buf, n, ex);
  case SH_STREAM_BUF: {
    int rc = 0;
    pthread_mutex_lock(&s->mu);
    if (s->limit && s->buf.len + n > s->limit) rc = VSH_ELIMIT;
    else rc = vsh__buf_append(&s->buf, buf, n);
    if (!rc && s->sink && n) s->sink(s->sink_ud, s->sink_fd, buf, n);
    pthread_mutex_unlock(&s->mu);
    if (rc == VSH_ELIMIT && ex)
      sh_exec_limit(ex, "output limit exceeded (%llu bytes)",
                    (unsigned long long)s->limit);
    return rc;
  }
  case SH_STREAM_FILE: {
    pthread_mutex_lock(&s->mu);
    int64_t r = vfs_file_write(s->file, buf, n);
    pthread_mutex_unlock(&s->mu);
    return r < 0 ? (int)r : 0;
  }
  default: return VSH_EBADF;
  }
}

void sh_stream_set_limit(sh_stream *s, uint64_t limit) {
  pthread_mutex_lock(&s->mu);
  s->limit = limit;
  pthread_mutex_unlock(&s->mu);
}
