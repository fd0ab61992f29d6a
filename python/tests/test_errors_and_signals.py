"""Bad input is a Python exception, never a crash; Ctrl-C interrupts long computations."""

import grundy
import pytest

from conftest import run_python


@pytest.mark.parametrize(
    "call,error,words",
    [
        (lambda: grundy.Game("chess"), ValueError, "unknown game 'chess'"),
        (lambda: grundy.Game("subtraction:s=0"), ValueError, "positive"),
        (lambda: grundy.Game("nim").value((-1, 2)), ValueError, "from 0 to 2^64-1"),
        (lambda: grundy.Game("nim").value((1.5, 2)), TypeError, "must be an int"),
        (lambda: grundy.Game("nim").value("3,x"), ValueError, "invalid position"),
        (lambda: grundy.Game("subtraction:s=1").value((1, 2)), ValueError, "exactly 1 coordinate"),
        (lambda: grundy.Game("nim").seq(5), ValueError, "give a position with '_'"),
        (lambda: grundy.Game("subtraction:s=1").seq(3, frm=5), ValueError, "larger than"),
        (lambda: grundy.Game("sharing-nim").value((0, 1, 10**12)), grundy.TooLarge, "the largest b is"),
        (lambda: grundy.Game("nim").table(2**13, "_,_"), grundy.TooLarge, "more than the limit"),
        (lambda: grundy.Game("nim").table(5), ValueError, "two '_'"),
        (lambda: grundy.Game.heap(range).value(2**28), grundy.TooLarge, "below 2^28"),
        (lambda: grundy.verify("no-such-claim", to=3), ValueError, "unknown claim"),
        (lambda: grundy.verify("bouton", to=3, colour=2), ValueError, "no parameter --colour"),
        (lambda: grundy.gaps("nim", 10), ValueError, "not one"),
        (lambda: grundy.count(3, 10, by="sideways"), ValueError, "'max'"),
        (lambda: grundy.base("takeaway:f=3-k", 10), ValueError, "not a positive integer"),
    ],
)
def test_errors_are_python_exceptions(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


def test_too_large_is_a_value_error():
    assert issubclass(grundy.TooLarge, ValueError)


@pytest.mark.parametrize(
    "call",
    [
        'grundy.gaps("imark:s=1:d=2,3", 10**12)',
        'grundy.Game("imark:s=1:d=3").seq(2**28 - 1)',
        'grundy.verify("sharing-conjecture3", to=20000)',
        'grundy.Game.heap(lambda n: [n - 1] if n else []).seq(10**8)',
        'grundy.Game.from_options(lambda n: [n - 1] if n else []).value(10**7 - 1)',
    ],
)
def test_ctrl_c_interrupts_long_computations(call):
    lines = run_python(
        f"""
import os, signal, threading, time, grundy
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
start = time.time()
try:
    {call}
    print("finished")
except KeyboardInterrupt:
    print("interrupted", time.time() - start)
""",
        timeout=60,
    )
    word, *elapsed = lines[-1].split()
    assert word == "interrupted"
    assert float(elapsed[0]) < 5
