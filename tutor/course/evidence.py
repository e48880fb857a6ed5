"""The evidence behind a judgement drill's key: the simulation's numbers, stored in the drill.

Which call a hand should make is settled two ways. A Hilfe or an Ass-Ansage the
conventions give is information for the partner, and the conventions decide it (the
tutor's voice keeps it, :mod:`tutor.judgement.voice`); a call that is wrong by the
conventions (illegal, unconventional, untrue) is wrong whatever the deals say. Every
other key rests on judgement: whether to open or say fort, raise, double, konter, bid
over 120 or the Matsch. The tutor's voice (:func:`tutor.judgement.default_judge`) answers
those from deals that fit the auction, played out by the solver, and a drill's key must
say what the voice says.

Running the simulation on every quiz start would cost seconds a drill, so a judgement
drill carries its evidence::

    evidence: {samples: 100, seed: 3127, nodes: 10000000, best: ["110 Rosen"],
               compared: {"110 Rosen": 77, fort: -57}, made: {"110 Rosen": 41}, deals: 50, estimated: 0}

- ``samples``, ``seed``, ``nodes``: what the simulation was asked (deals at most, the
  random seed, the node budget of the exact probes): the same three give the same numbers;
- ``best``: the call the voice recommends and those it finds as good, the pick first;
- ``compared``: each compared call's average board value for the hand's team (our points
  on the board minus the opponents');
- ``made``: how many of the deals make the contract of each best bid;
- ``deals``: the deals judged (sampling stops early once the best call is clear; never
  where ``samples`` is :data:`EQUAL_SAMPLES` or more: all of them are judged);
  ``estimated``: how many of them a search over its budget left to the playout.

Evidence that names calls as good as each other ("120 Rosen and 157 Rosen do best, as good
as each other") rests on at least ``EQUAL_SAMPLES`` deals (400, four times the voice's): on
fewer, such a tie is often the sample's luck, and a learner would take the risky call for
as good (:func:`fresh` asks the simulation again with more deals where fewer name a tie).

``tutor drills check`` (fast) holds the key to the stored ``best``; ``tutor drills check
--deep`` runs the simulation again with the stored ``samples``, ``seed`` and ``nodes``
and reports a key or an evidence the simulation no longer shares, and a judgement drill
without evidence (``--write`` stores fresh evidence where the key agrees with it).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from pathlib import Path
from typing import Any, Mapping

from tutor.errors import TutorError
from tutor.i18n import M, Mn, Msg, both, join

from tutor.conventions import INFORMATION  # noqa: E402  (the conventions decide these)
NOTHING = "nothing"              # a seat out of turn that neither doubles nor konters (the voice's word)
FIELDS = ("samples", "seed", "nodes", "best", "compared", "made", "deals", "estimated")
COMPARED = 4                     # the best calls listed in ``compared`` (with the key's and the pick's)
# A tie claimed on few deals is often the sample's luck: matsch-05's direct Matsch was "as good"
# as 120 Rosen on 100 deals that made it 88 times, where it fails whenever one opponent holds
# both the Rosen Nell and Ace (about one deal in five) and exact play makes it on 21 of 30 (QA
# of issue 26, Q36). Four times the deals halve the standard error: a difference of 25 board
# points, two standard errors at 100 deals, is four at 400.
EQUAL_SAMPLES = 400              # deals at least behind stored evidence that names equally good calls


def seat_and_call(drill) -> tuple[str | None, str]:
    """The seat a drill asks about (a check drill's ``D: dopple`` names it) and the call
    its key is about (a bid drill's answer, a check drill's call)."""
    call = str(drill.answer if drill.type == "bid" else drill.get("call"))
    m = re.fullmatch(r"\s*([A-Da-d])\s*:\s*(.+)", call)
    return (m.group(1).upper(), m.group(2).strip()) if m else (None, call)


def judged(drill, rules) -> bool:
    """Does the drill's key rest on judgement (the simulation's), not on a convention? A
    Sidi-Barrani ``bid`` drill, or a ``check`` drill asking the plain question about a
    call that is legal, conventional and true, where the conventions give the hand no
    Hilfe or Ass-Ansage (the count does not recommend one). A Hilfe or an Ass-Ansage the
    conventions do not give is judged as any other call: whether it is the best is the
    voice's answer, and the quiz's "recommended" is then the voice's, as in ``tutor check``."""
    from tutor import conventions

    if drill.type not in ("bid", "check") or not drill.hand:
        return False
    if drill.type == "check" and drill.get("question", "best") != "best":
        return False
    seat, call = seat_and_call(drill)
    try:
        v = conventions.check(drill.hand, drill.auction or "", call, rules, seat=seat)
    except TutorError:
        return False
    if not v.ok:       # wrong by the conventions, whatever the deals say
        return False
    count = v.advice.recommended if v.advice else None
    return count is None or count.kind not in INFORMATION


