"""Counts outside card play in the right number: one deal, one card, one trick, one game,
in English, German and French (``tutor eval``, ``tutor bid --simulate``, the dealer behind
``tutor deal``, the drill generator, the Tarneeb advice and the table companion).

The expected words come from each language's grammar: English and German use the
singular for exactly 1; French uses it for 0 and 1 ("0 donne", "1 carte")."""
from __future__ import annotations

import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest

from tutor import conventions

from tutor.course import generator
from tutor import tarneeb as t
from tutor.cards import Hand, Suit
from tutor.errors import TutorError
from tutor.play.dealer import DealError, Dealer
import waiting

ROOT = Path(__file__).resolve().parent.parent
HAND = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7"
AUCTION = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen"


def tutor(*args: str) -> subprocess.CompletedProcess:
    return waiting.run([sys.executable, "-m", "tutor", *args])   # killed only when it hangs


def flat(text: str) -> str:
    return " ".join(text.split())


# -- tutor eval and tutor bid --simulate: one deal ----------------------------------------
@pytest.mark.parametrize("lang,one,two", [
    ("en", "A: 1 deal that fits the auction", "A: 2 deals that fit the auction"),
    ("de", "A: 1 Verteilung, die zum Bieten passt", "A: 2 Verteilungen, die zum Bieten passen"),
    ("fr", "A : 1 donne qui va avec les enchères", "A : 2 donnes qui vont avec les enchères"),
])
def test_eval_names_one_deal_in_the_singular(lang, one, two):
    for samples, want in (("1", one), ("2", two)):
        r = tutor("eval", "--hand", HAND, "--auction", AUCTION, "--samples", samples, "--seed", "1",
                  "--lang", lang)
        assert r.returncode == 0, r.stderr
        assert r.stdout.splitlines()[0].startswith(want), r.stdout


@pytest.mark.needs_core     # without the core bid answers by the count alone, with no deals
@pytest.mark.parametrize("lang,makes,value", [
    ("en", "of 1 deal that fits the auction", "On average over the 1 deal "),
    ("de", "von 1 Verteilung auf, die zum Bieten passt", "Im Mittel über die 1 Verteilung "),
    ("fr", "fois sur 1 donne qui va avec les enchères", "En moyenne sur la 1 donne, "),
])
def test_the_simulation_s_reasons_name_one_deal_in_the_singular(lang, makes, value):
    r = tutor("bid", "--hand", HAND, "--auction", AUCTION, "--simulate", "--samples", "1", "--seed", "1",
              "--lang", lang)
    assert r.returncode == 0, r.stderr
    text = flat(r.stdout)
    assert makes in text and value in text, text


# -- the dealer (tutor deal): one card ----------------------------------------------------------
@pytest.mark.parametrize("lang,want", [
    ("en", "A's hand has 1 card, not 9"),
    ("de", "das Blatt von A hat 1 Karte, nicht 9"),
    ("fr", "la main de A a 1 carte, pas 9"),
])
def test_a_hand_of_one_card_is_named_in_the_singular(lang, want):
    with pytest.raises(DealError) as e:
        Dealer({"A": Hand.parse("Eichel:U", None)})
    assert e.value.text(lang) == want


def test_a_hand_of_two_cards_keeps_the_plural():
    with pytest.raises(DealError) as e:
        Dealer({"A": Hand.parse("Eichel:U9", None)})
    assert e.value.text("en") == "A's hand has 2 cards, not 9"


ALL_EICHEL = Hand.parse("Eichel:AKOUB9876")
EIGHT_EICHEL = Hand.parse("Eichel:AKOUB987 Rosen:6")


