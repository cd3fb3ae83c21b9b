/* fork_bench.c: cost of vsh_fs_fork on a seeded image (10,000 files in 100
 * directories), the operation every new sandbox pays.  Time is the median
 * of 1000 forks; memory comes from a counting allocator in vsh_fs_opts, so
 * it is what the filesystem itself allocates, headers excluded. */
#include "vsh.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define DIRS 100
#define FILES_PER_DIR 100
#define ROUNDS 1000

typedef struct counter {
  size_t live;
} counter;

/* Keeps each block's size in a header: the numbers must not depend on the
 * library passing the right osize. */
static void *counting_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  counter *c = ud;
  (void)osize;
  size_t old = 0;
  char *base = NULL;
  if (ptr) {
    base = (char *)ptr - 16;
    memcpy(&old, base, sizeof old);
  }
  if (nsize == 0) {
    free(base);
    c->live -= old;
    return NULL;
  }
  char *nb = realloc(base, nsize + 16);
  if (!nb) return NULL;
  memcpy(nb, &nsize, sizeof nsize);
  c->live = c->live - old + nsize;
  return nb + 16;
}

static long long now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static int cmp_ll(const void *a, const void *b) {
  long long x = *(const long long *)a, y = *(const long long *)b;
  return (x > y) - (x < y);
}

static long long median(long long *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_ll);
  return v[n / 2];
}

static void die(const char *what, int rc, const vsh_error *err) {
  fprintf(stderr, "fork_bench: %s: %s %s\n", what, vsh_strerror(rc),
          err ? err->message : "");
  exit(1);
}

int main(void) {
  counter cnt = {0};
  vsh_allocator al = {counting_alloc, &cnt};
  vsh_fs_opts opts = {.alloc = &al};
  vsh_error err = {0};
  vsh_fs *image = NULL;
  int rc = vsh_fs_new(&image, &opts, &err);
  if (rc) die("vsh_fs_new", rc, &err);

  long long t0 = now_ns();
  char path[64], data[64];
  for (int d = 0; d < DIRS; d++) {
    for (int f = 0; f < FILES_PER_DIR; f++) {
      snprintf(path, sizeof path, "/data/d%02d/f%03d.txt", d, f);
      int n = snprintf(data, sizeof data, "file %d of directory %d\n", f, d);
      if ((rc = vsh_fs_write(image, path, data, (size_t)n, 0644, &err)))
        die("vsh_fs_write", rc, &err);
    }
  }
  long long seed_ns = now_ns() - t0;
  int files = DIRS * FILES_PER_DIR;
  printf("seed of %d-file image: %.1f ms, %zu bytes\n", files, seed_ns / 1e6,
         cnt.live);

  static long long fork_ns[ROUNDS], write_ns[ROUNDS];
  static long long fork_mem[ROUNDS], write_mem[ROUNDS];
  for (int i = 0; i < ROUNDS; i++) {
    vsh_fs *child = NULL;
    size_t before = cnt.live;
    t0 = now_ns();
    rc = vsh_fs_fork(&child, image, &err);
    fork_ns[i] = now_ns() - t0;
    if (rc) die("vsh_fs_fork", rc, &err);
    fork_mem[i] = (long long)(cnt.live - before);

    /* one small write into a deep file: copies the path root->leaf only */
    snprintf(path, sizeof path, "/data/d%02d/f%03d.txt", i % DIRS,
             (i * 7) % FILES_PER_DIR);
    t0 = now_ns();
    rc = vsh_fs_write(child, path, "changed\n", 8, 0644, &err);
    write_ns[i] = now_ns() - t0 + fork_ns[i];
    if (rc) die("vsh_fs_write in fork", rc, &err);
    write_mem[i] = (long long)(cnt.live - before);
    vsh_fs_free(child);
  }
  printf("fork of %d-file image: %lld ns, %lld bytes\n", files,
         median(fork_ns, ROUNDS), median(fork_mem, ROUNDS));
  printf("fork + one small write: %lld ns, %lld bytes\n",
         median(write_ns, ROUNDS), median(write_mem, ROUNDS));

  /* many live forks at once: what N sandboxes on one image cost */
  static vsh_fs *live[ROUNDS];
  size_t before = cnt.live;
  for (int i = 0; i < ROUNDS; i++)
    if ((rc = vsh_fs_fork(&live[i], image, &err))) die("vsh_fs_fork", rc, &err);
  printf("%d live forks: %zu bytes each\n", ROUNDS,
         (cnt.live - before) / ROUNDS);
  for (int i = 0; i < ROUNDS; i++) vsh_fs_free(live[i]);
  vsh_fs_free(image);
  if (cnt.live != 0)
    printf("warning: %zu bytes still allocated after free\n", cnt.live);
  return 0;
}
