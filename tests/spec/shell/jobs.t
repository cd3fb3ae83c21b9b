=== kill ends a background job with 128+signal
--- script
sleep 5 &
pid=$!
kill "$pid"
wait "$pid"
echo "status $?"
--- stdout
status 143

=== kill -9 by job spec
--- script
sleep 5 &
kill -9 %1
wait %1
echo "status $?"
--- stdout
status 137

=== a trap runs when the shell signals itself
--- script
trap 'echo caught USR1' USR1
kill -USR1 $$
echo after
--- stdout
caught USR1
after

=== an ignored signal does nothing
--- script
trap '' TERM
kill -TERM $$
echo still here
--- stdout
still here

=== kill -l names signals
--- script
kill -l 9 15 TERM
--- stdout
KILL
TERM
15

=== wait -n returns the first job to finish
--- script
(sleep 0.3; exit 3) &
(sleep 0.05; exit 4) &
wait -n
echo "first $?"
wait
--- stdout
first 4

=== kill reports unknown jobs
--- script
kill %7
echo "rc $?"
--- stdout
rc 1
--- stderr
vsh: line 1: kill: %7: no such job

=== jobs still running at the end are cancelled, not waited for
--- vsh-only: bash leaves the job running; vsh ends it with the exec
--- script
sleep 100 &
echo started
--- stdout
started