@pytest.mark.parametrize("hand,low,lang,want", [
    # A holds all nine Eichel: none is unseen
    (ALL_EICHEL, 1, "en", "the calls promise 1 card of Eichel, but only 0 are unseen"),
    (ALL_EICHEL, 1, "de", "die Ansagen versprechen 1 Karte Eichel, aber nur 0 sind unbekannt"),
    (ALL_EICHEL, 1, "fr", "les enchères promettent 1 carte d'Eichel, mais seule 0 est inconnue"),
    # A holds eight: one is unseen
    (EIGHT_EICHEL, 2, "en", "the calls promise 2 cards of Eichel, but only 1 is unseen"),
    (EIGHT_EICHEL, 2, "de", "die Ansagen versprechen 2 Karten Eichel, aber nur 1 ist unbekannt"),
    (EIGHT_EICHEL, 2, "fr", "les enchères promettent 2 cartes d'Eichel, mais seule 1 est inconnue"),
    (EIGHT_EICHEL, 3, "fr", "les enchères promettent 3 cartes d'Eichel, mais seule 1 est inconnue"),
])
def test_promised_length_against_the_unseen_cards_in_the_right_number(hand, low, lang, want):
    known = {"B": [conventions.Promise(Suit.EICHEL, length=(low, 9))]}
    with pytest.raises(DealError) as e:
        Dealer({"A": hand}, known)
    assert e.value.text(lang) == want


def test_a_promise_of_one_card_in_hands_of_none():
    known = {"B": [conventions.Promise(Suit.EICHEL, length=(1, 9))]}
    with pytest.raises(DealError) as e:
        Dealer({}, known, size=0)
    assert e.value.text("en") == "B's calls promise 1 card, more than 0"
    assert e.value.text("de") == "die Ansagen von B versprechen 1 Karte, mehr als 0"


# -- the drill generator: one drill -------------------------------------------------------------
@pytest.mark.parametrize("count,lang,want", [
    (1, "en", "could not find 1 eroeffnung drill in 3 deals (found 0)"),
    (1, "de", "1 Aufgabe zum Thema eroeffnung in 3 Verteilungen nicht gefunden (gefunden: 0)"),
    (1, "fr", "pas trouvé 1 exercice sur le thème eroeffnung en 3 donnes (trouvés : 0)"),
    (2, "en", "could not find 2 eroeffnung drills in 6 deals (found 0)"),
])
def test_a_drill_that_cannot_be_found_is_counted_in_the_right_number(monkeypatch, count, lang, want):
    monkeypatch.setattr(generator, "MAX_TRIES", 3)
    monkeypatch.setitem(generator.TOPICS, "eroeffnung", lambda rng, rules, roll: None)   # never a drill
    with pytest.raises(TutorError) as e:
        generator.generate("eroeffnung", count, seed=1)
    assert e.value.text(lang) == want


# -- Tarneeb: one trick, one card ---------------------------------------------------------------
ONE_TRICK = "S:KQ32 H:K32 D:K32 C:K32"     # no Ace, no void, 4 spades = 1 beyond the third


@pytest.mark.parametrize("lang,own,why", [
    ("en", "= 1 trick of your own.", "Pass: 1 trick is not enough for the lowest bid, 7."),
    ("de", "= 1 eigener Stich.", "Pass: 1 Stich reicht nicht für das tiefste Gebot 7."),
    ("fr", "= 1 levée à toi.", "Passe : 1 levée ne suffit pas pour la plus petite enchère, 7."),
])
def test_tarneeb_advice_counts_one_trick_in_the_singular(lang, own, why):
    a = t.advise(ONE_TRICK, "", {"partner_tricks": 0})
    assert str(a.call) == "pass"
    reasons = a.reasons(lang)
    assert any(r.strip().startswith(own) for r in reasons), reasons
    assert reasons[-1] == why


def test_tarneeb_advice_keeps_the_plural_for_more_tricks():
    a = t.advise(ONE_TRICK, "", {"partner_tricks": 1})
    assert a.reasons("en")[-1] == "Pass: 2 tricks are not enough for the lowest bid, 7."
    assert any(r.strip().startswith("= 1 trick of your own.") for r in a.reasons("en"))


