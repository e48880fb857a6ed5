"""Table rules ("Tischregeln"): everything a table agrees on before the Partie.

The list at the end of sidi-barrani.txt ("Vor der Partie abmachen") as one immutable
value. Three built-in profiles: ``verband`` (every recommendation of the Jassverband
Schweiz, the default), ``erweitert`` (the extended variant with Obenabe, Undenufe and
Misère) and ``frei`` (the Verband's rules without its Ansageregeln: a number says only
what the team means to make, no cards). A YAML file may name a profile and override any
key::

    profile: verband
    fort_final: false      # re-entry after fort
    match_target: 1500

A wrong key or value is a :class:`~tutor.errors.RulesError` that names it.
"""
from __future__ import annotations

from functools import cached_property
from pathlib import Path
from typing import Any, Mapping

from tutor.errors import RulesError
from tutor.i18n import M, Number, join
from tutor.values import Value

#: the most bids a ladder may hold (lowest_bid..highest_bid in steps of step; the
#: Verband's has 21): a billion would take gigabytes, and every call is read against it
MAX_BIDS = 1000
#: the largest number a table rule may hold (points, targets, bids)
MAX_NUMBER = 1_000_000

# Field name -> the allowed values (a tuple) or the type, and a short description.
_CHOICES: dict[str, tuple] = {
    "trumps": ("suits", "extended"),
    "hilfe": ("verband", "common"),
    "double_window": ("next_call", "first_lead"),
    "end_rule": ("plain", "bonus", "ueberbiet"),
    "four_forts_dealer": ("same", "next"),
    "long_weis": ("graded", "flat100"),
    "trumpless_ansagen": ("none",),
    "tie": ("play_on", "draw"),
    "weis_order": ("vorhand", "lead"),
}


class TableRules(Value):
    """A table's rules: each field below with its default (the Verband's). Made with
    keywords, ``TableRules(trumps="extended")``; ``replace`` gives a changed copy."""

    name: str = "verband"
    #: 1. trump kinds: the four suits, or also Obenabe, Undenufe and their Misère
    trumps: str = "suits"
    #: 2. the Ansageregeln: whether the numbers carry the conventional meanings ...
    conventions: bool = True
    #: ... the Hilfe: Verband (lower Zehner "zu zweit", upper "zu dritt oder mehr")
    #: or common (+10/+20 without a count)
    hilfe: str = "verband"
    #: ... and which Ansagen Obenabe and Undenufe carry ("none": numbers only)
    trumpless_ansagen: str = "none"
    #: 3. a fort is final for this auction (Verband) or players may re-enter
    fort_final: bool = True
    #: 4. doubling and kontern, and until when a double is open
    doubling: bool = True
    kontern: bool = True
    double_window: str = "next_call"
    #: 5. target points of a Matsch: 157, or 257 with the Matsch bonus
    matsch_target: int = 157
    #: 6. Weis and Stöck
    weis: bool = True
    stoeck: bool = True
    long_weis: str = "graded"
    #: equal Weis, same points, cards, top card and trump: the player nearer Vorhand (the
    #: player after the dealer, who opens the bidding) or nearer the first lead (the
    #: declarer, who plays the first card) writes
    weis_order: str = "vorhand"
    #: 7. lowest bid and smallest step; bids run up to highest_bid, then the Matsch
    lowest_bid: int = 50
    step: int = 5
    highest_bid: int = 150
    matsch_bid: int = 157
    #: the highest opening (the Puur row ends at 120, six cards or more)
    opening_max: int = 120
    #: 8. the Partie: target, end rule, value of a Schneider
    match_target: int = 2000
    end_rule: str = "plain"
    #: points the winners write at the settlement when the losers are Schneider
    schneider: int = 0
    #: both teams over the target with equal totals: play another game, or a draw
    tie: str = "play_on"
    #: who deals after four forts: the same player again (Verband) or the next one
    four_forts_dealer: str = "same"

    #: the fields: every name annotated above, in order
    FIELDS = tuple(__annotations__)

    def __init__(self, **values: Any) -> None:
        unknown = [k for k in values if k not in self.FIELDS]
        if unknown:
            raise TypeError(f"TableRules: unknown field {unknown[0]!r}")
        self.__dict__.update(values)   # a field not given is the class's default

    # -- derived -------------------------------------------------------------------
    @cached_property
    def bid_values(self) -> tuple[int, ...]:
        """Every number that is a bid, in order: lowest..highest in steps, then Matsch."""
        return tuple(range(self.lowest_bid, self.highest_bid + 1, self.step)) + (self.matsch_bid,)

    def lowest_zehner(self, standing: "int | None") -> int:
        """The smallest Zehner above the ``standing`` bid (the lowest bid's Zehner before any
        bid): the Hilfe's lower number, and the lowest raise open to a call."""
        first = self.lowest_bid if standing is None else standing + 1
        return first + (-first) % 10

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.FIELDS}

    def replace(self, **changes: Any) -> "TableRules":
        return _validated(_replaced(self, **changes))


