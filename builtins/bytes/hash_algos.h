/* hash_algos.h: MD5 (RFC 1321), SHA-1, SHA-224, SHA-256, SHA-384 and
 * SHA-512 (FIPS 180-4) and BLAKE2b (RFC 7693) behind one small init/update/final interface, for the *sum commands. */
#ifndef VSH_BUILTINS_HASH_ALGOS_H
#define VSH_BUILTINS_HASH_ALGOS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ha_ctx {
  union {
    uint32_t h32[8];
    uint64_t h64[8];
  } h;
  uint64_t nbytes;
  unsigned char blk[128];
  size_t nblk;
  const struct ha_algo *algo;
} ha_ctx;

typedef struct ha_algo {
  const char *name;  /* the command: "md5sum" */
  const char *tag;   /* BSD tag: "MD5" */
  size_t digest_len; /* bytes */
  size_t block_len;
  void (*init)(ha_ctx *c);
  void (*block)(ha_ctx *c, const unsigned char *p);
  void (*final)(ha_ctx *c, unsigned char *out);
  /* BLAKE2b keeps its last block for final: its own buffering */
  void (*update)(ha_ctx *c, const unsigned char *p, size_t n);
  bool var_len; /* digest_len may be any whole byte count up to it */
} ha_algo;

extern const ha_algo ha_md5, ha_sha1, ha_sha224, ha_sha256, ha_sha384,
    ha_sha512, ha_blake2b;

void ha_init(ha_ctx *c, const ha_algo *a);
void ha_update(ha_ctx *c, const void *data, size_t n);
void ha_final(ha_ctx *c, unsigned char *out);

#endif
