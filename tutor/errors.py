"""The error hierarchy: malformed input versus well-formed input that is not allowed.

An error carries its message as a lazy catalog message (:class:`tutor.i18n.Msg`):
``e.text("fr")`` is the French line, ``str(e)`` the current language's (English for the
library, the user's choice on the command line). An error that is re-raised with the
place it happened keeps its message (:meth:`TutorError.at`).
"""
from __future__ import annotations

from tutor.i18n import Msg, join


class _TwoTexts(Msg):
    """A message still written as two strings in the code (``de=``): English, and German
    for ``de``. Only the modules not yet moved to the catalogs write these."""

    __slots__ = ("en", "de")

    def __init__(self, en: str, de: str) -> None:
        super().__init__(en)
        self.en, self.de = en, de

    def text(self, lang: "str | None" = None) -> str:
        from tutor.i18n import current

        return self.de if (lang or current()) == "de" else self.en

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _TwoTexts) and (self.en, self.de) == (other.en, other.de)

    def __hash__(self) -> int:
        return hash((self.en, self.de))


class TutorError(Exception):
    """Base of every error the tutor reports to a user (exit code 2 on the command line)."""

    def __init__(self, message: object = "", *, de: str | None = None) -> None:
        if not isinstance(message, Msg) and callable(getattr(message, "text", None)):
            message = join(message)   # a reason with text(lang), e.g. auction.Why
        if not isinstance(message, Msg):
            de = de if de is not None else getattr(message, "de", None)
            if de is not None:
                message = _TwoTexts(str(message), de)
        super().__init__(message)

    @property
    def message(self) -> object:
        return self.args[0] if self.args else ""

    def text(self, lang: "str | None" = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        m = self.message
        return m.text(lang) if isinstance(m, Msg) else str(m)

    @property
    def de(self) -> str:
        return self.text("de")

    def at(self, where: object, where_de: "str | None" = None) -> "TutorError":
        """The same error, its message prefixed with where it happened (a place, or a
        message such as ``M("trick {n}: ", n=n)``)."""
        if where_de is not None:
            where = _TwoTexts(str(where), where_de)
        return type(self)(join(where, self.message))


class ParseError(TutorError, ValueError):
    """Malformed input: a card, hand, call, auction or file that cannot be read."""


class IllegalCallError(TutorError, ValueError):
    """A well-formed call that the auction does not allow here."""


class RulesError(TutorError, ValueError):
    """A table-rules profile or file with an unknown key or a wrong value."""


class IllegalPlayError(TutorError, ValueError):
    """A well-formed card that the rules of play do not allow here (``illegal``: which
    trick, which seat, which rule)."""

    def __init__(self, message: object = "", *, de: str | None = None, illegal=None) -> None:
        super().__init__(message, de=de)
        self.illegal = illegal
