#!/usr/bin/env python3
"""hostile: the reliability battery (issue "Reliability").

Runs hostile scripts through the vsh CLI, each in its own process, and
measures the wall time and the process's peak resident memory with
wait4's rusage (not a timed assertion inside vsh):

  battery   memory, CPU, regex, parse, fd, job and output bombs, in the
            normal and the hardened profile: each must end with the
            expected status (126 for a limit, 124 for the deadline, or the
            script's own) within a time bound, and a normal-profile bomb
            must keep the process under the memory ceiling + 100 MiB
  cli       the CLI's stdin reader: a silent pipe and /dev/zero as stdin
            under --timeout 0.2 end with 124 at once
  deadline  every command of the toolbox given endless input (yes, a
            stream of NULs from /dev/zero) under --timeout 0.2 must end
            with 124 (or earlier on its own) well inside a few seconds

  run.py VSH [--table] [battery|deadline ...]

Prints one line per failure, the table with --table, and a summary
"hostile: N passed, N failed".  Exit status 1 when anything failed.
"""
import os
import subprocess
import sys
import time

MIB = 1 << 20
CEILING = {'normal': 512 * MIB, 'hardened': 64 * MIB}

# name, script, expected statuses, wall bound (s) -- the CLI timeout is 10 s
BOMBS = [
    ('recursion doubling args', 'f(){ f "$@" "$@"; }; f x', {126}, 12),
    ('sort of 1e8 lines', 'seq 1 100000000 | sort | tail -1', {126, 124}, 12),
    ('assoc array fill', 'declare -A a; i=0; while :; do a[$i]=$i$i$i$i$i$i$i$i$i$i$i$i; i=$((i+1)); done', {124, 126}, 12),
    ('string doubling', 'x=a; while :; do x=$x$x; done', {126, 124}, 12),
    ('printf huge width', "printf '%*s' 999999999 x | wc -c", {126}, 5),
    ('printf huge int width', "printf '%*d' 2000000000 1", {126}, 5),
    ('eval of 50 MB', "eval \"$(yes ':;' | head -c 50000000)\"", {0, 126, 124}, 12),
    ('command substitution bomb', 'x=$(yes); echo ${#x}', {126}, 12),
    ('array of a million words', 'a=($(seq 1 1000000)); echo ${#a[@]}', {0, 126, 124}, 12),
    ('brace bomb', 'echo {1..100000}{1..100000} | wc -c', {126}, 5),
    ('infinite loop', 'while :; do :; done', {126, 124}, 12),
    ('sed branch loop', "echo x | sed ':a;ba'", {126, 124}, 12),
    ('yes to /dev/null', 'yes "$(printf %0100d 0)" > /dev/null', {126, 124}, 12),
    ('backreference regex', "s=$(printf '%*s' 3000 '' | tr ' ' a); expr \"$s\" : '\\(a*\\)\\(a*\\)\\2\\1b'; echo $s | grep -E '(a*)(a*)\\2\\1b'; echo $s | sed -E 's/(a*)(a*)\\2\\1b//'", {0, 1, 2, 4, 126}, 12),
    ('nl with a backreference regex', "s=$(printf '%*s' 2000 '' | tr ' ' a); echo $s | nl -b 'p\\(a*\\)\\(a*\\)\\2\\1b'", {0, 1, 2, 126}, 12),
    ('deep nesting parse', "eval \"$(printf '%.0s(' $(seq 1 100000))\"", {1, 2, 126}, 10),
    ('deep function recursion', 'f(){ f; }; f', {126, 1}, 10),
    # the shell's wait covers its own child only (as bash's): the bomb's
    # later generations are cancelled when the exec ends
    ('fork bomb', ':(){ :|:& };:; wait', {0, 126}, 12),
    # every generation waits for the next: the job limit is met
    ('waiting fork bomb', ':(){ :|: & wait; };:; wait', {126}, 12),
    ('pipeline bomb', ':(){ :|: ; }; :', {126}, 12),
    ('fd bomb', 'for i in $(seq 1 100000); do exec {fd}>/tmp/f$i || break; done', {0, 1, 126, 124}, 12),
    ('file bomb', 'for i in $(seq 1 10000000); do echo $i > /tmp/f$i || break; done', {0, 1, 126, 124}, 12),
    ('big file', 'head -c 2000000000 /dev/zero > /tmp/big', {1, 126, 124}, 12),
    ('output bomb', 'yes', {126, 124}, 12),
    ('pattern on a megabyte', "x=$(head -c 1000000 /dev/zero | tr '\\0' a); y=${x//a/bc}; echo ${#y}", {0}, 10),
    ('extglob on a long string', "shopt -s extglob; x=$(printf '%*s' 100000 '' | tr ' ' a); [[ $x == *(a|aa|aaa)b ]]; echo $?", {0, 1, 126}, 12),
    ('compgen -X on a long word', "shopt -s extglob; x=$(printf '%*s' 100000 '' | tr ' ' a); out=$(compgen -X '*(a|aa|aaa)b' -W \"$x b\"); [ \"$out\" = b ]", {0, 126}, 12),
    ('read from /dev/zero', 'read x < /dev/zero', {126, 124, 1}, 12),
    ('awk array fill', "awk 'BEGIN{while(1) a[i++]=i}'", {126, 124}, 12),
    ('awk runaway loop', "awk 'BEGIN{while(1) n++}'", {126, 124}, 12),
    ('awk deep recursion', "awk 'function f(n){return f(n+1)} BEGIN{f(0)}'", {2, 126}, 12),
    ('jq huge array', "jq -n '[range(1e9)] | length'", {126, 124}, 12),
    ('jq runaway generator', "jq -n 'last(range(1e12))'", {126, 124}, 12),
    ('jq deep recursion', "jq -n 'def f: [f]; f'", {5, 126}, 12),
    ('jq deep input', "printf '%.0s[' $(seq 1 200000) | jq .", {2, 5, 126}, 12),
]

