"""The default voice's words where a learner stumbled (QA of issue 26): equally good calls
each with its mean, the score's meaning of a board value, the games searched only briefly,
Obenabe/Undenufe's sure tricks named by strength, not "from the top"."""
from __future__ import annotations

import math
from types import SimpleNamespace

from tutor import conventions
from tutor.cards import Hand
from tutor.judgement import Standing
from tutor.judgement import voice
from tutor.judgement.count import trumpless
from given_deals import GivenDeals

A_HAND, BEFORE_A = "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7", "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen"


def _judged(values, standing=None, unprobed=None):
    h, reader, seat, _r, truthful = conventions.position(A_HAND, BEFORE_A)
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=len(next(iter(values.values()))),
                         contracts=[], standing=None, stopped_early=False, seat=seat, unprobed=unprobed or [])
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, standing)
    return j, [x.text("en") for x in j.lines]


def test_equally_good_calls_are_named_each_with_its_mean():
    said = conventions.advise(A_HAND, BEFORE_A).call          # the count's raise
    # the same on average but for chance (+115 and +120), fort far behind
    values = {said: [200, 30] * 10, "110 Eichel": [40, 200] * 10, "fort": [-60] * 20}
    j, texts = _judged(values)
    assert set(j.equal) == {said, "110 Eichel"}
    line = next(t for t in texts if "are equally good" in t)
    assert f"{said} (+115)" in line and "110 Eichel (+120)" in line


def test_with_the_score_the_answer_says_what_a_board_value_means():
    values = {"110 Eichel": [2000, 150] * 5, "fort": [-60] * 10}
    _j, texts = _judged(values, Standing({"AC": 1850, "BD": 1200}, 2000))
    # s32 Q26: the score itself, and what a game that ends the Partie is worth, won and lost
    # (the value model, docs/interpretations: the target to the winners, minus it to the losers)
    assert texts.count("The score (AC 1850 : BD 1200, target 2000) changes the values below: a game after which "
                       "the Partie is over counts as the whole Partie, +2000 for our team if it wins the Partie "
                       "and -2000 if it loses it (0 for a draw); any other game counts its board points, as "
                       "without a score.") == 1
    # Q13: said before the first average it explains (a mean of 2000s and board points)
    said_at = next(i for i, t in enumerate(texts) if "the whole Partie" in t)
    first_average = next(i for i, t in enumerate(texts) if "on average" in t.lower())
    assert said_at < first_average
    _j, texts = _judged(values)
    assert not any("the whole Partie" in t for t in texts)


def test_the_games_searched_briefly_are_named_in_plain_words():
    values = {"110 Eichel": [150] * 10, "fort": [-60] * 10}
    _j, texts = _judged(values, unprobed=[("Rosen", "B"), ("Schilten", "D")])
    line = next(t for t in texts if "played out only briefly" in t)
    # who plays the game is said in words, not as a letter in brackets (QA s33 Q9: "Eichel (A)"),
    # and what these games are: contracts a call here can end in, not "the games ... played by B",
    # which a learner cannot place (QA s36)
    assert line.startswith("These deals were also tried with B playing Rosen and D playing Schilten, contracts the "
                           "calls here can end in; no call that could be the best depends on them"), line
    assert "game" not in line


def test_undenufe_names_its_sure_tricks_by_strength_not_from_the_top():
    # Undenufe: the Six is the strongest card, then 7, 8 (the rules' order turned round)
    c = trumpless(Hand.parse("Eichel:678 Rosen:AK Schellen:KO Schilten:OU"), "undenufe")
    text = [x.text("en") for x in c.lines]
    assert any(t.startswith("Undenufe, Eichel: 678, the suit's 3 strongest cards, 3 sure tricks") for t in text), text
    assert not any("from the top" in t for t in text)


# -- QA of issue 26, second pass: F9, F10, F13, F1 ---------------------------------------
def test_the_recommended_call_among_equally_good_ones_is_never_outdone_by_a_better_other_call():
    # F10: the count's raise (+115) is recommended, 110 Eichel (+120) is as good within chance;
    # the answer names them equally good first and calls no call within chance "better"
    said = conventions.advise(A_HAND, BEFORE_A).call
    values = {said: [200, 30] * 10, "110 Eichel": [40, 200] * 10, "fort": [-60] * 20}
    j, texts = _judged(values)
    assert str(j.pick.call) == said
    assert not any("best other call" in t or "brings more" in t for t in texts), texts
    equal_at = next(i for i, t in enumerate(texts) if "are equally good" in t)
    assert texts[equal_at].startswith(f"{said} (+115) and 110 Eichel (+120) are equally good")
    # the calls outside the equal ones: the best of them, after the equal ones, with what sets it
    # apart from the best (110 Eichel, +120): on each deal fort brings 100 or 260 less, 180 on
    # average; two standard errors of that difference over 20 deals: 2 * 80 * sqrt(20/19) / sqrt(20)
    margin = round(2 * 80 * math.sqrt(20 / 19) / math.sqrt(20))
    assert texts[equal_at + 1] == ("The best of the other calls, fort, brings -60 board points on average: over "
                                   f"the same deals 180 less than 110 Eichel, more than chance alone allows (±{margin}).")


def test_a_single_best_call_is_compared_with_the_next_best():
    said = conventions.advise(A_HAND, BEFORE_A).call
    values = {said: [150] * 10, "110 Eichel": [100] * 10, "fort": [-60] * 10}
    _j, texts = _judged(values)
    assert (f"On average over the 10 deals {said} brings our team +150 board points against the opponents; "
            "the best other call, 110 Eichel, +100.") in texts
    assert not any("equally good" in t for t in texts)


C_HAND = "Eichel:AO9 Schellen:KU Rosen:U6 Schilten:O8"


def test_a_hilfe_kept_below_the_deals_best_says_which_brings_more_and_why_in_one_line():
    # the conventions keep C's Hilfe 90 Eichel though fort brings more on every deal
    h, reader, seat, _r, truthful = conventions.position(C_HAND, "60 Eichel, 70 Schellen")
    values = {"fort": [60] * 15, "90 Eichel": [-50] * 15, "100 Eichel": [-90] * 15}
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=15, contracts=[], standing=None, seat=seat,
                         unprobed=[], contract=lambda text: None, to_json=lambda: {})
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    texts = [x.text("en") for x in j.lines]
    assert str(j.pick.call) == "90 Eichel"
    i = texts.index("On average over the 15 deals 90 Eichel brings our team -50 board points against the "
                    "opponents; fort brings more, +60.")
    assert "the conventions decide" in texts[i + 1]
    assert not any("best other call" in t for t in texts)


def test_calls_are_not_compared_on_the_deals_searched_exactly_alone_and_the_estimated_are_counted():
    # F9/F1: on the 3 deals searched exactly (the quickly solved ones) 150 Eichel wins big; on the
    # 7 estimated it fails. The answer does not compare calls on those 3; it says 7 of 10 are estimated.
    said = conventions.advise(A_HAND, BEFORE_A).call
    values = {said: [250] * 10, "150 Eichel": [457] * 3 + [-300] * 7, "fort": [-60] * 10}
    searched = [True] * 3 + [False] * 7
    h, reader, seat, _r, truthful = conventions.position(A_HAND, BEFORE_A)
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=10, contracts=[], standing=None, seat=seat,
                         unprobed=[], searched=searched, estimated=7, contract=lambda text: None,
                         to_json=lambda: {}, exact_values=lambda: {
                             k: [x for x, ok in zip(v, searched) if ok] for k, v in values.items()})
    texts = [x.text("en") for x in voice.judge_by(ev, h, reader.situation(seat), truthful, None).lines]
    assert not any("searched exactly" in t for t in texts), texts
    assert ("7 of the 10 deals were too long to play out exactly for this answer: their results are "
            "estimated. That is most of the deals: these numbers are mostly estimates and can be far from "
            "what best play would give.") in texts


def test_the_estimated_deals_are_said_to_carry_the_numbers_only_where_they_are_most():
    from tutor.judgement.base import estimated_line

    few, half, most = (estimated_line(k, 10).text("en") for k in (3, 5, 6))
    # s32 Q39: in a learner's words, not the solver's budget ("this answer's share of the solver's work")
    assert few == "3 of the 10 deals were too long to play out exactly for this answer: their results are estimated."
    assert "most of the deals" not in half
    assert most.endswith("That is most of the deals: these numbers are mostly estimates and can be far from what "
                         "best play would give.")


def test_estimates_that_are_only_the_other_calls_are_said_to_be_theirs():
    """README's first example: a sure Matsch at the first seat, 23 of its 50 deals estimated, all
    of them in the games after the first-seat fort (the others' contracts): the line says the
    estimates are the other calls' and the Matsch is played out exactly, not "this answer's"."""
    from tutor.judgement.base import estimated_line, estimated_of

    games = [("Eichel", "A"), ("Schellen", "D"), ("Rosen", "B")]
    # deal 0: nothing estimated; deal 1: D's Schellen; deal 2: B's Rosen; deal 3: A's Eichel
    opened = [[False, False, False], [False, True, False], [False, False, True], [True, False, False]]
    ending = lambda strain, seat: SimpleNamespace(contract=SimpleNamespace(strain=strain, declarer=seat))
    fort = [ending("Schellen", "D"), ending("Schellen", "D"), ending("Eichel", "A"), SimpleNamespace(contract=None)]
    ev = SimpleNamespace(games=games, opened=opened, endings={"fort": fort})
    assert estimated_of(ev, "157 Eichel", "A") == 1          # deal 3
    assert estimated_of(ev, "157 Schilten", "A") is None     # no such game among the deals
    assert estimated_of(ev, "fort", "A") == 1                # deal 1 ends in D's estimated Schellen
    assert estimated_of(ev, "dopple", "A") is None           # no bid, no auction after it
    ev.opened = opened[:3]
    assert estimated_of(ev, "157 Eichel", "A") == 0
    assert estimated_of(ev, "fort", "A") is None             # endings of other deals than the rows
    line = estimated_line(2, 3, "157 Eichel", 0).text("en")
    assert line == ("2 of the 3 deals were too long to play out exactly for the other calls (not for 157 Eichel): "
                    "their results are estimated.")
    assert estimated_line(1, 3, "fort", 0).text("en") == ("1 of the 3 deals was too long to play out exactly for the "
                                                          "other calls (not for fort): its result is estimated.")
    # some of the answer's own but fewer than all: how many are its own (session 47: README's worked
    # position said "50 of the 50 deals ... for this answer" where 100 Eichel's own value rested on 36)
    assert estimated_line(2, 3, "157 Eichel", 1).text("en") == (
        "2 of the 3 deals were too long to play out exactly for this answer, 1 of them for 157 Eichel itself: their "
        "results are estimated. That is most of the deals: these numbers are mostly estimates and can be far from "
        "what best play would give.")
    assert estimated_line(50, 50, "100 Eichel", 36).text("de") == (
        "50 der 50 Verteilungen waren zu lang, um sie für diese Antwort genau auszuspielen, 36 davon für 100 Eichel: "
        "ihre Ergebnisse sind geschätzt. " + estimated_line(50, 50).text("de").split(". ", 1)[1])
    assert estimated_line(2, 3, "157 Eichel", 2).text("en") == estimated_line(2, 3).text("en")   # all its own
    assert estimated_line(2, 3, "157 Eichel", None).text("en") == estimated_line(2, 3).text("en")


