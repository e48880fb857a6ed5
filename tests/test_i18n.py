"""The message catalogs (issue 13): every released catalog has every message of the code,
with the same placeholders; the catalogs compile to what gettext reads; only the chosen
language is loaded; --lang fr and TUTOR_LANG=fr reach the user."""
from __future__ import annotations

import gettext
import io
import os
import shutil
import string
import subprocess
import sys
from pathlib import Path

import pytest

from tutor import i18n
from tutor._msgfmt import compile_po, parse_po
import waiting

ROOT = Path(__file__).resolve().parent.parent
RELEASED = ("de", "fr")        # English is the msgids' own language: no catalog
KEYWORDS = {"M": None, "Mn": (1, 2), "Mp": ((1, "c"), 2), "_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}


def _key(msgid, context=None) -> str:
    return f"{context}\x04{msgid}" if context else msgid


@pytest.fixture(scope="module")
def extracted() -> list[tuple]:
    """What `pybabel extract` with babel.cfg finds: (file, line, msgid or (singular, plural), context)."""
    babel_extract = pytest.importorskip("babel.messages.extract")
    return [(filename, lineno, message, context) for filename, lineno, message, _comments, context
            in babel_extract.extract_from_dir(
                str(ROOT), method_map=[("tutor/**.py", "python"), ("tutor/templates/**.html", "jinja2")],
                keywords=KEYWORDS)]


@pytest.fixture(scope="module")
def code_messages(extracted) -> dict[str, tuple]:
    """Every message the code and its templates write, found by Babel's extractors as
    `pybabel extract` with babel.cfg finds them: key -> (msgid or (singular, plural), where)."""
    found = {}
    for filename, lineno, message, context in extracted:
        singular = message[0] if isinstance(message, tuple) else message
        found[_key(singular, context)] = (message, f"{filename}:{lineno}")
    assert len(found) > 100
    return found


def test_babel_extracts_every_message_written_in_the_code(extracted):
    """Every call of a message keyword with a written msgid (``_("...")``, ``M("...")``) is found
    by Babel at its line. Babel skips a call nested inside another call or a comprehension in a
    message's arguments (``_("{a}", a=", ".join(_("x") for ...))``) and inside an f-string: such a
    message shows in English in every language, unless it happens to be written elsewhere too."""
    import ast

    found = {(f, line, m[0] if isinstance(m, tuple) else m) for f, line, m, _c in extracted}
    missed = []
    for path in sorted((ROOT / "tutor").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in KEYWORDS):
                continue
            at = 1 if node.func.id in ("Mp", "pgettext") else 0
            arg = node.args[at] if len(node.args) > at else None
            lines = range(node.lineno, node.end_lineno + 1)   # Babel names a line of the call
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str) and arg.value \
                    and not any((rel, line, arg.value) in found for line in lines):
                missed.append(f"{rel}:{node.lineno}: {node.func.id}({arg.value[:60]!r})")
    assert not missed, "Babel does not extract these (write the message on its own line):\n" + "\n".join(missed)


def _catalog(lang: str) -> dict[str, dict]:
    text = Path(i18n.po_file(lang)).read_text(encoding="utf-8")
    return {_key(e["msgid"], e.get("msgctxt")): e for e in parse_po(text) if e["msgid"]}


@pytest.mark.parametrize("lang", RELEASED)
def test_every_message_of_the_code_is_translated(lang, code_messages):
    entries = _catalog(lang)
    missing = [f"{where}: {key!r}" for key, (_m, where) in code_messages.items()
               if key not in entries or not all(entries[key]["msgstr"])
               or "fuzzy" in entries[key].get("flags", ())]
    assert not missing, f"{lang}: {len(missing)} messages would show in English:\n" + "\n".join(missing[:30])


@pytest.mark.parametrize("lang", RELEASED)
def test_no_catalog_keeps_a_message_the_code_no_longer_has(lang, code_messages):
    stale = sorted(set(_catalog(lang)) - set(code_messages))
    assert not stale, f"{lang}: run pybabel update (README, Development): {stale[:10]}"


def _fields(text: str) -> list[str]:
    return sorted(f"{name}!{conv}" for _lit, name, _spec, conv in string.Formatter().parse(text)
                  if name is not None)


@pytest.mark.parametrize("lang", RELEASED)
def test_placeholders_are_the_same_in_every_language(lang):
    wrong = []
    for key, e in _catalog(lang).items():
        if "msgid_plural" in e:
            # a plural form may write the number in words ("one card"): no more fields
            # than the English plural has, and the English ones but {n} in each form
            allowed = set(_fields(e["msgid_plural"])) | {"n!None"}
            for form in e["msgstr"]:
                if not set(_fields(form)) <= allowed:
                    wrong.append(f"{key!r}: {form!r}")
        elif _fields(e["msgstr"][0]) != _fields(e["msgid"]):
            wrong.append(f"{key!r} -> {e['msgstr'][0]!r}")
    assert not wrong, f"{lang}: placeholders differ:\n" + "\n".join(wrong)


