"""The shape of a ``rougekit.explain/1`` dict that the views read (:func:`check_shape`): a
dict loaded from elsewhere (``Explanation(data)``) that a view cannot draw gets a
``ValueError`` naming the field, not a ``TypeError`` from deep inside the view.

Only types and container shapes are checked here, not the values: :meth:`Explanation.check`
re-derives those from the texts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Check = Callable[[Any, str], None]

_NUMBER = (int, float)


def check_shape(d: Any) -> None:
    """Raises ``ValueError`` at the first field of ``d`` whose type is not the schema's."""
    m = _mapping(d, "the explanation")
    _field(m, "signature", "", _is(str))
    _field(m, "profile", "", _is(str), optional=True)
    _field(m, "id", "", _is(str, int, type(None)), optional=True)
    _field(m, "prediction", "", _text)
    _field(m, "references", "", _list(_text))
    types = _field(m, "types", "", _is(Mapping))
    for name, t in types.items():
        if not isinstance(name, str):
            raise ValueError(f"types: a type named by {type(name).__name__}, not a str")
        _type(t, f"types.{name}")


def _fail(path: str, value: Any, want: str) -> ValueError:
    return ValueError(
        f"not a rougekit.explain/1 dict: {path} is {type(value).__name__}, not {want}"
    )


def _mapping(value: Any, path: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _fail(path, value, "a dict")
    return value


def _is(*kinds: Any) -> Check:
    names = " or ".join("null" if k is type(None) else k.__name__ for k in kinds)

    def check(value: Any, path: str) -> None:
        if not isinstance(value, kinds) or (
            isinstance(value, bool) and bool not in kinds and kinds != (Mapping,)
        ):
            raise _fail(path, value, f"{'an' if names[0] in 'aeiou' else 'a'} {names}")

    return check


def _list(item: Check) -> Check:
    def check(value: Any, path: str) -> None:
        if not isinstance(value, (list, tuple)):
            raise _fail(path, value, "a list")
        for k, x in enumerate(value):
            item(x, f"{path}[{k}]")

    return check


def _nullable(check: Check) -> Check:
    def inner(value: Any, path: str) -> None:
        if value is not None:
            check(value, path)

    return inner


def _record(**fields: tuple[Check, bool]) -> Check:
    """A dict whose ``fields`` (name: (check, optional)) have those types."""

    def check(value: Any, path: str) -> None:
        m = _mapping(value, path)
        for name, (inner, optional) in fields.items():
            _field(m, name, path, inner, optional=optional)

    return check


def _field(m: Mapping[str, Any], key: str, where: str, check: Check, *,
           optional: bool = False) -> Any:  # fmt: skip
    path = f"{where}.{key}" if where else key
    if key not in m:
        if optional:
            return None
        raise ValueError(f"not a rougekit.explain/1 dict: {path} is missing")
    check(m[key], path)
    return m[key]


_INT = _is(int)
_NUM = _is(*_NUMBER)
_OPT_NUM = _nullable(_NUM)
_INTS = _list(_INT)
_FORM = _is(str, int)

_TOKEN = _record(
    text=(_FORM, False),
    start=(_INT, True),
    end=(_INT, True),
    compared=(_FORM, True),
    sentence=(_INT, True),
)


def _text(value: Any, path: str) -> None:
    m = _mapping(value, path)
    source = _field(m, "text", path, _is(str, type(None)), optional=True)
    _field(m, "tokens", path, _list(_TOKEN))
    _field(m, "line_tokens", path, _list(_TOKEN), optional=True)
    _field(m, "sentences", path, _INT, optional=True)
    dropped = _record(start=(_INT, False), end=(_INT, False), text=(_is(str), False),
                      why=(_is(str), False))  # fmt: skip
    _field(m, "dropped", path, _list(dropped), optional=True)
    if source is not None:
        for key in ("tokens", "line_tokens"):
            for k, tok in enumerate(m.get(key) or ()):
                for side in ("start", "end"):
                    if side not in tok:
                        raise ValueError(
                            f"not a rougekit.explain/1 dict: {path}.{key}[{k}].{side} is missing"
                        )


_MATCH = _record(
    gram=(_list(_FORM), True),
    pair=(_list(_FORM), True),
    hits=(_INT, False),
    prediction_count=(_INT, True),
    reference_count=(_INT, True),
    prediction_at=(_INTS, True),
    reference_at=(_INTS, True),
)
_MISSED = _record(gram=(_list(_FORM), False), reference_count=(_INT, False), hits=(_INT, False))
_SENTENCE = _record(
    sentence=(_INT, False),
    counted=(_INTS, True),
    not_counted=(_INTS, True),
    unmatched=(_INTS, True),
)
_RUN = _record(
    prediction=(_nullable(_INT), True), reference=(_nullable(_INT), True), length=(_INT, False)
)


def _pair(value: Any, path: str) -> None:
    _list(_INT)(value, path)
    if len(value) != 2:
        raise ValueError(f"not a rougekit.explain/1 dict: {path} is not a pair of indices")


_PER_REFERENCE = _record(
    reference=(_INT, False),
    hits=(_OPT_NUM, True),
    prediction_total=(_OPT_NUM, True),
    reference_total=(_OPT_NUM, True),
    precision=(_NUM, False),
    recall=(_NUM, False),
    fmeasure=(_NUM, False),
    select=(_NUM, True),
    matches=(_nullable(_list(_MATCH)), True),
    missed=(_nullable(_list(_MISSED)), True),
    alignment=(_nullable(_list(_pair)), True),
    sentences=(_nullable(_list(_SENTENCE)), True),
    runs=(_nullable(_list(_RUN)), True),
    prediction_in_lcs=(_nullable(_INTS), True),
    witness=(_is(str), True),
)

_type = _record(
    kind=(_is(str), False),
    rule=(_is(str), False),
    reference=(_nullable(_INT), True),
    n=(_INT, True),
    count=(_is(str), True),
    hits=(_OPT_NUM, True),
    prediction_total=(_OPT_NUM, True),
    reference_total=(_OPT_NUM, True),
    precision=(_NUM, False),
    recall=(_NUM, False),
    fmeasure=(_NUM, False),
    formula=(_is(str), True),
    jackknife=(_is(bool), True),
    per_reference=(_list(_PER_REFERENCE), False),
    jackknife_subsets=(_list(_record(left_out=(_INT, False), fmeasure=(_NUM, False))), True),
)
