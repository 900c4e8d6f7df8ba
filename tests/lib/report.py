"""One report format for every suite: a line per check, then the closing line.

    PASS <name>
    FAIL <name>: <why>
    N passed, N failed

tests/run-all.sh reads the closing line; nothing else in the output is parsed.

    from report import check, eq, contains, run
    check("ping answered", r.get("result") == {}, r)      # -> True/False
    run(main)            # main() runs the checks; prints the closing line, exits 1 on a failure

A suite may also be a list of check functions, each one check named after the function:

    @test
    def paging(): expect_eq(len(page), 2, "page size"); expect(token, "a next token")
    run_tests(before=reset)                      # inside main()

or groups of checks, each a function that makes many:

    run_groups((t_stdio, t_http), port, after=sim.reset)   # t_stdio(port), then t_http(port)

Python standard library only.
"""
import signal
import sys
import time
import traceback

passed = 0
failed = 0
_cleanups = []


def _line(s):
    sys.stdout.write(s + "\n")
    sys.stdout.flush()


def check(name, cond, why=""):
    """Counts and prints one check; returns whether it passed."""
    global passed, failed
    if cond:
        passed += 1
        _line("PASS " + name)
        return True
    failed += 1
    why = str(why).replace("\n", " ") if why or why == 0 else "condition false"
    if len(why) > 600:
        why = why[:600] + "..."
    _line("FAIL %s: %s" % (name, why))
    return False


def eq(name, got, want):
    return check(name, got == want, "got %r, want %r" % (got, want))


def contains(name, text, *needles):
    """Whether text holds every needle, case-insensitively."""
    missing = [n for n in needles if n.lower() not in (text or "").lower()]
    return check(name, not missing, "missing %r in %r" % (missing, (text or "")[:400]))


class Fail(Exception):
    """An expectation inside a @test function that did not hold."""


TESTS = []


def test(fn):
    """Registers fn as one check (see run_tests)."""
    TESTS.append(fn)
    return fn


def expect(cond, what):
    if not cond:
        raise Fail(what)


def expect_eq(got, want, what=""):
    if got != want:
        raise Fail("%s: expected %r, got %r" % (what, want, got))


def run_tests(only=(), before=None):
    """Runs each @test function (those named in only, when given) as one check: it passes when
    it returns, fails with the reason when it raises. before() runs ahead of each."""
    for t in TESTS:
        if only and t.__name__ not in only:
            continue
        if before:
            before()
        try:
            t()
            check(t.__name__, True)
        except Exception as e:  # a crash in a check is a failure of that check
            check(t.__name__, False, "%s: %s" % (type(e).__name__, e))


def run_groups(groups, *args, before=None, after=None):
    """Runs each group of checks (a function, given args) in turn. A group that raises is one
    failure named after it, its traceback printed, and the groups after it still run. before()
    runs ahead of each group inside that guard, after() once it ended (also when it raised);
    a note gives each group's time."""
    for group in groups:
        t0 = time.time()
        try:
            if before:
                before()
            group(*args)
        except Exception as e:  # a group that dies is one failure; the others still run
            check(group.__name__, False, "%s: %s" % (type(e).__name__, e))
            traceback.print_exc(file=sys.stdout)
        finally:
            if after:
                after()
        note("%s: %.1f s" % (group.__name__, time.time() - t0))


def note(text):
    """A comment line (not a check): '# text'."""
    _line("# " + text)


def at_exit(fn):
    """fn() runs before the closing line, even when the suite dies (stop servers, nginx ...)."""
    _cleanups.append(fn)
    return fn


class SuiteTimeout(BaseException):
    """time_limit's end of the suite. Not an Exception, and not a TimeoutError (socket.timeout is
    one): no group's, check's or read's own `except` may take it for its failure and go on."""


def time_limit(seconds):
    """From now on the suite has seconds to finish: then a SuiteTimeout stops it where it is (one
    failure, then the clean-ups and the closing line), which make's own timeout would not give."""
    def expire(*_):
        raise SuiteTimeout("suite took over %d s" % seconds)
    signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)


def run(main, *args):
    """Runs main(*args); an exception is one failure. Then the clean-ups, the closing line,
    and the exit status (1 on any failure)."""
    try:
        main(*args)
    except BaseException as e:  # noqa: B036  a crash, a timeout or ^C: still close properly
        check("the suite ran to the end", False, "%s: %s" % (type(e).__name__, e))
        traceback.print_exc(file=sys.stdout)
    finally:
        signal.alarm(0)  # time_limit's: the clean-ups and the closing line are never cut short
        while _cleanups:
            fn = _cleanups.pop()
            try:
                fn()
            except Exception as e:
                note("clean-up %s: %r" % (getattr(fn, "__name__", fn), e))
    _line("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)
