"""Small immutable values, their methods written out: the base of the cards, calls and
readings every command builds.

``@dataclass`` writes each class's ``__init__``, ``__eq__``, ``__hash__``, ``__repr__``,
``__setattr__`` and ``__delattr__`` as source text and compiles it when the module is
imported, five to seven compiles a class. The fast paths (`tutor explain`, `check`,
`bid`) define some twenty such values, and that cost as much CPU as the interpreter's
own start (callgrind: 84 million instructions for nineteen frozen dataclasses, against
88 million for ``python -c pass``): on every start, for methods that never change.

A :class:`Value` names its fields in ``FIELDS`` (the order of ``repr``) and the fields
that make it equal in ``COMPARE`` (default: all of them); its ``__init__`` is written by
hand and sets the fields straight into ``__dict__`` (as a frozen dataclass does with
``object.__setattr__``). Assigning or deleting an attribute afterwards raises
:class:`FrozenError`, an ``AttributeError`` as dataclasses' own. Equality holds between
values of the same class whose compared fields are equal; the hash is that of the
compared fields. Values pickle and copy as plain objects (their ``__dict__``).
"""
from __future__ import annotations

from operator import attrgetter


class FrozenError(AttributeError):
    """A value's field assigned or deleted after it was made."""


def _no_fields(value: object) -> tuple:
    return ()


class Value:
    """An immutable value: see the module's text."""

    __slots__ = ()
    FIELDS: tuple[str, ...] = ()
    COMPARE: "tuple[str, ...] | None" = None
    _key = staticmethod(_no_fields)   # the compared fields of a value, as one object

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        compare = cls.COMPARE if cls.COMPARE is not None else cls.FIELDS
        # attrgetter of two fields or more gives a tuple; of one, the field itself
        cls._key = staticmethod(attrgetter(*compare)) if compare else staticmethod(_no_fields)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            key = self._key
            return key(self) == key(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._key(self))

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.FIELDS)
        return f"{self.__class__.__qualname__}({fields})"
