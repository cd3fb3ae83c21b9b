/* grep_int.h: the search engine behind grep/egrep/fgrep (grep.c) and rg
 * (rg.c): one configuration, one streaming line matcher, one tree walk.
 * Private to builtins/. */
#ifndef VSH_BUILTINS_GREP_INT_H
#define VSH_BUILTINS_GREP_INT_H

#include "builtins/builtins.h"
#include "core/regex.h"

typedef struct grep_cfg {
  const char *prog; /* name in messages: "grep" or "rg" */
  bool decompress;  /* zgrep: gzip inputs are read decompressed
                              (others as they are, as GNU zgrep) */
  char mode;        /* 'G' BRE, 'E' ERE, 'F' fixed, 'P' Perl */
  bool icase, invert, word, whole_line;
  bool count, list_match, list_nomatch, number, only, quiet, no_messages;
  int with_name; /* -1 default, 0 -h, 1 -H */
  bool byte_offset, null_name, null_data, text, skip_binary;
  bool initial_tab;      /* -T: numbers 19 wide, a tab after the prefix */
  const char *group_sep; /* between context groups; NULL: none */
  bool skip_dirs;        /* -d skip: directory operands are passed over */
  bool skip_devices;     /* -D skip: device, FIFO and socket operands */
  int recursive;         /* 0, 1 (-r: skip symlinks), 2 (-R) */
  long after, before;
  bool ctx_seps;     /* grep -A/-B/-C given (even 0): "--" between
                              groups that do not touch, and between files */
  int64_t max_count; /* -1: none */
  /* --color=always: SGR codes from GREP_COLORS (grep only) */
  bool color, color_rv, color_ne;
  char c_ms[24], c_mc[24], c_sl[24], c_cx[24], c_fn[24], c_ln[24], c_bn[24],
      c_se[24];
  const char *label;                      /* name of stdin */
  vsh_strv patterns;                      /* one per pattern line */
  vsh_strv include, exclude, exclude_dir; /* globs on base names */
  /* rg */
  bool rg, heading, skip_hidden, column;
  bool pcre2;        /* rg -P: lookarounds allowed */
  vsh_strv rg_globs; /* -g: "!x" excludes */
  bool implicit_dot; /* no operand: print paths without "./" */
} grep_cfg;

/* Runs the search over operands (NULL/0: stdin, or "." for rg and -r);
 * returns the exit status (0 selected, 1 none, 2 error, 141 EPIPE). */
int grep_run(bi_ctx *b, grep_cfg *g, char **operands, int n);
void grep_cfg_dispose(grep_cfg *g);

#endif /* VSH_BUILTINS_GREP_INT_H */