def test_the_score_s_line_is_said_only_where_a_game_can_end_the_partie():
    # F13: the most one game writes is a kontered Matsch and every card point: 4 x 157 + 157 = 785
    # (the rules: "gekontert 628"), 4 x 257 + 157 = 1185 with the extended variant's Matsch bonus
    from tutor.rules import load

    verband, erweitert = load("verband"), load("erweitert")
    assert not voice.can_end(Standing({"AC": 1214, "BD": 1000}, 2000), verband)
    assert voice.can_end(Standing({"AC": 1000, "BD": 1215}, 2000), verband)
    assert not voice.can_end(Standing({"AC": 814, "BD": 814}, 2000), erweitert)
    assert voice.can_end(Standing({"AC": 815, "BD": 0}, 2000), erweitert)
    values = {"110 Eichel": [150] * 10, "fort": [-60] * 10}
    _j, texts = _judged(values, Standing({"AC": 1000, "BD": 900}, 2000))
    assert not any("Partie" in t for t in texts)
    _j, texts = _judged(values, Standing({"AC": 1300, "BD": 900}, 2000))
    assert sum("the whole Partie, +2000 for our team if it wins the Partie and -2000" in t for t in texts) == 1


def test_a_negative_score_is_one_line_naming_it_and_exit_2():
    from click.testing import CliRunner

    from tutor.cli import main

    r = CliRunner().invoke(main, ["bid", "--count", "--hand", C_HAND, "--auction", "60 Eichel, 70 Schellen",
                                  "--score", "AC=-5,BD=100", "--lang", "en"])
    assert r.exit_code == 2
    assert r.output.strip().splitlines() == ["tutor: --score: 'AC=-5': a team's score is 0 or more, "
                                             "the board never goes below 0"]


def test_the_extended_matsch_says_its_257_target_points():
    # the rules: "Der Matsch trägt dort 257 Zielpunkte, die 157 und die Matschprämie von 100 dazu"
    from tutor.rules import load

    [r] = conventions.explain("157 Eichel", load("erweitert")).calls
    assert r.text("en").endswith("made, it writes 257 target points, the 157 and the Matsch bonus of 100.")
    [r] = conventions.explain("157 Eichel").calls
    assert "257" not in r.text("en") and "bonus" not in r.text("en")



def _judged_at(hand, auction, seat, values):
    h, reader, seat, _r, truthful = conventions.position(hand, auction, seat=seat)
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=len(next(iter(values.values()))),
                         contracts=[], standing=None, stopped_early=False, seat=seat, unprobed=[])
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    return voice.judge_by(ev, h, reader.situation(seat), truthful, None)


def test_the_voice_konters_only_where_the_count_is_sure():
    # the rules' worked example: after D's double "A verzichtet ... für 400 Zielpunkte ist
    # sie ihm zu unsicher". Deals that give D any hand the auction allows prefer the konter
    # (QA of issue 26: against a trump stack behind A it fails on every deal); the voice
    # follows the rules and says why in one line
    values = {"konter": [500] * 20, "nothing": [300] * 20}
    j = _judged_at(A_HAND, BEFORE_A + ", 100 Eichel, D: dopple", "A", values)
    assert j.pick is None or j.pick.call.kind != "redouble"
    assert voice.KONTER_LINE in j.lines
    # a contract the count knows is certain (the partner's sure tricks reach it) is kontered
    j = _judged_at("Eichel:9A Schellen:AK Rosen:AK Schilten:AK7", "100 Eichel, B: dopple", "C", values)
    assert j.pick is not None and j.pick.call.kind == "redouble"
    assert voice.KONTER_LINE not in j.lines


# -- "equally good" in words: what the deals compare (QA of issue 26, Q22, Q11) ---------------
def test_equally_good_says_what_was_compared_so_a_steady_small_loss_is_not_within_chance():
    # Q22's figures: the raise +203 is the best; 110 Eichel, +191 on average, swings against it
    # (+40 or -64 deal by deal); 90 Eichel, +195, brings exactly 8 less on every deal. Over the
    # same 20 deals 110's lead of the raise, 12, is within two standard errors (2 * 52 *
    # sqrt(20/19) / sqrt(20), about 24); 90's, 8, has no spread at all: not chance.
    said = conventions.advise(A_HAND, BEFORE_A).call
    values = {said: [203] * 20, "110 Eichel": [243, 139] * 10, "100 Schellen": [195] * 20,
              "fort": [-60] * 20}
    j, texts = _judged(values)
    assert set(j.equal) == {said, "110 Eichel"}
    margin = round(2 * 52 * math.sqrt(20 / 19) / math.sqrt(20))
    line = next(t for t in texts if "are equally good" in t)
    assert line == (f"{said} (+203) and 110 Eichel (+191) are equally good: over the same 20 deals, against "
                    f"{said} on average, 110 Eichel 12 less (chance alone: ±{margin}): within chance.")
    other = texts[texts.index(line) + 1]
    # 8 less on every deal: no chance to allow for, and the words say so rather than "±0" (QA s33 Q9)
    assert other == ("The best of the other calls, 100 Schellen, brings +195 board points on average: less than "
                     f"{said} on every one of the same 20 deals, 8 on average.")


def test_a_call_within_chance_but_beyond_the_points_cap_is_said_to_be_beyond_the_cap():
    # a Matsch's spread: 157 Eichel swings by 600 against the raise, 30 less on average; within
    # two standard errors, but more than EQUAL_POINTS below: not equally good, and the words say why
    # (110 Eichel, the same as the raise but for chance, makes the raise one of two equally good)
    said = conventions.advise(A_HAND, BEFORE_A).call
    values = {said: [150, 140] * 10, "110 Eichel": [160, 130] * 10, "157 Eichel": [420, -180] * 10,
              "fort": [-60] * 20}
    j, texts = _judged(values)
    assert set(j.equal) == {said, "110 Eichel"}
    line = next(t for t in texts if t.startswith("The best of the other calls, 157 Eichel"))
    assert f"only calls within {voice.EQUAL_POINTS} board points" in line and "25 less than" in line
    # and says once, plainly, that the deals cannot rank them for sure (QA s35 P28: "chance alone
    # allows ±220, but the tutor counts calls equally good only within 20" read as a contradiction)
    assert "chance alone could make that much" in line and "cannot rank the calls for sure" in line


Q22_HAND, Q22_AUCTION = "Eichel:A8 Schellen:AK Rosen:AK Schilten:AK7", "60 Eichel, fort"
# Q22's figures: 100 Eichel +203 on every deal; 110 Eichel +191 on average, swinging; 90 Eichel
# 8 less than 100 on every deal; fort far behind
Q22_VALUES = {"100 Eichel": [203] * 20, "110 Eichel": [243, 139] * 10, "90 Eichel": [195] * 20,
              "120 Eichel": [172] * 20, "fort": [172, 171] * 10}


def test_every_call_the_answer_names_is_in_the_options_list_with_its_meaning():
    # Q11/Q30: 110 Eichel, named equally good, and 120 Eichel, the count's call named in the
    # evidence, were missing from "What the conventions offer this hand here"
    a = conventions.advise(Q22_HAND, Q22_AUCTION, judge=GivenDeals(Q22_VALUES))
    text = " ".join(x.text("en") for x in a.lines)
    listed = {str(o.call) for o in a.options}
    named = {c for c in Q22_VALUES if c in text}
    assert {"100 Eichel", "110 Eichel", "90 Eichel"} <= named
    assert named <= listed, named - listed
    # every listed call is one the hand makes true (the options are the conventions')
    h = Hand.parse(Q22_HAND)
    assert all(p.satisfied_by(h) for o in a.options for p in o.promises)


def test_check_says_what_a_call_the_deals_find_worse_gives_up_and_never_repeats_the_meaning():
    # Q22: check accepted 110 Eichel (+191) and rejected 90 Eichel (+195) from the same figures;
    # the rejection now says what was compared: 90 brings 8 less on the same deals, steadily
    judge = GivenDeals(Q22_VALUES)
    ninety = conventions.check(Q22_HAND, Q22_AUCTION, "90 Eichel", judge=judge)
    assert ninety.ok and not ninety.best
    text = ninety.text("en")
    assert ("By the deals, 90 Eichel gives up 8 board points on average: it brings +195, 100 Eichel +203, "
            "over the same 20 deals: a small gap, but more than chance explains.") in text
    meaning = ninety.reading.text("en")
    assert text.count(meaning) == 1          # the two raises read alike: said once
    eleven = conventions.check(Q22_HAND, Q22_AUCTION, "110 Eichel", judge=judge)
    assert eleven.ok and eleven.best and "gives up" not in eleven.text("en")


# -- QA s32: Q25 (why the count's call among equal ones), Q41 (a count reason the deals belie) ---
def test_the_answer_says_it_recommends_the_count_s_call_among_the_equally_good_ones():
    """Q25: the count's raise (+115) and 110 Eichel (+120) are equally good; the tutor
    recommends the count's, and says that this is why, not the deals' better mean. Where the
    count's call is also the deals' best, nothing needs saying."""
    said = conventions.advise(A_HAND, BEFORE_A).call
    why = f"Of the equally good calls the tutor recommends the count's, {said}."
    j, texts = _judged({said: [200, 30] * 10, "110 Eichel": [40, 200] * 10, "fort": [-60] * 20})
    assert str(j.pick.call) == said and texts.count(why) == 1
    j, texts = _judged({said: [200, 40] * 10, "110 Eichel": [40, 190] * 10, "fort": [-60] * 20})
    assert str(j.pick.call) == said and not any("recommends the count's" in t for t in texts)


# B over A's 90 Schilten: two side Aces and the Schilten Puur guarded by one trump. The count
# doubles ("Then A and partner stay at 85, below their 90: double."); exact play makes A's 90 on
# 38 of 48 deals that fit B's hand and the auction (seed 1; practice's deal 48, where B doubles it
# and A and C take 84: that one deal fails it). (Session 37's Q41 position, D's three side Aces against C's 100 Eichel after
# `60 Eichel, fort`, is no double since the count's session-38 rule: the deals made that 100 on 59
# of 100.)
D_HAND, D_AUCTION, D_SEAT = "Eichel:76 Schellen:A8 Rosen:AU6 Schilten:U8", "90 Schilten", "B"


def _d_judged(values, made_share):
    h, reader, seat, _r, truthful = conventions.position(D_HAND, D_AUCTION, None, D_SEAT)
    n = len(next(iter(values.values())))
    calls = [{"call": c, "expected": sum(v) / n} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=n, contracts=[], standing=made_share,
                         stopped_early=False, seat=seat, unprobed=[], contract=lambda text: None,
                         to_json=lambda: {})
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    return j, [x.text("en") for x in j.lines]


