#!/usr/bin/env python3
"""cli: the vsh command run the way scripts and test harnesses run bash.

Each case is an argument list (after the program name), an optional
standard input and the stdout and exit status bash 5.2 gives for the same
arguments; `run.py --shell bash` proves the table against the host's bash,
`run.py BUILD` checks BUILD/vsh. Prints "cli: N passed, N failed".
"""
import subprocess
import sys

CASES = [
    (['--norc', '--noprofile', '-c', 'echo "$0 $1"', 'me', 'one'], None,
     'me one\n', 0),
    (['--norc', '--noprofile'], 'echo from-stdin; exit 3\n',
     'from-stdin\n', 3),
    (['-ec', '--', 'false; echo no'], None, '', 1),
    (['-c', '--', 'echo "$0|$1"', 'a', 'b'], None, 'a|b\n', 0),
    (['-c', 'echo "$#:$1"', 'zero', '--', 'x'], None, '2:--\n', 0),
    (['-eu', '-o', 'pipefail', '-c', 'echo $-; false | true'], None,
     'ehuBc\n', 1),
    (['+O', 'nullglob', '-O', 'extglob', '-c', 'shopt extglob nullglob'],
     None, 'extglob        \ton\nnullglob       \toff\n', 1),
    (['+B', '-c', 'echo {a,b}'], None, '{a,b}\n', 0),
    (['-x', '-c', 'echo t 2>/dev/null'], None, 't\n', 0),
    (['-c'], None, '', 2),
    (['-o', '--'], None, '', 2),
    (['-c', '--'], None, '', 2),
]


def main():
    if len(sys.argv) > 2 and sys.argv[1] == '--shell':
        prog = [sys.argv[2]]
    else:
        prog = [sys.argv[1] + '/vsh']
    ok = bad = 0
    for args, stdin, out, rc in CASES:
        p = subprocess.run(prog + args, input=(stdin or '').encode(),
                           capture_output=True, timeout=20)
        got = (p.stdout.decode(), p.returncode)
        if got == (out, rc):
            ok += 1
        else:
            bad += 1
            print('FAIL %r: got %r, expected %r' % (args, got, (out, rc)))
    print('cli: %d passed, %d failed' % (ok, bad))
    return 1 if bad else 0


sys.exit(main())