def recommends(drill, rules) -> bool:
    """Is the drill a ``check`` drill about a call wrong by the conventions (illegal,
    unconventional or untrue), asking the plain question, at a position the tutor's voice
    judges? Its key is "no" whatever the deals say, but its answer names the call the hand
    should make instead, and that is the voice's, as ``tutor check`` names it: the drill
    carries the voice's evidence for it (where the conventions give a Hilfe or an
    Ass-Ansage the voice keeps it, and the count's answer is the voice's)."""
    from tutor import conventions

    if drill.type != "check" or not drill.hand or drill.get("question", "best") != "best":
        return False
    seat, call = seat_and_call(drill)
    try:
        v = conventions.check(drill.hand, drill.auction or "", call, rules, seat=seat)
        conventions.position(drill.hand, drill.auction or "", rules, seat)
    except TutorError:
        return False
    count = v.advice.recommended if v.advice else None
    return not v.ok and (count is None or count.kind not in INFORMATION)


def needs_evidence(drill, rules) -> bool:
    """The drill carries the voice's evidence: its key rests on judgement (:func:`judged`)
    or its answer names the voice's call (:func:`recommends`)."""
    return judged(drill, rules) or recommends(drill, rules)


class Recorded:
    """The tutor's voice as a drill stores it (its evidence's best calls, the pick first):
    a judge (:class:`tutor.judgement.Judge`) that names the recommended call and its
    numbers without simulating again, so the quiz says what ``tutor check`` says."""

    name = "simulation"

    def __init__(self, best, evidence: Mapping) -> None:
        self.best, self.evidence = list(best), evidence

    def choose(self, hand, s, readings, standing=None):
        from tutor.judgement.base import Judgement

        pick = next((r for r in readings if self.best and str(r.call) == self.best[0]), None)
        return Judgement(pick, [words(self.evidence)], dict(self.evidence), tuple(self.best))