def test_a_count_reason_the_deals_belie_is_not_printed_as_if_right():
    """Q41: the count doubles because it leaves A and partner below their 90, while the deals
    make the 90 (exact play: 38 of 48; here dopple and fort within chance of each other, fort
    ahead). The answer does not print the count's reasons under that figure: one line says the
    count's reason does not hold, and the count is then no ground to prefer its double among the
    equal calls, so the deals' best, fort, is recommended. Where the deals fail the 90 as the
    count says (15 of 48), its reasons are given and its double recommended."""
    assert conventions.advise(D_HAND, D_AUCTION, seat=D_SEAT).call == "dopple"
    values = {"dopple": [60, -216] * 24, "fort": [-40, -80] * 24, "100 Schilten": [-250] * 48}
    j, texts = _d_judged(values, 38 / 48)
    assert j.pick is not None and str(j.pick.call) == "fort"
    assert not any(" stay at " in t or "our own Ace" in t for t in texts), texts
    belied = [t for t in texts if t.startswith("The count by hand says dopple, but its reason does not hold")]
    assert len(belied) == 1 and belied[0].endswith("below their 90, and they make it in 38 of 48 deals."), texts
    j, texts = _d_judged(values, 15 / 48)
    assert str(j.pick.call) == "dopple"
    assert any(" stay at " in t and t.endswith("below their 90: double.") for t in texts), texts
    assert not any("does not hold" in t for t in texts)


def test_how_many_deals_are_estimated_is_said_only_beside_numbers_it_qualifies():
    """s32 Q39: A's hand with no opening (Puur and Nell doubleton, no three-card suit), where
    the deals value fort alone (practice's seed 7): the answer has no number to qualify, and
    practice's review printed "1 of the 50 deals ... estimated" alone before the fort's reason.
    It is said where the answer gives numbers (the contracts made, the calls compared)."""
    hand = "Eichel:AU Schellen:U7 Rosen:OU Schilten:B86"
    h, reader, seat, _r, truthful = conventions.position(hand, "")
    ev = SimpleNamespace(calls=[{"call": "fort", "expected": 0.0}], values={"fort": [0] * 50}, samples=50,
                         contracts=[], standing=None, stopped_early=False, seat=seat, unprobed=["Eichel (A)"],
                         estimated=1, contract=lambda text: None, to_json=lambda: {})
    texts = [x.text("en") for x in voice.judge_by(ev, h, reader.situation(seat), truthful, None).lines]
    assert not any("estimated" in t for t in texts), texts
    # beside a comparison the same deals' estimate is said
    said = conventions.advise(A_HAND, BEFORE_A).call
    h, reader, seat, _r, truthful = conventions.position(A_HAND, BEFORE_A)
    values = {said: [200] * 10, "fort": [-60] * 10}
    calls = [{"call": c, "expected": sum(v) / 10} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=10, contracts=[], standing=None, stopped_early=False,
                         seat=seat, unprobed=[], estimated=1, contract=lambda text: None, to_json=lambda: {})
    texts = [x.text("en") for x in voice.judge_by(ev, h, reader.situation(seat), truthful, None).lines]
    assert "1 of the 10 deals was too long to play out exactly for this answer: its result is estimated." in texts


def test_the_score_option_s_help_says_what_the_score_does_to_the_values():
    """s32 Q26: --score's help named the score only; bid, check and eval say what it does."""
    from click.testing import CliRunner

    from tutor.cli import main

    for command in ("bid", "check", "eval"):
        out = " ".join(CliRunner().invoke(main, [command, "--help", "--lang", "en"]).output.split())
        assert "a game after which the Partie is over counts as the Partie won (+ its target) or lost " \
               "(- its target), any other game by its board points." in out, command


# -- QA of issue 26, session 33 ----------------------------------------------------------
def _margin(top, v):
    """Two standard errors of the mean difference deal by deal (the rule the words state)."""
    d = [a - b for a, b in zip(top, v)]
    mean = sum(d) / len(d)
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (len(d) - 1))
    return mean, 2 * sd / math.sqrt(len(d))


def test_more_than_three_equally_good_calls_name_three_and_count_the_rest():
    """s33 Q16: eight calls equally good were named in one 90-word sentence. The answer names
    the recommended call and the best others, three in all, and counts the rest; every one of
    them stays equally good (accepted by check, listed in --json's equally_good)."""
    said = conventions.advise(A_HAND, BEFORE_A).call          # the count's raise, 100 Eichel
    values = {said: [200, 30] * 10, "110 Eichel": [40, 200] * 10, "120 Eichel": [200, 36] * 10,
              "130 Eichel": [196, 30] * 10, "140 Eichel": [190, 30] * 10, "fort": [-60] * 20}
    j, texts = _judged(values)
    # every call crosses 110 Eichel (+120) deal by deal: all five are within chance of it
    assert set(j.equal) == {said, "110 Eichel", "120 Eichel", "130 Eichel", "140 Eichel"}
    line = next(t for t in texts if "equally good" in t)
    m100 = round(_margin(values["110 Eichel"], values[said])[1])
    m120 = round(_margin(values["110 Eichel"], values["120 Eichel"])[1])
    assert line == (f"{said} (+115), 110 Eichel (+120), 120 Eichel (+118) and 2 more calls are equally good: over "
                    f"the same 20 deals, against 110 Eichel on average, {said} 5 less (chance alone: ±{m100}) and "
                    f"120 Eichel 2 less (chance alone: ±{m120}): within chance."), line
    assert not any("130 Eichel" in t or "140 Eichel" in t for t in texts), texts
    # three tied calls are all named, none counted
    del values["130 Eichel"], values["140 Eichel"]
    _j, texts = _judged(values)
    line = next(t for t in texts if "equally good" in t)
    assert line.startswith(f"{said} (+115), 110 Eichel (+120) and 120 Eichel (+118) are equally good"), line
    assert "more call" not in line


def test_a_lead_just_beyond_chance_is_never_shown_equal_to_the_margin():
    """s33 P42: "5.5 less ..., more than chance alone allows (±5.5)" read as a contradiction.
    The figures are shown with the decimals that set the lead above what chance allows."""
    said = conventions.advise(A_HAND, BEFORE_A).call
    a = 5.41 * math.sqrt(19) / 2          # the spread that makes chance allow 5.41 over 20 deals
    best = [130, 72] * 10                 # 110 Eichel, +101, within chance of the count's 100 Eichel
    other = [130 - (5.44 + a), 72 - (5.44 - a)] * 10   # 5.44 below 110 Eichel on average
    values = {said: [100] * 20, "110 Eichel": best, "120 Eichel": other, "fort": [-60] * 20}
    lead, margin = _margin(best, other)
    # whole points and one decimal would show them alike (5 and ±5, 5.4 and ±5.4)
    assert round(lead) == round(margin) and f"{lead:.1f}" == f"{margin:.1f}" and lead > margin
    _j, texts = _judged(values)
    line = next(t for t in texts if t.startswith("The best of the other calls, 120 Eichel"))
    assert line.endswith(f"over the same deals {lead:.2f} less than 110 Eichel, more than chance alone "
                         f"allows (±{margin:.2f})."), line


def test_a_lead_the_same_on_every_deal_is_said_so():
    # QA s33 Q9 and Q28: "more than chance alone allows (±0)" and "0 less (chance alone: ±0)"
    # read as bugs where the difference is the same on every deal: said in those words instead
    said = conventions.advise(A_HAND, BEFORE_A).call
    # 110 Eichel as good as the count's call (it swings), fort 10 less on every deal
    values = {said: [150, 90] * 5, "110 Eichel": [90, 150] * 5, "fort": [140, 80] * 5}
    _j, texts = _judged(values)
    assert any("fort, brings +110 board points on average: less than" in t
               and "on every one of the same 10 deals, 10 on average" in t for t in texts), texts
    assert not any("±0" in t for t in texts)
    values = {said: [-2000] * 10, "fort": [-2000] * 10}
    _j, texts = _judged(values)
    assert any("the same on every deal" in t for t in texts) and not any("±0" in t for t in texts), texts


def test_equal_means_that_swing_are_about_the_same_not_0_less():
    # issue 26 audit (s33 Q1's position on main: "against 70 Eichel on average, fort 0 less
    # (chance alone: ±25)"): two calls with the same mean that differ deal by deal; the
    # difference of the means, 0, is "about the same", with what chance allows (here ±20:
    # the difference is +-40 on alternate deals, its mean's two standard errors 2 x 40 / sqrt(10) ~ 25)
    said = conventions.advise(A_HAND, BEFORE_A).call
    values = {said: [120, 80] * 5, "110 Eichel": [80, 120] * 5, "fort": [-60] * 10}
    _j, texts = _judged(values)
    line = next(t for t in texts if "are equally good" in t)
    assert "110 Eichel about the same (chance alone: ±" in line or f"{said} about the same (chance alone: ±" in line, line
    assert "0 less" not in line, line


def _judged_ev(hand, auction, values, rules=None, seat=None, **extra):
    h, reader, seat, _r, truthful = conventions.position(hand, auction, rules, seat)
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=len(next(iter(values.values()))),
                         contracts=[], standing=None, stopped_early=False, seat=seat, unprobed=[], **extra)
    if "contract" not in extra:
        ev.contract = lambda text: None
    ev.to_json = lambda: {}
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    return j, [x.text("en") for x in j.lines]


def test_a_hilfe_below_a_raise_says_what_is_compared_and_how_sure():
    # QA s34 Q4: C's upper Hilfe over B's 80 Eichel (the rules: the two smallest Zehner above
    # the opponent's bid, 90 and 100, the upper the Nell with three cards or more), and
    # "100 Rosen brings +80; 140 Rosen brings more, +305" on 99 estimated deals of 100, where
    # both were valued by the auction the count bids after them, and after the Hilfe that
    # auction ended in the opponents' contract on 70 deals. The figures here are given: the
    # words must say both calls are valued that way, where each auction ends, and how sure
    from tutor.judgement.simulation import Contract, Ending

    hand, auction = "Rosen:9O7 Eichel:K8 Schellen:A6 Schilten:B7", "60 Rosen, 80 Eichel"
    assert conventions.advise(hand, auction).call == "100 Rosen"
    values = {"100 Rosen": [257] * 3 + [-277] * 7, "140 Rosen": [297] * 10}
    endings = {"100 Rosen": [Ending(Contract("Rosen", 100, "C"))] * 3 + [Ending(Contract("Eichel", 110, "D"))] * 7,
               "140 Rosen": [Ending(Contract("Rosen", 140, "C"), 2)] * 4 + [Ending(Contract("Rosen", 140, "C"))] * 6}
    j, texts = _judged_ev(hand, auction, values, continued=["100 Rosen", "140 Rosen"], endings=endings, estimated=9)
    assert str(j.pick.call) == "100 Rosen"
    line = next(t for t in texts if t.startswith("On average"))
    assert "140 Rosen brings more, +297, by results that are mostly estimated: exact play may rank them otherwise." \
        in line
    assert line.endswith("Both count the contract the bidding reaches after them: the opponents' on 7 of the deals "
                         "after 100 Rosen, on 0 after 140 Rosen.")
    # the one line why the Hilfe stays no longer says the deals value each call as the contract played
    assert texts[-1] == voice.INFORMATION_BID_OUT_LINE.text("en")
    assert not any("as the contract played" in t for t in texts)
    # with most deals played out exactly, the comparison stands without the doubt
    _j, texts = _judged_ev(hand, auction, values, continued=["100 Rosen", "140 Rosen"], endings=endings, estimated=2)
    line = next(t for t in texts if t.startswith("On average"))
    assert "140 Rosen brings more, +297." in line and "mostly estimated" not in line
    # a Hilfe valued by the auction after it against a Matsch valued as the contract played, both in
    # one wording, the bidding after each call (QA s40 F6)
    values = {"100 Rosen": [257] * 10, "157 Rosen": [314] * 10}
    _j, texts = _judged_ev(hand, auction, values, continued=["100 Rosen"], endings={}, estimated=0)
    line = next(t for t in texts if t.startswith("On average"))
    assert line.endswith("100 Rosen counts the contract the bidding reaches after it; 157 Rosen counts as if "
                         "nobody bid after it.")
    # ... and where the deals value the other bid doubled, the words say so (QA s34 Q11)
    _j, texts = _judged_ev(hand, auction, values, continued=["100 Rosen"], endings={}, estimated=0,
                           doubled=["157 Rosen"])
    line = next(t for t in texts if t.startswith("On average"))
    assert line.endswith("100 Rosen counts the contract the bidding reaches after it; 157 Rosen counts as if an "
                         "opponent doubled it and nobody bid after that.")


