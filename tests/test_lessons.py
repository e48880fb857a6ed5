"""Lessons: front matter, order, rendering in the terminal and as HTML, the course view."""
from __future__ import annotations

import json

import pytest

from conftest import FIXTURES, ROOT, write
from tutor.course import lessons
from tutor.errors import ParseError, TutorError

LESSONS = FIXTURES / "lessons"


def test_lessons_load_in_order_with_their_header():
    course = lessons.load_all(LESSONS)
    assert [x.id for x in course] == ["tafel", "hilfe"]          # by order, not by file name
    hilfe = course[1]
    assert hilfe.title == "Die Hilfe" and hilfe.drills == ("exercises/hilfe.yaml",)
    assert hilfe.key_rule.startswith("Die beiden kleinsten Zehner")
    assert hilfe.drill_paths()[0].resolve() == (FIXTURES / "exercises" / "hilfe.yaml").resolve()
    assert hilfe.body.lstrip().startswith("# Die Hilfe")


@pytest.mark.parametrize("header, message", [
    ("id: x\ntitle: X\norder: 1\ndrills: []\n", "lacks key_rule"),
    ("id: X Y\ntitle: X\norder: 1\ndrills: []\nkey_rule: k\n", "must be lower-case"),
    ("id: x\ntitle: X\norder: eins\ndrills: []\nkey_rule: k\n", "order must be a whole number"),
    ("id: x\ntitle: X\norder: 1\ndrills: [3]\nkey_rule: k\n", "drills must be a list"),
    ("id: x\ntitle: X\norder: 1\ndrills: []\nkey_rule: k\nauthor: me\n", "unknown header field 'author'"),
    ("id: [x\n", "not valid YAML"),
])
def test_a_broken_header_names_the_file_and_the_problem(tmp_path, header, message):
    p = write(tmp_path, "lessons/x.md", "---\n" + header + "---\n# X\n")
    with pytest.raises(ParseError, match=message) as e:
        lessons.load(p)
    assert str(p) in str(e.value)
    assert str(p) in e.value.text("de") and e.value.text("de") != str(e.value)  # German too


def test_a_lesson_without_header_is_refused(tmp_path):
    p = write(tmp_path, "lessons/x.md", "# Nur Text\n")
    with pytest.raises(ParseError, match="YAML header"):
        lessons.load(p)


def test_duplicate_ids_are_refused(tmp_path):
    for name in ("a.md", "b.md"):
        write(tmp_path, f"lessons/{name}", f"---\nid: x\ntitle: X\norder: {len(name)}{name[0] == 'a' and 1 or 2}\n"
                                           "drills: []\nkey_rule: k\n---\n")
    with pytest.raises(ParseError, match="id 'x' is also used"):
        lessons.load_all(tmp_path / "lessons")


def test_find_by_id_number_or_prefix():
    course = lessons.load_all(LESSONS)
    assert lessons.find(course, "hilfe").id == "hilfe"
    assert lessons.find(course, "1").id == "tafel"
    assert lessons.find(course, "hi").id == "hilfe"
    with pytest.raises(TutorError, match="no lesson 'matsch'"):
        lessons.find(course, "matsch")


def test_terminal_rendering_plain_and_coloured():
    hilfe = lessons.find(lessons.load_all(LESSONS), "hilfe")
    plain = lessons.render_terminal(hilfe, color=False, width=80)
    assert "\x1b[" not in plain
    assert "Die Hilfe" in plain and "In dieser Farbe helfe ich dir" in plain
    assert "**" not in plain and "| ---" not in plain          # Markdown rendered, not shown raw
    assert "Nell zu zweit" in plain and "70 Eichel" in plain     # the table's cells
    coloured = lessons.render_terminal(hilfe, color=True, width=80)
    assert "\x1b[" in coloured


def test_html_rendering_escapes_raw_html():
    html = lessons.to_html("**fett** <script>alert(1)</script>\n\n| a | b |\n| - | - |\n| 1 | 2 |\n")
    assert "<strong>fett</strong>" in html
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<table>" in html and "<td>1</td>" in html