def fresh(drill, rules, samples: int | None = None, seed: int | None = None, nodes: int | None = None,
          workers: int | None = None) -> dict | None:
    """New evidence for ``drill``: the tutor's voice on this position with ``samples``
    deals at most, ``seed`` and ``nodes`` (each by default the voice's own: its number of
    deals, the seed from the position, its node budget), so the key is what ``tutor bid``
    says by default. Evidence that names calls as good as each other rests on at least
    :data:`EQUAL_SAMPLES` deals: where fewer name a tie, the simulation is asked again with
    that many (the same seed, the nodes in proportion, so each deal is searched as deeply)
    and its answer is stored. None where the simulation cannot
    answer: the compiled core is missing, or no deal fits the auction (the count decides)."""
    out = _fresh(drill, rules, samples, seed, nodes, workers)
    if out is None or len(out["best"]) < 2 or out["samples"] >= EQUAL_SAMPLES:
        return out
    more = _fresh(drill, rules, EQUAL_SAMPLES, out["seed"], out["nodes"] * EQUAL_SAMPLES // out["samples"], workers)
    return more if more is not None else out


def _fresh(drill, rules, samples: int | None, seed: int | None, nodes: int | None,
           workers: int | None) -> dict | None:
    """:func:`fresh`'s one simulation, with the samples asked."""
    from tutor import conventions
    from tutor.judgement import simulation, voice
    from tutor.play.dealer import DealError

    if not simulation.exact_available():
        return None
    seat, _ = seat_and_call(drill)
    hand, reader, seat, _readings, truthful = conventions.position(drill.hand, drill.auction or "", rules, seat)
    s = reader.situation(seat)
    if seed is None:
        seed = voice.seed_of(voice.position_key(hand, s, None))
    samples = samples or voice.SAMPLES
    nodes = nodes or simulation.NODES_PER_EVALUATION
    # the voice's own Evaluation, as `tutor bid` gets it: its printed contracts finished after
    # the decision (voice.FINISH_SHARE), which moves their chances and may move the decision
    # (session 38, the 69 drills at the voice's budget: finishing moved the values of 29, by up to
    # 33 board points, a best call's chance on 13, by 1-2 deals, and the best calls of one:
    # verpasst-gen-01's fort and 80 Schilten a tie where bid names fort alone).
    # Evidence asked with EQUAL_SAMPLES deals judges all of them: the early stop settles only the
    # best two calls, and it stops where their difference looks closely known, on a sample whose
    # failures are few by chance (beispiel-gen-05: 150 Rosen failed on 17 of the first 150 deals,
    # where it stopped, and on 59 of all 400: a third call "as good" on the first, 23 behind on all)
    try:
        ev = voice.evaluated(hand, s, truthful, None, samples, seed, nodes, workers,
                             early_stop=samples < EQUAL_SAMPLES)
    except DealError:
        return None
    j = voice.judge_by(ev, hand, s, truthful, None)
    if not j.equal:
        return None
    nothing = "fort" if any(r.kind == "fort" for r in truthful) else NOTHING
    pick = str(j.pick.call) if j.pick is not None else nothing
    best = [pick] + [c for c in j.equal if c != pick]
    worth = {c["call"]: c["expected"] for c in ev.calls}
    ranked = sorted(worth, key=lambda c: -worth[c])
    count = conventions.advise(hand, reader.auction, rules, seat).call or nothing
    key = seat_and_call(drill)[1]
    shown = list(dict.fromkeys([*best, *ranked[:COMPARED], count, key]))
    made = {}
    for c in best:
        parts = c.split(" ", 1)
        if len(parts) == 2 and parts[0].isdigit():
            value = int(parts[0])
            zehner = value if value == rules.matsch_bid else value + (-value) % 10
            contract = ev.contract(f"{zehner} {parts[1]}")
            if contract is not None:
                n = contract.get("made")
                made[c] = n if n is not None else round(contract["p_make"] * ev.samples)
    out: dict[str, Any] = {"samples": samples, "seed": seed, "nodes": nodes, "best": best,
                           "compared": {c: round(worth[c]) for c in shown if c in worth}}
    if made:
        out["made"] = made
    out.update(deals=ev.samples, estimated=ev.estimated)
    return out


def key_agrees(drill, evidence: Mapping, ok: bool, normalize) -> bool:
    """Does the drill's key say what ``evidence`` says? A bid drill's answer must be one of
    the best calls; a check drill's key is "yes" exactly when the call (legal, conventional
    and true: ``ok``) is one of them. ``normalize`` reads a call."""
    best = {c if c == NOTHING else normalize(c) for c in evidence.get("best", ())}
    _, call = seat_and_call(drill)
    if drill.type == "bid":
        return normalize(call) in best
    return drill.answer == (ok and normalize(call) in best)


def call_ok(drill, rules) -> bool:
    """The drill's call (a bid drill's answer, a check drill's call) is legal, conventional
    and true to the hand."""
    from tutor import conventions

    seat, call = seat_and_call(drill)
    return conventions.check(drill.hand, drill.auction or "", call, rules, seat=seat).ok


def words(evidence: Mapping) -> Msg:
    """The evidence in a learner's words: what was compared, over how many deals."""
    from tutor.auction import typed     # a double or konter by the word the learner types

    best = [typed(c) for c in evidence.get("best", ())]
    compared = evidence.get("compared") or {}
    values = join(*[x for i, (c, v) in enumerate(compared.items()) for x in ([", "] if i else []) + [typed(c), f" {v:+d}"]])
    made = evidence.get("made") or {}
    extra = [M("{call} is made in {made} of {n} deals", call=typed(c), made=n, n=evidence.get("deals", evidence.get("samples")))
             for c, n in made.items()]
    text = Mn("The simulation ({n} deals that fit the auction, seed {seed}): {best} does best; average board "
              "value for our team against the opponents: {values}.",
              "The simulation ({n} deals that fit the auction, seed {seed}): {best} do best, as good as each "
              "other; average board value for our team against the opponents: {values}.", len(best),
              n=evidence.get("deals", evidence.get("samples")), seed=evidence.get("seed"), best=both(best),
              values=values)
    if extra:
        text = M("{text} {made}.", text=text, made=both(extra))
    # a call the voice leaves out by a rule of its own (a number the partner would read as
    # strength the hand lacks) can bring more on the deals than the best: said, not left to
    # look like a slip (gegnerfarbe-gen-12 after session 36: fort best, 130 Schellen higher)
    top = max((v for c, v in compared.items() if c in evidence.get("best", ())), default=None)
    above = [typed(c) for c, v in compared.items() if top is not None and v > top
             and c not in evidence.get("best", ())]
    if above:
        text = join(text, " ", Mn("{calls} brings more on these deals, but the tutor leaves it out by a rule "
                                  "of its own here (tutor bid names it).",
                                  "{calls} bring more on these deals, but the tutor leaves them out by a rule "
                                  "of its own here (tutor bid names it).", len(above), calls=both(above)))
    estimated = evidence.get("estimated") or 0
    if estimated:     # as the voice says it: the learner sees how much of it is the playout's guess
        from tutor.judgement.base import estimated_line

        text = join(text, " ", estimated_line(estimated, evidence.get("deals", evidence.get("samples"))))
    return text


def problems_of(drill, stored: Mapping | None, new: Mapping | None, ok: bool, normalize) -> list[Msg]:
    """What ``--deep`` says of one judgement drill: the key against the fresh evidence,
    and the stored evidence against it where both were asked the same (samples, seed and
    node budget: another budget may well name other calls as good, the key must still hold)."""
    if new is None:
        return []
    out: list[Msg] = []
    if not key_agrees(drill, new, ok, normalize):
        key = drill.answer if drill.type == "bid" else ("true" if drill.answer else "false")
        out.append(M("the answer key says {key}, the simulation finds best: {best} ({n} deals, seed {seed}, "
                     "{nodes} nodes)", key=key, best=", ".join(new["best"]), n=new["deals"], seed=new["seed"],
                     nodes=new["nodes"]))
    if stored is None:
        out.append(M("a judgement drill without evidence: the simulation finds best: {best} (store it with "
                     "tutor drills check --deep --write)", best=", ".join(new["best"])))
    elif all(stored.get(k) == new[k] for k in ("samples", "seed", "nodes")):
        if list(stored.get("best", ())) != list(new["best"]):
            out.append(M("the stored evidence says best: {stored}, the simulation now: {best}",
                         stored=", ".join(stored.get("best", ())), best=", ".join(new["best"])))
        else:
            changed = figures_changed(stored, new)
            if changed:
                out.append(M("the stored evidence's figures are not the simulation's now: {changed} (store "
                             "them with tutor drills check --deep --write)", changed=changed))
    return out


def figures_changed(stored: Mapping, new: Mapping) -> Msg | None:
    """What a learner reads of ``stored`` evidence (its words: the calls' values, how often
    the best are made, over how many deals, how many estimated) that ``new`` evidence, asked
    the same, no longer says; None where it says the same. The key's figures are ``tutor
    bid``'s (:func:`fresh`), so figures the engine no longer gives are stale there. A field
    the stored evidence does not hold is not compared (its words do not show it)."""
    from tutor.auction import typed

    parts: list = []
    old_values, new_values = stored.get("compared"), new.get("compared") or {}
    for c in dict.fromkeys([*old_values, *new_values]) if old_values is not None else ():
        a, b = old_values.get(c), new_values.get(c)
        if a != b:
            parts.append(f"{typed(c)} {'-' if a is None else format(a, '+d')} → {'-' if b is None else format(b, '+d')}")
    old_made, new_made = stored.get("made"), new.get("made") or {}
    for c in dict.fromkeys([*old_made, *new_made]) if old_made is not None else ():
        a, b = old_made.get(c), new_made.get(c)
        if a != b:
            parts.append(M("{call} made {old} → {new}", call=typed(c), old="-" if a is None else a,
                           new="-" if b is None else b))
    for field in ("deals", "estimated"):
        a, b = stored.get(field), new.get(field)
        if field in stored and a != b:
            a, b = "-" if a is None else a, "-" if b is None else b
            parts.append(M("deals: {old} → {new}", old=a, new=b) if field == "deals" else
                         M("estimated: {old} → {new}", old=a, new=b))
    return join(*[x for i, p in enumerate(parts) for x in ([", "] if i else []) + [p]]) if parts else None


# -- the deep check's cache -------------------------------------------------------------------------
# A full ``--deep`` over the course simulates 88 positions (tens of minutes on a busy machine), so each
# drill's fresh evidence is kept on disk under a key of everything that decides it: the drill's
# position and key (the key's call is listed in ``compared``), the table rules, the samples, seed
# and nodes asked, and the engine (:func:`engine_version`). A second run, or a run stopped by
# ``--budget`` or Ctrl-C and started again, simulates only what it has not kept; a change to the
# engine or to the drill asks the simulation again.
NOT_ENGINE = ("commands", "web", "templates", "locale", "migrations", "companion", "practice", "course")
ENGINE_SUFFIXES = (".py", ".c", ".h", ".yaml", ".json", ".so", ".pyd")


def _core_named(path: Path, data: bytes) -> bytes:
    """The compiled solver core as the digest takes it: the core in use that was built from
    this very ``_solver.c`` (its ``SOURCE``, setup.py) by that source's digest and its
    interface, the same in every clone, worktree and CI run; any other built file by its
    bytes (they hold the build folder's path)."""
    from tutor.play import solver

    core = solver._core
    if core is None or Path(getattr(core, "__file__", "") or "").resolve() != path.resolve():
        return data
    source = path.parent / "_solver.c"
    built_from = getattr(core, "SOURCE", None)
    if not source.is_file() or built_from != hashlib.sha256(source.read_bytes()).hexdigest():
        return data
    return f"core {core.ABI} {built_from}".encode()


def engine_version() -> str:
    """A digest of the sources the simulation runs (the package's code and data, the compiled
    solver core by the source it was built from: :func:`_core_named`; not the command line,
    the web pages, the catalogs or the course) and of this module's code that makes the
    evidence from it (:func:`fresh`): the same digest, the same evidence for the same
    question, in any folder."""
    import inspect

    root = Path(__file__).resolve().parent.parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        rel = path.relative_to(root).as_posix()
        if path.suffix not in ENGINE_SUFFIXES or "__pycache__" in rel or not path.is_file() \
                or rel.split("/", 1)[0] in NOT_ENGINE:
            continue
        data = path.read_bytes()
        if path.suffix in (".so", ".pyd"):
            data = _core_named(path, data)
        digest.update(rel.encode() + b"\0" + data + b"\0")
    made_by = [inspect.getsource(f) for f in (fresh, _fresh)] + [repr((EQUAL_SAMPLES, COMPARED, NOTHING, INFORMATION))]
    digest.update("\0".join(made_by).encode())
    return digest.hexdigest()


def cache_dir() -> Path:
    """Where ``--deep`` keeps its results by default: ``$XDG_CACHE_HOME/tutor/deep``
    (``~/.cache`` when unset; ``%LOCALAPPDATA%`` on Windows)."""
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):
        base = Path(os.environ["LOCALAPPDATA"])
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "tutor" / "deep"