def test_a_first_seat_fort_at_a_score_and_the_opening_are_said_in_one_wording():
    # QA s40 F6: at a score where a game can end the Partie the first seat's fort is valued by the
    # others' bidding after it (simulation.AfterFort), the opening as if nobody bid after it; the
    # line said the one "by the auction after it", the other "as the contract played". The figures
    # are given (the Partie won or lost, +-2000): the words name the bidding after each call
    values = {"60 Eichel": [2000] * 9 + [-2000], "fort": [2000] * 4 + [-2000] * 6}
    _j, texts = _judged_ev("Eichel:U86 Rosen:87 Schilten:K7 Schellen:76", "", values, continued=["fort"],
                           endings={})
    line = next(t for t in texts if t.startswith("On average"))
    assert line.endswith("the best other call, fort, -400. Fort counts the contract the bidding reaches after it; "
                         "60 Eichel counts as if nobody bid after it."), line
    assert not any("as the contract played" in t or "valued by the auction" in t for t in texts)


def test_the_line_after_a_fort_at_a_score_says_so_where_no_game_ends_the_partie():
    # polish, session 41: at AC 1500 : BD 1500 a game can end the Partie only by a doubled Matsch, and
    # no deal's does; the line printed "loses our team the Partie in 0 of the 100 deals and wins it in
    # 0; in 0 all four say fort". Given the summary of the auction after fort (simulation.AfterFort)
    none = voice.after_fort_line({"lost": 0, "won": 0, "on": 100, "anew": 0}, 100).text("en")
    assert none == ("After fort the others bid on, each as the count bids at this score: the game they reach ends the "
                    "Partie on none of the 100 deals, so it counts its board points.")
    some_anew = voice.after_fort_line({"lost": 0, "won": 0, "on": 97, "anew": 3}, 100).text("en")
    assert some_anew.endswith("ends the Partie on none of the 100 deals, so it counts its board points; in 3 all four "
                              "say fort and the cards are dealt anew.")
    # where some game ends it, the counts as before
    lost = voice.after_fort_line({"lost": 12, "won": 0, "on": 88, "anew": 0}, 100).text("en")
    assert "loses our team the Partie in 12 of the 100 deals and wins it in 0" in lost
    for text in (none, some_anew):
        assert " 0 " not in text and "in 0" not in text


def test_the_hilfe_lines_count_as_the_comparison_does_not_as_the_contract_played():
    # QA s40 F6's wording ("X counts the contract the bidding reaches after it; Y counts as if nobody
    # bid after it") carried to the lines why a Hilfe stays (note-s41 open 10)
    from tutor.judgement.simulation import Contract

    h, reader, seat, _r, _t = conventions.position("Schilten:9A Eichel:AK Schellen:AK Rosen:AKO", "80 Schilten, fort")
    s = reader.situation(seat)
    by_call = {"90 Schilten": 245.0, "140 Schilten": 295.0}
    after = {"call": "90 Schilten", "values": [255] * 10, "value": 255.0, "end": Contract("Schilten", 150, "C"),
             "ended": 10, "stood": 0, "ours": 10, "played": list(range(10))}
    ev = SimpleNamespace(samples=10, values={"140 Schilten": [295] * 10})
    for values in ([217, 337] * 5, [277] * 10, [255] * 10):
        text = voice._kept_hilfe_line(ev, s, {**after, "values": values, "value": sum(values) / 10}, "140 Schilten",
                                      by_call).text("en")
        assert text.startswith("Counting instead the contract the bidding reaches after it, ") and \
            "(+245 as if nobody bid after it; the bidding ends at 150 Schilten in 10 of the 10 deals)" in text, text
        assert "as the contract played" not in text
    for line in (voice.INFORMATION_LINE, voice.INFORMATION_BID_OUT_LINE):
        for lang in ("en", "de", "fr"):
            assert "as the contract played" not in line.text(lang) and "gespielte Spiel" not in line.text(lang) \
                and "contrat joué" not in line.text(lang)


def test_a_first_seat_fort_is_not_called_plus_zero():
    # QA s34 Q1: at the first seat fort is valued as if all four said fort (the cards dealt
    # anew: 0, docs/interpretations), not by the others' auction after it; "the best other
    # call, fort, +0" read as a neutral choice
    _j, texts = _judged_ev("Eichel:UA8 Schellen:K7 Rosen:A86 Schilten:9", "",
                           {"60 Eichel": [140, 152] * 5, "fort": [0] * 10})
    line = next(t for t in texts if t.startswith("On average"))
    assert line == ("On average over the 10 deals 60 Eichel brings our team +146 board points against the opponents; "
                    "fort is counted as 0 here, as if all four said fort: what the others bid after it is not "
                    "played out.")
    # two openings the deals cannot tell apart, fort the best of the others
    _j, texts = _judged_ev("Eichel:U87 Rosen:9K76 Schellen:A Schilten:6", "",
                           {"70 Rosen": [100, 130] * 5, "60 Eichel": [130, 100] * 5, "fort": [0] * 10})
    assert "The best of the other calls, fort, is counted as 0 here, as if all four said fort: what the others " \
           "bid after it is not played out." in texts
    assert not any("fort, +0" in t or "fort, brings +0" in t for t in texts)


def test_a_contested_raise_says_why_not_the_raise_below():
    # QA s34 Q9: C's jump to 120 Eichel over B's 70 Schellen, valued by the auction the count
    # bids after it, where as final contracts 110 does better; the words said neither why
    # 120 nor anything of 110, and the options list left 110 out. Given figures: after 110
    # Eichel the opponents bid on and play on 4 of the 10 deals, after 120 on none
    from tutor.judgement.simulation import Contract, Ending

    hand, auction = "Eichel:87 Schellen:O6 Rosen:AK7 Schilten:K8", "60 Eichel, 70 Schellen"
    values = {"110 Eichel": [210] * 6 + [-300] * 4, "120 Eichel": [200] * 6 + [-100] * 4, "fort": [-154] * 10}
    endings = {"110 Eichel": [Ending(Contract("Eichel", 110, "C"))] * 6 + [Ending(Contract("Schellen", 120, "D"))] * 4,
               "120 Eichel": [Ending(Contract("Eichel", 120, "C"))] * 10,
               "fort": [Ending(Contract("Schellen", 70, "B"))] * 10}
    j, texts = _judged_ev(hand, auction, values, continued=["110 Eichel", "120 Eichel", "fort"], endings=endings)
    assert str(j.pick.call) == "120 Eichel"
    assert ("120 Eichel rather than 110 Eichel (+6): after 110 Eichel that auction ends in a contract of the "
            "opponents on 4 of the deals, after 120 Eichel on 0.") in texts
    assert "110 Eichel" in j.named
    # where the raise below is not outbid more often, nothing is said of it
    endings["110 Eichel"] = [Ending(Contract("Eichel", 110, "C"))] * 10
    _j, texts = _judged_ev(hand, auction, values, continued=["110 Eichel", "120 Eichel", "fort"], endings=endings)
    assert not any("rather than" in t for t in texts)
    # outbid once, but the lead is not the opponents' doing (issue 26 audit, s35: "150 Schellen
    # rather than 140 Schellen (+260): ... on 1 of the deals, after 150 on 0", a lead of 26 that
    # came from the deals both made): 120 leads by 20 on each of 9 deals where both are the
    # team's contract, and the one deal the opponents took after 110 holds 10 of the 28 lead
    values = {"110 Eichel": [180] * 9 + [-110] * 1, "120 Eichel": [200] * 9 + [-10] * 1, "fort": [-154] * 10}
    endings["110 Eichel"] = [Ending(Contract("Eichel", 110, "C"))] * 9 + [Ending(Contract("Schellen", 120, "D"))]
    j, texts = _judged_ev(hand, auction, values, continued=["110 Eichel", "120 Eichel", "fort"], endings=endings)
    assert str(j.pick.call) == "120 Eichel"
    assert not any("rather than" in t for t in texts), texts


def test_an_ace_announcement_kept_names_the_deals_best_call_with_its_figures():
    # QA s34 Q14: D's Ace announcement 95 Eichel (the count: the opponents hold Puur and Nell
    # of Schellen, they will bid on) came with no figure at all, where the deals and exact play
    # prefer 120 Rosen (made on 14 of 20 deals by exact play, some 290 board points over fort).
    # Given figures: 120 Rosen made on 6 of 10 deals, fort always -100
    hand, auction = "Schellen:AK8 Eichel:AK Rosen:A7 Schilten:A6", "60 Schellen, 70 Rosen, 90 Schellen"
    assert conventions.advise(hand, auction).recommended.kind == "ace"
    values = {"120 Rosen": [257] * 6 + [-277] * 4, "fort": [-100] * 10}
    h, reader, seat, _r, truthful = conventions.position(hand, auction)
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    contracts = {"120 Rosen": {"contract": "120 Rosen", "made": 6, "p_make": 0.6}}
    ev = SimpleNamespace(calls=calls, values=values, samples=10, contracts=list(contracts.values()), standing=None,
                         stopped_early=False, seat=seat, unprobed=[], estimated=7, contract=contracts.get,
                         to_json=lambda: {})
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    texts = [x.text("en") for x in j.lines]
    assert str(j.pick.call) == conventions.advise(hand, auction).call
    assert texts[0] == "Of the calls the deals value, 120 Rosen does best: made in 6 of the 10 deals, +43 board points " \
                       "on average (fort: -100)."
    assert texts[1].startswith("7 of the 10 deals were too long to play out exactly")
    assert "The Ace announcement is no fort: D may still bid 120 Rosen when the bidding comes back to him." in texts
    assert "120 Rosen" in j.named
    # QA s36 P13: a best call the deals fail on most of them is no later option to name ("D may still
    # bid 130 Schellen" beside "made in 1 of the 50 deals"): 120 Rosen made on 2 of 10
    values = {"120 Rosen": [257] * 2 + [-277] * 8, "fort": [-200] * 10}
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    contracts = {"120 Rosen": {"contract": "120 Rosen", "made": 2, "p_make": 0.2}}
    ev = SimpleNamespace(calls=calls, values=values, samples=10, contracts=list(contracts.values()), standing=None,
                         stopped_early=False, seat=seat, unprobed=[], estimated=7, contract=contracts.get,
                         to_json=lambda: {})
    texts = [x.text("en") for x in voice.judge_by(ev, h, reader.situation(seat), truthful, None).lines]
    assert texts[0].startswith("Of the calls the deals value, 120 Rosen does best: made in 2 of the 10 deals")
    assert "The Ace announcement is no fort: D may still bid when the bidding comes back to him." in texts
    assert not any("may still bid 120 Rosen" in t for t in texts), texts


