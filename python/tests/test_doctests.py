"""The examples in the docstrings run and print what they say."""

import doctest

import grundy
import pytest
from grundy import _arrays, _functions, _game, _quotient, _reports


@pytest.mark.parametrize("module", [grundy, _arrays, _functions, _game, _quotient, _reports])
def test_docstring_examples(module):
    failures, tried = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert tried > 0 and failures == 0
