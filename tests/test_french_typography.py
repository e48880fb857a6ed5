"""French typography and words the QA (s38 F5.6) found off: a space before ";" where the
program joins the parts of a sentence itself (docs/french.md, "Typography"), and the kind of a
call is « un type d'enchère » (« la sorte » is the kind of trump: « sorte d'atout »)."""
from __future__ import annotations

import re

from click.testing import CliRunner

from tutor.cli import main


def run(*args: str, input: str | None = None) -> str:
    return CliRunner().invoke(main, list(args), input=input).output


def test_explain_joins_the_denials_with_a_french_semicolon():
    # D's Ace announcement denies an opening in three suits: the suits' denials are joined
    # (QA s38: "le nell cinquième ou plus; Rosen : ..."), and what the table knows of D too
    calls = "60 Eichel, 70 Rosen, 80 Eichel, 85 Schilten"
    fr, en = run("explain", calls, "--lang", "fr"), run("explain", calls, "--lang", "en")
    assert "le nell cinquième ou plus ; Rosen : le bour second ou plus" in fr, fr
    assert "  D: Schilten : a l'as ; ne tient rien de ceci : " in fr, fr
    assert not re.search(r"\S;", fr), re.findall(r".{20}\S;.{20}", fr)
    assert "the Nell with five cards or more; Rosen: the Puur with two cards or more" in en
    assert "  D: Schilten: holds the Ace; holds none of: " in en


def test_a_mistyped_option_and_the_games_endings_in_french():
    assert "option inconnue '--hnd' ; voulais-tu dire" in run("bid", "--hnd", "x", "--lang", "fr")
    games = run("games", "--lang", "fr")
    assert "(ou sont sortis) ; un contre termine les enchères" in games, games


def test_the_quiz_names_the_kind_of_a_call_un_type_d_enchere():
    helped = " ".join(run("quiz", "--help", "--lang", "fr").split())
    assert "un type d'enchère ou son numéro" in helped and "une sorte ou son numéro" not in helped, helped