def test_the_double_gets_its_figure_where_the_comparison_does_not_name_it():
    # QA s34 Q16: B behind A's 80 Eichel was told fort with "the best other call, 90 Eichel",
    # and the double, the alternative a learner wonders about, got no figure
    hand, auction = "Eichel:9A6 Schellen:AK Rosen:AK Schilten:86", "80 Eichel"
    values = {"fort": [-37] * 10, "90 Eichel": [-57] * 10, "dopple": [-61] * 10}
    j, texts = _judged_ev(hand, auction, values)
    assert "The double, dopple, brings -61 on average." in texts
    # the typed word once, beside the verb (QA s36: "Das Doppeln, dopple, bringt")
    assert "Doppeln («dopple») bringt im Mittel -61." in [x.text("de") for x in j.lines]
    assert "Contrer (« contre ») rapporte -61 en moyenne." in [x.text("fr") for x in j.lines]
    # named already as the best other call: not again
    values["dopple"] = [-40] * 10
    _j, texts = _judged_ev(hand, auction, values)
    assert not any(t.startswith("The double") for t in texts)


def test_an_opening_the_deals_make_higher_says_why_its_number_is_fixed():
    # QA s34 Q18: Vorhand with Puur, Nell and Ace fourth opens 80 Eichel (the rules' Puur row:
    # the Puur with four cards is 80), "90 in 100" beside it and no word why not more; with both
    # top trumps in this hand the partner cannot give a Hilfe (it promises the other top card)
    hand = "Eichel:U9A7 Schellen:A Rosen:AK Schilten:A6"
    assert conventions.advise(hand, "").call == "80 Eichel"
    values = {"80 Eichel": [237] * 10, "fort": [0] * 10}
    contracts = {"80 Eichel": {"contract": "80 Eichel", "made": 10, "p_make": 1.0},
                 "90 Eichel": {"contract": "90 Eichel", "made": 10, "p_make": 1.0}}
    _j, texts = _judged_ev(hand, "", values)
    assert not any(t.startswith("The opening's number is fixed") for t in texts)   # no figures for 90: nothing said
    h, reader, seat, _r, truthful = conventions.position(hand, "")
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=10, contracts=list(contracts.values()), standing=None,
                         stopped_early=False, seat=seat, unprobed=[], contract=contracts.get, to_json=lambda: {})
    texts = [x.text("en") for x in voice.judge_by(ev, h, reader.situation(seat), truthful, None).lines]
    assert ("The opening's number is fixed by the cards it shows, 80 Eichel; with Puur and Nell in this hand the "
            "partner has no Hilfe to give in Eichel, so the higher numbers the deals also make are for a later round, "
            "if the bidding comes back.") in texts


def test_a_bid_valued_above_a_sure_matsch_is_explained_by_the_opponents_doubles(monkeypatch):
    # QA s35 Q3 and Q2: where exact play makes the Matsch on every deal (here given: the solver's
    # answer stands in), a lower bid the deals value higher only by the auction after it (the
    # opponents double it on 6 of the 20 deals, though it is made) is named with why; and check
    # measures a call against the Matsch, not against the bid valued above it
    from tutor.judgement.base import cost
    from tutor.judgement.simulation import Contract, Ending

    hand, auction = "Eichel:9AK Rosen:AKO Schilten:AKO", "80 Eichel, 90 Schellen"
    monkeypatch.setattr(voice, "_exact_matsch", lambda ev, s, names=None: ("157 Eichel", 0))
    # 150 Eichel made on every deal: 157 + 150 = 307, doubled 157 + 300 = 457
    values = {"150 Eichel": [457] * 6 + [307] * 14, "157 Eichel": [314] * 20, "120 Eichel": [277] * 20,
              "fort": [-187] * 20}
    endings = {"150 Eichel": [Ending(Contract("Eichel", 150, "C"), 2)] * 6 + [Ending(Contract("Eichel", 150, "C"))] * 14,
               "120 Eichel": [Ending(Contract("Eichel", 120, "C"))] * 20,
               "fort": [Ending(Contract("Schellen", 90, "B"))] * 20}
    contracts = {"150 Eichel": {"contract": "150 Eichel", "expected": 307.0}}
    j, texts = _judged_ev(hand, auction, values, continued=["150 Eichel", "120 Eichel", "fort"], endings=endings,
                          contract=lambda text: contracts.get(text))
    assert str(j.pick.call) == "157 Eichel"
    assert ("The deals value 150 Eichel higher, +352, only by the auction after it: the opponents double it on 6 of "
            "the 20 deals; played as it stands it brings +307. A Matsch made on every deal is the most the team's own "
            "contract can bring, and the tutor does not count on the opponents' mistakes.") in texts, texts
    evidence = {**j.evidence, "calls": [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()],
                "samples": 20}
    lost = cost(evidence, "120 Eichel")
    assert lost is not None and lost.best == "157 Eichel" and lost.points == 314 - 277
    assert cost(evidence, "150 Eichel") is None


def test_a_read_the_deals_cannot_give_says_which_way_the_figures_lean():
    # QA s35 P4, P9, P10: "A and partner make their 90 Obenabe in 0 of 100 deals" (B holds three
    # Aces: the deals cannot give A a hand his count bids 90 Obenabe with) and a konter made on
    # 50 of 50, each beside a line that the deals give the caller any hand, which read as "these
    # figures are unreliable". The hands the deals give him are ones his count would not make the
    # call with, weaker by its measure: the figures lean against his side, and the line says so
    from tutor.judgement.base import UNHELD

    for kind, line in UNHELD.items():
        if kind == "fort":      # the forts' denials: no caller's strength to lean on
            continue
        assert line.text("en").endswith("so the figures lean against his side."), kind
        assert "eher gegen seine Seite" in line.text("de") and "contre son camp" in line.text("fr"), kind


def test_equal_calls_that_all_win_the_partie_on_every_deal_are_said_to():
    # QA s35 P44: at AC 1909 : BD 150 (target 2000) with four Aces, "120 Obenabe (+2000), 50 Obenabe
    # (+2000), 50 Undenufe Misère (+2000) and 9 more calls are equally good": every one wins the
    # Partie on every deal (the rules' "Partieende": AC reach the target), and one line says so.
    # Given figures: the Partie won (+2000) on every deal for each of three openings
    from tutor.judgement.base import Standing

    hand, auction = "Eichel:UA8 Schellen:K7 Rosen:A86 Schilten:9", ""
    h, reader, seat, _r, truthful = conventions.position(hand, auction)
    offered = [str(r.call) for r in truthful if str(r.call)[:1].isdigit()][:3]
    assert len(offered) >= 2, offered
    values = {c: [2000] * 10 for c in offered}
    values["fort"] = [0] * 10
    ev = SimpleNamespace(calls=[{"call": c, "expected": sum(v) / 10} for c, v in values.items()], values=values,
                         samples=10, contracts=[], standing=None, stopped_early=False, seat=seat, unprobed=[])
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    standing = Standing({"AC": 1909, "BD": 150}, 2000)
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, standing)
    texts = [x.text("en") for x in j.lines]
    assert "Each of these calls wins the Partie on every one of the 10 deals." in texts, texts
    # one equally good call that wins on nine deals and brings 1990 on the tenth: not said
    values[offered[1]] = [2000] * 9 + [1990]
    ev.calls = [{"call": c, "expected": sum(v) / 10} for c, v in values.items()]
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, standing)
    assert not any("wins the Partie on every" in x.text("en") for x in j.lines)


def test_the_deals_do_not_double_an_opponent_s_bid_they_cannot_read():
    # QA s35 Q6's other half: a number that shows no cards which the deals cannot read (they give its
    # bidder any hand the auction allows, "unheld") fails on them more often than the bid deserves, so a
    # double of it looks better than it is; where the count does not double, the count's call stands,
    # with one line why. Given figures: B, out after his fort, may double A's 130 Eichel; the deals
    # value the double above saying nothing, but A's 130 Eichel (a raise above 120) was not read
    from tutor.judgement.base import NOTHING

    hand, auction = "Eichel:86 Schellen:AK7 Rosen:98 Schilten:O6", "60 Eichel, fort, 80 Eichel, fort, 130 Eichel"
    h, reader, seat, _r, truthful = conventions.position(hand, auction, None, "B")
    values = {"dopple": [300] * 8 + [-200] * 2, NOTHING: [-100] * 10}
    ev = SimpleNamespace(calls=[{"call": c, "expected": sum(v) / 10} for c, v in values.items()], values=values,
                         samples=10, contracts=[], standing=None, stopped_early=False, seat=seat, unprobed=[],
                         unheld=["raise"])
    ev.contract = lambda text: None
    ev.to_json = lambda: {}
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    texts = [x.text("en") for x in j.lines]
    assert j.pick is None or str(j.pick.call) != "dopple", texts
    assert ("The deals cannot read A's 130 Eichel: they give him hands his count would not bid it with, so they "
            "undervalue it and cannot judge doubling it: here the count decides.") in texts, texts
    # read (nothing unheld): the deals' double stands
    ev.unheld = []
    j = voice.judge_by(ev, h, reader.situation(seat), truthful, None)
    assert j.pick is not None and str(j.pick.call) == "dopple"


def test_the_misere_count_says_who_takes_what_and_that_the_opponents_points_are_credited():
    # QA s35 P57: "with 70 for the partner's cards the team is credited about 87. The sure 87 alone
    # reach 70" left a learner to guess what "credited" meant. The rules: in a Misère the team is
    # credited the opponents' tricks ("die Stiche der Gegenseite gutgeschrieben"). With no card that
    # might take a trick in Undenufe Misère (four Aces and four Kings: every one falls under a lower
    # card) and about 70 for the partner's tricks, the opponents take 157 - 70 = 87, credited to us
    from tutor.judgement.count import MISERE_PARTNER

    advice = conventions.advise("Eichel:AK Schellen:AKO Rosen:AK Schilten:AK", "70 Undenufe Misère, B: dopple",
                                "erweitert", seat="A", judge=voice.default_judge(count=True))
    text = [x.text("en") for x in advice.lines]
    want = (f"Undenufe Misère: cards that might take a trick: none; with about {MISERE_PARTNER} points for the tricks "
            f"the partner's cards take, the opponents take about {157 - MISERE_PARTNER}, which a Misère credits to our "
            f"team")
    assert any(line.startswith(want) for line in text), text


