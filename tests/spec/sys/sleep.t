=== sleep accepts fractions, suffixes and sums
--- script
sleep 0.05; sleep 0.01s 0.001m; echo done
--- stdout
done

=== sleep rejects bad intervals
--- script
sleep; echo "st $?"; sleep x; echo "st $?"; sleep 1x; echo "st $?"
--- stdout
st 1
st 1
st 1
--- stderr
sleep: missing operand
Try 'sleep --help' for more information.
sleep: invalid time interval ‘x’
Try 'sleep --help' for more information.
sleep: invalid time interval ‘1x’
Try 'sleep --help' for more information.

=== sleep is stopped by timeout
--- script
timeout 0.1 sleep 5; echo "st $?"
--- stdout
st 124