def cache_key(drill, rules, samples, seed, nodes, version: str) -> str:
    """The name of ``drill``'s kept result: a digest of everything :func:`fresh` is given."""
    fields = {k: drill.get(k) for k in ("type", "hand", "auction", "answer", "call", "question")}
    asked = {"drill": fields, "rules": rules.to_dict() if hasattr(rules, "to_dict") else rules,
             "asked": [samples, seed, nodes], "engine": version}
    return hashlib.sha256(json.dumps(asked, sort_keys=True, default=str).encode()).hexdigest()


KEPT_FORMAT = 2     # a kept file's layout: the evidence's fields in the order fresh() gave them


#: a kept file is a few hundred bytes; a larger one is no result of ours (not read: not found)
KEPT_MAX_BYTES = 1 << 20
# the fields fresh() writes, the counts among them whole numbers, and the calls' figures
_KEPT_COUNTS = ("samples", "seed", "nodes", "deals", "estimated")
_KEPT_FIELDS = frozenset({*_KEPT_COUNTS, "best", "compared", "made"})


def _whole(v, most: int = 10 ** 12) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and abs(v) <= most


def _well_formed(evidence) -> bool:
    """``evidence`` has the shape :func:`fresh` gives (None: the simulation could not answer)."""
    if evidence is None:
        return True
    if not isinstance(evidence, dict) or not set(evidence) <= _KEPT_FIELDS \
            or not all(_whole(evidence.get(k)) for k in _KEPT_COUNTS):
        return False
    best, compared, made = evidence.get("best"), evidence.get("compared"), evidence.get("made", {})
    return isinstance(best, list) and bool(best) and all(isinstance(c, str) for c in best) \
        and all(isinstance(m, dict) and all(isinstance(c, str) and _whole(v) for c, v in m.items())
                for m in (compared, made))