def test_a_sacrifice_is_said_only_where_most_deals_fail_clearly_and_are_played_out():
    # QA s35 Q9: "70 Eichel fails in most of these deals: it is a sacrifice" at 35 of 100 deals,
    # all estimated, where exact play makes it on 10 of 20 (the estimate leans against the short-trump
    # Zehner in the opponents' suit). The words call a bid a sacrifice only where it fails on clearly
    # more than half (more than two standard errors) of deals mostly played out exactly
    from tutor.conventions import replay

    s = replay("60 Eichel", "verband").situation("B")
    by_call = {"70 Eichel": -72.0, "fort": -111.0}
    here = {"contract": "70 Eichel", "made": 35, "p_make": 0.35}
    line = voice._sacrifice_line(SimpleNamespace(samples=100, estimated=0, doubled=[]), "70 Eichel", here, s, by_call)
    assert line and "it is a sacrifice" in line[0].text("en")
    assert voice._sacrifice_line(SimpleNamespace(samples=100, estimated=100, doubled=[]), "70 Eichel", here, s,
                                 by_call) == []
    # 45 of 100: below half, but within two standard errors of it (45 + 2 x 5 = 55)
    here = {"contract": "70 Eichel", "made": 45, "p_make": 0.45}
    assert voice._sacrifice_line(SimpleNamespace(samples=100, estimated=0, doubled=[]), "70 Eichel", here, s,
                                 by_call) == []


def test_a_small_steady_gap_says_why_it_is_not_equally_good_beside_a_swinging_one_as_far():
    # QA s36 Q3: "120 Eichel ... 4 less than 130 Eichel, more than chance alone allows (±1)" beside
    # "110 Eichel and fort (4 less, ±4) are equally good": one rule (within chance on the same deals,
    # and within 20), whose reason the words must show: the one gap is steady, the others swing.
    # Given figures: 120 Eichel 6 less on three deals of four and 2 more on the fourth (4 less on
    # average, two standard errors of the difference 1.8); 110 Eichel 44 less or 36 more (4 less, ±18)
    said = conventions.advise(A_HAND, BEFORE_A).call
    assert said not in ("110 Eichel", "120 Eichel")
    best = [300, 320] * 10
    values = {said: best, "120 Eichel": [b - d for b, d in zip(best, [6, 6, 6, -2] * 5)],
              "110 Eichel": [b - d for b, d in zip(best, [44, -36] * 10)], "fort": [-60] * 20}
    j, texts = _judged(values)
    assert set(j.equal) == {said, "110 Eichel"}
    line = next(t for t in texts if t.startswith("The best of the other calls"))
    assert line == (f"The best of the other calls, 120 Eichel, brings +306 board points on average: over the same "
                    f"deals 4 less than {said}, a small gap, but more than chance alone allows (±2); "
                    f"110 Eichel is as far from {said} on average or farther, but its gap swings from deal to deal "
                    f"within what chance allows, so it counts as equally good."), line


def test_a_kept_hilfe_is_worded_by_the_auction_after_it_not_as_the_contract_played():
    # QA s36 Q1's words: the tutor kept the Hilfe 90 Schilten with "+245 against 140 Schilten's +295:
    # here the conventions decide", the Hilfe valued as the contract played, where the bidding goes
    # on after it. Given figures: the Hilfe as the contract played +245, by the auction after it
    # +277 on 10 deals (the bidding ends at 150 Schilten on all of them), the best call 140
    # Schilten +295
    from tutor.judgement.simulation import Contract

    h, reader, seat, _r, _t = conventions.position("Schilten:9A Eichel:AK Schellen:AK Rosen:AKO", "80 Schilten, fort")
    s = reader.situation(seat)
    best = [295] * 10
    by_call = {"90 Schilten": 245.0, "140 Schilten": 295.0}
    within = {"call": "90 Schilten", "values": [217, 337] * 5, "value": 277.0,
              "end": Contract("Schilten", 150, "C"), "ended": 10, "stood": 0, "ours": 10, "played": list(range(10))}
    ev = SimpleNamespace(samples=10, values={"140 Schilten": best})
    line = voice._kept_hilfe_line(ev, s, within, "140 Schilten", by_call).text("en")
    assert line.startswith("Counting instead the contract the bidding reaches after it, the others bidding on as the "
                           "count bids, the Hilfe 90 Schilten brings +277 (+245 as if nobody bid after it; the "
                           "bidding ends at 150 "
                           "Schilten in 10 of the 10 deals), 18 less than 140 Schilten, within what chance alone "
                           "allows"), line
    assert line.endswith("and it tells A what this hand holds: the tutor gives it.") and "conventions decide" not in line
    # the same gap on every deal: beyond chance, but within the 20 points the tutor counts equal
    steady = {**within, "values": [277] * 10}
    line = voice._kept_hilfe_line(ev, s, steady, "140 Schilten", by_call).text("en")
    assert "18 less than 140 Schilten, a small gap (chance alone: ±0)" in line
    # 40 less on every deal with no sure higher bid: the conventions decide, and the line says why
    far = {**within, "values": [255] * 10, "value": 255.0}
    line = voice._kept_hilfe_line(ev, s, far, "140 Schilten", by_call).text("en")
    assert "40 less than 140 Schilten" in line and "no higher bid of its suit is shown to be made on nearly every deal" in line
    assert line.endswith("here the conventions decide.")


def test_fort_valued_by_the_auction_after_it_says_where_that_auction_ends():
    # QA s37 N38: "D and partner make their 130 Rosen in 100 of 100 deals" beside "fort brings our
    # team +267": the partner's 140 Schellen after the fort was never said. Given endings: after
    # fort the bidding ends at C's 140 Schellen on 9 of 10 deals, at D's 130 Rosen on one
    from tutor.judgement.simulation import Contract, Ending

    h, reader, seat, _r, _t = conventions.position("Schellen:U876 Eichel:A8 Rosen:7 Schilten:AK",
                                                   "80 Schellen, 90 Rosen, 100 Schellen, 130 Rosen")
    s = reader.situation(seat)
    ends = [Ending(Contract("Schellen", 140, "C"))] * 9 + [Ending(Contract("Rosen", 130, "D"))]
    ev = SimpleNamespace(samples=10, continued=["fort"], endings={"fort": ends})
    text = [x.text("en") for x in voice.continued_lines(ev, "fort", False, s.auction.high)]
    assert text[1] == "After fort the bidding goes on: it ends at 140 Schellen, C's bid, in 9 of the 10 deals."
    # where it mostly ends at the standing bid itself, nothing more is said
    ev.endings = {"fort": [Ending(Contract("Rosen", 130, "D"))] * 10}
    assert len(voice.continued_lines(ev, "fort", False, s.auction.high)) == 1


def test_numbers_left_out_in_several_strains_are_named_by_strain():
    # QA s37 N46: "90 Undenufe and 27 other numbers would show no cards": each strain's numbers as
    # one range ("90 to 150 Undenufe, ..."), not one call and a count
    from tutor.rules import load

    h, reader, seat, _r, _t = conventions.position("Eichel:67 Schellen:67 Rosen:789 Schilten:AK", "80 Undenufe, fort",
                                                   load("erweitert"))
    s = reader.situation(seat)
    dropped = [f"{v} {k}" for k in ("Undenufe", "Obenabe") for v in range(90, 160, 10)]
    ev = SimpleNamespace(values={c: [10] for c in dropped})
    line = voice.left_out_line(ev, dropped, s).text("en")
    assert line.startswith("90 to 150 Undenufe and 90 to 150 Obenabe would show no cards"), line


def test_deals_where_an_opponent_bids_over_the_hilfe_in_an_unplayed_game_are_counted_and_said():
    # after fold 1 of session 37 the count's D bids over C's Hilfe 90 Schilten in his own suit on 5
    # of 75 deals, games the deals did not play out: the Hilfe is valued over the other 70, said so
    text = [x.text("en") for x in voice._unplayed_line({"played": list(range(70))}, 75)]
    assert text == ["On 5 of the 75 deals an opponent bids over the Hilfe in a game these deals did not play out; "
                    "the Hilfe is counted over the other 70."]
    assert voice._unplayed_line({"played": list(range(75))}, 75) == []


class _Given:
    """A judge on given figures (each call's value deal by deal; konter the deals' best mean, as
    Evaluation.to_json), worded by the voice."""

    name = "given"

    def __init__(self, values: dict) -> None:
        self.values = values

    def choose(self, hand, s, readings, standing=None):
        values = self.values
        calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
        ev = SimpleNamespace(calls=calls, values=values, samples=20, contracts=[], standing=None,
                             stopped_early=False, seat=s.seat, unprobed=[])
        ev.contract = lambda text: None
        ev.to_json = lambda: {"recommended": "konter"}
        return voice.judge_by(ev, hand, s, readings, standing)


def test_say_nothing_is_not_called_unprofitable_where_the_deals_favour_the_konter():
    # QA s38 F5.2 (H11): "Say nothing: it does not pay here." and two lines later "konter brings
    # more, +585" (against +364): one answer contradicted itself. Where the voice keeps to the
    # count's silence against the deals' konter (the rules' worked example: "für 400 Zielpunkte ist
    # sie ihm zu unsicher"), its first line says so; the count's own silence keeps "it does not pay"
    auction = BEFORE_A + ", 100 Eichel, D: dopple"
    advice = conventions.advise(A_HAND, auction, seat="A", judge=_Given({"konter": [500] * 20, "nothing": [300] * 20}))
    assert advice.call is None
    en = advice.reasons("en")
    assert en[0] == ("Say nothing: the deals favour konter, but the tutor keeps to the count here, for the "
                     "reason given below.")
    assert not any("does not pay" in t for t in en)
    assert voice.KONTER_LINE.text("en") in en[1:]
    assert "surcontre" in advice.reasons("fr")[0]
    assert conventions.advise(A_HAND, auction, seat="A").reasons("en")[0] == "Say nothing: it does not pay here."


def test_say_nothing_does_not_say_the_deals_favour_a_konter_they_find_as_good():
    # QA s42 F9 (KP, at the Partie's end): "Say nothing: the deals favour konter, but ..." above
    # "saying nothing (+2000) and konter (+2000) are equally good: ... the same on every deal".
    # Where the count's silence is among the deals' equally good calls, the first line says so
    # (konter is the deals' best mean: the first of a tie)
    advice = conventions.advise(A_HAND, BEFORE_A + ", 100 Eichel, D: dopple", seat="A",
                                judge=_Given({"konter": [2000] * 20, "nothing": [2000] * 20}))
    assert advice.call is None
    en = advice.reasons("en")
    assert en[0] == ("Say nothing: the deals find konter as good, and the tutor keeps to the count here, for the "
                     "reason given below.")
    assert not any("favour" in t for t in en)


