"""Worksheets: the HTML, its parts, escaping, and the sheet command."""
from __future__ import annotations

import re

import pytest

from conftest import FIXTURES, ISSUE_DRILLS, write
from tutor.course import drills, lessons, sheets


@pytest.fixture
def items(issue_file):
    return drills.verified([issue_file, FIXTURES / "exercises" / "tafel.yaml"])


def test_the_sheet_has_title_numbered_exercises_diagrams_and_the_key(items):
    html = sheets.render(items)
    assert "<title>Übungsblatt</title>" in html
    numbers = re.findall(r'<span class="num">Aufgabe (\d+)</span>', html)
    assert numbers == [str(n) for n in range(1, 9)]
    for suit in ("eichel", "schellen", "rosen", "schilten"):
        assert f'<symbol id="suit-{suit}"' in html and f'href="#suit-{suit}"' in html
    # the hand, suits in order, and the auction by seat with the seat in turn marked
    first = html[html.index('id="drill-1"'):html.index('id="drill-2"')]
    assert [m for m in re.findall(r'class="suitname">(\w+)<', first)] == ["Eichel", "Schellen", "Rosen", "Schilten"]
    assert re.search(r'class="ranks">A O 9<', first)
    assert re.findall(r"<th>([A-D])</th>", first) == ["A", "B", "C", "D"]
    assert '<td class="turn">?</td>' in first
    key = html[html.index('<section class="key">'):]
    assert "Lösungen" in key and "<span class=\"answer\">90 Eichel</span>" in key
    assert "Hilfe in Eichel" in key                                  # the engine's explanation
    assert "Nell zu dritt: the upper" in key                         # and the note
    assert html.index('<section class="key">') > html.rindex('<article class="drill')


def test_the_answer_key_is_compact_the_answer_first_then_one_line_of_why(items):
    """Each answer of the key: the answer, then one line of why (the drill's note, written
    for it, else the first sentence of the engine's reasons), no file or id unless asked."""
    key = sheets.render(items)
    key = key[key.index('<section class="key">'):]
    entries = re.findall(r'<li value="(\d+)" class="compact"><span class="answer">([^<]*)</span> '
                         r'<span class="why">([^<]*)</span></li>', key)
    assert [n for n, _, _ in entries] == [str(n) for n in range(1, 9)]
    first = entries[0]
    assert first[1:] == ("90 Eichel", "Nell zu dritt: the upper of the two Zehner over 70.")
    assert all("\n" not in why and why.count(". ") == 0 for _, _, why in entries[1:])
    assert "hilfe.yaml" not in key and "hilfe-01" not in key and "tafel.yaml" not in key
    with_ids = sheets.render(items, ids=True)
    assert "(hilfe.yaml · hilfe-01)" in with_ids
    full = sheets.render(items, full_key=True)
    full = full[full.index('<section class="key">'):]
    # the whole reasons: the Hilfe's meaning and the hand's cards (the engine's second sentence)
    assert len(re.sub(r"<[^>]+>", "", full)) > len(re.sub(r"<[^>]+>", "", key)) + 200
    assert "hilfe.yaml" not in full


def test_the_key_of_a_wrong_call_says_what_the_call_breaks(tmp_path):
    """«Ein Fünfer heisst: Ich halte das Ass dieser Farbe»: C's 85 Schilten with Schilten
    K 8 7 6 is no. The one line of why says that the hand lacks the Ace, not the call's
    meaning (that D holds the Ace), which the hand contradicts; an illegal call says
    that it is not legal («mindestens 5 Punkte über dem vorherigen»)."""
    f = write(tmp_path, "f.yaml", """\
        drills:
          - {id: ace, type: check, hand: "Eichel:AK Schellen:AB Rosen:O Schilten:K876",
             auction: "80 Eichel, fort", call: "85 Schilten", answer: false}
          - {id: low, type: check, hand: "Eichel:AK Schellen:AB Rosen:O Schilten:K876",
             auction: "80 Eichel, fort", call: "80 Rosen", answer: false}
        """)
    key = sheets.render(drills.verified([f]), lang="en")
    key = key[key.index('<section class="key">'):]
    whys = re.findall(r'<span class="why">([^<]*)</span>', key)
    assert whys[0].startswith("The hand does not fit: in Schilten you hold K 8 7 6: without the Ace")
    assert "holds the Ace" not in whys[0]
    assert whys[1].startswith("Not legal:")


