#!/usr/bin/env python3
"""run.py: the net cases (tests/net/*.t) against a local server.

Starts server.py (two ports on 127.0.0.1, chosen at run time), then runs
each case with the spec-run format (=== name, --- script, --- stdout,
--- stderr, --- status: N) plus:

    --- args: --allow-url http://127.0.0.1:$PORT/     vsh CLI options
    --- stderr-re                                     stderr must match
    <python regex, whole text>                        (re.DOTALL)
    --- vsh-only: reason                              not run on the host
    --- max-seconds: S                                the run's time limit

$PORT and $PORT2 are replaced in every section.

  run.py BUILD_DIR [FILES...]        vsh (build/vsh)
  run.py --shell host [FILES...]     bash with the host's curl/wget: the
                                     expectations come from these runs

Exits 77 (skip) when the server cannot start.
"""
import glob
import os
import re
import shlex
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def parse(path):
    cases, cur, sec, lines = [], None, None, []

    def close():
        nonlocal sec, lines
        if cur is not None and sec is not None:
            name, nonl = sec
            text = ''.join(l + '\n' for l in lines)
            if nonl and text.endswith('\n'):
                text = text[:-1]
            if name.startswith('file '):
                cur['files'].append((name.split(None, 1)[1], text))
            else:
                cur[name] = text
        sec, lines = None, []

    for raw in open(path, encoding='utf-8').read().split('\n'):
        if raw.startswith('=== '):
            close()
            cur = {'name': raw[4:].strip(), 'files': [], 'status': 0,
                   'args': '', 'file': os.path.basename(path)}
            cases.append(cur)
            continue
        if raw.startswith('--- ') and cur is not None:
            close()
            head = raw[4:].strip()
            if head.startswith('status:'):
                cur['status'] = int(head.split(':', 1)[1])
                continue
            if head.startswith('max-seconds:'):
                cur['max_seconds'] = float(head.split(':', 1)[1])
                continue
            if head.startswith('args:'):
                cur['args'] = head.split(':', 1)[1].strip()
                continue
            if head.startswith('vsh-only:'):
                cur['vsh_only'] = head.split(':', 1)[1].strip()
                continue
            nonl = head.endswith('(no newline)')
            if nonl:
                head = head[:-len('(no newline)')].strip()
            sec = (head, nonl)
            continue
        if sec is not None:
            lines.append(raw)
    close()
    for c in cases:
        for k in ('script', 'stdout', 'stderr', 'stderr-re'):
            if k in c and c[k].endswith('\n\n'):
                c[k] = c[k][:-1]
    return cases


def run_case(case, shell, build, ports):
    def subst(s):
        return s.replace('$PORT2', str(ports[1])).replace('$PORT',
                                                          str(ports[0]))
    with tempfile.TemporaryDirectory(prefix='vsh-net-') as d:
        for rel, text in case['files']:
            p = os.path.join(d, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, 'w') as f:
                f.write(subst(text))
        script = subst(case['script'])
        env = {'PATH': '/usr/local/bin:/usr/bin:/bin', 'LC_ALL': 'C.UTF-8',
               'HOME': d, 'TZ': 'UTC'}
        for k in ('ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS'):
            if k in os.environ:
                env[k] = os.environ[k]
        if shell == 'host':
            cmd = ['bash', '-c', script]
        else:
            cmd = [os.path.join(build, 'vsh')] + shlex.split(subst(case['args'])) \
                + ['--mount', d + ':' + d, '--cwd', d, '-c', script]
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, cwd=d, env=env, capture_output=True,
                               timeout=30)
        except subprocess.TimeoutExpired:
            return ['timeout']
        out = p.stdout.decode('utf-8', 'replace').replace(d, '$TMPDIR')
        err = p.stderr.decode('utf-8', 'replace').replace(d, '$TMPDIR')
        if shell == 'host':
            err = err.replace('bash: ', 'vsh: ')
        took = time.monotonic() - t0
        why = []
        if took > case.get('max_seconds', 1e9):
            why.append('took %.2f s, more than %s' % (took,
                                                      case['max_seconds']))
        if 'runtime error:' in err or 'Sanitizer' in err:
            why.append('sanitizer: ' + err[:600])
        if 'stdout' in case and out != subst(case['stdout']):
            why.append('stdout %r != %r' % (out, subst(case['stdout'])))
        if 'stderr' in case and err != subst(case['stderr']):
            why.append('stderr %r != %r' % (err, subst(case['stderr'])))
        if 'stderr-re' in case and not re.fullmatch(
                subst(case['stderr-re']).rstrip('\n'), err.rstrip('\n'),
                re.DOTALL):
            why.append('stderr %r !~ %r' % (err, case['stderr-re']))
        if p.returncode != case['status']:
            why.append('status %d != %d' % (p.returncode, case['status']))
        return why


def main():
    args = sys.argv[1:]
    shell, build = 'vsh', None
    if args[:1] == ['--shell']:
        shell, args = args[1], args[2:]
    else:
        if not args:
            print(__doc__)
            return 2
        build, args = os.path.abspath(args[0]), args[1:]
    files = args or sorted(glob.glob(os.path.join(HERE, '*.t')))
    try:
        srv = subprocess.Popen([sys.executable,
                                os.path.join(HERE, 'server.py')],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        line = srv.stdout.readline().decode().split()
        ports = [int(line[0]), int(line[1])]
    except Exception as e:  # no python, no free port: skip
        print('net: skipped: cannot start the local server (%s)' % e)
        return 77
    passed = failed = skipped = 0
    try:
        for f in files:
            for case in parse(f):
                if shell == 'host' and case.get('vsh_only'):
                    skipped += 1
                    continue
                why = run_case(case, shell, build, ports)
                if why:
                    failed += 1
                    print('FAIL %s: %s\n    %s' % (case['file'], case['name'],
                                                   '\n    '.join(why)))
                else:
                    passed += 1
    finally:
        srv.stdin.close()
        srv.terminate()
        srv.wait()
    print('net (%s): %d passed, %d failed%s' % (
        shell, passed, failed, ', %d skipped' % skipped if skipped else ''))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