@pytest.mark.parametrize("lang", RELEASED)
def test_the_compiled_catalog_says_what_babel_reads_in_the_po(lang):
    """tutor/_msgfmt.py (the build step, no Babel) against Babel's own reader."""
    pofile = pytest.importorskip("babel.messages.pofile")
    with open(i18n.po_file(lang), "rb") as f:
        babel_catalog = pofile.read_po(f, locale=lang)
    compiled = gettext.GNUTranslations(io.BytesIO(compile_po(
        Path(i18n.po_file(lang)).read_text(encoding="utf-8"))))
    checked = 0
    for m in babel_catalog:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, tuple):
            for n in (0, 1, 2, 5):
                index = gettext.c2py(babel_catalog.plural_expr)(n)   # its header's Plural-Forms
                assert compiled.ngettext(m.id[0], m.id[1], n) == m.string[index]
        elif m.context:
            assert compiled.pgettext(m.context, m.id) == m.string
        else:
            assert compiled.gettext(m.id) == m.string
        checked += 1
    assert checked > 100


def test_plural_forms_follow_each_language():
    """French counts 0 as singular ("0 carte"), German and English as plural."""
    fr, de = i18n.catalog("fr").plural, i18n.catalog("de").plural
    assert fr(0) == fr(1) != fr(2)
    assert de(0) == de(2) != de(1)


def test_a_lazy_message_shows_in_the_language_asked_for():
    from tutor.cards import Hand
    from tutor.errors import ParseError

    with pytest.raises(ParseError) as e:
        Hand.parse("Eichel:AK")
    assert e.value.text("en") == "a hand has exactly 9 cards, this one has 2"
    assert e.value.text("de") == "ein Blatt hat genau 9 Karten, dieses hat 2"
    assert e.value.text("fr") == "une main a exactement 9 cartes, celle-ci en a 2"
    assert str(e.value) == e.value.text("en")      # the library's language


def test_french_elides_de_before_a_suit_that_starts_with_a_vowel():
    """French writes "d'Eichel", "d'Obenabe" where a suit filled in after "de" starts with a vowel,
    and "de Rosen" before a consonant (QA s36: "le bour et le nell de Eichel")."""
    line = i18n.M("The opponents hold Puur and Nell of {suit} with at least {n} cards: they will bid on. "
                  "So the Ace can be shown without being left to play.")
    assert "le nell d'Eichel avec" in line(suit="Eichel", n=6).text("fr")
    assert "le nell de Rosen avec" in line(suit="Rosen", n=6).text("fr")
    assert "Puur und Nell in Eichel mit" in line(suit="Eichel", n=6).text("de")   # German is untouched
    assert i18n._("{call} is made in {made} of {n} deals", "fr", call="80 Obenabe", made=1, n=50) == \
        "80 Obenabe est réussi 1 fois sur 50 donnes"     # "fois" is the same for 1 and 12 (QA s36 P13)


def test_numbers_are_grouped_the_swiss_way_in_german_and_french():
    n = i18n.Number(1_000_000)
    assert (n.text("en"), n.text("de"), n.text("fr")) == ("1,000,000", "1'000'000", "1'000'000")


def test_a_missing_or_outdated_mo_is_compiled_on_first_use(tmp_path, monkeypatch):
    """A fresh clone has no .mo (they are not in git): the first message compiles it."""
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    monkeypatch.setattr(i18n, "LOCALE_DIR", str(locale))
    monkeypatch.setattr(i18n, "_catalogs", {})
    mo = Path(i18n.mo_file("fr"))
    assert not mo.exists()
    assert i18n._("the bidding is over", "fr") == "les enchères sont terminées"
    assert mo.exists()
    # the .po changes after the .mo was built (a git pull): the next start rebuilds it
    po = Path(i18n.po_file("fr"))
    po.write_text(po.read_text(encoding="utf-8").replace(
        'msgstr "les enchères sont terminées"', 'msgstr "les enchères sont closes"'), encoding="utf-8")
    os.utime(mo, ns=(0, 0))
    monkeypatch.setattr(i18n, "_catalogs", {})
    assert i18n._("the bidding is over", "fr") == "les enchères sont closes"


def test_a_read_only_package_folder_compiles_into_memory(tmp_path, monkeypatch):
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale, ignore=shutil.ignore_patterns("*.mo"))
    folder = locale / "de" / "LC_MESSAGES"
    folder.chmod(0o555)
    try:
        monkeypatch.setattr(i18n, "LOCALE_DIR", str(locale))
        monkeypatch.setattr(i18n, "_catalogs", {})
        assert i18n._("the bidding is over", "de") == "das Bieten ist beendet"
    finally:
        folder.chmod(0o755)


