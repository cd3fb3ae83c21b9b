=== getconf: system and file system limits
--- script
for v in ARG_MAX PAGE_SIZE PAGESIZE PATH LONG_BIT CHAR_BIT INT_MAX INT_MIN UINT_MAX CLK_TCK LINE_MAX HOST_NAME_MAX SSIZE_MAX WORD_BIT; do getconf $v; done
getconf NAME_MAX /; getconf PATH_MAX .; getconf PIPE_BUF /; getconf -v x LONG_BIT
getconf -a | grep -E '^(NAME_MAX|ARG_MAX|PAGESIZE|LONG_BIT) '
--- stdout
2097152
4096
4096
/bin:/usr/bin
64
8
2147483647
-2147483648
4294967295
100
2048
64
32767
32
255
4096
4096
64
NAME_MAX                           255
ARG_MAX                            2097152
LONG_BIT                           64
PAGESIZE                           4096
--- status: 0

=== getconf: errors
--- script
getconf NAME_MAX; echo "[$?]"; getconf FOO; echo "[$?]"; getconf; echo "[$?]"
getconf ARG_MAX x; echo "[$?]"; getconf NAME_MAX /nonexist; echo "[$?]"; getconf -x; echo "[$?]"
--- stdout
[2]
[2]
[2]
[2]
[3]
[2]
--- stderr
Usage: getconf [-v specification] variable_name [pathname]
       getconf -a [pathname]
getconf: Unrecognized variable `FOO'
Usage: getconf [-v specification] variable_name [pathname]
       getconf -a [pathname]
Usage: getconf [-v specification] variable_name [pathname]
       getconf -a [pathname]
getconf: pathconf: /nonexist: No such file or directory
getconf: Unrecognized variable `-x'
--- status: 0

=== getconf: processors and process limits as nproc and ulimit see them
--- vsh-only: the sandbox's counts are virtual, not the host's
--- script
getconf _NPROCESSORS_ONLN; getconf _NPROCESSORS_CONF; nproc
[ "$(getconf OPEN_MAX)" = "$(ulimit -n)" ] && [ "$(getconf CHILD_MAX)" = "$(ulimit -u)" ] && echo same
VSH_NPROC=4 getconf _NPROCESSORS_ONLN
--- stdout
1
1
1
same
4
--- status: 0
