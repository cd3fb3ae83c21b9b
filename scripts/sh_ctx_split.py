#!/usr/bin/env python3
"""sh_ctx_split: groups the fields of sh_ctx (shell/shell.h) into named
parts (c->status becomes c->proc.status) and rewrites every access.

  python3 scripts/sh_ctx_split.py BUILD_DIR

Re-run it after a merge that brings new accesses in the old form (a branch
that still writes c->status): it is idempotent.  When the merge conflicts,
resolve a hunk whose only difference on this side is the renames by
taking the other branch's side (its old c->field spellings are fine;
for struct sh_ctx, its flat field list, new fields included), configure
the build dir (it needs BUILD_DIR/compile_commands.json, which meson
writes), then run the script and build.  It works in two passes:

1. The struct: each field named in PARTS below moves into its part's
   nested struct (struct sh_ctx_<part> { ... } <part>;), keeping its
   comment; a field already in its part stays; a field not named in PARTS
   (one a branch added) stays at the top and is listed, so it can be
   given a part here and the script run again.
2. The accesses: every source of BUILD_DIR/compile_commands.json is
   compiled with -fsyntax-only; each "'sh_ctx' has no member named
   'FIELD'" error names the exact line and column of an old access, and
   'PART.' is inserted there.  This repeats until the compiler finds none,
   so only expressions that really are an sh_ctx are touched (a parser's
   p->line or a job's j->status are not), macros included.

Nothing else changes: no reformatting, no other lines.  Then build and
test as usual (nice ninja -C BUILD_DIR -j1).
"""
import concurrent.futures
import json
import os
import re
import shlex
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADER = os.path.join(ROOT, 'shell', 'shell.h')

# part -> (comment, fields).  ex, shell, fs and arena stay at the top: the
# exec, the shell object, the filesystem and the thread's arena.
PARTS = [
    ('vars', 'names: variables and scopes, functions, aliases, the '
     'positional parameters, the command hash',
     ['scope', 'global', 'funcs', 'aliases', 'pos', 'npos', 'arg0', 'rng',
      'numbuf', 'nameref_hops', 'ind_target', 'expanding_assignment',
      'getopts_pos', 'hashed', 'nhashed', 'asg_key', 'asg_val',
      'underscore', 'underscore_cap']),
    ('opt', 'options: set -o / shopt, and how this shell was started',
     ['opts', 'dash_c', 'dash_s', 'interactive', 'under_dash_c']),
    ('proc', 'the process this context stands for: ids, statuses, jobs, '
     'umask',
     ['status', 'last_bg_pid', 'pid', 'ppid', 'bashpid', 'pipestatus',
      'npipestatus', 'subst_status', 'subshell', 'subshell_level', 'job',
      'job_top', 'umask', 'self_sig', 'died_of', 'child_shell',
      'mid_pipe']),
    ('trap', 'traps, and what they see ($BASH_COMMAND, $? at entry)',
     ['traps', 'shown_traps', 'in_trap', 'frame', 'return_prev',
      'return_trap_gen', 'cur_cmd', 'cmd_text', 'err_trap_fresh']),
    ('dirs', 'the working directory and the directory stack',
     ['cwd', 'dirstack', 'ndirs']),
    ('io', 'the fd table and the fds of the running command',
     ['fds', 'nfds', 'psub_fds', 'npsub', 'exec_redirs_permanent',
      'xtrace_to']),
    ('limit', 'nesting counters and limits (the budgets of the exec are '
     'in sh_exec)',
     ['call_depth', 'subst_depth', 'eval_depth', 'loop_depth',
      'script_depth', 'stack_low', 'funcnest', 'ulimit_init',
      'ulimit_soft', 'ulimit_hard']),
    ('flow', 'control flow: break/continue/return/exit unwinding, set -e',
     ['unwind', 'unwind_n', 'errexit_off', 'errexit_bang', 'abort_errexit',
      'catch_depth']),
    ('where', 'where the shell is: line, function, source, call frames, '
     'the unit being run, and tracing (set -x)',
     ['line', 'pin_line', 'funcname', 'source_name', 'script_src', 'frames',
      'unit', 'parse_what', 'arith_what', 'func_traced', 'in_ps4',
      'xtrace_level', 'xtrace_decl']),
]
FIELD_PART = {f: p for p, _, fs in PARTS for f in fs}
PART_NAMES = [p for p, _, _ in PARTS]