def kept(folder: "str | Path", key: str) -> tuple[bool, dict | None]:
    """(found, evidence) of a kept result; a file that cannot be read, was written in another
    layout, or is no file of ours (not a plain file, over KEPT_MAX_BYTES, evidence of another
    shape than :func:`fresh` gives) is not found: it is simulated again and written anew. (A
    file a stranger put there with evidence of the right shape was written into the drill
    files by ``--write``, or ended the check with a traceback.)"""
    path = Path(folder) / f"{key}.json"
    try:
        if not path.is_file() or path.stat().st_size > KEPT_MAX_BYTES:   # a FIFO there waited forever
            return False, None
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):      # RecursionError: arrays nested 100,000 deep
        return False, None
    if not isinstance(data, dict) or data.get("format") != KEPT_FORMAT or "evidence" not in data \
            or not _well_formed(data["evidence"]):
        return False, None
    return True, data["evidence"]


def calls_read(evidence: Mapping | None, normalize) -> bool:
    """Every call a kept ``evidence`` names is a call of the drill's game (``normalize`` reads
    one, a TutorError where it cannot): a kept file that names others is not used."""
    if evidence is None:
        return True
    calls = [*evidence.get("best", ()), *evidence.get("compared", {}), *evidence.get("made", {})]
    try:
        for c in calls:
            if c != NOTHING:
                normalize(c)
    except TutorError:
        return False
    return True