def test_the_compiled_template_is_kept_and_a_broken_one_compiled_anew(items, tmp_path):
    """The template compiled once is kept for the next run; a kept file that is broken, or
    a folder that cannot be written, gives the same sheet (compiled as before)."""
    folder = tmp_path / "compiled"
    first = sheets.render(items, compiled=str(folder))
    kept = sorted(folder.iterdir())
    assert kept and sheets.render(items, compiled=str(folder)) == first
    for f in kept:
        f.write_bytes(b"not a compiled template")
    assert sheets.render(items, compiled=str(folder)) == first
    blocked = tmp_path / "a-file"
    blocked.write_text("x")
    assert sheets.render(items, compiled=str(blocked)) == first


def test_answers_are_not_on_the_exercise_pages(items):
    html = sheets.render(items)
    exercises = html[:html.index('<section class="key">')]
    assert "Hilfe in Eichel" not in exercises and "Nell zu dritt: the upper" not in exercises
    assert ">313<" not in exercises


def test_no_answers_and_answers_only(items):
    no_key = sheets.render(items, answers=False)
    assert '<section class="key' not in no_key and 'class="drill"' in no_key
    only_key = sheets.render(items, exercises=False)
    assert '<article class="drill' not in only_key and '<section class="key alone">' in only_key


def test_print_css_a4_and_unsplittable_boxes(items):
    html = sheets.render(items)
    css = html[html.index("<style>"):html.index("</style>")]
    assert "size: A4" in css
    assert re.search(r"\.drill \{[^}]*break-inside: avoid", css)
    assert re.search(r"\.key \{[^}]*break-before: page", css)


def test_self_contained_no_network(items):
    html = sheets.render(items)
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", html)
    assert "<link" not in html and "<script" not in html and "@import" not in html


def test_drill_text_cannot_inject_markup(tmp_path):
    p = write(tmp_path, "x.yaml", ISSUE_DRILLS.replace(
        "title: Die Hilfe", 'title: "<b>Fett</b>"').replace(
        'note: "Nell zu dritt: the upper of the two Zehner over 70."',
        "note: \"<script>alert('x')</script> & <img src=x onerror=alert(1)>\""))
    html = sheets.render(drills.verified([p]))
    assert "<script>alert" not in html and "<img" not in html and "<b>Fett</b>" not in html
    assert "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;img" in html
    assert "&lt;b&gt;Fett&lt;/b&gt;" in html


def test_a_lesson_sheet_starts_with_the_lesson(issue_file):
    lesson = lessons.find(lessons.load_all(FIXTURES / "lessons"), "hilfe")
    html = sheets.render(drills.verified([FIXTURES / "exercises" / "hilfe.yaml"]), lesson=lesson)
    assert "<title>Die Hilfe</title>" in html
    body = html[html.index('<section class="lesson">'):html.index("</section>")]
    assert "<table>" in body and "In dieser Farbe helfe ich dir" in body
    assert "&lt;script&gt;" in body and "<script>" not in body
    assert "<h1>Die Hilfe</h1>" not in body                         # the title is not repeated


def test_sheet_command_writes_a_file(run, tmp_path, issue_file):
    out = tmp_path / "blatt.html"
    res = run("sheet", issue_file, "-o", out)
    assert res.exit_code == 0 and out.read_text(encoding="utf-8").startswith("<!doctype html>")
    lesson = run("sheet", "hilfe", "--lessons", FIXTURES / "lessons")
    assert '<section class="lesson">' in lesson.output
    both = run("sheet", issue_file, "--no-answers", "--answers-only")
    assert both.exit_code == 2
    missing = run("sheet", tmp_path / "nix.yaml", "--lang", "en")
    assert missing.exit_code == 2 and "no such drill file" in missing.output
    missing = run("sheet", tmp_path / "nix.yaml")
    assert missing.exit_code == 2 and "nix.yaml: keine solche Aufgabendatei" in missing.output


def test_sheet_refuses_a_file_with_a_wrong_answer(run, tmp_path):
    wrong = write(tmp_path, "w.yaml", ISSUE_DRILLS.replace("{AC: 313, BD: 44}", "{AC: 213, BD: 44}"))
    res = run("sheet", wrong, "-o", tmp_path / "out.html", "--lang", "en")
    assert res.exit_code == 1 and "tafel-01: the answer key says AC 213, BD 44" in res.output
    res = run("sheet", wrong, "-o", tmp_path / "out.html")
    assert res.exit_code == 1 and "tafel-01: die Lösung sagt AC 213, BD 44" in res.output
    assert not (tmp_path / "out.html").exists()