# ---- pass 1: the struct ------------------------------------------------

def split_chunks(body):
    """The struct body as chunks: (name or None, text).  A chunk is a
    declaration with the comment lines before it and any comment that
    continues on the lines after it; a part's nested struct is one chunk
    named 'part:NAME'."""
    lines = body.split('\n')
    chunks, pending, i = [], [], 0
    while i < len(lines):
        ln = lines[i]
        st = ln.strip()
        if not st:
            i += 1
            continue
        if st.startswith('/*') and not re.search(r';\s*(/\*.*)?$', st):
            # a comment line (or block) before a declaration
            pending.append(ln)
            while '*/' not in lines[i]:
                i += 1
                pending.append(lines[i])
            i += 1
            continue
        # a declaration: up to the ';' at brace depth 0
        text, depth = [], 0
        while True:
            cur = lines[i]
            text.append(cur)
            code = re.sub(r'/\*.*?\*/', '', cur)
            depth += code.count('{') - code.count('}')
            if depth == 0 and ';' in code:
                break
            i += 1
        # an open comment after the ';' continues on the next lines
        last = text[-1]
        if last.count('/*') > last.count('*/'):
            while '*/' not in lines[i + 1]:
                i += 1
                text.append(lines[i])
            i += 1
            text.append(lines[i])
        i += 1
        decl = '\n'.join(text)
        m = re.match(r'\s*struct sh_ctx_(\w+) \{', decl)
        if m:
            chunks.append(('part:' + m.group(1), decl))
            pending = []
            continue
        code = re.sub(r'/\*.*?\*/', '', decl, flags=re.S)
        code = re.sub(r'\{.*\}', '', code, flags=re.S)
        names = re.findall(r'(\w+)\s*(?:\[[^\]]*\])*\s*[,;]', code)
        chunks.append((names[0] if names else None,
                       '\n'.join(pending + text)))
        pending = []
    return chunks


def part_members(decl):
    """The member chunks inside an existing part's nested struct."""
    inner = decl[decl.index('{') + 1:decl.rindex('}')]
    return [(n, dedent(t)) for n, t in split_chunks(inner)]


def dedent(t):
    return '\n'.join(l[2:] if l.startswith('    ') else l
                     for l in t.split('\n'))


def indent(t):
    return '\n'.join(('  ' + l) if l.strip() else l for l in t.split('\n'))


def split_struct():
    src = open(HEADER).read()
    a = src.index('struct sh_ctx {')
    b = src.index('\n};', a)
    body = src[a + len('struct sh_ctx {'):b]
    chunks = split_chunks(body)
    top, parts = [], {p: [] for p in PART_NAMES}
    for name, text in chunks:
        if name and name.startswith('part:'):
            pn = name[5:]
            for mn, mt in part_members(text):
                parts.setdefault(pn, []).append((mn, mt))
            continue
        # the two section markers of the unsplit struct go
        text = text.replace('  /* state (copied for a subshell) */\n', '')
        text = text.replace('  /* per thread of execution */\n', '')
        if name in FIELD_PART:
            parts[FIELD_PART[name]].append((name, text))
        else:
            top.append((name, text))
    out = ['struct sh_ctx {']
    out += [t for _, t in top]
    comments = {p: c for p, c, _ in PARTS}
    for pn, members in parts.items():
        if not members:
            continue
        com = comments.get(pn)
        if com:
            out.append(wrap_comment(com))
        out.append('  struct sh_ctx_%s {' % pn)
        out += [indent(t) for _, t in members]
        out.append('  } %s;' % pn)
    new = src[:a] + '\n'.join(out) + src[b:]
    if new != src:
        open(HEADER, 'w').write(new)
    known = {'ex', 'shell', 'fs', 'arena'}
    strays = [n for n, _ in top if n not in known]
    if strays:
        print('sh_ctx_split: fields without a part (add them to PARTS): ' +
              ' '.join(strays), file=sys.stderr)


