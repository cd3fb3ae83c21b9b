/* test_core.c: Check suite for core/: arena marks, buffers, path
 * normalisation, UTF-8, the uthash wrapper and error filling.  Runs with
 * CK_FORK=no, so every test frees what it allocates (ASan checks). */
#include "core/core.h"
#include "core/hash.h"
#include "core/json.h"

#include <check.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* ---- a counting allocator ------------------------------------------ */

typedef struct counting {
  size_t allocs, frees;
  long live;    /* live bytes, by the sizes the callers report */
  long fail_at; /* fail the n-th allocation (1-based); 0 never */
} counting;

static void *counting_fn(void *ud, void *ptr, size_t osize, size_t nsize) {
  counting *c = ud;
  if (nsize == 0) {
    if (ptr) {
      c->frees++;
      c->live -= (long)osize;
    }
    free(ptr);
    return NULL;
  }
  if (c->fail_at && (long)c->allocs + 1 == c->fail_at) {
    c->allocs++;
    return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p) {
    if (!ptr) c->allocs++;
    c->live += (long)nsize - (long)(ptr ? osize : 0);
  }
  return p;
}

/* ---- arena ------------------------------------------------------------ */

START_TEST(arena_allocations_are_16_byte_aligned) {
  vsh_arena a;
  vsh__arena_init(&a, NULL);
  for (size_t n = 1; n < 200; n += 7) {
    void *p = vsh__arena_alloc(&a, n);
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq((uintptr_t)p % 16, 0);
    memset(p, 0xAB, n);
  }
  void *big = vsh__arena_alloc(&a, a.chunk_size * 2);
  ck_assert_ptr_nonnull(big);
  ck_assert_uint_eq((uintptr_t)big % 16, 0);
  vsh__arena_dispose(&a);
  ck_assert_uint_eq(a.total, 0);
}
END_TEST

START_TEST(arena_mark_and_pop_keep_a_loop_flat) {
  counting c = {0};
  vsh_allocator al = {counting_fn, &c};
  vsh_arena a;
  vsh__arena_init(&a, &al);
  char *keep = vsh__arena_strndup(&a, "survivor", SIZE_MAX);
  size_t high = 0;
  for (int i = 0; i < 2000; i++) {
    vsh_arena_mark m = vsh__arena_mark(&a);
    for (int j = 0; j < 300; j++)
      ck_assert_ptr_nonnull(vsh__arena_alloc(&a, 100));
    ck_assert_ptr_nonnull(vsh__arena_alloc(&a, 50000)); /* own chunk */
    if (i == 0) high = a.total;
    ck_assert_uint_eq(a.total, high);
    vsh__arena_pop(&a, m);
  }
  ck_assert_str_eq(keep, "survivor");
  vsh__arena_dispose(&a);
  ck_assert_int_eq(c.live, 0);
  ck_assert_uint_eq(c.allocs, c.frees);
}
END_TEST

START_TEST(arena_big_allocation_does_not_strand_small_ones) {
  vsh_arena a;
  vsh__arena_init(&a, NULL);
  char *s1 = vsh__arena_strndup(&a, "one", 3);
  size_t before = a.total;
  char *big = vsh__arena_alloc(&a, 1 << 20);
  ck_assert_ptr_nonnull(big);
  memset(big, 1, 1 << 20);
  ck_assert_uint_ge(a.total - before, (size_t)1 << 20);
  char *s2 = vsh__arena_strndup(&a, "two", 3);
  ck_assert_str_eq(s1, "one");
  ck_assert_str_eq(s2, "two");
  vsh__arena_dispose(&a);
}
END_TEST

START_TEST(arena_pop_to_an_empty_mark_frees_everything) {
  vsh_arena a;
  vsh__arena_init(&a, NULL);
  vsh_arena_mark m = vsh__arena_mark(&a);
  for (int i = 0; i < 1000; i++) vsh__arena_alloc(&a, 1000);
  ck_assert_uint_gt(a.total, 0);
  vsh__arena_pop(&a, m);
  ck_assert_uint_eq(a.total, 0);
  ck_assert_ptr_null(a.head);
  vsh__arena_dispose(&a);
}
END_TEST

START_TEST(arena_refuses_past_its_limit) {
  vsh_arena a;
  vsh__arena_init(&a, NULL);
  a.limit = 64 * 1024;
  size_t got = 0;
  while (vsh__arena_alloc(&a, 1000)) got++;
  ck_assert_uint_gt(got, 10);
  ck_assert_uint_le(a.total, a.limit);
  ck_assert_ptr_null(vsh__arena_alloc(&a, 1 << 20));
  vsh__arena_dispose(&a);
}
END_TEST

