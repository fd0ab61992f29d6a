"""The Python examples of the READMEs run and print what they show: every ```python block of
python/README.md and of the repository's README.md, run as one doctest per file (the blocks in
order, sharing their names). An example marked `# doctest: +SKIP` is shown only (the README's
Dask cluster, which the survey tests start for real)."""

import doctest
import re
from pathlib import Path

import pytest

REPOSITORY = Path(__file__).resolve().parents[2]


def python_blocks(markdown: str) -> str:
    """The text of the ```python blocks, each ended by a blank line."""
    return "".join(
        block + "\n" for block in re.findall(r"^```python\n(.*?)^```", markdown, re.M | re.S)
    )


@pytest.mark.parametrize("readme", ["python/README.md", "README.md"])
def test_readme_examples(readme):
    path = REPOSITORY / readme
    test = doctest.DocTestParser().get_doctest(
        python_blocks(path.read_text()), {}, readme, str(path), 0
    )
    assert len(test.examples) >= 10, readme
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    runner.run(test)
    assert runner.failures == 0, f"{runner.failures} example(s) of {readme} print something else"