def _replaced(rules: TableRules, **changes: Any) -> TableRules:
    """``rules`` with ``changes``, not yet validated."""
    return TableRules(**{**rules.to_dict(), **changes})


PROFILES: dict[str, TableRules] = {
    "verband": TableRules(),
    "erweitert": TableRules(name="erweitert", trumps="extended", weis=False, stoeck=False,
                            double_window="first_lead", matsch_target=257),
    # "Die Ansageregeln: ob die hier beschriebenen gelten" (Vor der Partie abmachen, 2.):
    # a table that does not play them bids plain numbers
    "frei": TableRules(name="frei", conventions=False),
}
DEFAULT = PROFILES["verband"]
#: every table rule and its type, as written in TableRules: "str", "bool" or "int"
FIELDS: dict[str, str] = dict(TableRules.__annotations__)


def _validated(rules: TableRules) -> TableRules:
    for name, kind in FIELDS.items():
        value = getattr(rules, name)
        if name in _CHOICES:
            if value not in _CHOICES[name]:
                choices = ", ".join(map(str, _CHOICES[name]))
                raise RulesError(M("table rule {name!r}: {value!r} is not one of {choices}", name=name, value=value, choices=choices))
        elif kind == "bool":
            if not isinstance(value, bool):
                raise RulesError(M("table rule {name!r}: {value!r} is not true or false", name=name, value=value))
        elif kind == "int":
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RulesError(M("table rule {name!r}: {value!r} is not a whole number >= 0", name=name, value=value))
            if value > MAX_NUMBER:
                raise RulesError(M("table rule {name!r}: {value} is more than {limit} "
                                   "(the limit for table rules)",
                                   name=name, value=value, limit=Number(MAX_NUMBER)))
    if rules.step <= 0:
        raise RulesError(M("table rule 'step': must be at least 1"))
    if rules.match_target <= 0:
        raise RulesError(M("table rule 'match_target': must be a positive number"))
    if not rules.lowest_bid <= rules.highest_bid < rules.matsch_bid:
        raise RulesError(M("table rules: need lowest_bid <= highest_bid < matsch_bid"))
    bids = (rules.highest_bid - rules.lowest_bid) // rules.step + 1
    if bids > MAX_BIDS:
        raise RulesError(M("table rules: {lowest_bid} to {highest_bid} in steps of {step} are {bids} bids, more than {max_bids} (the limit for a ladder of bids)", lowest_bid=rules.lowest_bid, highest_bid=rules.highest_bid, step=rules.step, bids=bids, max_bids=MAX_BIDS))
    return rules


TABLE_RULES = M("table rules")


def from_mapping(data: Mapping[str, Any], where: object = TABLE_RULES) -> TableRules:
    """Build rules from a mapping: an optional ``profile`` key and any overrides; errors
    name ``where`` (a file name, or a message)."""
    if not isinstance(data, Mapping):
        raise RulesError(M("{where}: expected a mapping of table rules, got {type}",
                           where=where, type=type(data).__name__))
    data = dict(data)
    base_name = data.pop("profile", "verband")
    if not isinstance(base_name, str) or base_name not in PROFILES:
        raise RulesError(M("{where}: unknown profile {name!r} (known: {known})",
                           where=where, name=base_name, known=", ".join(PROFILES)))
    unknown = [k for k in data if not isinstance(k, str) or k not in FIELDS or k == "name"]
    if unknown:
        known = ", ".join(k for k in FIELDS if k != "name")
        raise RulesError(M("{where}: unknown table rule {name!r} (known: {known})",
                           where=where, name=unknown[0], known=known))
    rules = _replaced(PROFILES[base_name], **data)
    if data:
        rules = _replaced(rules, name=f"{base_name}+{where}" if where is not TABLE_RULES
                                    else f"{base_name}+custom")
    try:
        return _validated(rules)
    except RulesError as e:
        raise e.at(join(where, ": ")) from None


def load(spec: "str | Path | Mapping | TableRules | None" = None) -> TableRules:
    """The rules named by ``spec``: None (the default), a profile name, a YAML file, a
    mapping, or a TableRules (returned as it is)."""
    if spec is None:
        return DEFAULT
    if isinstance(spec, TableRules):
        return spec
    if isinstance(spec, Mapping):
        return from_mapping(spec)
    text = str(spec)
    if text in PROFILES:
        return PROFILES[text]
    if not text.strip():   # Path("") is the current folder ("cannot read: a folder")
        raise RulesError(M("empty: name a profile ({known}) or a YAML file", known=', '.join(PROFILES)))
    path = Path(text)
    if not path.exists():
        raise RulesError(M("unknown rules {text!r}: neither a profile ({known}) nor an existing file", text=text, known=', '.join(PROFILES)))
    return from_mapping(read_file(path), where=str(path))


def read_file(path: Path) -> Any:
    """The YAML content of a table-rules file ({} when empty), or a RulesError naming it
    (read within the limits of :mod:`tutor.files`)."""
    from tutor.files import load_yaml_file

    return load_yaml_file(path, error=RulesError) or {}
