=== yes repeats y until the reader is gone
--- script
yes | head -n 3; yes a b | head -n 2
--- stdout
y
y
y
a b
a b

=== yes dies with SIGPIPE status
--- script
yes | head -c 1 >/dev/null; echo "${PIPESTATUS[0]}"
--- stdout
141
