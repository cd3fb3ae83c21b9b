"""Tests of the Python package: exec and its options, results, timeouts,
the fs verbs on the shell's filesystem, lazy files, mounts, the context
manager, threads (the GIL is released) and asyncio.
Run: PYTHONPATH=bindings/python python3 -m unittest discover -s bindings/python/tests
"""
import asyncio
import os
import shutil
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

try:
    import vsh
except ImportError as e:  # no library built: say so, skip everything
    vsh = None
    SKIP = f"vsh not importable ({e}); run `make python`"
else:
    SKIP = None


@unittest.skipIf(vsh is None, SKIP)
class ExecTest(unittest.TestCase):
    def setUp(self):
        self.b = vsh.Bash()

    def tearDown(self):
        self.b.close()

    def test_stdout_stderr_exit_code_env(self):
        r = self.b.exec("echo hi; echo oops >&2; x=1; exit 3")
        self.assertEqual(r.stdout, "hi\n")
        self.assertEqual(r.stderr, "oops\n")
        self.assertEqual(r.stdout_bytes, b"hi\n")
        self.assertEqual(r.stderr_bytes, b"oops\n")
        self.assertEqual(r.exit_code, 3)
        self.assertEqual(r.env["x"], "1")
        self.assertEqual(r.env["HOME"], "/home/user")

    def test_defaults_and_fresh_execs(self):
        self.assertEqual(self.b.cwd, "/home/user")
        self.b.exec("y=2; cd /tmp; echo d > f")
        r = self.b.exec('echo "[$y]"; pwd; cat /tmp/f')
        self.assertEqual(r.stdout, "[]\n/home/user\nd\n")

    def test_options(self):
        r = self.b.exec('pwd; echo "$A"', cwd="/tmp", env={"A": "a"})
        self.assertEqual(r.stdout, "/tmp\na\n")
        r = self.b.exec('echo "[$HOME][$A]"', env={"A": "a"}, replace_env=True)
        self.assertEqual(r.stdout, "[][a]\n")
        r = self.b.exec("tr a-z A-Z", stdin="hello\n")
        self.assertEqual(r.stdout, "HELLO\n")
        r = self.b.exec("wc -c", stdin=b"\x00\xff")
        self.assertEqual(r.stdout.strip(), "2")

    def test_errors_are_statuses(self):
        self.assertEqual(self.b.exec("nosuch").exit_code, 127)
        self.assertEqual(self.b.exec("if then fi").exit_code, 2)

    def test_timeout_is_124(self):
        t0 = time.monotonic()
        r = self.b.exec("echo a; sleep 10", timeout=0.2)
        self.assertLess(time.monotonic() - t0, 3)
        self.assertEqual(r.exit_code, 124)
        self.assertEqual(r.stdout, "a\n")
        r = self.b.exec("while :; do :; done", timeout=0.2)
        self.assertEqual(r.exit_code, 124)

    def test_bytes_output(self):
        r = self.b.exec("printf '\\377\\n'")
        self.assertEqual(r.stdout_bytes, b"\xff\n")
        self.assertEqual(r.stdout, "\ufffd\n")

    def test_limits(self):
        with vsh.Bash(limits={"max_loop_iterations": 50}) as b:
            r = b.exec("for i in $(seq 100); do :; done")
            self.assertEqual(r.exit_code, 126)
        with self.assertRaises(ValueError):
            vsh.Bash(limits={"nope": 1})
        # the struct's version is the binding's business, not a limit
        with self.assertRaises(ValueError):
            vsh.Bash(limits={"version": 2})

    def test_allowlist(self):
        with vsh.Bash(commands=["echo"]) as b:
            r = b.exec("echo ok; ls; echo $?")
            self.assertEqual(r.stdout, "ok\n127\n")