def test_an_ace_announcement_valued_by_the_auction_after_it_yields_where_it_brings_clearly_less():
    # QA s38 F4 (J5): the count's 85 Rosen "I hold the Ace of your suit" on Rosen A 8, "they will
    # bid on", was kept unvalued ("here the conventions decide"); an opponent may double it at
    # once. Exact play of the auction after each call (48 deals, seed 1, the count bidding on and
    # doubling in the window, every contract reached solved; /tmp/voice39/excont.py, session 39):
    # 85 Rosen -243.0, fort -229.4, 140 Schellen -4.0 (lead over 85 Rosen 239 +- 78). The figures
    # here are given, in that order of size: the announcement, valued by the auction after it,
    # yields to the deals' best and the line says what it brings and how often it is doubled
    from tutor.judgement.simulation import Contract, Ending

    hand, auction = "Schellen:U87 Eichel:K6 Rosen:A8 Schilten:O7", "60 Schellen, 70 Rosen, 75 Eichel, 80 Rosen"
    assert conventions.advise(hand, auction).call == "85 Rosen"      # the count's Ace announcement
    values = {"140 Schellen": [150, -150] * 10, "85 Rosen": [-200, -280] * 10, "fort": [-230] * 20}
    endings = {"85 Rosen": [Ending(Contract("Rosen", 85, "A"), 2)] * 2 + [Ending(Contract("Rosen", 100, "D"))] * 18}
    j, texts = _judged_ev(hand, auction, values, continued=["140 Schellen", "85 Rosen", "fort"], endings=endings)
    assert str(j.pick.call) == "140 Schellen"
    assert ("The Ace announcement 85 Rosen tells C where an Ace is, but it is a contract too: valued by the auction "
            "after it, the others bidding on as the count bids and an opponent doubling it at once where the count "
            "doubles, it is left to play in 2 of the 20 deals (2 of them doubled) and brings -240, 240 less than "
            "140 Schellen (chance alone: ±50). So the tutor bids 140 Schellen.") in texts, texts
    assert not any("they will bid on" in t for t in texts)     # the count's reason is not given for another call
    # a gap within chance (30 against ±147) keeps the announcement, the conventions deciding
    values["85 Rosen"] = [-100, 100] * 10
    values["140 Schellen"] = [250, -190] * 10
    j, texts = _judged_ev(hand, auction, values, continued=["140 Schellen", "85 Rosen", "fort"], endings=endings)
    assert str(j.pick.call) == "85 Rosen"
    assert voice.INFORMATION_BID_OUT_LINE.text("en") in texts
    # not valued by the auction after it (simulation.ACE_BID_OUT off, a stored evidence): the line says how
    # the deals' best is counted (judge, session 44: "as if nobody bid after it" was untrue beside a best call
    # valued by the auction after it), and "as if nobody bid after it" only where it is so counted
    values = {"140 Schellen": [150, -150] * 10, "fort": [-230] * 20}
    j, texts = _judged_ev(hand, auction, values, continued=["140 Schellen", "fort"], endings={})
    assert str(j.pick.call) == "85 Rosen"
    assert voice.INFORMATION_BID_OUT_LINE.text("en") not in texts and voice.INFORMATION_LINE.text("en") not in texts
    assert ("The deals count 140 Schellen by the contract the bidding reaches after it, the others bidding on as the "
            "count bids; the Ace announcement tells the partner what the hand holds, and they do not value it: here "
            "the conventions decide.") in texts, texts
    j, texts = _judged_ev(hand, auction, values, continued=["fort"], endings={})
    assert str(j.pick.call) == "85 Rosen" and voice.INFORMATION_LINE.text("en") in texts



def test_only_the_count_s_ace_announcement_in_the_opponents_suit_is_bid_out():
    # the deals weigh the count's own announcement "I hold the Ace of your suit" by the auction
    # after it (QA s38 F4), and pick none the count does not make (doppeln-gen-05: the count
    # says fort; valuing its 75 Schilten had the deals pick it, unsettled by exact play); an
    # announcement in an open suit stays unvalued (the rules' worked example, beispiel-04)
    from tutor.judgement.simulation import _aces

    for hand, auction, seat, want in (
            ("Schellen:U87 Eichel:K6 Rosen:A8 Schilten:O7", "60 Schellen, 70 Rosen, 75 Eichel, 80 Rosen", "A",
             ["85 Rosen"]),
            ("Eichel:AOU Rosen:K96 Schilten:AO6", "fort, 60 Schellen, 70 Schilten", "D", []),
            ("Eichel:KB Schellen:AO Rosen:AK7 Schilten:U9", "60 Eichel, 70 Schellen, 90 Eichel", "D", [])):
        h, reader, seat, _r, truthful = conventions.position(hand, auction, None, seat)
        assert [str(r.call) for r in _aces(h, reader.situation(seat), truthful, None)] == want
    # beispiel-04's D announces 95 Rosen, an open suit: not bid out
    assert conventions.advise("Eichel:KB Schellen:AO Rosen:AK7 Schilten:U9", "60 Eichel, 70 Schellen, 90 Eichel").call \
        == "95 Rosen"


def test_the_double_of_an_ace_announcement_stands_where_fort_is_valued_by_the_auction_after_it():
    # QA s39 F3 (X1): D may double C's Ace announcement 75 Eichel; the deals valued the double
    # best (+134 against the count's 90 Eichel +79) and the voice kept the count's call, "the
    # deals value the double and saying nothing as if the Ace announcement were played". But
    # the double ends the bidding ("Das Doppeln beendet das Bieten"): the doubled announcement
    # IS played, and D, in turn, has his fort valued by the auction after it (a contested
    # auction), so nothing is valued as the announcement left standing. The QA's exact play (12
    # deals): C's 75 Eichel doubled BD +183.7; D's 90 Eichel +146.7 if it stands, A's 100
    # Schellen over it BD -107.8. Given figures in that order: the double stands
    hand, auction = "Eichel:KOB97 Rosen:8 Schellen:A8 Schilten:K", "60 Schellen, 70 Rosen, 75 Eichel"
    assert conventions.advise(hand, auction, seat="D").call == "90 Eichel"     # the count's call
    values = {"dopple": [184, 84] * 10, "90 Eichel": [147, 11] * 10, "fort": [-60] * 20}
    j, texts = _judged_ev(hand, auction, values, seat="D", continued=["90 Eichel", "fort"], endings={})
    assert str(j.pick.call) == "dopple"
    assert voice.ACE_STANDING_LINE.text("en") not in texts
    # where the deals value fort as the announcement standing (not bid out), the count decides
    j, texts = _judged_ev(hand, auction, values, seat="D", continued=[], endings={})
    assert str(j.pick.call) == "90 Eichel"
    assert voice.ACE_STANDING_LINE.text("en") in texts


def test_a_hilfe_valued_by_the_auction_after_it_in_a_contested_auction_gives_the_gap_and_why_it_stays():
    # QA s39 F4.3 (H3): C's Hilfe 120 Rosen over B's 100 Schilten, valued as every call there by
    # the auction after it, printed "140 Rosen brings more, +300" beside +96 and then only "here
    # the conventions decide". Given figures on 10 deals: the Hilfe +97 (the bidding ends at 120
    # Rosen on 7 of them), 130 Rosen +159 by the same auction, 62 more on every deal, and no higher
    # Rosen bid made on nearly every deal (130 on 8 of 10). (Exact play of the auction after each
    # call, 48 deals, seed 1, session 40: the Hilfe +121.5, 130 Rosen +158.7, 37 +- 64 ahead: within
    # chance, so the Hilfe stays.)
    from tutor.judgement.simulation import Contract

    hand, auction = "Rosen:9K7 Eichel:A8 Schellen:O87 Schilten:6", "60 Rosen, 100 Schilten"
    h, reader, seat, _r, truthful = conventions.position(hand, auction, seat="C")
    s = reader.situation(seat)
    values = {"120 Rosen": [97] * 10, "130 Rosen": [159] * 10, "fort": [-120] * 10}
    after = {"call": "120 Rosen", "values": [97] * 10, "value": 97.0, "end": Contract("Rosen", 120, "C"), "ended": 7,
             "stood": 7, "ours": 9, "played": list(range(10)), "estimated": False}
    calls = [{"call": c, "expected": sum(v) / len(v)} for c, v in values.items()]
    ev = SimpleNamespace(calls=calls, values=values, samples=10, contracts=[], standing=None, seat=seat, unprobed=[],
                         contract=lambda text: None, to_json=lambda: {}, continued=["120 Rosen", "130 Rosen", "fort"],
                         hilfe_after=after, made=lambda c: [d < 8 for d in range(10)])
    line = voice._bid_out_hilfe_line(ev, s, after, "130 Rosen", {c["call"]: c["expected"] for c in calls}).text("en")
    assert line == ("Counted, as every call here, by the contract the bidding reaches after it, the Hilfe 120 Rosen "
                    "brings +97 (the bidding "
                    "ends at 120 Rosen in 7 of the 10 deals), 62 less than 130 Rosen (chance alone: ±0); but no "
                    "higher bid of its suit is shown to be made on nearly every deal and to bring clearly more, and "
                    "the Hilfe tells A what this hand holds, so that he can bid higher himself where his hand says "
                    "so, which the deals' partner, who bids as the count bids, cannot show: here the conventions "
                    "decide."), line
    # the answer keeps the Hilfe and gives that line once, in place of the bare "the conventions decide"
    j = voice.judge_by(ev, h, s, truthful, None)
    texts = [x.text("en") for x in j.lines]
    assert str(j.pick.call) == "120 Rosen" and line in texts
    assert sum("the conventions decide" in t for t in texts) == 1
    assert voice.information_why(ev, s, truthful, "120 Rosen").text("en") == line   # the quiz's numbers say it too
    fr = voice._bid_out_hilfe_line(ev, s, after, "130 Rosen", {c["call"]: c["expected"] for c in calls}).text("fr")
    assert "62 de moins que 130 Rosen" in fr and fr.endswith("les conventions décident.")


def _hilfe_case(made_140: int, *, after_values=None, end=None, ended=0, ours=20, hilfe_made=20, lead=60):
    """C's Hilfe 70 Eichel behind A's 60 Eichel (B fort) on 20 given deals: 140 Eichel made on
    ``made_140`` of them and worth ``lead`` more a deal than the Hilfe valued by the auction
    after it (``after_values``; the bidding ends at ``end`` on ``ended`` of them, in the team's
    contract on ``ours``), the Hilfe as the contract played made on ``hilfe_made``."""
    from tutor.judgement.simulation import Contract

    h, reader, seat, _r, _t = conventions.position("Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O", "60 Eichel, fort")
    n = 20
    after_values = after_values or [100] * n
    values = {"70 Eichel": [300] * n, "140 Eichel": [v + lead for v in after_values], "fort": [0] * n}
    made = {"70 Eichel": [d < hilfe_made for d in range(n)], "140 Eichel": [d < made_140 for d in range(n)]}
    ev = SimpleNamespace(samples=n, values=values, calls=[{"call": c, "expected": sum(v) / n} for c, v in values.items()],
                         made=lambda c: made.get(c))
    after = {"call": "70 Eichel", "values": after_values, "value": sum(after_values) / n,
             "end": end if end is not None else Contract("Eichel", 70, "C"), "ended": ended, "stood": 0, "ours": ours,
             "played": list(range(n)), "estimated": False}
    return ev, reader.situation(seat), after


def test_a_hilfe_yields_only_to_a_higher_bid_made_on_nearly_every_deal():
    # voice.SURE_SHARE: a Hilfe yields to a higher bid of its suit made on 95 % of the deals or
    # more that brings clearly more than the Hilfe valued by the auction after it (QA s36 Q1);
    # on 20 deals 19 is nearly every deal, 18 is not (s38 mutants of _unused_hilfe: `>=` and `*`)
    ev, s, after = _hilfe_case(19)
    found = voice._unused_hilfe(ev, s, after, ["140 Eichel"])
    assert found is not None and found["call"] == "140 Eichel" and found["made"] == 19 and found["lead"] == 60
    ev, s, after = _hilfe_case(18)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    # the Hilfe itself, made on every deal and worth more as the contract played than by the
    # auction after it, is no higher bid (a mutant counted the Hilfe's own number as higher)
    ev, s, after = _hilfe_case(0)
    assert voice._unused_hilfe(ev, s, after, ["70 Eichel", "140 Eichel"]) is None