START_TEST(arena_zalloc_zeroes_and_strndup_stops_at_nul) {
  vsh_arena a;
  vsh__arena_init(&a, NULL);
  unsigned char *z = vsh__arena_alloc(&a, 64);
  memset(z, 0xFF, 64);
  vsh_arena_mark m = vsh__arena_mark(&a);
  vsh__arena_pop(&a, m);
  unsigned char *y = vsh__arena_zalloc(&a, 64);
  for (int i = 0; i < 64; i++) ck_assert_uint_eq(y[i], 0);
  ck_assert_str_eq(vsh__arena_strndup(&a, "ab\0cd", 5), "ab");
  ck_assert_str_eq(vsh__arena_strndup(&a, "abcdef", 3), "abc");
  ck_assert_ptr_ne(vsh__arena_alloc(&a, 0), vsh__arena_alloc(&a, 0));
  vsh__arena_dispose(&a);
}
END_TEST

/* ---- buffers ---------------------------------------------------------- */

START_TEST(buf_grows_and_stays_terminated) {
  vsh_buf b;
  vsh__buf_init(&b);
  for (int i = 0; i < 100000; i++) {
    ck_assert_int_eq(vsh__buf_putc(&b, (char)('a' + i % 26)), 0);
    ck_assert_int_eq(b.data[b.len], '\0');
  }
  ck_assert_uint_eq(b.len, 100000);
  ck_assert_uint_gt(b.cap, b.len);
  ck_assert_int_eq(b.data[99999], 'a' + 99999 % 26);
  vsh__buf_clear(&b);
  ck_assert_uint_eq(b.len, 0);
  ck_assert_str_eq(b.data, "");
  vsh_buf_dispose(&b);
  ck_assert_ptr_null(b.data);
}
END_TEST

