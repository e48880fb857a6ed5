"""The default voice's words, session 37 (QA s36's words and the unread-bid lines' mutants): the
next Zehner's count of deals, the Schneider the score's values leave out, which bids the deals
could not read. Given figures as in test_voice_words (its ``_judged_ev``)."""
from __future__ import annotations

import pytest

from tutor.judgement import voice
from test_voice_words import _judged_ev


def test_the_next_zehners_count_of_deals_reads_as_a_count_in_every_language():
    # QA s36: French "{next} dans {next_made}" ("80 dans 11") said "80 in 11" word for word;
    # the next Zehner's deals are counted as the contract's are, "fois"
    hand, auction = "Eichel:9A6 Schellen:AK Rosen:AK Schilten:86", "60 Eichel"
    values = {"70 Eichel": [50] * 6 + [-70] * 4, "fort": [-30] * 10}
    contracts = {"70 Eichel": {"contract": "70 Eichel", "made": 6, "p_make": 0.6},
                 "80 Eichel": {"contract": "80 Eichel", "made": 3, "p_make": 0.3}}
    j, texts = _judged_ev(hand, auction, values, contract=contracts.get)
    line = next(x for x in j.lines if "70 Eichel is made in 6 of 10 deals" in x.text("en"))
    assert line.text("en") == "70 Eichel is made in 6 of 10 deals that fit the auction; 80 in 3."
    assert line.text("fr") == "70 Eichel est fait 6 fois sur 10 donnes qui vont avec les enchères ; 80, 3 fois."
    assert line.text("de") == "70 Eichel geht in 6 von 10 Verteilungen auf, die zum Bieten passen; 80 in 3."


def test_only_the_bids_the_deals_could_not_read_are_named_unread():
    # "The deals cannot read C's ..." names a bid the deals dealt as any hand (``unheld``). Given
    # figures: B's 130 Rosen (a number above 120 shows no cards) was not read; A's opening 60
    # Eichel promises the Puur or the Nell third and the deals deal it so. C's 140 Schellen, the
    # deals' best, takes no contract from A on a bid the deals could not read: it stands, with no
    # line that the deals cannot read A's opening
    hand, auction = "Schellen:U9AK7 Eichel:8 Rosen:A Schilten:AK", "60 Eichel, 130 Rosen"
    values = {"140 Schellen": [300] * 8 + [-200] * 2, "fort": [-100] * 10}
    j, texts = _judged_ev(hand, auction, values, unheld=["raise"])
    assert j.pick is not None and str(j.pick.call) == "140 Schellen", texts
    assert not any("cannot read" in t for t in texts), texts


def test_the_score_line_says_a_schneider_is_not_in_the_values():
    # QA s36 P91: at a table whose Schneider brings points (`schneider: 500`) at AC 1900 : BD 900, "the
    # whole Partie, +2000 ... -2000" read as if the Schneider were counted; the values leave it out. The
    # rules: Schneider is a team with less than half the target at the end (exactly half is not)
    from tutor.judgement.base import Standing
    from tutor.rules import load

    rules = load({"profile": "verband", "schneider": 500})
    texts = [x.text("en") for x in voice._score_line(Standing({"AC": 1900, "BD": 900}, 2000), rules)]
    assert len(texts) == 2 and texts[0].startswith("The score (AC 1900 : BD 900, target 2000) changes the values"), texts
    # QA s43 SN1: the line names the team under half the target with its points (BD at 900, not AC)
    assert texts[1] == ("A Schneider is open for BD (900), under half the target (1000): if the Partie ends with them "
                        "under it, the winners get 500 more at the settlement. These values leave it out: they count "
                        "the Partie alone.")
    for lang in ("de", "fr"):
        assert "500" in voice._score_line(Standing({"AC": 1900, "BD": 900}, 2000), rules)[1].text(lang)
    # no team under half (scores only grow: no Schneider is possible), or a Schneider that brings nothing
    assert len(voice._score_line(Standing({"AC": 1900, "BD": 1000}, 2000), rules)) == 1
    assert len(voice._score_line(Standing({"AC": 1900, "BD": 900}, 2000), load("verband"))) == 1