def test_generated_files_count_for_their_lesson(tmp_path):
    write(tmp_path, "lessons/h.md", "---\nid: hilfe\ntitle: H\norder: 1\ndrills: [exercises/hilfe.yaml]\n"
                                    "key_rule: k\n---\n")
    write(tmp_path, "exercises/hilfe.yaml", "lesson: hilfe\ndrills: []\n")
    write(tmp_path, "exercises/hilfe-gen.yaml", "title: G\nlesson: hilfe\ndrills: []\n")
    write(tmp_path, "exercises/tafel-gen.yaml", "lesson: tafel\ndrills: []\n")
    (lesson,) = lessons.load_all(tmp_path / "lessons")
    assert [p.name for p in lessons.drill_files(lesson)] == ["hilfe.yaml", "hilfe-gen.yaml"]


def test_lesson_command_shows_the_lesson_its_drills_and_key_rule(run):
    res = run("lesson", "hilfe", "--lessons", LESSONS)
    assert res.exit_code == 0
    assert "In dieser Farbe helfe ich dir" in res.output
    assert "Üben: tutor quiz exercises/hilfe.yaml" in res.output
    assert "Merke: Die beiden kleinsten Zehner" in res.output
    bad = run("lesson", "schach", "--lessons", LESSONS, "--lang", "en")
    assert bad.exit_code == 2 and "no lesson 'schach'" in bad.output
    bad = run("lesson", "schach", "--lessons", LESSONS)
    assert bad.exit_code == 2 and "keine Lektion 'schach' (Lektionen: " in bad.output
    # a blank name starts every id: it names no lesson, not all of them as ambiguous (polish, s47)
    for blank in ("", "  "):
        bad = run("lesson", blank, "--lessons", LESSONS, "--lang", "en")
        assert bad.exit_code == 2 and f"no lesson '{blank}'" in bad.output and "ambiguous" not in bad.output


def test_lessons_command_shows_progress(run, tmp_path):
    db = tmp_path / "p.db"
    before = run("lessons", "--lessons", LESSONS, "--db", db, "--json")
    data = {x["id"]: x for x in json.loads(before.output)}
    assert [x["id"] for x in json.loads(before.output)] == ["tafel", "hilfe"]
    assert (data["hilfe"]["drills"], data["hilfe"]["seen"]) == (4, 0)
    run("quiz", FIXTURES / "exercises" / "hilfe.yaml", "--db", db, "--lessons", LESSONS,
        input="90 Eichel\nraise\n")
    after = {x["id"]: x for x in json.loads(run("lessons", "--lessons", LESSONS, "--db", db, "--json").output)}
    assert (after["hilfe"]["seen"], after["hilfe"]["right"], after["hilfe"]["due"]) == (2, 1, 1)
    text = run("lessons", "--lessons", LESSONS, "--db", db).output
    assert "Die Hilfe" in text and "geübt 2, richtig 1, fällig 1" in text
    # a drill due again comes first: the missed Hilfe drill, before the Tafel not yet begun
    assert "Weiter mit Lektion 2, Die Hilfe: 1 ihrer Aufgaben ist wieder fällig." in text


def test_the_repositorys_lessons_load_when_present():
    folder = ROOT / "lessons"
    if not folder.is_dir():
        pytest.skip("no lessons/ in this tree yet (they come with the content branch)")
    course = lessons.load_all(folder)
    for lesson in course:
        for p in lesson.drill_paths():
            assert p.exists(), f"{lesson.path}: {p} is missing"


def test_the_course_in_french(run, tmp_path):
    """--lang fr: the course's own words French (le cours, leçon, exercices, à retenir), the
    lessons' texts German, and the command says so once; an unknown lesson refused in French."""
    res = run("lessons", "--lessons", LESSONS, "--db", tmp_path / "p.db", "--lang", "fr")
    assert res.exit_code == 0
    assert res.output.count("sont en allemand") == 1
    assert "Le cours : " in res.output and " exercices, pratiqués 0, justes 0, à revoir 0" in res.output
    assert "Ensuite : leçon 1, " in res.output and "tu n'as encore rien pratiqué" in res.output
    res = run("lesson", "hilfe", "--lessons", LESSONS, "--lang", "fr")
    assert "S'exercer : tutor quiz exercises/hilfe.yaml" in res.output
    assert "À retenir : Die beiden kleinsten Zehner" in res.output
    bad = run("lesson", "schach", "--lessons", LESSONS, "--lang", "fr")
    assert bad.exit_code == 2 and "pas de leçon 'schach'" in bad.output


