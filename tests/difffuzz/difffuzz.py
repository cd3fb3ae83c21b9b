#!/usr/bin/env python3
"""difffuzz: differential fuzzing of vsh against bash.

Generates random scripts over parameter expansions, patterns, arithmetic,
arrays, quoting and odd strings (long runs, UTF-8, control bytes), runs
each in vsh and in bash (the host's, with the GNU tools), and compares
stdout and the exit status.  Scripts stay inside the behaviours both
shells define (no time, pids, randomness or host paths).

  difffuzz.py VSH [--seed N] [--cases N] [--jobs N] [--show]

A fixed seed gives the same cases every run (make test runs a slice).
Differences that are known and explained are listed in KNOWN below with
the reason; anything else fails.  Prints "difffuzz: N passed, N failed".
"""
import argparse
import concurrent.futures
import os
import random
import subprocess
import sys
import tempfile

WORDS = ['', 'a', 'abc', 'a b', ' lead', 'trail ', 'x*y', '[ab]', 'é', 'héllo wörld',
         'a\tb', 'a\\b', "it's", 'q"uote', '*', '?', '-n', 'AbC', 'aaa', '1 2 3',
         '$HOME', 'line1\nline2', '..', '/a/b/c.txt', 'a.b.c', 'ÿ']
PATS = ['a', '?', '*', '[ab]', '[!a]', 'a*', '*a', '*.*', '?b', '[[:alpha:]]',
        '[[:space:]]', '[[:upper:]]*', '\\*', '"*"', 'é', 'b*c', '[a-c]?', '.*',
        '/*', '*/']
NAMES = ['x', 'y', 'arr', 'n']


def q(s):
    return "'" + s.replace("'", "'\\''") + "'"


def ansi(s):
    out = ''
    for ch in s:
        if ch == '\n':
            out += '\\n'
        elif ch == '\t':
            out += '\\t'
        elif ch in "'\\":
            out += '\\' + ch
        else:
            out += ch
    return "$'" + out + "'"


def word(r):
    k = r.random()
    if k < 0.1:
        return q(r.choice('ab ') * r.randint(50, 3000))
    if k < 0.15:
        return '"$(printf \'%%*s\' %d \'\' | tr \' \' %s)"' % (r.randint(1, 20000), r.choice('ab'))
    w = r.choice(WORDS)
    return ansi(w) if ('\n' in w or '\t' in w) else q(w)


def expansion(r, name):
    p = r.choice(PATS)
    ops = ['${%s}', '${#%s}', '${%s#%s}', '${%s##%s}', '${%s%%%s}', '${%s%%%%%s}',
           '${%s/%s/R}', '${%s//%s/R}', '${%s/#%s/R}', '${%s/%%%s/R}',
           '${%s^^}', '${%s,,}', '${%s^}', '${%s~~}', '${%s:1}', '${%s:1:2}',
           '${%s: -2}', '${%s:-def}', '${%s:+alt}', '${%s@Q}', '${%s//%s}',
           '${%s^^%s}']
    op = r.choice(ops)
    n = op.count('%s')
    return op % ((name, p)[:n]) if n == 2 else op % name


def arith(r, depth=0):
    if depth > 3 or r.random() < 0.3:
        return r.choice(['1', '2', '7', '0', '-3', '255', '0x1f', '010', '2#101',
                         'n', '9223372036854775807', '64#Z'])
    op = r.choice(['+', '-', '*', '/', '%', '<<', '>>', '&', '|', '^', '<',
                   '<=', '==', '!=', '&&', '||', '**', ','])
    a, b = arith(r, depth + 1), arith(r, depth + 1)
    if op in ('/', '%'):
        b = '(%s|1)' % b
    if op == '**':
        b = '(%s&7)' % b
    if op in ('<<', '>>'):
        b = '(%s&31)' % b
    e = '(%s %s %s)' % (a, op, b)
    if r.random() < 0.15:
        e = '(%s ? %s : %s)' % (e, arith(r, depth + 1), arith(r, depth + 1))
    return e