def wrap_comment(text):
    words, lines, cur = text.split(), [], '  /*'
    for w in words:
        if len(cur) + 1 + len(w) > 76:
            lines.append(cur)
            cur = '   *'
        cur += ' ' + w
    lines.append(cur + ' */')
    return '\n'.join(lines)


# ---- pass 2: the accesses ------------------------------------------------

ERR = re.compile(r"^(.*?):(\d+):(\d+): error: '(?:const )?(?:struct )?sh_ctx'"
                 r".*has no member named '(\w+)'")


def syntax_errors(build):
    cmds = json.load(open(os.path.join(build, 'compile_commands.json')))
    seen, jobs = set(), []
    for e in cmds:
        path = os.path.normpath(os.path.join(e['directory'], e['file']))
        if path in seen or not path.startswith(ROOT + os.sep):
            continue
        if os.sep + 'subprojects' + os.sep in path:
            continue
        seen.add(path)
        argv = shlex.split(e['command'])
        keep, skip = [], False
        for x in argv:
            if skip:
                skip = False
                continue
            if x in ('-o', '-MQ', '-MF', '-c'):
                skip = True
                continue
            if x in ('-MD', '-fdiagnostics-color=always', '-Werror'):
                continue
            keep.append(x)
        keep += ['-fsyntax-only', '-fmax-errors=0',
                 '-fdiagnostics-column-unit=byte', '-w', path]
        jobs.append((e['directory'], keep))

    def run(job):
        d, argv = job
        env = dict(os.environ, LC_ALL='C', LANG='C')  # plain quotes
        r = subprocess.run(argv, cwd=d, capture_output=True, text=True,
                           env=env)
        return r.stderr

    found = set()
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        for err in pool.map(run, jobs):
            for ln in err.split('\n'):
                m = ERR.match(ln)
                if m:
                    f, line, col, name = m.groups()
                    found.add((os.path.realpath(f), int(line), int(col), name))
    return found


def fix_accesses(build):
    for rnd in range(1, 20):
        errs = syntax_errors(build)
        todo = {}
        for f, line, col, name in errs:
            if name not in FIELD_PART:
                print('sh_ctx_split: %s:%d: no part for %s' % (f, line, name),
                      file=sys.stderr)
                continue
            todo.setdefault(f, []).append((line, col, name))
        if not todo:
            return rnd - 1
        n = 0
        for f, edits in todo.items():
            lines = open(f).read().split('\n')
            # right to left on a line, so earlier columns stay valid
            for line, col, name in sorted(set(edits), reverse=True):
                s = lines[line - 1]
                # gcc points at the member or at its '->' / '.'
                m = re.compile(r'(?:->|\.)\s*(' + name + r')\b').search(
                    s, max(0, col - 3))
                if not m or m.start() > col + 2:
                    print('sh_ctx_split: %s:%d:%d: expected %s' %
                          (f, line, col, name), file=sys.stderr)
                    continue
                i = m.start(1)
                lines[line - 1] = s[:i] + FIELD_PART[name] + '.' + s[i:]
                n += 1
            open(f, 'w').write('\n'.join(lines))
        print('sh_ctx_split: round %d: %d accesses in %d files' %
              (rnd, n, len(todo)))
        if n == 0:
            return rnd
    return rnd


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build = os.path.abspath(sys.argv[1])
    split_struct()
    fix_accesses(build)


if __name__ == '__main__':
    main()
