/* tsort.c: GNU tsort: a topological sort of the pairs of whitespace-
 * separated tokens read from FILE (or stdin), by Knuth's algorithm T as
 * GNU runs it: items with no predecessors are taken in byte order of
 * their names, each item's successors newest first, and a loop is
 * reported ("input contains a loop:" and its members on stderr), broken
 * at one relation, and the sort goes on (status 1). */
#include "builtins/builtins.h"

#include <string.h>

typedef struct ts_item {
  const char *str;
  int count; /* predecessors not yet output */
  int top;   /* first successor edge, -1 none */
  int qlink; /* queue / loop path link, -1 none */
  bool done;
} ts_item;

typedef struct ts_edge {
  int suc, next;
} ts_edge;

typedef struct ts_graph {
  bi_ctx *b;
  vsh_buf items, edges, hash; /* arrays of ts_item, ts_edge, int */
  size_t nitems, nedges, cap;
  int *order; /* item indices in name order */
  int loop;   /* the loop path being traced, -1 none */
} ts_graph;

#define ITEM(g, i) (((ts_item *)(g)->items.data) + (i))
#define EDGE(g, i) (((ts_edge *)(g)->edges.data) + (i))

static uint32_t name_hash(const char *s, size_t n) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) h = (h ^ (unsigned char)s[i]) * 16777619u;
  return h;
}

static void rehash(ts_graph *g) {
  g->cap = g->cap ? g->cap * 2 : 64;
  vsh__buf_clear(&g->hash);
  vsh__buf_reserve(&g->hash, g->cap * sizeof(int));
  int *h = (int *)g->hash.data;
  for (size_t i = 0; i < g->cap; i++) h[i] = -1;
  for (size_t i = 0; i < g->nitems; i++) {
    const char *s = ITEM(g, i)->str;
    size_t k = name_hash(s, strlen(s)) & (g->cap - 1);
    while (h[k] >= 0) k = (k + 1) & (g->cap - 1);
    h[k] = (int)i;
  }
}

static int item_of(ts_graph *g, const char *s, size_t n) {
  if (2 * (g->nitems + 1) > g->cap) rehash(g);
  int *h = (int *)g->hash.data;
  size_t k = name_hash(s, n) & (g->cap - 1);
  for (; h[k] >= 0; k = (k + 1) & (g->cap - 1)) {
    const char *t = ITEM(g, h[k])->str;
    if (!strncmp(t, s, n) && !t[n]) return h[k];
  }
  ts_item it = {vsh__arena_strndup(g->b->arena, s, n), 0, -1, -1, false};
  vsh__buf_append(&g->items, &it, sizeof(it));
  h[k] = (int)g->nitems;
  return (int)g->nitems++;
}

static void relate(ts_graph *g, int j, int k) {
  if (j == k) return;
  ITEM(g, k)->count++;
  ts_edge e = {k, ITEM(g, j)->top};
  vsh__buf_append(&g->edges, &e, sizeof(e));
  ITEM(g, j)->top = (int)g->nedges++;
}

/* Reads the pairs; false (after the message) for an odd count. */
static int read_pairs(ts_graph *g, sh_stream *in, const char *name) {
  bi_reader r;
  bi_reader_init(&r, g->b, in);
  const char *line;
  size_t len;
  int rc, prev = -1;
  while ((rc = bi_read_line(&r, '\n', &line, &len)) > 0) {
    for (size_t i = 0; i < len;) {
      size_t n = strcspn(line + i, " \t\n");
      if (i + n > len) n = len - i;
      if (n) {
        int k = item_of(g, line + i, n);
        if (prev >= 0) {
          relate(g, prev, k);
          prev = -1;
        } else prev = k;
      }
      i += n ? n : 1;
    }
  }
  bi_reader_dispose(&r);
  if (rc < 0) return rc;
  if (prev >= 0) {
    bi_err(g->b, "%s: input contains an odd number of tokens", name);
    return 1;
  }
  return 0;
}

static int by_name(const void *a, const void *b, void *ud) {
  ts_graph *g = ud;
  return strcmp(ITEM(g, *(const int *)a)->str, ITEM(g, *(const int *)b)->str);
}

/* GNU's detect_loop on item k: follows predecessors from the first item
 * still waiting until the path closes, prints it and removes the
 * relation that closed it.  True once a loop was printed. */
