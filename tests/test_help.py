"""The help of every command: German by default, English with --lang en or TUTOR_LANG=en,
French with --lang fr (from the catalogs);
every option described in each language, required options marked, an example each;
`tutor tafel` alone shows its help."""
from __future__ import annotations

import click
import pytest

from tutor.cli import COMMANDS, main
from tutor.commands.common import NOT_YET_FRENCH
from tutor.commands.helptext import SHARED, _texts


def all_commands():
    ctx = click.Context(main)
    out = []
    for name in sorted(COMMANDS):
        cmd = main.get_command(ctx, name)
        out.append((name, cmd))
        if isinstance(cmd, click.Group):
            out += [(f"{name} {sub}", cmd.get_command(ctx, sub)) for sub in cmd.list_commands(ctx)]
    return out


COMMAND_PATHS = [path for path, _ in all_commands()]


@pytest.mark.parametrize("path, cmd", all_commands(), ids=COMMAND_PATHS)
def test_every_command_has_its_texts_in_both_languages(path, cmd):
    texts = getattr(cmd, "help_texts", None)
    assert texts, f"{path}: no help texts (add them to HELP in its module)"
    for lang in ("de", "en", "fr"):
        t = _texts(texts, lang)
        assert t["help"] and t["short"] and t["examples"], (path, lang)
        for p in cmd.params:
            if isinstance(p, click.Option) and not p.hidden and "--help" not in p.opts:
                assert t.get("options", {}).get(p.name) or p.name in SHARED, \
                    f"{path} {p.opts[0]}: no {lang} text"


@pytest.mark.parametrize("path", COMMAND_PATHS)
def test_help_is_german_by_default_and_english_on_request(run, path):
    words = path.split()
    de = run(*words, "--help")
    assert de.exit_code == 0 and de.output.startswith("Aufruf: "), de.output
    assert "Optionen:" in de.output and "Beispiele:" in de.output and "Diese Hilfe zeigen" in de.output
    en = run(*words, "--help", "--lang", "en")
    assert en.output.startswith("Usage: ") and "Examples:" in en.output
    assert "Show this message and exit." in en.output
    env = run(*words, "--help", env={"TUTOR_LANG": "en"})
    assert env.output == en.output


@pytest.mark.parametrize("path", [p for p in COMMAND_PATHS if p.split()[0] not in NOT_YET_FRENCH])
def test_help_is_french_with_lang_fr(run, path):
    fr = run(*path.split(), "--help", "--lang", "fr")
    assert fr.exit_code == 0 and fr.output.startswith("Usage : "), fr.output
    # French sets a space before the colon of the headings as of "Usage : " (course s41)
    assert "\nExemples :\n" in fr.output and "\nOptions :\n" in fr.output, fr.output
    assert "Montrer cette aide et terminer." in fr.output
    assert run(*path.split(), "--help", env={"TUTOR_LANG": "fr"}).output == fr.output


def test_the_help_of_a_migrated_command_comes_from_the_catalogs(run):
    """The texts are the catalogs' (English msgids), not a table per language."""
    fr = run("explain", "--help", "--lang", "fr").output
    assert "Lit ENCHÈRES une à une" in fr and "Montrer aussi chaque enchère suivante permise" in fr
    assert "Lire des enchères : ce que chaque enchère promet." in run("--help", "--lang", "fr").output


def test_required_options_are_marked(run):
    de = run("bid", "--help").output
    assert "[Pflicht]" in de.split("--hand", 1)[1].split("--auction")[0]
    en = run("check", "--help", "--lang", "en").output
    assert "[required]" in en.split("--call", 1)[1].split("--seat")[0]


def test_the_group_help_lists_the_commands_in_the_language(run):
    de = run("--help").output
    assert "Befehle:" in de and "Ansagen lesen: was jede Ansage verspricht." in de
    en = run("--help", "--lang", "en").output
    assert "Commands:" in en and "Read an auction: what every call promises." in en


def test_tafel_alone_shows_its_help(run):
    res = run("tafel")
    assert res.exit_code == 0
    assert res.output.startswith("Aufruf: ") and " tafel " in res.output.splitlines()[0] and "new" in res.output and "Beispiele:" in res.output
    assert run("drills").output.startswith("Aufruf: ")


def test_tutor_lang_sets_the_language_of_the_messages_too(run):
    res = run("explain", "60 Eichel, 60 Rosen", env={"TUTOR_LANG": "en"})
    assert res.exit_code == 2 and "does not overbid" in res.output


def test_the_course_help_in_french_names_the_romand_words(run):
    """The course's --help from the catalogs in French, German unchanged by default."""
    out = run("quiz", "--help", "--lang", "fr").output
    assert "S'exercer : une question après l'autre" in out
    assert "Les exercices à revoir pour toi" in out and "Règles de table des fichiers d'exercices" in out
    assert "Aufgaben üben: eine Frage nach der anderen" in run("quiz", "--help").output
    assert "Vérifier des fichiers d'exercices" in run("drills", "--help", "--lang", "fr").output


def test_tutor_alone_shows_its_help_in_the_language_asked(run):
    # the first thing a new user types (QA s33 Q23): the help page, as `tutor tafel` alone
    # gives its own, not the help squashed into one error line on stderr with exit 2
    res = run()
    assert res.exit_code == 0
    assert res.output.startswith("Aufruf: ") and "Befehle:" in res.output and "\n  bid " in res.output
    fr = run("--lang", "fr")   # options but no command: the help in that language
    assert fr.exit_code == 0 and fr.output.startswith("Usage : ") and "Missing command" not in fr.output
    en = run("--lang", "en")
    assert en.exit_code == 0 and "Commands:" in en.output


def test_the_program_alone_writes_its_help_to_standard_output():
    import sys

    import waiting

    res = waiting.run([sys.executable, "-m", "tutor"])   # killed only when it hangs
    assert res.returncode == 0 and res.stderr == ""
    assert res.stdout.startswith("Aufruf: ") and len(res.stdout.splitlines()) > 20
