"""NumPy arrays from the library's buffers, in bounded memory; display in notebooks."""

import sys

import grundy
import numpy as np
import pytest

from conftest import run_python


def test_a_hundred_million_values_in_bounded_memory():
    # 10^8 values of one byte each: 100 MB. Values as Python ints or 64-bit integers would need
    # 800 MB and more; the library's table of 2-bit values adds 17 MB (up to 2^26, then the
    # proven period).
    lines = run_python(
        """
import resource, grundy
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
s = grundy.Game("subtraction:s=1,3,4").seq(10**8 - 1)
after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(before, after, s.dtype, s.nbytes, len(s), int(s[-1]), int(s[12345678]), type(s.base).__name__, type(s.base.base).__name__)
"""
    )
    before, after, dtype, nbytes, length, last, middle, base, owner = lines[-1].split()
    assert dtype == "uint8" and int(nbytes) == int(length) == 10**8
    pattern = [0, 1, 0, 1, 2, 3, 2]
    assert int(last) == pattern[(10**8 - 1) % 7] and int(middle) == pattern[12345678 % 7]
    # the array owns the Rust vector the values were written to (no copy into NumPy)
    assert (base, owner) == ("ndarray", "PySliceContainer")
    grown_mb = (int(after) - int(before)) / 1024
    assert grown_mb < 200, f"peak memory grew by {grown_mb:.0f} MB"


def test_sequences_know_their_indices_and_slices_are_plain_arrays():
    s = grundy.Game("imark:s=1:d=2,3").seq(60, frm=50)
    assert s.frm == 50 and s.indices.tolist() == list(range(50, 61))
    assert type(s[2:5]) is np.ndarray and type(s + 1) is np.ndarray
    assert int(s.max()) <= 3


def test_tables_keep_their_coordinates_and_hidden_cells():
    t = grundy.Game("sharing-nim").table(16, "0,_,_")
    assert t.shape == (17, 17) and t.shown is not None
    assert bool(t.shown[3, 5]) and not bool(t.shown[5, 3])
    # Ho's Table 2 starts the bottom row: G(0,0,n) for n = 0..9
    assert t[0, :10].tolist() == [0, 0, 1, 0, 0, 0, 1, 0, 3, 0]
    kupin = grundy.Game("nim").table(4, (None, 1, None))
    assert kupin.rows.tolist() == [0, 1, 2, 3, 4] and kupin.row_axis == 0 and kupin.col_axis == 2


def test_html_display():
    html = grundy.Game("sharing-nim").table(5, "0,_,_")._repr_html_()
    assert html.startswith("<table>") and "descending" in html
    assert html.count("<tr>") == 7  # six rows and the column labels
    analysis = grundy.Game("subtraction:s=1,3,4").analyze(100)._repr_html_()
    assert "<b>proven</b>" in analysis and "max gap" in analysis
    observed = grundy.Game("sharing-nim").analyze(200, position="0,0,_")._repr_html_()
    assert "observed only" in observed or "none seen" in observed
    assert "COUNTEREXAMPLE" in grundy.verify("imark-theorem1", t=2, d=3, to=100)._repr_html_()
    assert "240" not in grundy.gaps("imark:s=1:d=2,3", 1000)._repr_html_()


def test_plots_with_matplotlib():
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    ax = grundy.Game("subtraction:s=1,3,4").seq(50).plot()
    assert ax.get_xlabel() == "n" and len(ax.collections[0].get_offsets()) == 51
    ax = grundy.Game("sharing-nim").table(16, "0,_,_").plot()
    assert ax.images[0].get_array().shape == (17, 17)
    assert bool(ax.images[0].get_array().mask[5, 3])


def test_plot_without_matplotlib_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(ImportError, match="pip install matplotlib"):
        grundy.Game("nim").seq(5, position=(None,)).plot()