static bool detect_loop(ts_graph *g, int k) {
  ts_item *it = ITEM(g, k);
  if (it->count <= 0) return false;
  if (g->loop < 0) {
    g->loop = k;
    return false;
  }
  for (int *p = &it->top; *p >= 0; p = &EDGE(g, *p)->next) {
    if (EDGE(g, *p)->suc != g->loop) continue;
    if (it->qlink < 0) {
      it->qlink = g->loop;
      g->loop = k;
      return false;
    }
    while (g->loop >= 0) {
      int tmp = ITEM(g, g->loop)->qlink;
      bi_err(g->b, "%s", ITEM(g, g->loop)->str);
      if (g->loop == k) {
        ITEM(g, EDGE(g, *p)->suc)->count--;
        *p = EDGE(g, *p)->next;
        break;
      }
      ITEM(g, g->loop)->qlink = -1;
      g->loop = tmp;
    }
    while (g->loop >= 0) {
      int tmp = ITEM(g, g->loop)->qlink;
      ITEM(g, g->loop)->qlink = -1;
      g->loop = tmp;
    }
    return true;
  }
  return false;
}

/* Outputs the items in order; 1 when a loop was broken. */
static int sort_out(ts_graph *g, const char *name, vsh_buf *o) {
  size_t left = g->nitems;
  int st = 0;
  while (left > 0) {
    if (bi_cancelled(g->b)) return 1;
    int head = -1, tail = -1;
    for (size_t i = 0; i < g->nitems; i++) {
      int k = g->order[i];
      ts_item *it = ITEM(g, k);
      if (it->count || it->done) continue;
      if (head < 0) head = k;
      else ITEM(g, tail)->qlink = k;
      tail = k;
    }
    while (head >= 0) {
      ts_item *it = ITEM(g, head);
      vsh__buf_printf(o, "%s\n", it->str);
      it->done = true;
      left--;
      for (int p = it->top; p >= 0; p = EDGE(g, p)->next) {
        int s = EDGE(g, p)->suc;
        if (--ITEM(g, s)->count == 0) {
          ITEM(g, tail)->qlink = s;
          tail = s;
        }
      }
      int next = it->qlink;
      it->qlink = -1;
      if (head == tail) next = -1;
      head = next;
    }
    if (!left) break;
    /* GNU's output so far comes before the report (2>&1 shows it) */
    if (o->len && bi_write(g->b, o->data, o->len)) return 1;
    vsh__buf_clear(o);
    bi_err(g->b, "%s: input contains a loop:", name);
    st = 1;
    do {
      for (size_t i = 0; i < g->nitems; i++)
        if (detect_loop(g, g->order[i])) break;
    } while (g->loop >= 0);
  }
  return st;
}

static const bi_cmd tsort_cmd = {
    .name = "tsort",
    .usage = "Usage: tsort [OPTION] [FILE]\n",
    .about = "Write totally ordered list consistent with the partial ordering "
             "in FILE.\n\nWith no FILE, or when FILE is -, read standard "
             "input.\n\n",
};

int bi_tsort_main(bi_ctx *b) {
  bi_opts g0 = {0};
  if (bi_opt(b, &g0, &tsort_cmd) != -1) return g0.status;
  if (g0.noperands > 1)
    return bi_usage_error(b, &tsort_cmd, "extra operand " BI_LQ "%s" BI_RQ,
                          g0.operands[1]);
  const char *name = g0.noperands ? g0.operands[0] : "-";
  sh_stream *in;
  int rc = bi_open_input(b, name, &in);
  if (rc) {
    bi_file_err(b, name, rc);
    return 1;
  }
  ts_graph g = {.b = b, .loop = -1};
  rc = read_pairs(&g, in, name);
  sh_stream_unref(in);
  int st = rc ? 1 : 0;
  vsh_buf o = {0};
  if (!rc) {
    g.order = vsh__arena_alloc(b->arena, (g.nitems + 1) * sizeof(int));
    for (size_t i = 0; i < g.nitems; i++) g.order[i] = (int)i;
    qsort_r(g.order, g.nitems, sizeof(int), by_name, &g);
    st = sort_out(&g, name, &o);
  } else if (rc < 0) bi_file_err(b, name, rc);
  int wrc = o.len ? bi_write(b, o.data, o.len) : 0;
  vsh_buf_dispose(&o);
  vsh_buf_dispose(&g.items);
  vsh_buf_dispose(&g.edges);
  vsh_buf_dispose(&g.hash);
  return wrc == VSH_EPIPE ? 141 : st;
}