# QA s47 F32. The rules: "Wer bietet, rechnet allein mit Kartenpunkten" (the values count card and target
# points), and "Weis- und Stöckpunkte werden sofort auf die Tafel geschrieben und zählen für die Partie: der
# Weis nach dem ersten Stich". At a score where a game can end the Partie, the hand's own Weis can end it
# sooner, and the values left it out without a word
WEIS_HAND = "Eichel:U9876 Schellen:AK Rosen:A Schilten:A"      # 6 7 8 9 of Eichel: a Vierblatt, 50


def test_the_score_line_says_the_hand_s_own_weis_is_not_in_the_values():
    from tutor.cards import Hand
    from tutor.judgement.base import Standing
    from tutor.rules import load

    close, far = Standing({"AC": 1850, "BD": 1700}, 2000), Standing({"AC": 500, "BD": 400}, 2000)
    hand = Hand.parse(WEIS_HAND)
    lines = voice._score_line(close, load("verband"), hand)
    assert len(lines) == 2 and lines[1].text("en") == (
        "These values leave out this hand's Weis (Vierblatt 50: Eichel 6 7 8 9), whose points count for the Partie: "
        "the team with the best Weis writes them after the first trick, whatever the contract.")
    assert "Vierblatt 50" in lines[1].text("de") and "quatre cartes 50" in lines[1].text("fr")
    # every Weis the hand holds, the best first: four Unders (200) beside the Vierblatt
    unders = Hand.parse("Eichel:U9876 Schellen:UA Rosen:U Schilten:U")
    assert "(Vier Under 200: Eichel U, Schellen U, Rosen U, Schilten U and Vierblatt 50: Eichel 6 7 8 9)" \
        in voice._score_line(close, load("verband"), unders)[1].text("en")
    # no line: a table without Weis (the extended variant), a hand without one, a score no game ends
    assert len(voice._score_line(close, load("erweitert"), hand)) == 1
    assert len(voice._score_line(close, load("verband"), Hand.parse("Eichel:U9 Schellen:AK8 Rosen:A6 Schilten:AK"))) == 1
    assert voice._score_line(far, load("verband"), hand) == []


def test_the_score_line_says_the_hand_s_stoeck_are_not_in_the_values():
    # the same rule for the Stöck ("die Stöck, sobald die zweite der beiden Karten gespielt ist"): König
    # and Ober of the trump suit in one hand, 20 for the Partie wherever that suit is trump; never at a
    # table without them (the extended variant), never for a suit the hand holds only one of them in
    from tutor.cards import Hand
    from tutor.judgement.base import Standing
    from tutor.rules import load

    close = Standing({"AC": 1850, "BD": 1700}, 2000)
    one = voice._score_line(close, load("verband"), Hand.parse("Eichel:KO9 Schellen:A86 Rosen:A6 Schilten:K"))
    assert len(one) == 2 and one[1].text("en") == (
        "These values leave out this hand's Stöck, König and Ober of Eichel: 20 points for the Partie, written as "
        "soon as both are played, where Eichel is trump.")
    two = voice._score_line(close, load("verband"), Hand.parse("Eichel:KO9 Schellen:KO8 Rosen:A6 Schilten:A"))
    assert "of Eichel and Schellen" in two[1].text("en") and "where one of them is trump" in two[1].text("en")
    for lang in ("de", "fr"):
        assert two[1].text(lang) != two[1].text("en") and one[1].text(lang) != two[1].text(lang)
    assert len(voice._score_line(close, load("erweitert"), Hand.parse("Eichel:KO9 Schellen:KO8 Rosen:A6 Schilten:A"))) == 1
    # a Weis and Stöck: both lines, the Weis first
    both = voice._score_line(close, load("verband"), Hand.parse("Eichel:U9876 Schellen:KO Rosen:A Schilten:A"))
    assert [x.text("en")[:40] for x in both[1:]] == ["These values leave out this hand's Weis ", "These values leave out this hand's Stöck"]