def keep(folder: "str | Path", key: str, new: dict | None, drill_id: str = "") -> bool:
    """Keep a fresh result (``None``: the simulation could not answer), written whole or not
    at all (a run stopped while writing leaves no half file). False where the folder cannot
    be written, or where something other than a file stands in the result's place (a FIFO
    there: write_atomic writes a stream straight, and the check waited for a reader forever)."""
    from tutor.files import write_atomic

    path = Path(folder) / f"{key}.json"
    try:
        Path(folder).mkdir(parents=True, exist_ok=True)
        if os.path.lexists(path) and not path.is_file():
            return False
        # the order of ``compared`` is kept as fresh() gave it (the best calls first): the evidence
        # stored from it lists them so, and the learner reads them so
        write_atomic(path, json.dumps({"format": KEPT_FORMAT, "id": drill_id, "evidence": new}, ensure_ascii=False))
    except OSError:
        return False
    return True


JUDGED = ("raise", "matsch", "double", "redouble", "confidence")   # bid answers that rest on judgement


def convention_key(call) -> Msg:
    """Where tutor bid recommends another call than the Hilfe or Ace announcement a drill's
    key gives (:func:`numbers`): what the drill asks, and why its key stays the conventions'."""
    return M("The drill asks for the conventions' call, and they give {call}: it tells the partner what the hand "
             "holds, as the rules read it. The tutor's own call goes past the convention where the deals show "
             "another call clearly better, as here.", call=call)