def test_a_french_worksheet(run, tmp_path, issue_file):
    """--lang fr: the sheet's headings, labels, questions and answer key in the Romand
    French (enchères, main, levée, solutions), the page's language fr; a drill note without
    a French translation is marked German on the paper."""
    out = tmp_path / "fr.html"
    res = run("sheet", issue_file, FIXTURES / "exercises" / "tafel.yaml", "-o", out, "--lang", "fr")
    assert res.exit_code == 0, res.output
    assert "en allemand" not in res.output
    assert res.output.strip().endswith(": 8 exercices")
    html = out.read_text(encoding="utf-8")
    assert '<html lang="fr">' in html and "<title>Feuille d&#39;exercices</title>" in html
    assert "Nom : ________________" in html and "Date : __________" in html
    assert re.findall(r'<span class="num">Exercice (\d+)</span>', html) == [str(n) for n in range(1, 9)]
    assert '<span class="type">Enchérir</span>' in html and '<span class="type">Tableau</span>' in html
    first = html[html.index('id="drill-1"'):html.index('id="drill-2"')]
    assert "Main (C)" in first and '<p class="label">Enchères</p>' in first
    assert "Tu es à la place C et c&#39;est ton tour. Qu&#39;annonces-tu ?" in first
    assert "Ton enchère : <span" in first
    key = html[html.index('<section class="key">'):]
    assert "<h1>Solutions</h1>" in key and "<span class=\"answer\">90 Eichel</span>" in key
    assert "Aide (Hilfe) en Eichel" in key                     # the engine's reasons, French
    # a note without a French translation is German, and the paper says so
    assert ('<span class="why" lang="de"><span class="lang-mark" lang="fr">(en allemand)</span> '
            'Nell zu dritt: the upper') in key
    for german in ("Aufgabe", "Lösungen", "Blatt (", "Deine Ansage", "Übungsblatt"):
        assert german not in html


def test_a_french_sheet_uses_the_translations_beside_the_lessons(run, tmp_path):
    """A course whose lessons folder has fr/ (a lesson's translation: its id, title,
    key rule and text; notes.yaml: each German note and its French) prints the French
    lesson and notes, with no German mark; a lesson without translation is marked."""
    course = tmp_path / "kurs"
    (course / "exercises").mkdir(parents=True)
    (course / "exercises" / "hilfe.yaml").write_text(ISSUE_DRILLS, encoding="utf-8")
    write(course, "lessons/01-hilfe.md", """\
        ---
        id: hilfe
        title: Die Hilfe
        order: 1
        drills: [exercises/hilfe.yaml]
        key_rule: "Die beiden kleinsten Zehner über dem laufenden Gebot."
        ---
        # Die Hilfe

        Ein Zehner in der Farbe des Partners heisst: In dieser Farbe helfe ich dir.
        """)
    german = run("sheet", "hilfe", "--lessons", course / "lessons", "--lang", "fr").output
    assert "Cette leçon est en allemand : elle n&#39;est pas encore traduite." in german
    assert '<span class="lang-mark" lang="fr">(en allemand)</span> Nell zu dritt' in german
    write(course, "lessons/fr/01-hilfe.md", """\
        ---
        id: hilfe
        title: L'aide
        key_rule: "Les deux plus petites dizaines au-dessus de l'enchère en cours."
        ---
        # L'aide

        Une dizaine dans la couleur du partenaire veut dire : dans cette couleur, je t'aide.
        """)
    write(course, "lessons/fr/notes.yaml", """\
        - de: "Nell zu dritt: the upper of the two Zehner over 70."
          fr: "Nell troisième : la plus haute des deux dizaines au-dessus de 70."
        """)
    from tutor.course import translations

    translations.clear_caches()
    french = run("sheet", "hilfe", "--lessons", course / "lessons", "--lang", "fr").output
    french = french[french.index("<!doctype html>"):]
    assert "<title>L&#39;aide</title>" in french
    assert "dans cette couleur" in french and "In dieser Farbe" not in french
    assert "en allemand" not in french
    assert "Nell troisième : la plus haute des deux dizaines au-dessus de 70." in french