def test_the_answer_at_a_score_names_the_hand_s_weis_and_check_repeats_it():
    # the voice's answer (given figures) says it beside the score's line, and check, which repeats the
    # score's lines before its price line (base.SCORE_LINES), repeats this one too
    from types import SimpleNamespace

    from tutor import conventions
    from tutor.judgement.base import SCORE_LINES, WEIS_LEFT_OUT, Standing

    h, reader, seat, _r, truthful = conventions.position(WEIS_HAND, "")
    values = {"100 Eichel": [2000] * 10, "fort": [400] * 10}
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=10, contracts=[], standing=None, stopped_early=False,
                         seat=seat, unprobed=[])
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, Standing({"AC": 1850, "BD": 1700}, 2000))
    weis = [x for x in j.lines if getattr(x, "msgid", None) == WEIS_LEFT_OUT.msgid]
    assert len(weis) == 1 and "Vierblatt 50" in weis[0].text("en")
    assert WEIS_LEFT_OUT.msgid in SCORE_LINES
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    assert not any(getattr(x, "msgid", None) == WEIS_LEFT_OUT.msgid for x in j.lines)


@pytest.mark.parametrize("best", ["80 Eichel", "80 Undenufe Misère"])
def test_the_deals_do_not_take_the_contract_from_an_unread_partner_in_a_suit_or_a_misere(best):
    # QA s35 Q6's rule (voice._unread_line): the deals cannot read the partner's number that shows
    # no cards (B's 70 Obenabe: they give him any hand), so they undervalue his side and cannot judge
    # taking the contract from him in another strain, a suit or a Misère (a call of three words:
    # "80 Undenufe Misère" is the hand's own bid as "80 Eichel" is). Given figures: the deals value
    # D's bid above fort; the count's call stands, with the line why. D's count bids 157 Obenabe
    # with this hand, so B would misread D's own 80 Undenufe Misère (read as another seat's number
    # is, simulation.trumpless_read): the deals value it by the auction after it, as they do
    # every number the partner misreads (simulation._misread)
    from tutor.rules import load

    hand, auction = "Eichel:AK Schellen:AKO Rosen:AK Schilten:AK", "60 Eichel, 70 Obenabe, fort"
    values = {best: [300] * 8 + [-200] * 2, "fort": [-100] * 10}
    continued = [best] if best.endswith("Misère") else []
    j, texts = _judged_ev(hand, auction, values, load("erweitert"), "D", unheld=["raise"], continued=continued)
    assert j.pick is None or str(j.pick.call) != best, texts
    assert ("The deals cannot read B's 70 Obenabe: they give him hands his count would not bid it with, so they "
            f"undervalue it and cannot judge taking the contract from him with {best}: here the count decides.") \
        in texts, texts


def test_the_calls_left_after_the_unread_numbers_are_judged_equal_by_the_same_rule():
    # voice.read_true leaves out the numbers this hand's read does not fit (100 Eichel: A's count
    # reaches 90, "the highest Zehner it trusts"); the calls left are as good as each other by the
    # one rule (base.equal_calls: within chance on the same deals), and among equally good calls the
    # count's stands. Given figures: fort +150 and the count's 90 Eichel +149 within chance
    values = {"fort": [150, 140, 160, 150, 140, 160, 150, 140, 160, 150], "80 Eichel": [100] * 10,
              "90 Eichel": [148, 150, 140, 160, 140, 150, 160, 140, 150, 148], "100 Eichel": [200] * 10}
    j, texts = _judged_ev("Eichel:U86 Schellen:AK Rosen:86 Schilten:87", "60 Eichel, fort, 70 Eichel, fort", values)
    assert str(j.pick.call) == "90 Eichel" and set(j.equal) == {"fort", "90 Eichel"}, texts
    assert "Of the equally good calls the tutor recommends the count's, 90 Eichel." in texts
    assert any(t.startswith("100 Eichel would show no cards") for t in texts), texts


def test_saying_nothing_reads_as_a_call_in_the_cost_line():
    # pace s37: "es bringt -436, nichts zu sagen -296" (and in English "to say nothing -296", "By the
    # deals, to say nothing gives up ..."): the tutor's silence out of turn named as a call is a noun
    from tutor.judgement.base import NOTHING, Cost

    line = Cost("dopple", -436, NOTHING, -296, 50).line()
    assert "it brings -436, saying nothing -296, over the same 50 deals" in line.text("en")
    assert "es bringt -436, Schweigen -296" in line.text("de")
    assert "ne rien dire -296" in line.text("fr")
    assert Cost(NOTHING, -436, "dopple", -296, 50).line().text("en").startswith("By the deals, saying nothing gives up 140")
