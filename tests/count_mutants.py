"""Hand mutations (issue 26) of the count's constants and conditions: each must be caught by the
count's tests (run from the repository root: it rewrites tutor/judgement/count.py for each mutant
and restores it; run it on a clean tree)::

    nice .venv/bin/python tests/count_mutants.py                  # every mutant
    nice .venv/bin/python tests/count_mutants.py "GUARD 2->1"     # only these

All 24 were caught on 2026-12-05 (the count's tests: test_judgement*.py with their
exact-play deals, test_worked_example.py, test_rules.py)."""
import subprocess, sys
P = "tutor/judgement/count.py"
MUTANTS = [
    ("FALL_PER_TRICK 10->5", "FALL_PER_TRICK = 10", "FALL_PER_TRICK = 5"),
    ("CONTROL_LENGTH 6->7", "CONTROL_LENGTH = 6 ", "CONTROL_LENGTH = 7 "),
    ("MISERE_PARTNER 70->50", "MISERE_PARTNER = 70", "MISERE_PARTNER = 50"),
    ("MISERE_DISCARDS 2->0", "MISERE_DISCARDS = 2", "MISERE_DISCARDS = 0"),
    ("MISERE_DISCARDS 2->4", "MISERE_DISCARDS = 2", "MISERE_DISCARDS = 4"),
    ("GUARD 2->1", "GUARD = 2 ", "GUARD = 1 "),   # killed by test_three_trumps_over_the_declarer_are_no_stack
    ("GUARD 2->3", "GUARD = 2 ", "GUARD = 3 "),
    ("KONTER_MARGIN 10->0", "KONTER_MARGIN = 10", "KONTER_MARGIN = 0"),
    ("KONTER_MARGIN 10->30", "KONTER_MARGIN = 10", "KONTER_MARGIN = 30"),
    ("FAILED_MATSCH_LOSS 20->80", "FAILED_MATSCH_LOSS = 20", "FAILED_MATSCH_LOSS = 80"),
    ("split risk: one opponent only", "return min(1.0, 2 * one / comb(unseen, 9))", "return min(1.0, 20 * one / comb(unseen, 9))"),
    ("matsch: risk ignored", "            if risk > worth:\n                continue", "            if False:\n                continue"),
    ("matsch: near lay-down never", "            if not isinstance(kind, Suit) or not _sides_run(hand, kind):\n                continue",
     "            continue"),
    # ("control: draws ignored", `c.control` without `or draws`) is left out: it is equivalent.
    # `Count.control` is read in `offence` only after the drawing branch has taken every hand
    # that draws, and in `_plain_counts` only beside "the hand holds the Puur": a hand that
    # draws without the Puur needs the partner's promised Puur, and a table without the
    # Ansageregeln (the only one that reads it there) promises nothing (2026-12-05).
    ("frei: partner's number ignored", "    if partner is not None:\n", "    if False:\n"),
    ("frei: partner's own count = his number", "    return max(0, (PARTNER_SHARE * value - TOTAL_POINTS) // (PARTNER_SHARE - 1))", "    return value"),
    ("frei: partner's own count nothing", "    return max(0, (PARTNER_SHARE * value - TOTAL_POINTS) // (PARTNER_SHARE - 1))", "    return 0"),
    ("offence: partner's Puur not counted", "    row = holding({r for r, held in ((PUUR, puur), (NELL, nell)) if held}, length)",
     "    row = holding({r for r, held in ((PUUR, hand.has(trump, PUUR)), (NELL, nell)) if held}, length)"),
    # the trump table's rows and the compete rule (D6, tests/test_count_play.py)
    ("FIVE_TRUMPS 5->6", "FIVE_TRUMPS = 5 ", "FIVE_TRUMPS = 6 "),
    ("FIVE_TRUMPS 5->4", "FIVE_TRUMPS = 5 ", "FIVE_TRUMPS = 4 "),
    ("FIVE_TRUMPS_SHORT 10->0", "FIVE_TRUMPS_SHORT = 10", "FIVE_TRUMPS_SHORT = 0"),
    ("FIVE_TRUMPS_SHORT 10->20", "FIVE_TRUMPS_SHORT = 10", "FIVE_TRUMPS_SHORT = 20"),
    ("COMPETE_FIVE 100->90", "COMPETE_FIVE = 100", "COMPETE_FIVE = 90"),
    ("COMPETE_FIVE 100->110", "COMPETE_FIVE = 100", "COMPETE_FIVE = 110"),
    ("compete ignored", "    reach = (max(c.expected, c.compete", "    reach = (max(c.expected, -1"),
    ("compete also on the own bid", " if theirs\n             else max(c.expected, alone_count(c, s)))\n    limit = min(reach",
     " if True\n             else max(c.expected, alone_count(c, s)))\n    limit = min(reach"),
    ("the opener's rebid ignored", "    if not (share and lowest):\n        return lowest, \"\"",
     "    if True:\n        return lowest, \"\""),
    # lesson 7's example (tests/test_lesson_examples.py: gegnerfarbe), test_the_ace_announcement_comes_before_the_wide_raise
    ("the wide raise before the Ace announcement", '    return lowest, "ace" if informs else "wide"',
     '    return lowest, "wide"'),
    # test_fort_explains_a_hilfe_that_would_fall_above_120, test_a_hilfe_above_120_is_named_with_its_number_and_top_card
    ("compete-wide above 120", "COMPETE_WIDE_UP_TO = 120", "COMPETE_WIDE_UP_TO = 157"),
    # test_the_openers_partner_bids_on_when_the_count_comes_close
    ("compete-wide off", "COMPETE_WIDE = 40 ", "COMPETE_WIDE = 0 "),
    # test_the_partie_double_gives_way_to_our_own_bid (QA s40 F3)
    ("the Partie's double before our own bid", "OWN_BID_FIRST = True ", "OWN_BID_FIRST = False "),
    # test_the_defence_against_undenufe_counts_the_sixes, test_aces_and_kings_do_not_double_an_undenufe (QA s40 F1)
    ("trumpless defence counted as a trump game", "TRUMPLESS_DEFENCE = True ", "TRUMPLESS_DEFENCE = False "),
    # test_the_openers_partner_bids_over_the_opponents_overcall (QA s39 F2b K5)
    ("the opener's partner never bids on", "COMPETE_RAISE = True ", "COMPETE_RAISE = False "),
    ("the opponents out ignored", "    return c.expected + OUT_CONTROL - c.row.points", "    return 0"),
    ("holding: first row by length only", "    return next(h for h in TRUMP_HOLDINGS if h.top <= top and length >= h.length)",
     "    return next(h for h in TRUMP_HOLDINGS if length >= h.length)"),
    ("holding: Puur and Nell short counts the Nell", '    Holding(frozenset({PUUR, NELL}), 0, VALUE["trump"][PUUR], False, 0,',
     '    Holding(frozenset({PUUR, NELL}), 0, VALUE["trump"][PUUR] + VALUE["trump"][NELL], False, 0,'),
    ("defender's trump line without trumps", "        elif {PUUR, NELL} <= shown and hand.length(trump):",
     "        elif {PUUR, NELL} <= shown:"),
    # the declaring team's long trumps ruff our second round (DECLARER_RUFFS; tests/test_count_play.py)
    ("LONG_TRUMPS 3->4", "LONG_TRUMPS = 3 ", "LONG_TRUMPS = 4 "),   # test_aces_and_kings_do_not_double_the_puur_zu_dritt
    ("LONG_TRUMPS 3->5", "LONG_TRUMPS = 3 ", "LONG_TRUMPS = 5 "),
    # ("LONG_TRUMPS 3->2") is left out: it is equivalent. The Puur is shown with two trumps only
    # by a Hilfe over the partner's Nell opening, and then Nell and Puur are shown: an earlier row.
    ("ruffs: long row leaves the second round", "    Ruffs(frozenset({PUUR}), LONG_TRUMPS, True, False,",
     "    Ruffs(frozenset({PUUR}), LONG_TRUMPS, True, True,"),
    ("ruffs: long row takes the falls", "    Ruffs(frozenset({PUUR}), LONG_TRUMPS, True, False,",
     "    Ruffs(frozenset({PUUR}), LONG_TRUMPS, False, False,"),
    ("ruffs: control row leaves the falls", "    Ruffs(frozenset({PUUR, NELL}), CONTROL_LENGTH, False, False,",
     "    Ruffs(frozenset({PUUR, NELL}), CONTROL_LENGTH, True, False,"),
    ("konter: lay-down only declarer", "    if c.lay_down and not is_misere(strain):", "    if s.seat == high.seat and c.lay_down and not is_misere(strain):"),
    # the konter's long trumps (Count.long_tricks; tests/test_count_play.py, exact play)
    ("konter: long trumps not counted", "        c.long_tricks = max(0, max(hand.length(trump), mine.length[0], partner_share) - most)",
     "        c.long_tricks = 0"),
    ("konter: long trumps of the hand only", "        c.long_tricks = max(0, max(hand.length(trump), mine.length[0], partner_share) - most)",
     "        c.long_tricks = max(0, hand.length(trump) - most)"),
    ("konter: long trumps counted twice", "    expected = min(TOTAL_POINTS, c.expected + FALL_PER_TRICK * c.long_tricks)",
     "    expected = min(TOTAL_POINTS, c.expected + 2 * FALL_PER_TRICK * c.long_tricks)"),
    ("konter: long trumps without control", "    if c.control:\n        # the trumps of the team's longer", "    if True:\n        # the trumps of the team's longer"),
    # F6: a team that wins the Partie even failing (tests/test_count_score.py)
    ("double: wins failing ignored",
     "    if standing is not None and end_rule != \"bonus\" and standing.wins_if_failed(team, value, theirs):",
     "    if False:"),
    # s39: the end rules (tests/test_count_score.py, the rules text's "Bekannte Schlussvarianten")
    ("double: Bonus rule ignored", "standing is not None and end_rule != \"bonus\" and standing.wins_if_failed(",
     "standing is not None and standing.wins_if_failed("),
    ("double: Überbiet reason ignored", "        if end_rule == \"ueberbiet\":", "        if False:"),
    ("konter: no falls", "    if expected >= value + KONTER_MARGIN:", "    if c.sure >= value + KONTER_MARGIN:"),
    ("konter: free konter ignored", "    if standing is not None and standing.loses_if_failed(team, value):", "    if False:"),
    ("double: no ruffs", "        ruffed = min(spare, second_round)", "        ruffed = 0"),
    ("SPARE_PER_TRUMP 1->2", "SPARE_PER_TRUMP = 1 ", "SPARE_PER_TRUMP = 2 "),
    ("double: guarded trumps Puur only", "        if r == PUUR or n >= above_out + i + GUARD:", "        if r == PUUR:"),
    ("double: theirs < value -> <=", "    if theirs + margin <= value and theirs < value:",
     "    if theirs + margin <= value + 10 and theirs <= value + 10:"),
    ("double: no margin on side tricks", "    margin = 0 if c.trump_tricks else DOUBLE_MARGIN", "    margin = 0"),
    ("double: Aces count against control", "            c.chances += mine_ace or Rank.ASS in their.has\n            continue\n",
     "            c.chances += mine_ace or Rank.ASS in their.has\n"),
    ("raise: control required", "    c, reach, target = raise_target(hand, s, readings, suit)\n",
     "    c, reach, target = raise_target(hand, s, readings, suit)\n    if not c.control:\n        return None\n"),
    ("misere: plus two", "            if above_out < i + 1:", "            if above_out < i + 2:"),
    ("double reasons silent", "    if silent:\n        lines.extend(c.lines)", "    if False:\n        lines.extend(c.lines)"),
    ("double: control ignored", "    Ruffs(frozenset({PUUR, NELL}), CONTROL_LENGTH, False, False,",
     "    Ruffs(frozenset({PUUR, NELL}), CONTROL_LENGTH, True, True,"),
    ("frei: no partner share in draws", "    draws = draws_trumps(hand, trump, mine, partner_share)", "    draws = draws_trumps(hand, trump, mine)"),
    # s45: the five-trump konter against the double's trumps (test_count_play.py)
    ("konter: the double's trumps unread", "DOUBLED_TRUMPS = True", "DOUBLED_TRUMPS = False"),
    # s46: the Matsch that wins the Partie made or not (F26, test_count_score.py)
    ("the Partie's Matsch never", "PARTIE_MATSCH = True", "PARTIE_MATSCH = False"),
    ("the Partie's Matsch: the double ignored", "    doubles = (False, True) if rules.doubling else (False,)",
     "    doubles = (False,)"),
    # s47: a failed Matsch without trump control counts only its trumps (F26, test_count_score.py, test_partie_fort q18)
    ("the Partie's Matsch: the side tricks counted without control", "FAILED_MATSCH_TRUMPS = True",
     "FAILED_MATSCH_TRUMPS = False"),
    ("plain fort line missing", "        standing = s.standing_value\n        lines.append(", "        standing = s.standing_value\n        0 and lines.append("),
]
TESTS = ["tests/test_count_texts.py", "tests/test_count_score.py", "tests/test_count_play.py", "tests/test_judgement.py", "tests/test_judgement_play.py",
         "tests/test_worked_example.py", "tests/test_rules.py", "tests/test_count_frei.py"]


def main() -> None:
    src = open(P).read()
    only = sys.argv[1:]
    survived = []
    for name, old, new in MUTANTS:
        if only and name not in only:
            continue
        if src.count(old) != 1:
            print("NOT FOUND", name, src.count(old)); survived.append(name + " (not found)"); continue
        open(P, "w").write(src.replace(old, new))
        try:
            r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *TESTS],
                               capture_output=True, text=True, timeout=900)
        finally:
            open(P, "w").write(src)
        caught = r.returncode != 0
        print(("caught  " if caught else "SURVIVED"), name, flush=True)
        if not caught:
            survived.append(name)
    print("survivors:", survived)


# the mutants run only as a script: importing this module (tests/test_mutants_apply.py reads
# MUTANTS) must not rewrite count.py
if __name__ == "__main__":
    main()