@pytest.mark.parametrize("lang,want", [
    ("en", "1 card -> 0 beyond the third"),
    ("de", "1 Karte -> 0 über dem dritten"),
    ("fr", "1 carte -> 0 au-delà du troisième"),
])
def test_tarneeb_one_card_of_trump_is_one_card(lang, want):
    e = t.estimate(t.Hand.parse("S:KQJ32 H:K32 D:K432 C:5"), t.Suit.CLUBS)
    assert any(r.strip().endswith(want) for r in e.reasons(lang)), e.reasons(lang)


# -- the table companion: a Partie of one game -------------------------------------------------
@pytest.mark.parametrize("lang,want", [
    ("en", "Partie 1 has changed since (now 1 game): take the game back with tutor tafel undo"),
    ("de", "Partie 1 hat sich seither geändert (jetzt 1 Spiel): nimm das Spiel mit tutor tafel undo zurück"),
    ("fr", "la partie 1 a changé depuis (maintenant 1 donne) : reprends la donne avec tutor tafel undo"),
])
def test_the_table_names_a_partie_of_one_game_in_the_singular(tmp_path, lang, want):
    from tutor.companion.session import Session
    from tutor.companion.terminal import Table
    from tutor.tafel import Tafel

    db = str(tmp_path / "t.sqlite3")
    with Tafel.open(db) as tafel:
        tafel.new()
    out = StringIO()
    table = Table(Session("Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8", "C", "D", None, lang), out,
                  db=db, partie=1, columns=200)
    for line in ("fort", "fort", "fort", "fort", "new Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8",
                 "fort", "fort", "fort", "fort"):
        table.handle(line)
    assert table.written == (1, 2)
    with Tafel.open(db) as tafel:      # someone else takes a game off the Partie meanwhile
        tafel.undo(1)
    table.handle("undo")
    assert out.getvalue().splitlines()[-1].endswith(want), out.getvalue()


# -- tutor tafel: a Partie of one game ------------------------------------------------------
@pytest.mark.parametrize("lang,still_open,refused,removed", [
    ("en", "tafel: Partie 1 is still open (1 game) and stays stored",
     "tafel remove: Partie 1 has 1 game; add --yes to remove it", "tafel: Partie 1 removed (1 game)"),
    ("de", "tafel: Partie 1 ist noch offen (1 Spiel) und bleibt gespeichert",
     "tafel remove: Partie 1 hat 1 Spiel; mit --yes wird sie entfernt", "tafel: Partie 1 entfernt (1 Spiel)"),
    ("fr", "tafel : la partie 1 est encore ouverte (1 donne) et reste gardée",
     "tafel remove : la partie 1 a 1 donne ; ajoute --yes pour la supprimer",
     "tafel : partie 1 supprimée (1 donne)"),
])
def test_tafel_names_a_partie_of_one_game_in_the_singular(tmp_path, lang, still_open, refused, removed):
    db = str(tmp_path / "t.sqlite3")
    assert tutor("tafel", "new", "--db", db).returncode == 0
    assert tutor("tafel", "add", "--fort", "--db", db).returncode == 0
    r = tutor("tafel", "new", "--db", db, "--lang", lang)
    assert r.returncode == 0 and still_open in flat(r.stderr), r.stderr
    r = tutor("tafel", "remove", "--partie", "1", "--db", db, "--lang", lang)
    assert r.returncode == 2 and refused in r.stderr, r.stderr
    r = tutor("tafel", "remove", "--partie", "1", "--yes", "--db", db, "--lang", lang)
    assert r.returncode == 0 and r.stdout.strip() == removed, r.stdout


def test_tafel_keeps_the_plural_for_two_games(tmp_path):
    db = str(tmp_path / "t.sqlite3")
    tutor("tafel", "new", "--db", db)
    for _ in range(2):
        assert tutor("tafel", "add", "--fort", "--db", db).returncode == 0
    r = tutor("tafel", "remove", "--partie", "1", "--yes", "--db", db, "--lang", "en")
    assert r.stdout.strip() == "tafel: Partie 1 removed (2 games)", r.stdout