def numbers(item, lang: str = "de", information: bool = False) -> str | None:
    """For a Sidi-Barrani ``bid`` drill without stored evidence whose answer rests on
    judgement (a raise, a Matsch, a double, a konter, a number the conventions give no
    meaning): the numbers behind the answer in the words of the tutor's voice ("100
    Eichel is made in 47 of 50 deals that fit the auction; 110 in 31", what it brings
    against the best other call), from the voice's own deals (its number of them, the seed
    from the position), so the quiz's ``warum`` and the worksheet's key say what ``tutor
    bid`` says. None for other drills, or where the position cannot be simulated.

    ``information``: also where the conventions decide the call (a Hilfe or an Ass-Ansage,
    :data:`INFORMATION`): a ``bid`` drill whose answer is one, and a plain ``check`` drill
    where one is the call the hand should make (the call asked about, or the one
    recommended instead). The quiz asks for them (QA s31 Q24: its Hilfe drills' answers
    gave no numbers, where ``tutor bid`` gives the voice's for the same Hilfe); the
    worksheets do not. Where ``tutor bid`` recommends another call than that Hilfe or Ace
    announcement, its words for its call, and why the drill's key stays the conventions'
    (:func:`convention_key`)."""
    from tutor import conventions
    from tutor.judgement import voice

    d = item.drill
    if getattr(item.engine, "game", None) != "sidi-barrani" or not d.hand:
        return None
    if d.type != "bid" and not (information and d.type == "check" and d.get("question", "best") == "best"):
        return None
    kinds = JUDGED + INFORMATION if information else JUDGED
    try:
        seat = None
        if d.type == "bid":
            wanted = str(item.solution.answer)
        else:
            seat, call = seat_and_call(d)
            v = conventions.check(d.hand, d.auction or "", call, d.rules, seat=seat)
            rec = v.advice.recommended if v.advice else None
            if rec is None or rec.kind not in INFORMATION:
                return None
            wanted = str(rec.call)
        hand, reader, seat, _readings, truthful = conventions.position(d.hand, d.auction or "", d.rules, seat)
        answer = next((r for r in truthful if str(r.call) == wanted), None)
        if answer is None or answer.kind not in kinds:
            return None
        s = reader.situation(seat)
        ev = voice.evaluated(hand, s, truthful, workers=1)
    except (TutorError, ValueError):
        return None
    # the numbers the hand's count does not reach are left out, as `tutor bid` leaves them (QA s36 Q2)
    full, (ev, dropped) = ev, voice.read_true(ev, hand, s, truthful)
    by_call = {c["call"]: c["expected"] for c in ev.calls}
    lines = voice.evidence_lines(ev, str(answer.call), s, by_call)
    if lines and answer.kind in INFORMATION and str(answer.call) not in voice.equal_calls(ev):
        pick = voice.judge_by(full, hand, s, truthful, None)
        if pick.pick is not None and str(pick.pick.call) != str(answer.call):
            # tutor bid goes past the convention here (a higher bid checked by exact play, QA s41 F7; an
            # Ace announcement doubled and left to play): bid's words alone, which value the Hilfe too
            # (session 43: hilfe-gen-08's quiz said "here the conventions decide", no higher bid shown
            # sure, and "exact play may rank them otherwise", where bid's exact check bids 130 Eichel)
            return " ".join([M("tutor bid recommends {call} here: {words}", call=voice.call_words(str(pick.pick.call)),
                               words=join(*[x for i, line in enumerate(pick.lines) for x in ([" "] if i else []) + [line]])
                               ).text(lang),
                             convention_key(voice.call_words(str(answer.call))).text(lang)])
        lines.append(voice.information_why(ev, s, truthful, str(answer.call)))   # why the Hilfe stays, as bid says it
    left = voice.left_out_line(full, dropped, s) if lines and dropped else None
    if left is not None:
        lines.append(left)
    return " ".join(line.text(lang) for line in lines) or None


# -- writing the evidence into a drill file -------------------------------------------------
def flow(evidence: Mapping) -> str:
    """The evidence as one YAML flow mapping, its fields in :data:`FIELDS` order."""
    import yaml

    text = yaml.safe_dump({k: evidence[k] for k in FIELDS if k in evidence}, default_flow_style=True,
                          allow_unicode=True, width=10 ** 6, sort_keys=False).strip()
    return text[:-3].strip() if text.endswith("...") else text


def store(text: str, drill_id: str, evidence: Mapping) -> str:
    """``text`` (a drill file) with ``evidence`` as the drill's ``evidence:`` line: an
    existing one replaced, else a new one after the drill's key (before its ``note``);
    every other line is kept as written."""
    lines = text.split("\n")
    start = next((i for i, line in enumerate(lines)
                  if re.fullmatch(rf"\s*-\s+id:\s*['\"]?{re.escape(drill_id)}['\"]?\s*", line)), None)
    if start is None:
        raise TutorError(M("{id}: no such drill in the file", id=drill_id))
    indent = " " * (len(lines[start]) - len(lines[start].lstrip()) + 2)
    end = start + 1
    while end < len(lines) and (lines[end].startswith(indent) or not lines[end].strip()) \
            and not lines[end].lstrip().startswith("- "):
        end += 1
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    new = f"{indent}evidence: {flow(evidence)}"
    for i in range(start + 1, end):
        if lines[i].startswith(indent + "evidence:"):
            lines[i] = new
            return "\n".join(lines)
    at = next((i for i in range(start + 1, end) if lines[i].startswith(indent + "note:")), end)
    lines.insert(at, new)
    return "\n".join(lines)
