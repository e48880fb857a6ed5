"""``tutor table`` (the session in the terminal) and ``tutor serve`` (the web page)."""
from __future__ import annotations

import click

from tutor.commands.common import SEAT, lang_option, rules_option
from tutor.commands.tafel import db_option


@click.command("table")
@click.option("--hand", required=True, help='Your nine cards, e.g. "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8".')
@click.option("--seat", type=SEAT, required=True, help="Your place at the table: A, B, C or D (A+C, B+D play together).")
@click.option("--dealer", type=SEAT, default=None,
              help="Who deals this game (default D, or the Partie's next dealer with --partie); Vorhand is the next.")
@click.option("--partie", "partie", is_flag=False, flag_value="newest", default=None, metavar="[N]",
              help="Write each game on the Tafel: the newest Partie, or Partie N.")
@db_option
@lang_option
@rules_option
def table(hand, seat, dealer, partie, db_path, lang, rules_spec):
    """Follow a game at the table: type the calls as they come.

    \b
    Each line is a call (60ei, 70 sche, 60 auf Rosen, D: dopple) or a word:
      ?      the full reasoning        next   the open conventional calls
      undo   take back the last call   new HAND  the next game (dealer moves on)
      tafel  the board                 end    stop
    After the auction: the card points (113, or 113 weis AC=50 stöck BD).
    """
    import sys

    from tutor.companion.session import Session
    from tutor.companion.terminal import run
    from tutor.errors import TutorError

    partie_id: int | None | bool = False
    rules = rules_spec
    if partie is not None:
        if partie != "newest" and not partie.isdigit():
            raise TutorError(f"--partie {partie!r}: a Partie number, e.g. --partie 2",
                             de=f"--partie {partie!r}: eine Partie-Nummer, z.B. --partie 2")
        partie_id = None if partie == "newest" else int(partie)
        from tutor.commands.tafel import opened

        with opened(db_path) as t:
            stored = t.stored(partie_id)
        if stored.partie.over:
            raise TutorError(f"Partie {stored.id} is over: start a new one with tutor tafel new",
                             de=f"Partie {stored.id} ist vorbei: beginne eine neue mit tutor tafel new")
        partie_id = stored.id
        rules = stored.partie.rules      # the Partie's table rules
        dealer = dealer or stored.partie.next_dealer
    session = Session(hand, seat, dealer or "D", rules, lang)
    sys.exit(run(session, db=db_path, partie=partie_id))


# -- help: German and English (tutor.commands.helptext) ------------------------------------
_WORDS_DE = ("\b\n"
             "  ?      die ganze Begründung        next   die offenen Ansagen nach den Regeln\n"
             "  undo   die letzte Ansage zurück    new BLATT  das nächste Spiel (der Geber rückt weiter)\n"
             "  tafel  die Tafel                   end    beenden")
_WORDS_EN = ("\b\n"
             "  ?      the full reasoning        next   the open conventional calls\n"
             "  undo   take back the last call   new HAND  the next game (dealer moves on)\n"
             "  tafel  the board                 end    stop")
HELP: dict[str, dict] = {
    "table": {
        "de": {"short": "Ein Spiel am Tisch Ansage für Ansage verfolgen, mit Rat, wenn du dran bist.",
               "help": "Ein Spiel am Tisch verfolgen: die Ansagen eintippen, wie sie kommen. Jede "
                       "Zeile ist eine Ansage (60ei, 70 sche, 60 auf Rosen, D: dopple) oder ein Wort:"
                       "\n\n" + _WORDS_DE + "\n\nNach dem Bieten: die Kartenpunkte (113, oder 113 "
                       "weis AC=50 stöck BD).",
               "options": {"hand": 'Deine neun Karten, z.B. "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8".',
                           "seat": "Dein Platz am Tisch: A, B, C oder D (A+C und B+D spielen zusammen).",
                           "dealer": "Wer dieses Spiel gibt (Vorgabe D, oder mit --partie der nächste Geber der Partie); Vorhand ist der nächste.",
                           "partie": "Jedes Spiel auf die Tafel schreiben: in die neueste Partie, oder Partie N."},
               "examples": ['tutor table --hand "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8" --seat C']},
        "en": {"short": "Follow a game at the table call by call, with advice at your turn.",
               "help": "Follow a game at the table: type the calls as they come. Each line is a call "
                       "(60ei, 70 sche, 60 auf Rosen, D: dopple) or a word:\n\n" + _WORDS_EN +
                       "\n\nAfter the auction: the card points (113, or 113 weis AC=50 stöck BD).",
               "options": {"hand": 'Your nine cards, e.g. "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8".',
                           "seat": "Your place at the table: A, B, C or D (A+C, B+D play together).",
                           "dealer": "Who deals this game (default D, or the Partie's next dealer with --partie); Vorhand is the next.",
                           "partie": "Write each game on the Tafel: the newest Partie, or Partie N."},
               "examples": ['tutor table --hand "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8" --seat C --lang en']},
    },
}