def test_each_game_has_its_own_course(run, tmp_path):
    """A lesson's ``game`` puts it in that game's course: order numbers count within a
    course, `tutor lessons` lists the --game's course and names the others."""
    write(tmp_path, "lessons/01-a.md", "---\nid: sidi\ntitle: Sidi\norder: 1\ndrills: []\nkey_rule: k\n---\n# S\n")
    write(tmp_path, "lessons/t.md", "---\nid: tarn\ntitle: Tarn\norder: 1\ndrills: []\nkey_rule: k\n"
                                    "game: tarneeb\n---\n# T\n")
    folder = tmp_path / "lessons"
    assert [x.id for x in lessons.load_all(folder)] == ["sidi"]
    assert [x.id for x in lessons.load_all(folder, "tarneeb")] == ["tarn"]
    assert [x.id for x in lessons.load_all(folder, None)] == ["sidi", "tarn"]
    assert lessons.courses(folder) == {"sidi-barrani": 1, "tarneeb": 1}
    res = run("lessons", "--lessons", folder, "--db", tmp_path / "p.db")
    assert "Sidi" in res.output and "Tarn" not in res.output
    assert "Ein weiterer Kurs: tarneeb, 1 Lektion: tutor --game tarneeb lessons" in res.output
    res = run("--game", "tarneeb", "lessons", "--lessons", folder, "--db", tmp_path / "p.db")
    assert "Tarn" in res.output and "Sidi" not in res.output
    assert run("lesson", "tarn", "--lessons", folder).exit_code == 0      # by id from any course
    res = run("--game", "bietspiel", "lessons", "--lessons", folder, "--db", tmp_path / "p.db")
    assert res.exit_code == 2 and "kein Kurs für das Spiel bietspiel" in res.output
    write(tmp_path, "lessons/t2.md", "---\nid: tarn2\ntitle: T2\norder: 1\ndrills: []\nkey_rule: k\n"
                                     "game: tarneeb\n---\n")
    with pytest.raises(ParseError, match="order 1 is also used"):
        lessons.load_all(folder)


def test_the_bundled_course_teaches_what_a_lesson_needs_before_it():
    """The rules of play before the card values (lesson 1 and the Tafel need them), the
    opening, Hilfe, Fünfer and the opponents' suit before the missed opening that draws
    on them all; Tarneeb is not part of the Sidi-Barrani course."""
    course = [x.id for x in lessons.load_all(ROOT / "lessons")]
    place = {x: i for i, x in enumerate(course)}
    assert course[0] == "spielregeln" and place["kartenwerte"] < place["bieten"]
    assert place["bieten"] < place["eroeffnung"] < place["hilfe"] < place["fuenfer"] \
        < place["gegnerfarbe"] < place["verpasst"]
    assert place["spielregeln"] < place["tafel"]
    assert "tarneeb" not in course
    assert [x.id for x in lessons.load_all(ROOT / "lessons", "tarneeb")] == ["tarneeb"]
    from tutor.course import syllabus

    assert sorted(syllabus.PLACE, key=syllabus.PLACE.get) == course


def test_french_lessons_keep_guillemets_and_colons_with_their_words():
    """French typography in the terminal: a wrapped line of a French lesson never ends in «
    nor starts with », : ; ? or ! (rich breaks at any space, a no-break space included; at
    width 88 lessons 3, 6, 8, 10, 12 and 13 broke so); the words are those of the lesson
    rendered without the ties, and the worksheet's HTML ties them with no-break spaces."""
    from tutor.course import translations

    course = translations.course_in(lessons.load_all(ROOT / "lessons"), "fr")
    french = [x for x in course if translations.translated(x, "fr")]
    assert len(french) >= 13
    broken = []
    for lesson in french:
        for width in (60, 72, 88):
            text = lessons.render_terminal(lesson, color=False, width=width, lang="fr")
            untied = lessons.render_terminal(lesson, color=False, width=width, lang="de")
            assert "\ue000" not in text
            assert sorted(text.split()) == sorted(untied.split()), (lesson.id, width)
            for n, line in enumerate(text.splitlines(), 1):
                if line.rstrip().endswith("«") or line.strip()[:1] in ("»", ":", ";", "?", "!"):
                    broken.append((lesson.id, width, n, line))
    assert broken == []
    assert lessons.tie_french("dit « fort » : oui ; non ? si !") == \
        "dit «\u00a0fort\u00a0»\u00a0: oui\u00a0; non\u00a0? si\u00a0!"
    assert "«\u00a0fort\u00a0»" in lessons.to_html(lessons.tie_french("« fort »"))
