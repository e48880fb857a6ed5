"""The error hierarchy: malformed input versus well-formed input that is not allowed.

An error carries its message as a lazy catalog message (:class:`tutor.i18n.Msg`):
``e.text("fr")`` is the French line, ``str(e)`` the current language's (English for the
library, the user's choice on the command line). An error that is re-raised with the
place it happened keeps its message (:meth:`TutorError.at`).
"""
from __future__ import annotations

from tutor.i18n import Msg, join


class TutorError(Exception):
    """Base of every error the tutor reports to a user (exit code 2 on the command line)."""

    def __init__(self, message: object = "") -> None:
        if not isinstance(message, Msg) and callable(getattr(message, "text", None)):
            message = join(message)   # a reason with text(lang), e.g. auction.Why
        super().__init__(message)

    @property
    def message(self) -> object:
        return self.args[0] if self.args else ""

    def text(self, lang: "str | None" = None) -> str:
        """The message in ``lang`` (default: the current language)."""
        m = self.message
        return m.text(lang) if isinstance(m, Msg) else str(m)

    def at(self, where: object) -> "TutorError":
        """The same error, its message prefixed with where it happened (a place, or a
        message such as ``M("trick {n}: ", n=n)``)."""
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

    def __init__(self, message: object = "", *, illegal=None) -> None:
        super().__init__(message)
        self.illegal = illegal