START_TEST(buf_keeps_embedded_nuls_and_self_appends) {
  vsh_buf b;
  vsh__buf_init(&b);
  ck_assert_int_eq(vsh__buf_append(&b, "a\0b", 3), 0);
  ck_assert_uint_eq(b.len, 3);
  ck_assert_int_eq(memcmp(b.data, "a\0b", 4), 0);
  for (int i = 0; i < 10; i++) /* data aliases b: must survive realloc */
    ck_assert_int_eq(vsh__buf_append(&b, b.data, b.len), 0);
  ck_assert_uint_eq(b.len, 3 << 10);
  ck_assert_int_eq(memcmp(b.data + b.len - 3, "a\0b", 3), 0);
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(buf_printf_handles_long_output) {
  vsh_buf b;
  vsh__buf_init(&b);
  ck_assert_int_eq(vsh__buf_printf(&b, "%d-%s", 42, "x"), 0);
  ck_assert_str_eq(b.data, "42-x");
  char big[1000];
  memset(big, 'z', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  ck_assert_int_eq(vsh__buf_printf(&b, "[%s]", big), 0);
  ck_assert_uint_eq(b.len, 4 + 2 + 999);
  ck_assert_int_eq(b.data[b.len - 1], ']');
  ck_assert_int_eq(b.data[b.len], '\0');
  vsh_buf_dispose(&b);
}
END_TEST

START_TEST(buf_steal_hands_over_a_string) {
  vsh_buf b;
  vsh__buf_init(&b);
  size_t len = 99;
  char *s = vsh__buf_steal(&b, &len); /* empty is still a string */
  ck_assert_ptr_nonnull(s);
  ck_assert_uint_eq(len, 0);
  ck_assert_str_eq(s, "");
  free(s);
  vsh__buf_puts(&b, "hello");
  s = vsh__buf_steal(&b, &len);
  ck_assert_str_eq(s, "hello");
  ck_assert_uint_eq(len, 5);
  ck_assert_ptr_null(b.data);
  ck_assert_uint_eq(b.len, 0);
  free(s);
}
END_TEST

START_TEST(strv_push_grows_and_stays_null_terminated) {
  vsh_strv v = {NULL, 0};
  char name[32];
  for (int i = 0; i < 1000; i++) {
    int n = snprintf(name, sizeof name, "item%d", i);
    ck_assert_int_eq(vsh__strv_push(&v, name, (size_t)n), 0);
    ck_assert_ptr_null(v.items[v.len]);
  }
  ck_assert_uint_eq(v.len, 1000);
  ck_assert_str_eq(v.items[0], "item0");
  ck_assert_str_eq(v.items[999], "item999");
  ck_assert_int_eq(vsh__strv_push(&v, "abcdef", 3), 0);
  ck_assert_str_eq(v.items[1000], "abc");
  vsh_strv_dispose(&v);
  ck_assert_ptr_null(v.items);
  ck_assert_uint_eq(v.len, 0);
}
END_TEST

START_TEST(result_dispose_frees_and_zeroes) {
  char **env = calloc(2, sizeof(char *));
  env[0] = strdup("A=1");
  vsh_result r = {.out = strdup("out"),
                  .out_len = 3,
                  .err = strdup("err"),
                  .err_len = 3,
                  .exit_code = 7,
                  .cwd = strdup("/x"),
                  .env = env};
  vsh_result_dispose(&r);
  ck_assert_ptr_null(r.out);
  ck_assert_ptr_null(r.err);
  ck_assert_ptr_null(r.cwd);
  ck_assert_ptr_null(r.env);
  ck_assert_int_eq(r.exit_code, 0);
  vsh_result_dispose(NULL);
  vsh_buf_dispose(NULL);
  vsh_strv_dispose(NULL);
}
END_TEST

/* ---- paths ------------------------------------------------------------ */

typedef struct path_case {
  const char *base, *p, *want; /* want NULL: expect the error code */
  int err;
} path_case;

static const path_case path_cases[] = {
    {"/", "/a/./b/../c//", "/a/c", 0},
    {"/home/user", "..", "/home", 0},
    {"/", "/..", "/", 0},
    {"/", "/../../..", "/", 0},
    {"/", "/", "/", 0},
    {"/", "///", "/", 0},
    {"/", "//a//b", "/a/b", 0},
    {"/home/user", ".", "/home/user", 0},
    {"/home/user", "./", "/home/user", 0},
    {"/home/user", "x/y", "/home/user/x/y", 0},
    {"/home/user", "./x/", "/home/user/x", 0},
    {"/home/user", "x/../../y", "/home/y", 0},
    {"/a/b", "../../../c", "/c", 0},
    {"/x", "a/../../..", "/", 0},
    {"/", "a", "/a", 0},
    {"/home", "...", "/home/...", 0},
    {"/home", "..a/.b/c..", "/home/..a/.b/c..", 0},
    {"/home//user/", "f", "/home/user/f", 0},
    {"/ignored", "/abs/./x", "/abs/x", 0},
    {NULL, "/abs", "/abs", 0},
    {"/a/b/c", "../..", "/a", 0},
    {"/", "a b/ c", "/a b/ c", 0},
    {"/", "", NULL, VSH_EINVAL},
    {NULL, "rel", NULL, VSH_EINVAL},
    {"relative/base", "x", NULL, VSH_EINVAL},
};

START_TEST(path_resolve_table) {
  const path_case *c = &path_cases[_i];
  vsh_buf out;
  vsh__buf_init(&out);
  int rc = vsh__path_resolve(&out, c->base, c->p, strlen(c->p));
  if (c->want) {
    ck_assert_msg(rc == 0, "resolve(%s, %s) failed: %d", c->base, c->p, rc);
    ck_assert_str_eq(out.data, c->want);
    ck_assert_uint_eq(out.len, strlen(c->want));
  } else {
    ck_assert_int_eq(rc, c->err);
  }
  vsh_buf_dispose(&out);
}
END_TEST

START_TEST(path_resolve_rejects_embedded_nul_and_honours_length) {
  vsh_buf out;
  vsh__buf_init(&out);
  ck_assert_int_eq(vsh__path_resolve(&out, "/", "/a\0b", 4), VSH_EINVAL);
  ck_assert_int_eq(vsh__path_resolve(&out, "/", "/abc/def", 4), 0);
  ck_assert_str_eq(out.data, "/abc");
  ck_assert_int_eq(vsh__path_resolve(&out, "/", "/abc", 0), VSH_EINVAL);
  ck_assert_int_eq(vsh__path_resolve(&out, "/", NULL, 3), VSH_EINVAL);
  vsh_buf_dispose(&out);
}
END_TEST

/* Appends "/" + n copies of ch to b. */
static void add_component(vsh_buf *b, char ch, size_t n) {
  vsh__buf_putc(b, '/');
  for (size_t i = 0; i < n; i++) vsh__buf_putc(b, ch);
}

START_TEST(path_resolve_enforces_4096_and_255_byte_limits) {
  vsh_buf p, out;
  vsh__buf_init(&p);
  vsh__buf_init(&out);
  for (int i = 0; i < 16; i++) add_component(&p, 'a', 255);
  ck_assert_uint_eq(p.len, 4096);
  ck_assert_int_eq(vsh__path_resolve(&out, "/", p.data, p.len), 0);
  ck_assert_uint_eq(out.len, 4096);

  vsh__buf_clear(&p);
  for (int i = 0; i < 15; i++) add_component(&p, 'a', 255);
  add_component(&p, 'b', 254);
  add_component(&p, 'c', 1);
  ck_assert_uint_eq(p.len, 4097);
  ck_assert_int_eq(vsh__path_resolve(&out, "/", p.data, p.len),
                   VSH_ENAMETOOLONG);
  ck_assert_uint_eq(out.len, 0);

  /* Lexical: a long detour that comes back is fine. */
  vsh__buf_clear(&p);
  for (int i = 0; i < 40; i++) add_component(&p, 'd', 200);
  for (int i = 0; i < 40; i++) vsh__buf_puts(&p, "/..");
  vsh__buf_puts(&p, "/end");
  ck_assert_int_eq(vsh__path_resolve(&out, "/", p.data, p.len), 0);
  ck_assert_str_eq(out.data, "/end");

  vsh__buf_clear(&p);
  add_component(&p, 'n', 255);
  ck_assert_int_eq(vsh__path_resolve(&out, "/", p.data, p.len), 0);
  add_component(&p, 'n', 256);
  ck_assert_int_eq(vsh__path_resolve(&out, "/", p.data, p.len),
                   VSH_ENAMETOOLONG);
  vsh_buf_dispose(&p);
  vsh_buf_dispose(&out);
}
END_TEST

START_TEST(path_resolve_may_use_its_output_as_input) {
  vsh_buf cwd;
  vsh__buf_init(&cwd);
  vsh__buf_puts(&cwd, "/home/user");
  ck_assert_int_eq(vsh__path_resolve(&cwd, cwd.data, "../x/./y", 8), 0);
  ck_assert_str_eq(cwd.data, "/home/x/y");
  ck_assert_int_eq(vsh__path_resolve(&cwd, "/", cwd.data, cwd.len), 0);
  ck_assert_str_eq(cwd.data, "/home/x/y");
  ck_assert_int_eq(vsh__path_dirname(&cwd, cwd.data), 0);
  ck_assert_str_eq(cwd.data, "/home/x");
  vsh_buf_dispose(&cwd);
}
END_TEST

START_TEST(path_dirname_and_basename) {
  static const char *const cases[][3] = {
      {"/", "/", "/"},         {"/a", "/", "a"},      {"/a/b", "/a", "b"},
      {"/a/b/c", "/a/b", "c"}, {"name", ".", "name"},
  };
  vsh_buf out;
  vsh__buf_init(&out);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    ck_assert_int_eq(vsh__path_dirname(&out, cases[i][0]), 0);
    ck_assert_str_eq(out.data, cases[i][1]);
    ck_assert_str_eq(vsh__path_basename(cases[i][0]), cases[i][2]);
  }
  vsh_buf_dispose(&out);
}
END_TEST

/* ---- UTF-8 ------------------------------------------------------------ */

START_TEST(utf8_decodes_valid_sequences) {
  int32_t cp;
  ck_assert_int_eq(vsh__utf8_decode("A", 1, &cp), 1);
  ck_assert_int_eq(cp, 'A');
  ck_assert_int_eq(vsh__utf8_decode("\xC3\xA9", 2, &cp), 2);
  ck_assert_int_eq(cp, 0xE9);
  ck_assert_int_eq(vsh__utf8_decode("\xE2\x82\xAC", 3, &cp), 3);
  ck_assert_int_eq(cp, 0x20AC);
  ck_assert_int_eq(vsh__utf8_decode("\xF0\x9F\x98\x80", 4, &cp), 4);
  ck_assert_int_eq(cp, 0x1F600);
  ck_assert_int_eq(vsh__utf8_decode("\xF4\x8F\xBF\xBF", 4, &cp), 4);
  ck_assert_int_eq(cp, 0x10FFFF);
}
END_TEST

START_TEST(utf8_rejects_invalid_bytes_one_at_a_time) {
  static const char *const bad[] = {
      "\x80",             /* lone continuation */
      "\xC0\xAF",         /* overlong '/' */
      "\xC1\xBF",         /* overlong */
      "\xE0\x80\xAF",     /* overlong 3-byte */
      "\xED\xA0\x80",     /* surrogate U+D800 */
      "\xF4\x90\x80\x80", /* past U+10FFFF */
      "\xF5\x80\x80\x80", /* invalid lead */
      "\xFF",
      "\xE2\x82", /* truncated */
      "\xC3(",    /* bad continuation */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    int32_t cp = 0;
    ck_assert_int_eq(vsh__utf8_decode(bad[i], strlen(bad[i]), &cp), 1);
    ck_assert_int_eq(cp, -1);
    ck_assert(!vsh__utf8_valid(bad[i], strlen(bad[i])));
  }
  int32_t cp;
  ck_assert_int_eq(vsh__utf8_decode("", 0, &cp), 1);
  ck_assert_int_eq(cp, -1);
}
END_TEST

START_TEST(utf8_counts_characters_and_invalid_bytes) {
  const char *s = "a\xC3\xA9\xE2\x82\xAC\xF0\x9F\x98\x80";
  ck_assert_uint_eq(vsh__utf8_count(s, strlen(s)), 4);
  ck_assert(vsh__utf8_valid(s, strlen(s)));
  ck_assert_uint_eq(vsh__utf8_count("\xFF\xFE", 2), 2);
  ck_assert_uint_eq(vsh__utf8_count("\xE2\x82", 2), 2);
  ck_assert_uint_eq(vsh__utf8_count("a\0b", 3), 3);
  ck_assert(vsh__utf8_valid("a\0b", 3));
  ck_assert_uint_eq(vsh__utf8_count("", 0), 0);
}
END_TEST

START_TEST(utf8_encode_round_trips) {
  char buf[4];
  for (int32_t cp = 0; cp <= 0x10FFFF; cp += (cp < 0x1000 ? 1 : 97)) {
    int n = vsh__utf8_encode(cp, buf);
    if (cp >= 0xD800 && cp <= 0xDFFF) {
      ck_assert_int_eq(n, 0);
      continue;
    }
    ck_assert_int_gt(n, 0);
    int32_t back;
    ck_assert_int_eq(vsh__utf8_decode(buf, (size_t)n, &back), n);
    ck_assert_int_eq(back, cp);
  }
  ck_assert_int_eq(vsh__utf8_encode(0x110000, buf), 0);
  ck_assert_int_eq(vsh__utf8_encode(-1, buf), 0);
}
END_TEST

START_TEST(utf8_width_of_cjk_combining_and_controls) {
  ck_assert_int_eq(vsh__utf8_width('a'), 1);
  ck_assert_int_eq(vsh__utf8_width(0xE9), 1);
  ck_assert_int_eq(vsh__utf8_width(0x4E2D), 2);  /* CJK 中 */
  ck_assert_int_eq(vsh__utf8_width(0xAC00), 2);  /* Hangul 가 */
  ck_assert_int_eq(vsh__utf8_width(0x3042), 2);  /* Hiragana あ */
  ck_assert_int_eq(vsh__utf8_width(0xFF21), 2);  /* fullwidth Ａ */
  ck_assert_int_eq(vsh__utf8_width(0x3000), 2);  /* ideographic space */
  ck_assert_int_eq(vsh__utf8_width(0x1F600), 2); /* emoji */
  ck_assert_int_eq(vsh__utf8_width(0x20000), 2); /* CJK ext. B */
  ck_assert_int_eq(vsh__utf8_width(0x0301), 0);  /* combining acute */
  ck_assert_int_eq(vsh__utf8_width(0x20DD), 0);  /* enclosing circle */
  ck_assert_int_eq(vsh__utf8_width(0x200B), 0);  /* zero width space */
  ck_assert_int_eq(vsh__utf8_width(0xFE0F), 0);  /* variation selector */
  ck_assert_int_eq(vsh__utf8_width(0x3099), 0);  /* kana voiced mark */
  ck_assert_int_eq(vsh__utf8_width(0), 0);
  ck_assert_int_eq(vsh__utf8_width('\n'), -1);
  ck_assert_int_eq(vsh__utf8_width(0x7F), -1);
  ck_assert_int_eq(vsh__utf8_width(0x85), -1);
  ck_assert_int_eq(vsh__utf8_width(-1), -1);
  ck_assert_int_eq(vsh__utf8_width(0x303F), 1);
  ck_assert_int_eq(vsh__utf8_width(0x0410), 1); /* Cyrillic А */
}
END_TEST

/* ---- hash.h ----------------------------------------------------------- */

typedef struct entry {
  char *key;
  int value;
  UT_hash_handle hh;
} entry;

START_TEST(hash_tables_go_through_the_allocator) {
  counting c = {0};
  vsh_allocator al = {counting_fn, &c};
  const vsh_allocator *vsh_hash_al = &al;
  entry *table = NULL;
  char key[32];
  for (int i = 0; i < 1000; i++) {
    int n = snprintf(key, sizeof key, "k%d", i);
    entry *e = vsh__calloc(&al, sizeof *e);
    e->key = vsh__strndup(&al, key, (size_t)n);
    e->value = i;
    HASH_ADD_KEYPTR(hh, table, e->key, (unsigned)n, e);
    ck_assert(VSH_HASH_ADDED(e));
  }
  ck_assert_uint_eq(HASH_COUNT(table), 1000);
  size_t table_allocs = c.allocs - 2000; /* beyond entries and keys */
  ck_assert_uint_gt(table_allocs, 0);
  for (int i = 0; i < 1000; i += 2) {
    int n = snprintf(key, sizeof key, "k%d", i);
    entry *e = NULL;
    HASH_FIND(hh, table, key, (unsigned)n, e);
    ck_assert_ptr_nonnull(e);
    ck_assert_int_eq(e->value, i);
    HASH_DEL(table, e);
    vsh__free(&al, e->key, strlen(e->key) + 1);
    vsh__free(&al, e, sizeof *e);
  }
  ck_assert_uint_eq(HASH_COUNT(table), 500);
  entry *e = NULL;
  HASH_FIND(hh, table, "k2", 2, e);
  ck_assert_ptr_null(e);
  HASH_FIND(hh, table, "k3", 2, e);
  ck_assert_ptr_nonnull(e);
  entry *tmp;
  HASH_ITER(hh, table, e, tmp) {
    HASH_DEL(table, e);
    vsh__free(&al, e->key, strlen(e->key) + 1);
    vsh__free(&al, e, sizeof *e);
  }
  ck_assert_ptr_null(table);
  ck_assert_uint_eq(c.allocs, c.frees);
  ck_assert_int_eq(c.live, 0);
}
END_TEST

START_TEST(hash_add_survives_out_of_memory) {
  counting c = {0};
  vsh_allocator al = {counting_fn, &c};
  const vsh_allocator *vsh_hash_al = &al;
  entry *table = NULL;
  entry a = {.key = "a", .value = 1};
  c.fail_at = 1; /* the table header itself */
  HASH_ADD_KEYPTR(hh, table, a.key, 1, &a);
  ck_assert(!VSH_HASH_ADDED(&a));
  ck_assert_ptr_null(table);
  c.fail_at = 2; /* the header succeeds, the buckets fail */
  c.allocs = 0;
  HASH_ADD_KEYPTR(hh, table, a.key, 1, &a);
  ck_assert(!VSH_HASH_ADDED(&a));
  ck_assert_ptr_null(table);
  c.fail_at = 0;
  HASH_ADD_KEYPTR(hh, table, a.key, 1, &a);
  ck_assert(VSH_HASH_ADDED(&a));
  entry *found = NULL;
  HASH_FIND(hh, table, "a", 1, found);
  ck_assert_ptr_eq(found, &a);
  HASH_CLEAR(hh, table);
  ck_assert_int_eq(c.live, 0);
}
END_TEST

/* ---- errors ----------------------------------------------------------- */

START_TEST(error_set_fills_code_type_and_message) {
  vsh_error err;
  memset(&err, 0x55, sizeof err);
  ck_assert_int_eq(vsh__error_set(&err, VSH_ENOENT, "cat: %s: %s", "x",
                                  vsh_strerror(VSH_ENOENT)),
                   VSH_ENOENT);
  ck_assert_int_eq(err.code, VSH_ENOENT);
  ck_assert_str_eq(err.type, "error");
  ck_assert_str_eq(err.message, "cat: x: No such file or directory");
  ck_assert_str_eq(err.operation, "");
  ck_assert_str_eq(err.options, "");
  ck_assert_int_eq(vsh__error_set(NULL, VSH_EIO, "ignored"), VSH_EIO);
}
END_TEST

START_TEST(error_types_and_gnu_wording) {
  ck_assert_str_eq(vsh__error_type(VSH_EUNSUPPORTED),
                   "sandbox_operation_unsupported");
  ck_assert_str_eq(vsh__error_type(VSH_EDIED), "sandbox_died");
  ck_assert_str_eq(vsh__error_type(VSH_EABORTED), "abort");
  ck_assert_str_eq(vsh__error_type(VSH_ETIMEDOUT), "timeout");
  ck_assert_str_eq(vsh__error_type(VSH_ELIMIT), "limit");
  ck_assert_str_eq(vsh__error_type(VSH_ENOENT), "error");
  ck_assert_str_eq(vsh_strerror(VSH_EEXIST), "File exists");
  ck_assert_str_eq(vsh_strerror(VSH_ENOTDIR), "Not a directory");
  ck_assert_str_eq(vsh_strerror(VSH_EISDIR), "Is a directory");
  ck_assert_str_eq(vsh_strerror(VSH_ENOTEMPTY), "Directory not empty");
  ck_assert_str_eq(vsh_strerror(VSH_ELOOP),
                   "Too many levels of symbolic links");
  ck_assert_str_eq(vsh_strerror(VSH_ENAMETOOLONG), "File name too long");
  ck_assert_str_eq(vsh_strerror(VSH_ENOSPC), "No space left on device");
  ck_assert_str_eq(vsh_strerror(VSH_EDQUOT), "Disk quota exceeded");
  ck_assert_str_eq(vsh_strerror(VSH_EACCES), "Permission denied");
  ck_assert_str_eq(vsh_strerror(VSH_EPERM), "Operation not permitted");
  ck_assert_str_eq(vsh_strerror(VSH_EROFS), "Read-only file system");
  ck_assert_str_eq(vsh_strerror(VSH_EINVAL), "Invalid argument");
  ck_assert_str_eq(vsh_strerror(VSH_ENOMEM), "Cannot allocate memory");
  ck_assert_str_eq(vsh_strerror(1), "Unknown error");
  ck_assert_str_eq(vsh_strerror(-1000), "Unknown error");
  ck_assert_str_eq(vsh_errname(VSH_EINVALID_STATE), "EINVALID_STATE");
  ck_assert_str_eq(vsh_errname(VSH_ENOTEMPTY), "ENOTEMPTY");
  /* Every code in the enum has its own name. */
  for (int c = VSH_ENOMEM; c >= VSH_EPIPE; c--)
    ck_assert_str_ne(vsh_errname(c), "EUNKNOWN");
}
END_TEST

START_TEST(error_truncates_long_messages_on_a_character) {
  vsh_error err;
  char big[3000];
  memset(big, 'x', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  vsh__error_set(&err, VSH_EINVAL, "%s", big);
  ck_assert_uint_eq(strlen(err.message), sizeof err.message - 1);
  ck_assert_str_eq(err.message + strlen(err.message) - 3, "...");
  /* "é" straddles the cut: it must go whole, never half. */
  for (size_t shift = 0; shift < 4; shift++) {
    char mixed[1100];
    size_t n = sizeof err.message - 5 - shift;
    memset(mixed, 'y', n);
    strcpy(mixed + n, "\xC3\xA9\xE2\x82\xAC and more text");
    vsh__error_set(&err, VSH_EINVAL, "%s", mixed);
    ck_assert(vsh__utf8_valid(err.message, strlen(err.message)));
    ck_assert_str_eq(err.message + strlen(err.message) - 3, "...");
  }
  vsh__error_set(&err, VSH_EACCES, NULL);
  ck_assert_str_eq(err.message, "Permission denied");
}
END_TEST

START_TEST(error_meta_is_copied_and_truncated) {
  vsh_error err;
  vsh__error_set(&err, VSH_EUNSUPPORTED, "rm: option not supported");
  vsh__error_meta(&err, "rm", "virtual", "recursive,force");
  ck_assert_str_eq(err.type, "sandbox_operation_unsupported");
  ck_assert_str_eq(err.operation, "rm");
  ck_assert_str_eq(err.provider, "virtual");
  ck_assert_str_eq(err.options, "recursive,force");
  vsh__error_meta(&err, NULL, NULL,
                  "a-very-long-option-list-that-does-not-fit-in-sixty-four-"
                  "bytes-at-all");
  ck_assert_str_eq(err.operation, "rm");
  ck_assert_uint_eq(strlen(err.options), sizeof err.options - 1);
  vsh__error_clear(&err);
  ck_assert_int_eq(err.code, 0);
  ck_assert_str_eq(err.message, "");
  ck_assert_str_eq(err.type, "error");
}
END_TEST

/* ---- allocator ------------------------------------------------------ */

START_TEST(allocator_wrappers_route_through_the_hook) {
  counting c = {0};
  vsh_allocator al = {counting_fn, &c};
  char *s = vsh__strndup(&al, "hello world", 5);
  ck_assert_str_eq(s, "hello");
  s = vsh__realloc(&al, s, 6, 100);
  ck_assert_str_eq(s, "hello");
  vsh__free(&al, s, 100);
  unsigned char *z = vsh__calloc(&al, 32);
  for (int i = 0; i < 32; i++) ck_assert_uint_eq(z[i], 0);
  vsh__free(&al, z, 32);
  void *zero = vsh__malloc(&al, 0);
  ck_assert_ptr_nonnull(zero);
  vsh__free(&al, zero, 1);
  vsh__free(&al, NULL, 0);
  ck_assert_uint_eq(c.allocs, 3);
  ck_assert_uint_eq(c.frees, 3);
  ck_assert_int_eq(c.live, 0);
  void *d = vsh__malloc(NULL, 16); /* NULL: the default allocator */
  ck_assert_ptr_nonnull(d);
  vsh__free(vsh__default_alloc(), d, 16);
}
END_TEST

/* ---- json ------------------------------------------------------------- */

START_TEST(json_parses_nested_values_and_unicode_escapes) {
  vsh_json *v = NULL;
  vsh_error err = {0};
  const char *t =
      "{\"a\":[1,2.5e1,true,null],\"s\":\"x\\u00e9\\ud83d\\ude00\\n\","
      "\"a\":{\"k\":false}}";

  ck_assert_msg(vsh__json_parse(&v, t, strlen(t), &err) == 0, "%s",
                err.message);
  ck_assert_str_eq(vsh__json_get(v, "s")->str, "x\xc3\xa9\xf0\x9f\x98\x80\n");
  ck_assert_int_eq(vsh__json_get(v, "a")->type, VSH_JSON_OBJECT);
  ck_assert(!vsh__json_get(vsh__json_get(v, "a"), "k")->boolean);
  vsh__json_free(v);
  t = "[1,2.5e1]";
  ck_assert(vsh__json_parse(&v, t, strlen(t), &err) == 0);
  ck_assert(v->items[1]->number == 25.0);
  vsh__json_free(v);
}
END_TEST

START_TEST(json_rejects_malformed_input_and_deep_nesting) {
  static const char *const bad[] = {"",         "{",       "[1,]", "{\"a\" 1}",
                                    "01",       "\"\\x\"", "tru",  "[1] 2",
                                    "\"a\nb\"", "{'a':1}"};
  char deep[300];
  vsh_json *v = NULL;
  vsh_error err = {0};
  size_t i;

  for (i = 0; i < sizeof bad / sizeof *bad; i++) {
    ck_assert_msg(vsh__json_parse(&v, bad[i], strlen(bad[i]), &err) ==
                      VSH_EINVAL,
                  "accepted %s", bad[i]);
    ck_assert_ptr_null(v);
  }
  memset(deep, '[', sizeof deep);
  ck_assert_int_eq(vsh__json_parse(&v, deep, sizeof deep, &err), VSH_EINVAL);
  ck_assert_msg(strstr(err.message, "deep"), "%s", err.message);
}
END_TEST

START_TEST(json_writer_escapes_quotes_controls_and_keeps_utf8) {
  vsh_buf b = {0};

  ck_assert(vsh__json_put_string(&b, "a\"\\\n\x01\xc3\xa9", 7) == 0);
  ck_assert_str_eq(b.data, "\"a\\\"\\\\\\n\\u0001\xc3\xa9\"");
  vsh_buf_dispose(&b);
}
END_TEST

static Suite *core_suite(void) {
  Suite *s = suite_create("core");
  TCase *tc = tcase_create("arena");
  tcase_add_test(tc, arena_allocations_are_16_byte_aligned);
  tcase_add_test(tc, arena_mark_and_pop_keep_a_loop_flat);
  tcase_add_test(tc, arena_big_allocation_does_not_strand_small_ones);
  tcase_add_test(tc, arena_pop_to_an_empty_mark_frees_everything);
  tcase_add_test(tc, arena_refuses_past_its_limit);
  tcase_add_test(tc, arena_zalloc_zeroes_and_strndup_stops_at_nul);
  suite_add_tcase(s, tc);
  tc = tcase_create("json");
  tcase_add_test(tc, json_parses_nested_values_and_unicode_escapes);
  tcase_add_test(tc, json_rejects_malformed_input_and_deep_nesting);
  tcase_add_test(tc, json_writer_escapes_quotes_controls_and_keeps_utf8);
  suite_add_tcase(s, tc);

  tc = tcase_create("buf");
  tcase_add_test(tc, buf_grows_and_stays_terminated);
  tcase_add_test(tc, buf_keeps_embedded_nuls_and_self_appends);
  tcase_add_test(tc, buf_printf_handles_long_output);
  tcase_add_test(tc, buf_steal_hands_over_a_string);
  tcase_add_test(tc, strv_push_grows_and_stays_null_terminated);
  tcase_add_test(tc, result_dispose_frees_and_zeroes);
  suite_add_tcase(s, tc);

  tc = tcase_create("path");
  tcase_add_loop_test(tc, path_resolve_table, 0,
                      (int)(sizeof path_cases / sizeof path_cases[0]));
  tcase_add_test(tc, path_resolve_rejects_embedded_nul_and_honours_length);
  tcase_add_test(tc, path_resolve_enforces_4096_and_255_byte_limits);
  tcase_add_test(tc, path_resolve_may_use_its_output_as_input);
  tcase_add_test(tc, path_dirname_and_basename);
  suite_add_tcase(s, tc);

  tc = tcase_create("utf8");
  tcase_add_test(tc, utf8_decodes_valid_sequences);
  tcase_add_test(tc, utf8_rejects_invalid_bytes_one_at_a_time);
  tcase_add_test(tc, utf8_counts_characters_and_invalid_bytes);
  tcase_add_test(tc, utf8_encode_round_trips);
  tcase_add_test(tc, utf8_width_of_cjk_combining_and_controls);
  suite_add_tcase(s, tc);

  tc = tcase_create("hash");
  tcase_add_test(tc, hash_tables_go_through_the_allocator);
  tcase_add_test(tc, hash_add_survives_out_of_memory);
  suite_add_tcase(s, tc);

  tc = tcase_create("error");
  tcase_add_test(tc, error_set_fills_code_type_and_message);
  tcase_add_test(tc, error_types_and_gnu_wording);
  tcase_add_test(tc, error_truncates_long_messages_on_a_character);
  tcase_add_test(tc, error_meta_is_copied_and_truncated);
  tcase_add_test(tc, allocator_wrappers_route_through_the_hook);
  suite_add_tcase(s, tc);
  return s;
}

int main(void) {
  SRunner *sr = srunner_create(core_suite());
  srunner_run_all(sr, CK_NORMAL);
  int failed = srunner_ntests_failed(sr);
  srunner_free(sr);
  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
