"""No lesson is passed by one answer (issue 22): in every lesson of the bundled course the
most common answer is at most half of its drills, «fort» and «nein» together at most 60 %,
each kind of drill (four or more in a lesson) mixes its answers, and no drill shows the
same situation as the one before it, on the sheet and in the quiz (both keep the files'
order, the lesson's files one after the other). The generator keeps the same limits."""
from __future__ import annotations

import json
from collections import Counter

import pytest

from conftest import ROOT
from tutor.course import drills, lessons

COURSE = lessons.load_all(ROOT / "lessons")


def answer(d) -> str:
    """The answer as a learner types it: ja/nein, the call, the kind, the seat, the number."""
    a = d.get("answer")
    if d.get("type") == "check":
        return "nein" if a is False else "ja"
    return json.dumps(a, sort_keys=True) if isinstance(a, dict) else str(a).strip()


def shown(d) -> tuple:
    """What the learner sees before the question: a drill with the same is a twin."""
    keys = ("rules", "hand", "auction", "trick", "trump", "cards", "contract", "declarer",
            "card_points", "bid", "tricks")
    return tuple((k, str(d.get(k))) for k in keys if d.get(k) not in (None, ""))


def in_order(lesson) -> list:
    return [d for p in lessons.drill_files(lesson) for d in drills.load(p).drills]


@pytest.mark.parametrize("lesson", COURSE, ids=lambda x: x.id)
def test_no_lesson_is_passed_by_one_answer(lesson):
    seq = in_order(lesson)
    counts = Counter(answer(d) for d in seq)
    top, n = counts.most_common(1)[0]
    assert n <= len(seq) / 2, f"{top!r} answers {n} of {len(seq)}"
    assert counts["fort"] + counts["nein"] <= 0.6 * len(seq), counts


@pytest.mark.parametrize("lesson", COURSE, ids=lambda x: x.id)
def test_each_kind_of_drill_mixes_its_answers(lesson):
    by_type: dict = {}
    for d in in_order(lesson):
        by_type.setdefault(d.type, []).append(answer(d))
    for kind, answers in by_type.items():
        if len(answers) >= 4:
            top, n = Counter(answers).most_common(1)[0]
            assert n <= 0.75 * len(answers), f"{kind}: {top!r} answers {n} of {len(answers)}"


@pytest.mark.parametrize("lesson", COURSE, ids=lambda x: x.id)
def test_twins_are_apart(lesson):
    seq = in_order(lesson)
    twins = [(a.id, b.id) for a, b in zip(seq, seq[1:]) if shown(a) == shown(b)]
    assert twins == []


@pytest.mark.parametrize("topic", ["verpasst", "hilfe", "fuenfer", "gegnerfarbe"])
def test_the_generator_does_not_give_answers_away(topic):
    from tutor.course import generator

    f = generator.generate(topic, 12, seed=7)
    counts = Counter(answer(d) for d in f.drills)
    assert counts.most_common(1)[0][1] <= 6 and counts["fort"] + counts["nein"] <= 7, counts
    assert all(shown(a) != shown(b) for a, b in zip(f.drills, f.drills[1:]))


def test_the_quiz_keeps_twins_apart_when_it_shuffles():
    """Shuffled, the quiz still never asks the same situation twice in a row:
    kartenwerte-02 and -03 show the same trick."""
    from tutor.course import quiz

    items = drills.verified([ROOT / "exercises" / "kartenwerte.yaml"])
    for seed in range(30):
        asked = quiz.order(items, shuffle=True, seed=seed)
        assert sorted(c.drill.id for c in asked) == sorted(c.drill.id for c in items)
        assert all(shown(a.drill) != shown(b.drill) for a, b in zip(asked, asked[1:])), seed
    assert [c.drill.id for c in quiz.order(items)] == [c.drill.id for c in items]   # the file's order kept
