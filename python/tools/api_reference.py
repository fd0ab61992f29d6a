"""Writes the guide's Python API reference, docs/src/python-api.md, from the docstrings of the
installed package `grundy`: every name of `grundy.__all__`, functions first, then classes with
their public methods and properties, each with its signature and its docstring.

    python python/tools/api_reference.py           # rewrites docs/src/python-api.md
    python python/tools/api_reference.py --check   # exit 1 if the file is not what it would write

python/tests/test_docs.py checks that the committed file is this script's output and that every
public function, class, method and property has a docstring.
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
from pathlib import Path
from typing import Any, Callable, List, Tuple

import grundy

OUTPUT = Path(__file__).resolve().parents[2] / "docs" / "src" / "python-api.md"

HEADER = """# Python API reference

Every function and class the package `grundy` exports (`grundy.__all__`), with its signature and
its docstring. This page is written by `python/tools/api_reference.py` from the docstrings, and a
test (`python/tests/test_docs.py`) fails when it is out of date: after changing a docstring, run
`python python/tools/api_reference.py` with the package installed. The examples in the
docstrings are run by `python/tests/test_doctests.py`. [Python](python.md) is the tour;
`python/README.md` describes the package at more length.
"""


class _Shown(str):
    """An annotation shown as written in the source (the package uses postponed annotations)."""

    def __repr__(self) -> str:
        return str(self)


def signature(function: Callable[..., Any], drop_self: bool) -> str:
    """The signature as the source writes it: annotations unquoted, `self`/`cls` left out."""
    try:
        sig = inspect.signature(function)
    except (TypeError, ValueError):
        return "(...)"
    params = list(sig.parameters.values())
    if drop_self and params and params[0].name in ("self", "cls"):
        params = params[1:]
    shown = [
        p.replace(annotation=_Shown(p.annotation))
        if isinstance(p.annotation, str)
        else p
        for p in params
    ]
    ret = sig.return_annotation
    if isinstance(ret, str):
        ret = _Shown(ret)
    return str(sig.replace(parameters=shown, return_annotation=ret))


def docstring(obj: Any) -> str:
    """The object's own docstring, dedented; its doctest examples fenced as text (they are run by
    the doctests of the package, not again from this page)."""
    text = inspect.cleandoc(obj.__doc__ or "")
    out: List[str] = []
    in_example = False
    for line in text.splitlines():
        starts = line.startswith(">>> ")
        if starts and not in_example:
            out.append("```text")
            in_example = True
        elif in_example and not line.strip():
            out.append("```")
            in_example = False
        out.append(line)
    if in_example:
        out.append("```")
    return "\n".join(out)


def members(cls: type) -> List[Tuple[str, Any, str]]:
    """The public methods and properties a class defines itself, in source order: (name, the
    object that carries the docstring, the heading's signature)."""
    found = []
    for name, attr in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(attr, property):
            found.append((name, attr, ""))
        elif isinstance(attr, (classmethod, staticmethod)):
            found.append((name, attr.__func__, signature(attr.__func__, True)))
        elif inspect.isfunction(attr):
            found.append((name, attr, signature(attr, True)))
    return found


def exported() -> Tuple[List[Tuple[str, Any]], List[Tuple[str, type]]]:
    """The functions and the classes of `grundy.__all__`, each in alphabetical order."""
    functions, classes = [], []
    for name in sorted(grundy.__all__, key=str.lower):
        obj = getattr(grundy, name)
        (classes if inspect.isclass(obj) else functions).append((name, obj))
    return functions, classes


def reference() -> str:
    """The text of docs/src/python-api.md."""
    functions, classes = exported()
    parts = [HEADER, "## Functions\n"]
    for name, function in functions:
        parts.append(f"### `grundy.{name}{signature(function, False)}`\n\n{docstring(function)}\n")
    parts.append("## Classes\n")
    for name, cls in classes:
        parts.append(f"### `grundy.{name}`\n\n{docstring(cls)}\n")
        if dataclasses.is_dataclass(cls):
            fields = ", ".join(f"`{f.name}`" for f in dataclasses.fields(cls))
            parts.append(f"Fields: {fields}.\n")
        for member, obj, sig in members(cls):
            kind = " (property)" if not sig else ""
            parts.append(f"#### `{name}.{member}{sig}`{kind}\n\n{docstring(obj)}\n")
    return "\n".join(parts)


def missing_docstrings() -> List[str]:
    """The public functions, classes, methods and properties without a docstring of their own."""
    functions, classes = exported()
    missing = [f"grundy.{name}" for name, f in functions if not (f.__doc__ or "").strip()]
    for name, cls in classes:
        if not (cls.__doc__ or "").strip():
            missing.append(f"grundy.{name}")
        for member, obj, _ in members(cls):
            if not (obj.__doc__ or "").strip():
                missing.append(f"grundy.{name}.{member}")
    return missing


def main() -> int:
    text = reference()
    if sys.argv[1:] == ["--check"]:
        if OUTPUT.read_text() != text:
            print(f"{OUTPUT} is out of date: run python {sys.argv[0]}", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text)
    print(f"wrote {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