def stmt(r):
    k = r.randint(0, 11)
    name = r.choice(['x', 'y'])
    if k <= 2:
        return 'printf "<%%s>\\n" %s' % ' '.join('"%s"' % expansion(r, name) for _ in range(r.randint(1, 3)))
    if k == 3:
        return 'echo $(( %s ))' % arith(r)
    if k == 4:
        return '%s=%s' % (name, word(r))
    if k == 5:
        return 'arr=(%s); printf "[%%s]" "${arr[@]}" "${#arr[@]}" "${arr[*]:1}" "${!arr[@]}"; echo' % ' '.join(word(r) for _ in range(r.randint(0, 4)))
    if k == 6:
        return 'case "$%s" in %s) echo c1;; %s) echo c2;; *) echo c3;; esac' % (name, r.choice(PATS), r.choice(PATS))
    if k == 7:
        return '[[ $%s == %s ]]; echo "m $?"' % (name, r.choice(PATS))
    if k == 8:
        return 'printf "%%s|" $%s; echo' % name
    if k == 9:
        return 'declare -A h=([k]=%s [l]=%s); printf "%%s\\n" "${h[k]}${h[l]}" "${#h[@]}"' % (word(r), word(r))
    if k == 10:
        return 'n=$(( %s )); echo "n=$n ${n:0:5}"' % arith(r)
    return 'set -- %s; echo "$# ${1-} ${@: -1}"' % ' '.join(word(r) for _ in range(r.randint(0, 3)))


def script(seed):
    r = random.Random(seed)
    lines = ['x=%s' % word(r), 'y=%s' % word(r), 'n=%d' % r.randint(-5, 99)]
    if r.random() < 0.3:
        lines.insert(0, 'shopt -s extglob')
    lines += [stmt(r) for _ in range(r.randint(2, 6))]
    return '\n'.join(lines) + '\n'


# seed -> reason: differences that are understood and kept
KNOWN = {}


EMPTY = tempfile.mkdtemp(prefix='difffuzz-')  # bash globs in an empty dir


def run(argv, src):
    try:
        p = subprocess.run(argv + ['-c', src, 'difffuzz'], cwd=EMPTY,
                           stdin=subprocess.DEVNULL, capture_output=True,
                           timeout=20)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired:
        return 'timeout', b''


def check(vsh, seed):
    src = script(seed)
    b = run(['bash', '--norc', '--noprofile'], src)
    v = run([vsh, '--timeout', '15'], src)
    return seed, src, b, v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('vsh')
    ap.add_argument('--seed', type=int, default=1)
    ap.add_argument('--cases', type=int, default=300)
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--show', action='store_true')
    a = ap.parse_args()
    a.vsh = os.path.abspath(a.vsh)
    ok = bad = known = 0
    seeds = range(a.seed, a.seed + a.cases)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        for seed, src, b, v in ex.map(lambda s: check(a.vsh, s), seeds):
            if b == v:
                ok += 1
            elif seed in KNOWN:
                known += 1
            else:
                bad += 1
                print('FAIL difffuzz seed %d: bash %r vsh %r' % (seed, b[0], v[0]))
                if a.show:
                    cut = lambda t: t if len(t) < 600 else t[:300] + '...' + t[-300:]
                    print(cut(src))
                    bl = b[1].decode(errors='replace').splitlines()
                    vl = v[1].decode(errors='replace').splitlines()
                    for i in range(max(len(bl), len(vl))):
                        x = bl[i] if i < len(bl) else '<none>'
                        y = vl[i] if i < len(vl) else '<none>'
                        if x != y:
                            print('line %d\n  bash: %s\n  vsh:  %s' % (i + 1, cut(x), cut(y)))
                            break
    print('difffuzz: %d passed, %d failed%s' % (ok, bad, ', %d known' % known if known else ''))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
