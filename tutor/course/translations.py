"""The course in the learner's language: the lessons and the drills' notes are written in
German, their translations sit beside them.

- a lesson's translation: ``lessons/<lang>/<any name>.md`` with the lesson's ``id``, its
  ``title`` and ``key_rule`` in that language, and the text (the order and the drill
  files stay the German lesson's: one source);
- the drills' notes: ``lessons/<lang>/notes.yaml``, a list of pairs: ``de`` the German note
  (as written in the drill file), ``<lang>`` its translation, as a message catalog maps a
  message.

A lesson or a note without a translation is shown in German, and marked so (the quiz
says it once, a worksheet prints the mark). ``tests/test_course_fr.py`` checks that the
French course has every lesson and every note of the bundled course, with no German
left in it.
"""
from __future__ import annotations

import dataclasses
from functools import lru_cache
from pathlib import Path

from tutor.errors import ParseError
from tutor.i18n import M

SOURCE_LANG = "de"


@lru_cache(maxsize=16)
def _lessons(path: str) -> dict:
    """id -> (title, key_rule, body) of every translation in one folder."""
    from tutor.course.lessons import _FRONT
    from tutor.files import load_yaml, read_text

    out: dict = {}
    d = Path(path)
    if not d.is_dir():
        return out
    for p in sorted(d.glob("*.md")):
        text = read_text(p)
        m = _FRONT.match(text)
        if not m:
            raise ParseError(M("{where}:1: a lesson starts with a YAML header between two '---' lines",
                               where=str(p)))
        head = load_yaml(m.group(1), str(p), line_offset=1, style="colon")
        if not isinstance(head, dict) or not all(isinstance(head.get(k), str) and head[k].strip()
                                                 for k in ("id", "title", "key_rule")):
            raise ParseError(M("{where}: a lesson's translation needs id, title and key_rule",
                               where=str(p)))
        out[head["id"]] = (head["title"].strip(), " ".join(head["key_rule"].split()),
                           text[m.end():], str(p))
    return out


def _folder_of(lesson, lang: str) -> Path:
    if lesson.path:
        return Path(lesson.path).resolve().parent / lang
    from tutor.course.lessons import default_dir

    return default_dir() / lang


def lesson_in(lesson, lang: str):
    """The lesson in ``lang`` (its translation), or the lesson itself when it has none."""
    if lang == SOURCE_LANG:
        return lesson
    found = _lessons(str(_folder_of(lesson, lang))).get(lesson.id)
    if found is None:
        return lesson
    title, rule, body, path = found
    return dataclasses.replace(lesson, title=title, key_rule=rule, body=body)


def translated(lesson, lang: str) -> bool:
    return lang == SOURCE_LANG or lesson.id in _lessons(str(_folder_of(lesson, lang)))


def folder_of(course) -> "str | None":
    """The lessons folder of a course (its translations are in its subfolders), or None
    for the bundled one."""
    for lesson in course or ():
        if getattr(lesson, "path", None):
            return str(Path(lesson.path).resolve().parent)
    return None


def course_in(lessons, lang: str) -> list:
    return [lesson_in(x, lang) for x in lessons]


@lru_cache(maxsize=16)
def _notes(path: str) -> dict:
    from tutor.files import load_yaml, read_text

    p = Path(path)
    if not p.is_file():
        return {}
    data = load_yaml(read_text(p), str(p)) or []
    if not isinstance(data, list) or not all(isinstance(x, dict) and isinstance(x.get("de"), str)
                                             and isinstance(x.get(p.parent.name), str) for x in data):
        raise ParseError(M("{where}: the notes' translations are a list of pairs (de: the German "
                           "note, {lang}: its translation)", where=str(p), lang=p.parent.name))
    return {" ".join(x["de"].split()): x[p.parent.name] for x in data}


def notes(lang: str, lessons_dir: "str | Path | None" = None) -> dict:
    from tutor.course.lessons import default_dir

    return _notes(str((Path(lessons_dir) if lessons_dir else default_dir()) / lang / "notes.yaml"))


def note_in(note: str | None, lang: str, lessons_dir: "str | Path | None" = None) -> tuple[str | None, bool]:
    """A drill's note in ``lang``: (text, translated). An untranslated note is the German
    text with False."""
    if not note or lang == SOURCE_LANG:
        return note, True
    found = notes(lang, lessons_dir).get(" ".join(note.split()))
    return (found, True) if found else (note, False)


def clear_caches() -> None:
    _lessons.cache_clear()
    _notes.cache_clear()