DEADLINE_ARGS = {
    'grep': ['x'], 'egrep': ['x'], 'fgrep': ['x'], 'rg': ['x'],
    'zgrep': ['x'], 'zegrep': ['x'], 'zfgrep': ['x'],
    'sed': ['p'], 'cut': ['-c1'], 'tr': ['a', 'b'], 'join': ['-', '/dev/null'],
    'comm': ['-', '/dev/null'], 'cmp': ['-', '/dev/zero'],
    'diff': ['-', '/dev/null'], 'paste': ['-'], 'split': ['-', '/tmp/sp'],
    'tee': ['/dev/null'], 'xargs': ['echo'], 'timeout': ['100', 'cat'],
    'iconv': ['-f', 'utf-8', '-t', 'latin1'], 'patch': ['/tmp/p'],
    'head': ['-n', '-1'], 'tail': ['-n', '1'], 'dd': ['of=/dev/null'],
    'tar': ['-t'], 'bash': [], 'sh': [], 'bc': [], 'expr': ['a'],
    'env': ['cat'], 'numfmt': [], 'factor': [], 'column': ['-t'],
    'sleep': ['100'], 'find': ['/', '-name', 'zz'], 'cp': ['/dev/zero', '/tmp/z'],
    'install': ['/dev/zero', '/tmp/z2'], 'truncate': ['-s', '1', '/tmp/t'],
    'gzip': ['-c'], 'bzip2': ['-c'], 'xz': ['-c'], 'shuf': [],
    'md5sum': [], 'sort': [], 'uniq': [],
}
# commands whose endless input is not stdin
NO_STDIN = {'yes', 'seq', 'sleep', 'find', 'cp', 'install'}


def run(vsh, profile, script, timeout, wall_cap):
    argv = [vsh, '--profile', profile, '--timeout', str(timeout), '-c', script]
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    killed = False
    err = b''
    try:
        _, err = p.communicate(timeout=wall_cap + 20)
    except subprocess.TimeoutExpired:
        p.kill()
        killed = True
        err = b''
    # communicate reaps the child: take its rusage from the reap itself
    wall = time.monotonic() - t0
    return p.returncode if not killed else -9, wall, err.decode(errors='replace')


def run_rusage(vsh, profile, script, timeout, wall_cap):
    """Like run, but reaps with wait4 to read the child's peak RSS."""
    argv = [vsh, '--profile', profile, '--timeout', str(timeout), '-c', script]
    errf = open('/tmp/.vsh_hostile_err', 'w+b')
    t0 = time.monotonic()
    p = subprocess.Popen(argv, stdin=subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=errf)
    deadline = t0 + wall_cap + 20
    status = None
    ru = None
    while True:
        pid, st, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(st)
            break
        if time.monotonic() > deadline:
            p.kill()
            pid, st, ru = os.wait4(p.pid, 0)
            status = -9
            break
        time.sleep(0.005)
    p.returncode = status
    wall = time.monotonic() - t0
    errf.seek(0)
    err = errf.read().decode(errors='replace')
    errf.close()
    return status, wall, ru.ru_maxrss * 1024, err


