"""The error hierarchy: malformed input versus well-formed input that is not allowed.

Every error reads as its English message; the engine's errors also carry the German one
(``de=``), which the command line shows unless ``--lang en`` is given. An error that is
re-raised with the place it happened keeps both (:meth:`TutorError.at`).
"""
from __future__ import annotations


class TutorError(Exception):
    """Base of every error the tutor reports to a user (exit code 2 on the command line)."""

    def __init__(self, message: object = "", *, de: str | None = None) -> None:
        super().__init__(message)
        self.de = de if de is not None else getattr(message, "de", None)

    def text(self, lang: str = "en") -> str:
        return self.de if lang == "de" and self.de else str(self)

    def at(self, where_en: str, where_de: str | None = None) -> "TutorError":
        """The same error, its message prefixed with where it happened."""
        de = f"{where_de if where_de is not None else where_en}{self.de}" if self.de else None
        return type(self)(f"{where_en}{self}", de=de)


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
