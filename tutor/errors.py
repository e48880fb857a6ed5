"""The error hierarchy: malformed input versus well-formed input that is not allowed."""
from __future__ import annotations


class TutorError(Exception):
    """Base of every error the tutor reports to a user (exit code 2 on the command line)."""


class ParseError(TutorError, ValueError):
    """Malformed input: a card, hand, call, auction or file that cannot be read."""


class IllegalCallError(TutorError, ValueError):
    """A well-formed call that the auction does not allow here."""


class RulesError(TutorError, ValueError):
    """A table-rules profile or file with an unknown key or a wrong value."""