def battery(vsh, table, only=None):
    ok = bad = 0
    rows = []
    for name, script, want, bound in BOMBS:
        if only and only not in name:
            continue
        for prof in ('normal', 'hardened'):
            st, wall, rss, err = run_rusage(vsh, prof, script, 10, bound)
            fails = []
            if st not in want:
                fails.append('status %s (want %s)' % (st, sorted(want)))
            if wall > bound:
                fails.append('wall %.1fs > %ds' % (wall, bound))
            if rss > CEILING[prof] + 100 * MIB:
                fails.append('peak RSS %d MiB > ceiling + 100' % (rss >> 20))
            if st in (124, 126) and 'vsh:' not in err:
                fails.append('no message for status %d' % st)
            last = err.strip().splitlines()[-1] if err.strip() else ''
            rows.append((name, prof, st, wall, rss >> 20, last[:60]))
            if fails:
                bad += 1
                print('FAIL battery: %s [%s]: %s' % (name, prof, '; '.join(fails)))
            else:
                ok += 1
    if table:
        print('| bomb | profile | status | wall s | peak RSS MiB | message |')
        print('|---|---|---|---|---|---|')
        for r in rows:
            print('| %s | %s | %s | %.2f | %d | %s |' % r)
    return ok, bad


def deadline(vsh, table):
    names = subprocess.run([vsh, '-c', 'ls /bin'], capture_output=True,
                           text=True).stdout.split()
    ok = bad = 0
    rows = []
    for name in names:
        if name in ('[', 'test', 'true', 'false', 'echo', 'kill', 'pwd',
                    'printf', 'clear'):
            continue
        args = ' '.join("'%s'" % a for a in DEADLINE_ARGS.get(name, []))
        if name in NO_STDIN:
            script = '%s %s > /dev/null' % (name, args)
            feeds = [script]
        else:
            feeds = ['yes | %s %s > /dev/null' % (name, args),
                     '%s %s < /dev/zero > /dev/null' % (name, args)]
        for script in feeds:
            st, wall, _ = run(vsh, 'normal', script, 0.2, 3)
            rows.append((script, st, wall))
            # ends by itself (any status) or at the deadline, inside 3 s
            if wall > 3 or st == -9:
                bad += 1
                print('FAIL deadline: %s: status %s after %.2fs' % (script, st, wall))
            else:
                ok += 1
    if table:
        print('| script | status | wall s |')
        print('|---|---|---|')
        for r in rows:
            print('| `%s` | %s | %.2f |' % r)
    return ok, bad


def cli_stdin(vsh, table):
    """The CLI's own stdin reader meets the deadline: a writer that never
    writes (a pipe from sleep) and one that never stops (/dev/zero)."""
    ok = bad = 0
    rows = []
    cases = [
        ('read from a silent pipe', 'read x', 'sleep'),
        ('read x < /dev/stdin from /dev/zero', 'read x < /dev/stdin', 'zero'),
        ('cat from /dev/zero', 'cat > /dev/null', 'zero'),
        ('bash reading its script from /dev/zero', 'bash', 'zero'),
    ]
    for name, script, feed in cases:
        t0 = time.monotonic()
        if feed == 'sleep':
            src = subprocess.Popen(['sleep', '5'], stdout=subprocess.PIPE)
            stdin = src.stdout
        else:
            src = None
            stdin = open('/dev/zero', 'rb')
        try:
            p = subprocess.run([vsh, '--timeout', '0.2', '-c', script],
                               stdin=stdin, capture_output=True, timeout=10)
            st = p.returncode
        except subprocess.TimeoutExpired:
            st = -9
        wall = time.monotonic() - t0
        if src:
            src.kill()
            src.wait()
        else:
            stdin.close()
        rows.append((name, st, wall))
        if st != 124 or wall > 3:
            bad += 1
            print('FAIL cli stdin: %s: status %s after %.2fs' % (name, st, wall))
        else:
            ok += 1
    if table:
        print('| CLI stdin case | status | wall s |')
        print('|---|---|---|')
        for r in rows:
            print('| %s | %s | %.2f |' % r)
    return ok, bad


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    vsh = args[0]
    table = '--table' in args
    parts = [a for a in args[1:] if not a.startswith('--')] or ['battery', 'deadline', 'cli']
    ok = bad = 0
    for part in parts:
        if part == 'battery':
            o, b = battery(vsh, table)
        elif part == 'deadline':
            o, b = deadline(vsh, table)
        elif part == 'cli':
            o, b = cli_stdin(vsh, table)
        else:
            o, b = battery(vsh, table, part)
        ok += o
        bad += b
    print('hostile: %d passed, %d failed' % (ok, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
