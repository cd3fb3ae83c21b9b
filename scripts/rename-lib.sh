#!/bin/sh
# rename-lib.sh: gives the command library of builtins/lib one prefix,
# bi_: the old fu_ (files_int.h) and mi_ (misc_io.h) names become the
# bi_ names of the topic headers (lib/io.h, walk.h, text.h, path.h,
# mode.h, time.h), and the includes of the two old headers go (builtins.h
# includes the whole library).  Purely mechanical and idempotent: run it
# again from the repository root after merging a branch that still uses
# the old names, then rebuild.
set -eu
cd "$(dirname "$0")/.."

# old new: whole identifiers only
pairs='
fu_quote bi_quote
fu_cquote bi_cquote
fu_ask_overwrite bi_ask_overwrite
fu_mode_string bi_mode_string
fu_type_char bi_type_char
fu_blocks bi_blocks
fu_user_name bi_user_name
fu_group_name bi_group_name
fu_human bi_human_size
fu_parse_mode bi_parse_mode
fu_tm bi_tm
fu_zone bi_zone
fu_zone_init bi_zone_init
fu_zone_offset bi_zone_offset
fu_zone_local bi_zone_local
fu_tz_offset_at bi_tz_offset_at
fu_tz_local bi_tz_local
fu_localtime bi_time_at
fu_days_from_civil bi_days_from_civil
fu_months bi_months
fu_days bi_days
fu_now bi_now
fu_fmt_full bi_fmt_full
fu_parse_date bi_parse_date
fu_join bi_path_join
fu_base_name bi_base_name
fu_is_dot_or_dotdot bi_is_dot_or_dotdot
fu_target_dir bi_target_dir
fu_canon bi_canon_path
FU_CANON_EXISTING BI_CANON_EXISTING
FU_CANON_ALL_BUT_LAST BI_CANON_ALL_BUT_LAST
FU_CANON_MISSING BI_CANON_MISSING
fu_raw_path bi_raw_path
fu_went bi_went
fu_walk bi_walk
fu_walk_new bi_walk_new
fu_walk_next bi_walk_next
fu_walk_skip bi_walk_skip
fu_walk_free bi_walk_free
mi_open bi_open_input
mi_read_full bi_read_full
mi_read_all bi_read_all
mi_slurp bi_slurp
mi_write_file bi_write_file
mi_file_err bi_file_err
mi_status bi_err_status
mi_format_time bi_format_time
mi_format_mtime bi_format_mtime
'
dirs='builtins net shell tests fuzz sandbox cli bench docs'

script=$(mktemp)
trap 'rm -f "$script"' EXIT
echo "$pairs" | while read -r old new; do
  if [ -n "$old" ]; then printf 's/\\b%s\\b/%s/g\n' "$old" "$new"; fi
done >"$script"

# every tracked file that names one of the old identifiers
words=$(echo "$pairs" | awk 'NF { printf "%s%s", sep, $1; sep = "|" }')
git grep -lwE "$words" -- $dirs | while read -r f; do
  sed -i -f "$script" "$f"
done

# the two old headers: builtins.h (which includes lib/lib.h) replaces them
old_inc='#include "builtins\/lib\/\(files_int\|misc_io\)\.h"'
git grep -lE '#include "builtins/lib/(files_int|misc_io)\.h"' -- $dirs |
  while read -r f; do
    if ! grep -q '#include "builtins/builtins.h"' "$f"; then
      sed -i "0,/$old_inc/s//#include \"builtins\/builtins.h\"/" "$f"
    fi
    sed -i "/$old_inc/d" "$f"
  done
git rm -q --ignore-unmatch builtins/lib/files_int.h builtins/lib/misc_io.h
echo "rename-lib: done"