def test_a_hilfe_that_fixes_a_higher_contract_yields_to_a_sure_lower_number_however_small_its_lead():
    # QA s36 Q1 after count's 30a6ee1: where the auction after the Hilfe ends in one higher number
    # of the same game on 95 % of the deals the team keeps the contract on, and the team keeps it
    # on 90 % of them or more, the Hilfe decides nothing: a sure lower number the deals value more
    # is bid, however small its lead. Given: 140 Eichel made on all 20 deals, 5 a deal above the
    # Hilfe (within EQUAL_POINTS), the auction after the Hilfe ends at C's 150 Eichel
    from tutor.judgement.simulation import Contract

    at_150 = Contract("Eichel", 150, "C")
    ev, s, after = _hilfe_case(20, end=at_150, ended=19, ours=20, lead=5)
    found = voice._unused_hilfe(ev, s, after, ["140 Eichel"])
    assert found is not None and found["fixed"] and found["call"] == "140 Eichel"
    # 18 of the 20 endings at 150 is not 95 %: the partner decides, the small lead does not move the Hilfe
    ev, s, after = _hilfe_case(20, end=at_150, ended=18, ours=20, lead=5)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    # the team keeps the contract on 17 of 20 deals (under 90 %): not fixed
    ev, s, after = _hilfe_case(20, end=at_150, ended=17, ours=17, lead=5)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    # the team keeps it on 18 of 20 (90 %), ending at 150 on all of them: fixed
    ev, s, after = _hilfe_case(20, end=at_150, ended=18, ours=18, lead=5)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"])["fixed"]
    # the auction ends at 140 itself: no higher number is fixed
    ev, s, after = _hilfe_case(20, end=Contract("Eichel", 140, "C"), ended=20, ours=20, lead=5)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    # in another game, or the partner's: not the Hilfe's way to a number this hand can bid
    ev, s, after = _hilfe_case(20, end=Contract("Eichel", 150, "A"), ended=20, ours=20, lead=5)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    ev, s, after = _hilfe_case(20, end=Contract("Rosen", 150, "C"), ended=20, ours=20, lead=5)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    # fixed, but the higher bid brings nothing more: the Hilfe stays
    ev, s, after = _hilfe_case(20, end=at_150, ended=20, ours=20, lead=0)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None


def test_a_hilfe_yields_where_the_lead_is_beyond_chance_and_beyond_equal_points():
    # not fixed (the auction ends at the Hilfe): the higher bid must lead by more than chance
    # allows and by more than EQUAL_POINTS (20)
    spread = [0, 200] * 10           # the Hilfe's values swing from deal to deal
    ev, s, after = _hilfe_case(20, lead=21)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is not None     # 21 on every deal: beyond both
    ev, s, after = _hilfe_case(20, lead=20)
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None         # 20: not more than EQUAL_POINTS
    ev, s, after = _hilfe_case(20, after_values=spread, lead=0)
    ev.values["140 Eichel"] = [130] * 20                                       # 30 ahead on average, ±46 by chance
    lead, margin = voice.paired_lead(ev.values["140 Eichel"], spread)
    assert lead == 30 and margin > 30
    ev, s, after = _hilfe_case(20, after_values=spread, lead=0)
    ev.values["140 Eichel"] = [150] * 20                                       # 50 ahead, beyond the ±46
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is not None
    ev, s, after = _hilfe_case(20, after_values=spread, lead=0)
    ev.values["140 Eichel"] = [130] * 20
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None


def test_a_hilfe_yields_to_the_first_sure_higher_bid_and_says_by_how_much():
    # the equally good calls are asked first, and the first sure one is the bid (a later sure
    # one does not replace it); its line gives the lead and what chance alone allows
    ev, s, after = _hilfe_case(20, after_values=[0, 200] * 10, lead=0)
    ev.values["140 Eichel"] = [200] * 20                  # 100 ahead, ±46 by chance
    ev.values["130 Eichel"] = [190] * 20
    ev.calls = [{"call": c, "expected": sum(v) / 20} for c, v in ev.values.items()]
    made = {"140 Eichel": [True] * 20, "130 Eichel": [True] * 20}
    ev.made = lambda c: made.get(c)
    ev.contracts, ev.standing, ev.seat, ev.unprobed = [], None, "C", []
    ev.contract = lambda text: None
    found = voice._unused_hilfe(ev, s, after, ["140 Eichel", "130 Eichel"])
    assert found["call"] == "140 Eichel" and found["lead"] == 100 and round(found["margin"]) == 46
    h, reader, seat, _r, truthful = conventions.position("Eichel:96 Schellen:KO8 Rosen:B87 Schilten:O", "60 Eichel, fort")
    j = voice._unused_hilfe_judgement(ev, s, truthful, None, {}, "70 Eichel", ["140 Eichel", "130 Eichel"],
                                      {c["call"]: c["expected"] for c in ev.calls}, found)
    assert str(j.pick.call) == "140 Eichel"
    line = next(x.text("en") for x in j.lines if x.text("en").startswith("The Hilfe, 70 Eichel, tells A"))
    assert "the Hilfe brings +100, 100 less than 140 Eichel (chance alone: ±46), which is made in 20 of them" in line


def _estimated(ev, made_140: int, n: int = 20):
    """``ev`` as mostly estimated deals whose proved bounds settle 140 Eichel by C on every deal:
    made on ``made_140`` of them (the solver is not asked)."""
    ev.games = [("Eichel", "C")]
    ev.deals = [object() for _ in range(n)]
    ev.judged = [[SimpleNamespace(lo=150, hi=150) if d < made_140 else SimpleNamespace(lo=100, hi=100)]
                 for d in range(n)]
    return ev


def test_where_the_deals_are_mostly_estimated_a_hilfe_yields_only_to_a_bid_exact_play_settles_sure(monkeypatch):
    # voice._proved_made (the rule before session 42, behind voice.PROOF_SAMPLE off): the higher bid
    # counts only by what exact play proves (the bounds here settle every deal); the first
    # PROOF_CANDIDATES (2) higher bids are asked, no more
    monkeypatch.setattr(voice, "PROOF_SAMPLE", False)
    ev, s, after = _hilfe_case(0, lead=60)
    after["estimated"] = True
    ev = _estimated(ev, 19)
    voice._PROOF_MEMO.clear()
    found = voice._unused_hilfe(ev, s, after, ["140 Eichel"])
    assert found is not None and found["call"] == "140 Eichel" and (found["proved"], found["settled"]) == (19, 20)
    ev, s, after = _hilfe_case(20, lead=60)          # the estimate makes it on all 20, exact play on 18
    after["estimated"] = True
    ev = _estimated(ev, 18)
    voice._PROOF_MEMO.clear()
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    # deals not at hand to ask (a judged list of another length): nothing yields
    ev, s, after = _hilfe_case(20, lead=60)
    after["estimated"] = True
    ev = _estimated(ev, 20)
    ev.judged = ev.judged[:19]
    voice._PROOF_MEMO.clear()
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel"]) is None
    # a sure bid third in line is not asked: two higher bids before it that exact play does not settle
    # (no estimate of them to ask about) use up the candidates
    ev, s, after = _hilfe_case(20, lead=60)
    after["estimated"] = True
    ev = _estimated(ev, 20)
    ev.games = [("Schellen", "C"), ("Rosen", "C"), ("Eichel", "C")]
    for row in ev.judged:
        row[:0] = [SimpleNamespace(lo=0, hi=0), SimpleNamespace(lo=0, hi=0)]
    ev.values.update({"110 Eichel": [500] * 20, "120 Eichel": [400] * 20})
    ev.calls = [{"call": c, "expected": sum(v) / 20} for c, v in ev.values.items()]
    voice._PROOF_MEMO.clear()
    assert voice._unused_hilfe(ev, s, after, ["110 Eichel", "120 Eichel", "140 Eichel"]) is None
    voice._PROOF_MEMO.clear()
    assert voice._unused_hilfe(ev, s, after, ["140 Eichel", "110 Eichel", "120 Eichel"])["call"] == "140 Eichel"
    voice._PROOF_MEMO.clear()      # second in line: still asked
    assert voice._unused_hilfe(ev, s, after, ["110 Eichel", "140 Eichel", "120 Eichel"])["call"] == "140 Eichel"


def test_a_matsch_that_wins_the_partie_on_most_deals_failed_or_made_says_so():
    # QA s41 F3 (G4): at AC 1400 : BD 1900 (target 2000) D's Matsch over C's 80 Eichel is made on few
    # deals, and still wins BD the Partie on most: the rules write a failed Matsch's declarers their
    # card points ("Verfehlt es ihn, schreibt es seine Kartenpunkte"), 100 of them reach 2000, AC
    # stay below, and nobody can bid over 157. On the deals where it neither is made nor brings BD
    # to the target the Partie goes on (a board difference, not the Partie lost), so "wherever it
    # fails it wins" was too strict a test, and the answer said nothing of why. Given figures: made
    # on 1 of 10, the Partie won on 6 (+2000), the game's board difference on the other 4
    from tutor.judgement.base import Standing

    hand, auction = "Eichel:K7 Schellen:AK Rosen:A8 Schilten:K86", "60 Eichel, fort, 80 Eichel"
    _h, reader, seat, _r, _t = conventions.position(hand, auction, None, "D")
    s, standing = reader.situation(seat), Standing({"AC": 1400, "BD": 1900}, 2000)
    made = [True] + [False] * 9

    def line(values):
        ev = SimpleNamespace(samples=10, values=values, estimated=8,
                             made=lambda c: made if c == "157 Schilten" else None)
        by_call = {c: sum(v) / 10 for c, v in values.items()}
        here = {"contract": "157 Schilten", "made": 1}
        return [x.text("en") for x in voice._sacrifice_line(ev, "157 Schilten", here, s, by_call, standing)]

    assert line({"157 Schilten": [2000] * 6 + [-300] * 4, "fort": [-160] * 10}) == [
        "At this score 157 Schilten wins the Partie on 6 of the 10 deals, made or not: the card points our team "
        "takes reach the target, and nobody can bid over a Matsch."]
    # winning the Partie on half the deals or fewer is no such call: said as before (here nothing,
    # the deals being mostly estimated)
    assert line({"157 Schilten": [2000] * 5 + [-100] * 5, "fort": [-160] * 10}) == []


def test_a_lead_just_above_chance_is_not_printed_as_equal_to_it():
    # QA s42 F6 (HH1): the Hilfe yielded to 140 Eichel, "29 less than 140 Eichel (chance alone:
    # ±29)": a lead of 29.4 above a margin of 28.6 read as no lead at all. Where the two round alike
    # the words give the decimals that tell them apart; elsewhere whole board points
    assert voice._shown_gap(29.4, 28.6) == ("29.4", "28.6")
    assert voice._shown_gap(29.04, 28.96) == ("29.04", "28.96")
    assert voice._shown_gap(30.2, 20.0) == (30, 20)
    assert voice._shown_gap(20.0, 29.0) == (20, 29)      # within chance: no decimals to argue with