def test_the_setup_build_step_compiles_every_catalog(tmp_path):
    from tutor._msgfmt import compile_tree

    written = compile_tree(i18n.LOCALE_DIR, str(tmp_path))
    assert sorted(Path(p).relative_to(tmp_path).as_posix() for p in written) == \
        [f"{lang}/LC_MESSAGES/tutor.mo" for lang in RELEASED]
    with open(tmp_path / "fr" / "LC_MESSAGES" / "tutor.mo", "rb") as f:
        assert gettext.GNUTranslations(f).gettext("empty call") == "enchère vide"


PROBE = ("import runpy, sys; sys.argv = ['tutor'] + sys.argv[1:]\n"
         "try:\n    runpy.run_module('tutor', run_name='__main__')\n"
         "except SystemExit:\n    pass\n"
         "import tutor.i18n as i\n"
         "print(sorted(i._catalogs), 'babel' in sys.modules, file=sys.stderr)")


def _run(*args: str, env_lang: "str | None" = None) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k != "TUTOR_LANG"}
    if env_lang:
        env["TUTOR_LANG"] = env_lang
    return waiting.run([sys.executable, "-c", PROBE, *args], env=env, cwd=ROOT)   # killed only when it hangs


def test_check_loads_only_the_chosen_catalog_and_no_babel():
    r = _run("check", "--hand", "Eichel:AK", "--auction", "60 Eichel", "--call", "70 Eichel",
             "--lang", "fr")
    *lines, probe = r.stderr.strip().splitlines()
    assert lines == ["tutor: --hand: une main a exactement 9 cartes, celle-ci en a 2"]
    assert probe == "['fr'] False"


@pytest.mark.parametrize("args", [["score", "--points", "113"], ["explain", "--foo"], ["solve"]])
def test_tutor_lang_also_chooses_the_language_of_a_usage_error(args):
    """An unknown or missing option is read before the command's --lang (whose default is
    $TUTOR_LANG): with TUTOR_LANG=en its one line is English, not German (QA-style run, s36)."""
    en = _run(*args, env_lang="en")
    line = en.stderr.strip().splitlines()[0]
    assert "(see 'tutor " in line and "siehe" not in line, line
    de = _run(*args).stderr.strip().splitlines()[0]
    assert "(siehe 'tutor " in de, de


def test_tutor_lang_chooses_the_language_and_german_is_the_default():
    args = ("explain", "60 Eichel, 60 Rosen")
    fr = _run(*args, env_lang="fr").stderr.splitlines()[0]
    de = _run(*args).stderr.splitlines()[0]
    en = _run(*args, "--lang", "en", env_lang="fr").stderr.splitlines()[0]
    assert "enchère 2 ('60 Rosen') : 60 Rosen ne dépasse pas 60 Eichel" in fr
    assert "Ansage 2 ('60 Rosen'): 60 Rosen überbietet 60 Eichel nicht" in de
    assert "call 2 ('60 Rosen'): 60 Rosen does not overbid 60 Eichel" in en


@pytest.mark.parametrize("args, french", [
    (("bid", "--hand", "Eichel:AKOUB Rosen:9", "--auction", ""), "une main a exactement 9 cartes"),
    (("score", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "158"),
     "les points de cartes vont de 0 à 157"),
    (("weis", "--hand", "Eichel:A Eichel:K"), "la couleur Eichel figure deux fois dans la main"),
    (("tafel", "undo", "--db", "{db}"), "pas de tableau sous"),
])
def test_the_engine_commands_speak_french(args, french, tmp_path):
    from click.testing import CliRunner

    from tutor.cli import main

    args = [a.replace("{db}", str(tmp_path / "t.sqlite3")) for a in args]
    r = CliRunner().invoke(main, [*args, "--lang", "fr"])
    assert r.exit_code == 2, r.output
    assert french in r.output
    assert i18n.current() == "en"   # the command's language does not stay with the library


HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"


