"""The quiz in the browser: a lesson's drills one at a time, the answer judged as in
``tutor quiz`` (:mod:`tutor.course.quiz`), the progress in the same database (the learner's
Leitner schedule), so the terminal's ``tutor lessons`` counts what was answered here."""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

from tutor.errors import TutorError
from tutor.i18n import M


def learner_of(value: Any) -> str:
    """The learner's name from a request: :func:`tutor.course.quiz.learner_name`, the
    command line's rule (blank: the tutor's default learner)."""
    from tutor.course.quiz import learner_name

    return learner_name(value)


@lru_cache(maxsize=1)
def course() -> tuple:
    """Every course's lessons: Sidi-Barrani's in order, then the other games' (Tarneeb)."""
    from tutor.course import lessons

    return tuple(lessons.load_all(None, None))


def lesson(lesson_id: str):
    for x in course():
        if x.id == lesson_id:
            return x
    known = ", ".join(x.id for x in course())
    raise TutorError(M("no lesson {lesson!r} (lessons: {known})", lesson=lesson_id, known=known))


@lru_cache(maxsize=64)
def items(lesson_id: str, lang: str) -> tuple:
    """The lesson's checked drills (every answer agreed with the engine), its topic set."""
    from tutor.course import drills, lessons

    ls = lesson(lesson_id)
    paths = [p for p in lessons.drill_files(ls) if p.exists()]
    return tuple(c if c.topic else dataclasses.replace(c, file=dataclasses.replace(c.file, lesson=ls.id))
                 for c in drills.verified(paths, lang))


def _key(item) -> tuple[str, str]:
    """The drill's key in the learner's progress (the file's name and the drill's id, as
    the terminal's quiz keeps it)."""
    from tutor.course.quiz import source_of

    return source_of(item.file.name), item.drill.id


def _public(item) -> tuple[str, str]:
    """The drill as the page names it: the file's name within the lesson, never a path
    of the server's disk."""
    from pathlib import PurePath

    return PurePath(item.file.name).name, item.drill.id


def _progress(db: str | None, learner: str):
    from tutor.course.quiz import Progress

    return Progress.open(db, learner)


def overview(db: str | None, learner: str, lang: str = "de") -> dict[str, Any]:
    """The course's lessons, in order, their titles in ``lang`` where translated."""
    from tutor.course import translations

    return {"learner": learner,
            "lessons": [{"id": x.id, "order": x.order, "title": translations.lesson_in(x, lang).title,
                         "game": x.game} for x in course()]}


def next_drill(db: str | None, lesson_id: str, learner: str, lang: str) -> dict[str, Any]:
    """The next drill of the lesson for the learner: one due again first, then one not
    answered yet; ``done`` when there is none."""
    from tutor.course.quiz import question

    its = items(lesson_id, lang)
    progress = _progress(db, learner)
    try:
        due = set(progress.due())
        sched = progress.schedule()
        stats = progress.stats([_key(c) for c in its])
    finally:
        progress.close()
    pick = next((c for c in its if _key(c) in due), None) or \
        next((c for c in its if _key(c) not in sched), None)
    out: dict[str, Any] = {"lesson": lesson_id, "learner": learner, "stats": stats}
    if pick is None:
        out["done"] = True
        return out
    text, prompt = question(pick, lang)
    source, drill = _public(pick)
    out.update(done=False, source=source, drill=drill, type=pick.drill.type, question=text,
               prompt=prompt.strip())
    return out


def answer(db: str | None, body: dict, learner: str, lang: str) -> dict[str, Any]:
    """Judge an answer as the terminal quiz does and record it in the learner's progress."""
    from tutor.course.quiz import (CORRECT, MESSAGES, WRONG, Quiz, judge, own_call_text, parse_answer,
                            show_answer)

    if isinstance(body.get("answer"), str) and not body["answer"].strip():
        # the page's field left empty (polish s48: "the answer needs answer", the API's key)
        raise TutorError(M("the answer is empty: type it first"))
    for key in ("lesson", "source", "drill", "answer"):
        if not isinstance(body.get(key), str) or not body[key].strip():
            raise TutorError(M("the answer needs {key}", key=key))
    its = items(body["lesson"], lang)
    item = next((c for c in its if _public(c) == (body["source"], body["drill"])), None)
    if item is None:
        raise TutorError(M("no drill {drill!r} in lesson {lesson!r}", drill=body["drill"], lesson=body["lesson"]))
    given = parse_answer(item, body["answer"][:200], lang)   # unreadable: 400, ask again
    outcome = judge(item, given)
    progress = _progress(db, learner)
    try:
        from tutor.course.quiz import convention_of

        progress.record(*_key(item), item.topic, given.shown, outcome, convention=convention_of(item))
        stats = progress.stats([_key(c) for c in its])
    finally:
        progress.close()
    m = MESSAGES[lang]
    shown = show_answer(item, lang)
    head = (m["right"] if outcome == CORRECT else
            m["acceptable"].format(answer=shown) if outcome == "acceptable" else m["wrong"].format(answer=shown))
    reasoning = Quiz([], read=lambda p: None, echo=lambda s: None, lang=lang)._reasoning(item)
    # what the learner's own call would have shown: after a wrong answer only, as in the
    # terminal's quiz (a right answer is the drill's key, and nothing follows "Right.")
    yours = own_call_text(item, given, lang) if outcome == WRONG else None
    return {"outcome": outcome, "answer": shown, "feedback": head,
            "yours": yours, "reasoning": reasoning, "stats": stats}