@unittest.skipIf(vsh is None, SKIP)
class FsTest(unittest.TestCase):
    def test_verbs_on_the_shells_tree(self):
        with vsh.Bash(files={"/data/a.txt": "hello\n", "/data/raw": b"\x00\x01"}) as b:
            self.assertEqual(b.cwd, "/")
            fs = b.fs
            self.assertEqual(fs.read_text("/data/a.txt"), "hello\n")
            self.assertEqual(fs.read_bytes("/data/raw"), b"\x00\x01")
            fs.write("/data/new/b.txt", "made")
            fs.write("/data/new/b.txt", "+more", append=True)
            self.assertEqual(b.exec("cat /data/new/b.txt").stdout, "made+more")
            b.exec("echo from-shell > /data/c.txt")
            self.assertEqual(fs.read_text("/data/c.txt"), "from-shell\n")
            self.assertTrue(fs.exists("/data/c.txt"))
            self.assertFalse(fs.exists("/data/none"))
            st = fs.stat("/data/a.txt")
            self.assertTrue(st.is_file)
            self.assertEqual(st.size, 6)
            self.assertEqual(st.mode, 0o644)
            self.assertTrue(fs.stat("/data").is_dir)
            self.assertEqual(fs.listdir("/data"), ["a.txt", "c.txt", "new", "raw"])
            fs.mkdir("/x/y", parents=True)
            fs.mkdir("/x/y", exist_ok=True)
            with self.assertRaises(FileExistsError):
                fs.mkdir("/x/y")
            fs.symlink("a.txt", "/data/link")
            self.assertEqual(fs.readlink("/data/link"), "a.txt")
            self.assertEqual(fs.realpath("/data/link"), "/data/a.txt")
            self.assertTrue(fs.stat("/data/link", follow_symlinks=False).is_symlink)
            fs.copy("/data", "/copy", recursive=True)
            self.assertEqual(fs.read_text("/copy/new/b.txt"), "made+more")
            fs.rename("/copy", "/moved")
            fs.chmod("/moved/a.txt", 0o600)
            self.assertEqual(fs.stat("/moved/a.txt").mode, 0o600)
            self.assertIn("/moved/new/b.txt", fs.walk("/moved"))
            fs.rm("/moved", recursive=True)
            self.assertFalse(fs.exists("/moved"))
            fs.rm("/none", force=True)

    def test_errors(self):
        with vsh.Bash() as b:
            with self.assertRaises(FileNotFoundError):
                b.fs.read_text("/nope")
            with self.assertRaises(IsADirectoryError):
                b.fs.read_bytes("/tmp")
            b.fs.write("/f", "x")
            with self.assertRaises(NotADirectoryError):
                b.fs.listdir("/f")
            b.fs.write("/d/x", "x")
            with self.assertRaises(IsADirectoryError):
                b.fs.rm("/d")

    def test_relative_paths_use_cwd(self):
        with vsh.Bash(cwd="/work") as b:
            b.fs.write("rel.txt", "r")
            self.assertEqual(b.exec("cat /work/rel.txt").stdout, "r")

    def test_lazy_file(self):
        calls = []

        def provide():
            calls.append(1)
            return "lazy\n"

        with vsh.Bash(files={"/lazy.txt": provide, "/lazy2": lambda: b"12345"}) as b:
            self.assertEqual(calls, [])
            self.assertEqual(b.exec("[ -s /lazy2 ] && wc -c < /lazy2").stdout.strip(), "5")
            self.assertEqual(calls, [])
            self.assertEqual(b.exec("cat /lazy.txt; cat /lazy.txt").stdout, "lazy\nlazy\n")
            self.assertEqual(b.fs.read_text("/lazy.txt"), "lazy\n")
            self.assertEqual(calls, [1])

    def test_mount_is_read_only_for_the_host(self):
        d = tempfile.mkdtemp()
        try:
            with open(os.path.join(d, "h.txt"), "w") as f:
                f.write("host\n")
            with vsh.Bash(mounts={"/proj": d}) as b:
                r = b.exec("cat /proj/h.txt; echo new > /proj/h.txt; cat /proj/h.txt")
                self.assertEqual(r.stdout, "host\nnew\n")
            with open(os.path.join(d, "h.txt")) as f:
                self.assertEqual(f.read(), "host\n")
            with vsh.Bash(mounts={"/ro": (d, "ro")}) as b:
                r = b.exec("cat /ro/h.txt; touch /ro/x; echo $?")
                self.assertEqual(r.stdout, "host\n1\n")
                with self.assertRaises(OSError) as cm:
                    b.fs.write("/ro/y", "y")
                self.assertEqual(cm.exception.errno, 30)  # EROFS
        finally:
            shutil.rmtree(d)


@unittest.skipIf(vsh is None, SKIP)
class LifecycleTest(unittest.TestCase):
    def test_context_manager_closes(self):
        with vsh.Bash() as b:
            b.exec("true")
        with self.assertRaises(ValueError):
            b.exec("true")

    def test_threads_run_in_parallel(self):
        script = "i=0; while [ $i -lt 40000 ]; do i=$((i+1)); done; echo $i"
        with vsh.Bash() as b:
            results = []
            ths = [threading.Thread(target=lambda: results.append(b.exec(script).stdout))
                   for _ in range(4)]
            for t in ths:
                t.start()
            for t in ths:
                t.join()
            self.assertEqual(results, ["40000\n"] * 4)

    def test_gil_released_during_exec(self):
        with vsh.Bash() as b:
            ticks = []
            stop = threading.Event()

            def tick():
                while not stop.is_set():
                    ticks.append(1)
                    time.sleep(0.005)

            t = threading.Thread(target=tick)
            t.start()
            b.exec("sleep 0.3")
            stop.set()
            t.join()
            self.assertGreater(len(ticks), 10)

    def test_asyncio(self):
        async def main():
            with vsh.Bash() as b:
                rs = await asyncio.gather(*(b.aexec(f"echo {i}") for i in range(8)))
                return [r.stdout for r in rs]

        self.assertEqual(asyncio.run(main()), [f"{i}\n" for i in range(8)])

    def test_many_instances(self):
        for i in range(200):
            with vsh.Bash(files={"/f": "x" * 1000}) as b:
                self.assertEqual(b.exec("wc -c < /f").stdout.strip(), "1000")



class NetworkTest(unittest.TestCase):
    """The network option (just-bash's names); no server needed: a
    refusal names the policy, an allowed URL reaches the connect step."""

    def test_no_network_by_default(self):
        with vsh.Bash() as b:
            r = b.exec("curl -sS http://127.0.0.1:1/")
            self.assertEqual(r.exit_code, 7)
            self.assertIn("has no network access", r.stderr)

    def test_allowlist(self):
        net = {"allowedUrlPrefixes": ["http://127.0.0.1:1/api"]}
        with vsh.Bash(network=net) as b:
            r = b.exec("curl -sS http://127.0.0.1:1/api/x")
            self.assertEqual(r.exit_code, 7)
            self.assertIn("Failed to connect", r.stderr)
            r = b.exec("curl -sS http://127.0.0.1:1/apix")
            self.assertIn("not allowed by the sandbox network policy",
                          r.stderr)
            r = b.exec("curl -sS -d x http://127.0.0.1:1/api/x")
            self.assertIn("Method POST not allowed", r.stderr)

    def test_full_access_keeps_private_addresses_refused(self):
        net = {"dangerouslyAllowFullInternetAccess": True}
        with vsh.Bash(network=net) as b:
            r = b.exec("curl -sS http://127.0.0.1:1/")
            self.assertIn("Address 127.0.0.1", r.stderr)


if __name__ == "__main__":
    unittest.main()
