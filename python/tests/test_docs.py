"""The documentation's Python is current.

- The examples run and print what they show: every ```python block of python/README.md and of
  the user guide (docs/src/*.md), run as one doctest per file (the blocks in order, sharing their
  names; ELLIPSIS and NORMALIZE_WHITESPACE). An example marked `# doctest: +SKIP` is shown only
  (the guide's Dask cluster, which the survey tests start for real).
- The guide's Python API reference (docs/src/python-api.md) is what python/tools/api_reference.py
  writes from the docstrings, and every public function, class, method and property has one.
"""

import doctest
import importlib.util
import re
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]
GUIDE = REPOSITORY / "docs" / "src"


def python_blocks(markdown: str) -> str:
    """The text of the ```python blocks, each ended by a blank line."""
    return "".join(
        block + "\n" for block in re.findall(r"^```python\n(.*?)^```", markdown, re.M | re.S)
    )


def documents():
    """python/README.md and every chapter of the guide with a ```python block."""
    chapters = sorted(p for p in GUIDE.glob("*.md") if "```python" in p.read_text())
    return ["python/README.md"] + [str(p.relative_to(REPOSITORY)) for p in chapters]


def test_the_tour_and_the_readme_are_run():
    assert "docs/src/python.md" in documents()


@pytest.mark.parametrize("document", documents())
def test_examples(document):
    path = REPOSITORY / document
    test = doctest.DocTestParser().get_doctest(
        python_blocks(path.read_text()), {}, document, str(path), 0
    )
    assert test.examples, document
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {document} print something else"


def api_reference():
    spec = importlib.util.spec_from_file_location(
        "api_reference", REPOSITORY / "python" / "tools" / "api_reference.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_public_name_has_a_docstring():
    assert api_reference().missing_docstrings() == []


def test_the_api_reference_is_current():
    written = (GUIDE / "python-api.md").read_text()
    assert written == api_reference().reference(), (
        "docs/src/python-api.md is out of date: run python python/tools/api_reference.py"
    )