@pytest.mark.parametrize("lang,ask_new,ask_remove", [
    ("en", "Partie 3 is still open (1 game). Start a new one anyway?", "Remove Partie 3 with its 1 game?"),
    ("de", "Partie 3 ist noch offen (1 Spiel). Trotzdem eine neue beginnen?", "Partie 3 mit 1 Spiel entfernen?"),
    ("fr", "La partie 3 est encore ouverte (1 donne). En commencer quand même une nouvelle ?",
     "Supprimer la partie 3 (1 donne) ?"),
])
def test_tafel_questions_on_a_terminal_name_one_game_in_the_singular(lang, ask_new, ask_remove):
    from tutor.commands.tafel import TAFEL_TEXTS

    assert TAFEL_TEXTS["ask_new"](3, 1).text(lang) == ask_new
    assert TAFEL_TEXTS["ask_remove"](3, 1).text(lang) == ask_remove
    assert TAFEL_TEXTS["ask_remove"](3, 2).text("en") == "Remove Partie 3 with its 2 games?"


# -- Tarneeb: a bid set with one trick, a bid backed by one trick ---------------------------------
@pytest.mark.parametrize("lang,want", [
    ("en", "Bid 7, 1 trick: set. The bidders lose their bid: -7."),
    ("de", "Gebot 7, 1 Stich: gesetzt. Die Ansager verlieren ihr Gebot: -7."),
    ("fr", "Enchère 7, 1 levée : chuté. Les preneurs perdent leur enchère : -7."),
])
def test_tarneeb_a_bid_set_with_one_trick(lang, want):
    s = t.score_hand(7, 1)
    assert s.text(lang).splitlines()[0] == want
    assert t.score_hand(7, 2).text("en").splitlines()[0] == "Bid 7, 2 tricks: set. The bidders lose their bid: -7."


@pytest.mark.parametrize("lang,want", [
    ("en", "7 is legal but too high: the rule of thumb counts only 1 trick for the partnership "
           "(1 of your own, 0 for the partner)."),
    ("de", "7 ist erlaubt, aber zu hoch: die Faustregel zählt nur 1 Stich für die Partnerschaft "
           "(eigene: 1, Partner: 0)."),
    ("fr", "7 est permise mais trop haute : la règle empirique ne compte que 1 levée pour l'équipe "
           "(1 à toi, 0 pour le partenaire)."),
])
def test_tarneeb_a_bid_counted_at_one_trick(lang, want):
    v = t.check(ONE_TRICK, "", "7", {"partner_tricks": 0})
    assert want in v.text(lang), v.text(lang)


def test_fort_after_the_seats_own_bid_is_not_explained_as_no_opening():
    # QA s36 P92: A opened 60 Eichel (the Puur third) and after C's Hilfe says fort; the reason
    # was "No opening (Puur or Nell with three cards), no Hilfe ...", said to the player who opened
    a = conventions.advise("Eichel:U86 Schellen:97 Rosen:86 Schilten:87", "60 Eichel, fort, 70 Eichel, fort")
    assert str(a.recommended.call) == "fort"
    texts = {lang: [x.text(lang) if hasattr(x, "text") else str(x) for x in a.lines] for lang in ("en", "de", "fr")}
    assert not any("No opening" in t for t in texts["en"]), texts["en"]
    assert "A's 60 Eichel has shown this hand already; there is nothing more to show (no further Hilfe, no reason " \
           "for an Ace announcement) and the count reaches no higher bid: fort." in texts["en"]
    assert any(t.startswith("60 Eichel von A hat dieses Blatt schon gezeigt") for t in texts["de"]), texts["de"]
    assert any(t.startswith("60 Eichel de A a déjà montré cette main") for t in texts["fr"]), texts["fr"]
    # a seat that has not bid yet keeps the line
    b = conventions.advise("Eichel:986 Schellen:97 Rosen:86 Schilten:87", "60 Eichel")
    assert any("No opening" in x.text("en") for x in b.lines if hasattr(x, "text"))
