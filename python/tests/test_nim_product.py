"""grundy.nim_product: Conway's values, the field laws, and the command line's answers."""

import random

import grundy
import pytest


def test_conways_values():
    # On Numbers and Games ch. 6; Winning Ways ch. 14.
    assert grundy.nim_product(2, 2) == 3
    assert grundy.nim_product(4, 4) == 6
    assert grundy.nim_product(16, 16) == 24
    # A Fermat 2-power F: F x F = 3F/2, and x x F = xF for x < F.
    assert grundy.nim_product("2^32", "2^32") == 3 * 2**31
    assert grundy.nim_product(12345, 2**32) == 12345 * 2**32


def test_field_laws():
    rng = random.Random(29)
    for _ in range(200):
        a, b, c = (rng.randrange(2**64) for _ in range(3))
        assert grundy.nim_product(a, b) == grundy.nim_product(b, a)
        assert grundy.nim_product(grundy.nim_product(a, b), c) == grundy.nim_product(
            a, grundy.nim_product(b, c)
        )
        assert grundy.nim_product(a, b ^ c) == grundy.nim_product(a, b) ^ grundy.nim_product(a, c)


def test_equals_the_cli(cli):
    for a, b in [(3, 5), (255, 254), (2**63, 2**63 - 1)]:
        assert grundy.nim_product(a, b) == cli("nim-product", str(a), str(b))["value"]


def test_refuses_numbers_over_64_bits():
    with pytest.raises(ValueError):
        grundy.nim_product(2**64, 1)
    with pytest.raises(ValueError):
        grundy.nim_product("2^64", 1)