@pytest.mark.parametrize("args", [
    ("explain", "60 Eichel, 70 Schellen, 90 Eichel"), ("bid", "--hand", HAND, "--auction", "60 Eichel"),
    ("check", "--hand", HAND, "--auction", "60 Eichel, 70 Schellen", "--call", "90 Eichel"),
    ("score", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113"), ("rules",),
    ("demo",), ("weis", "--hand", "Eichel:AKO"), ("games", "sidi-barrani"),
    ("auction", "--game", "tarneeb", "7, pass"), ("play", "examples/worked-example.yaml"),
    ("solve", "examples/endgame.yaml"), ("match", "examples/partie.yaml"), ("lessons",),
    ("drills", "check", "exercises/hilfe.yaml"),
])
def test_every_command_runs_in_french(args, tmp_path, monkeypatch):
    """--lang fr never breaks a command: French where its texts are in the catalogs, else
    German with a line that says so."""
    from click.testing import CliRunner

    from tutor.cli import main

    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("TUTOR_DB", str(tmp_path / "t.sqlite3"))
    r = CliRunner().invoke(main, [*args, "--lang", "fr"])
    assert r.exit_code == 0, r.output
    assert "Traceback" not in r.output


def test_the_board_and_the_replay_are_french():
    from click.testing import CliRunner

    from tutor.cli import main

    r = CliRunner().invoke(main, ["play", str(ROOT / "examples" / "worked-example.yaml"), "--lang", "fr"])
    assert "Levée 1 :" in r.output and "pour la dernière levée" in r.output
    assert "Tableau : AC 313 : BD 44" in r.output      # the worked example's board, doubled
    r = CliRunner().invoke(main, ["auction", "--game", "tarneeb", "7, pass, pass, pass", "--lang", "fr"])
    assert "Les enchères sont terminées" in r.output


@pytest.mark.parametrize("before, after, words", [
    (["--lang", "fr"], [], "rangée du bour"),            # the language before the command
    (["--lang", "fr"], ["--lang", "en"], "Puur row"),    # the command's own --lang wins
    ([], [], "Puur-Reihe"),                              # neither: German
])
def test_lang_before_the_command_sets_the_commands_language(before, after, words, monkeypatch):
    from click.testing import CliRunner

    from tutor.cli import main

    monkeypatch.delenv("TUTOR_LANG", raising=False)
    r = CliRunner().invoke(main, [*before, "explain", "60 Eichel", *after])
    assert r.exit_code == 0, r.output
    assert words in r.output


@pytest.mark.parametrize("lang", RELEASED)
def test_pybabel_compile_finds_no_error_in_the_catalog(lang):
    """What `pybabel compile` (README, Development) checks: a message Babel takes for a
    %-format ("made in % of the deals" reads as the conversion "% o") must agree with its
    translation, or the compile reports an error."""
    pofile = pytest.importorskip("babel.messages.pofile")
    with open(i18n.po_file(lang), "rb") as f:
        catalog = pofile.read_po(f, locale=lang)
    errors = [(m.id, [str(e) for e in errs]) for m, errs in catalog.check()]
    assert not errors, errors


def test_the_french_examples_of_what_to_type_are_the_french_words_and_are_read():
    # docs/french.md: the French learner types « contre » / « surcontre » (read as dopple / konter);
    # course s37 found French helps and prompts that still showed dopple and konter as what to type.
    # Every French text whose English shows a typed call list (60ei, 70 sche, ..., dopple) shows
    # contre / surcontre instead, and the parser reads each example call it gives
    import re

    from tutor.auction import sidi_barrani_spec

    spec = sidi_barrani_spec()
    examples = 0
    for entry in _catalog("fr").values():
        english = entry["msgid"] if isinstance(entry["msgid"], str) else entry["msgid"][0]
        if "60ei" not in english and "D: dopple" not in english and "C: dopple" not in english \
                and "dopple or konter" not in english:
            continue
        if "robot call" in english and "? B" not in english:
            continue    # practice's prompt and help of s36: pace (s37) rewrites them, msgids and all
        french = " ".join(entry["msgstr"]) if isinstance(entry["msgstr"], (list, tuple)) else entry["msgstr"]
        assert "dopple" not in french and "konter" not in french, french
        for word in re.findall(r"\b(?:[A-D]: )?(?:contre|surcontre)\b", french):
            call = spec.parse_call(word.split(": ")[-1])
            assert str(call) in ("dopple", "konter"), (word, call)
            examples += 1
    assert examples >= 6, examples


def test_the_french_tutor_is_le_tuteur_and_tutor_only_the_command():
    # docs/french.md: the program that advises is « le tuteur » in French (s37: 41 « le tuteur »
    # against 19 « le tutor »); the bare word `tutor` is what the learner types (`tutor quiz`,
    # `réinstalle tutor`), never a noun with an article
    import re

    article = re.compile(r"\b(?:le|du|au|un|ce|autre)\s+tutor\b", re.I)
    said = []
    for entry in _catalog("fr").values():
        french = " ".join(entry["msgstr"]) if isinstance(entry["msgstr"], (list, tuple)) else entry["msgstr"]
        said += [m.group(0) for m in article.finditer(french)]
    assert not said, said
    tuteur = sum("tuteur" in (" ".join(e["msgstr"]) if isinstance(e["msgstr"], (list, tuple)) else e["msgstr"])
                 for e in _catalog("fr").values())
    assert tuteur >= 40, tuteur
