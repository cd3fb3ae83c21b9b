#!/usr/bin/env python3
"""parse_corpus.py: parses every Oils spec case with vsh's parser and
compares with bash.

Counts (1) cases `bash -O extglob -n` accepts but vsh rejects (false
syntax errors, target 0) and (2) with --ts, cases where the tree-sitter
path and the pure recursive-descent path produce different dumps (target
0).  The driver is tests/parse_corpus.c built by hand or by meson.

usage: parse_corpus.py --driver /tmp/parse_corpus [--ts] [-v|--brief]
                       [FILES...]
--brief (make test) prints the counts on one line, and the offending cases
only when a count is not zero.
"""
import argparse
import glob
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CASES = os.path.join(HERE, '..', '..', 'shared', 'conformance')


def load_cases(conf_dir, files):
    sys.path.insert(0, conf_dir)
    import run_spec  # noqa: E402  (the conformance runner's own reader)
    out = []
    for f in files:
        with open(f, encoding='utf-8', errors='surrogateescape') as fh:
            text = fh.read()
        try:
            _, cases = run_spec.parse_spec(text, f)
        except Exception as e:  # a malformed file is reported, not fatal
            print('skip %s: %s' % (f, e), file=sys.stderr)
            continue
        for c in cases:
            out.append((os.path.basename(f), c['desc'],
                        c['code'].encode('utf-8', 'surrogateescape')))
    return out


def bash_rejects(code):
    r = subprocess.run(['bash', '-O', 'extglob', '-n'], input=code,
                       capture_output=True, timeout=20)
    err = r.stderr.decode('utf-8', 'replace')
    # bash 5.2 prints [[ ]] errors but may still exit 0 with -n
    bad = r.returncode != 0 or 'syntax error' in err or \
        'conditional binary operator' in err or \
        'conditional unary operator' in err or 'unexpected token' in err
    if not bad:
        # bash 5.2 -n stops silently at some [[ ]] errors (`[[ ]]`): a
        # syntax error appended to the script must then go unreported
        r2 = subprocess.run(['bash', '-O', 'extglob', '-n'],
                            input=code + b'\n)\n', capture_output=True,
                            timeout=20)
        if r2.returncode == 0 and not r2.stderr:
            bad, err = True, 'stops silently'
    return bad, err.strip()


def run_driver(driver, cases, ts):
    bundle = b''.join(b'#CASE %d\n' % len(c[2]) + c[2] for c in cases)
    args = [driver, '-x'] + (['-t'] if ts else []) + ['--cases', '-']
    r = subprocess.run(args, input=bundle, capture_output=True, timeout=600)
    if r.returncode not in (0, 2):
        sys.exit('driver failed (%d): %s' % (r.returncode,
                                              r.stderr.decode()[-2000:]))
    blocks = r.stdout.decode('utf-8', 'surrogateescape').split('CASE\n')[1:]
    blocks = [b[:-4] if b.endswith('END\n') else b for b in blocks]
    if len(blocks) != len(cases):
        sys.exit('driver returned %d blocks for %d cases' %
                 (len(blocks), len(cases)))
    return blocks


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--driver', default='/tmp/parse_corpus')
    ap.add_argument('--conformance', default=DEFAULT_CASES)
    ap.add_argument('--ts', action='store_true',
                    help='also compare the tree-sitter path with RD')
    ap.add_argument('-v', action='store_true')
    ap.add_argument('--brief', action='store_true',
                    help='one summary line (cases listed only on failure)')
    ap.add_argument('files', nargs='*')
    a = ap.parse_args()
    files = a.files or sorted(glob.glob(os.path.join(a.conformance, 'oils',
                                                     '*.test.sh')))
    cases = load_cases(a.conformance, files)
    rd = run_driver(a.driver, cases, False)
    false_err, false_ok = [], []
    for c, blk in zip(cases, rd):
        vsh_bad = 'ERROR line' in blk or 'ERROR new' in blk
        bash_bad, berr = bash_rejects(c[2])
        if vsh_bad and not bash_bad:
            false_err.append((c, blk))
        elif bash_bad and not vsh_bad:
            false_ok.append((c, berr))
    status = 1 if false_err else 0
    diffs = []
    if a.ts:
        tsb = run_driver(a.driver, cases, True)
        diffs = [(c, x, y) for c, x, y in zip(cases, rd, tsb) if x != y]
        if diffs:
            status = 1
    if a.brief:
        print('parse corpus: %d cases, %d false syntax errors, %s' %
              (len(cases), len(false_err),
               '%d tree-sitter/RD dump differences' % len(diffs) if a.ts
               else 'tree-sitter/RD not compared'))
    else:
        print('cases: %d' % len(cases))
        print('false syntax errors (bash -n accepts, vsh rejects): %d' %
              len(false_err))
    if not a.brief or false_err:
        for c, blk in false_err:
            msg = [l for l in blk.splitlines() if l.startswith('ERROR')]
            print('  %s: %s: %s' % (c[0], c[1], msg[-1] if msg else '?'))
            if a.v:
                print('    ' + c[2].decode('utf-8', 'replace')
                      .replace('\n', '\n    '))
    if not a.brief:
        print('accepted by vsh, rejected by bash: %d' % len(false_ok))
        if a.v:
            for c, berr in false_ok:
                print('  %s: %s: %s' % (c[0], c[1],
                                        berr.splitlines()[0] if berr else ''))
        if a.ts:
            print('tree-sitter vs recursive-descent dump differences: %d' %
                  len(diffs))
    for c, x, y in diffs:
        print('  %s: %s (tree-sitter/RD dumps differ)' % (c[0], c[1]))
        if a.v:
            print('    rd: ' + x.strip().replace('\n', '\n        '))
            print('    ts: ' + y.strip().replace('\n', '\n        '))
    return status


if __name__ == '__main__':
    sys.exit(main())
