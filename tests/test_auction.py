import pytest

from tutor.auction import Auction, AuctionSpec, Call, sidi_barrani_spec
from tutor.errors import IllegalCallError, ParseError
from tutor.rules import load

REENTRY = load("verband").replace(fort_final=False)


def state(text, rules=None):
    return Auction.parse(text, rules=rules).state()


def illegal(text, message, rules=None):
    with pytest.raises(IllegalCallError, match=message):
        Auction.parse(text, rules=rules)


def test_vorhand_calls_first_and_turns_go_round():
    assert Auction.parse("").next_seat == "A"
    assert Auction.parse("60 Eichel").next_seat == "B"
    assert Auction.parse("60 Eichel, 70 Schellen, 80 Eichel").next_seat == "D"


def test_each_bid_must_be_higher_and_on_the_ladder():
    illegal("60 Eichel, 60 Rosen", r"call 2 \('60 Rosen'\): 60 Rosen does not overbid 60 Eichel")
    illegal("60 Eichel, 55 Rosen", "does not overbid")
    illegal("63 Eichel", "63 is not a bid")
    illegal("45 Eichel", "45 is not a bid")
    illegal("160 Eichel", "160 is not a bid")
    assert state("50 Eichel")["next"] == "B"


def test_matsch_is_157_and_nothing_overbids_it():
    a = Auction.parse("60 Eichel, Matsch Rosen")
    assert str(a.high_bid) == "157 Rosen"
    assert not any(c.is_bid for _, c in a.legal_calls())


def test_the_bidding_ends_after_three_forts():
    s = state("60 Eichel, fort, fort, fort")
    assert s == {"over": True, "next": None, "declarer": "A", "contract": "60 Eichel", "multiplier": 1}


def test_a_final_fort_is_skipped_and_partners_may_overbid_each_other():
    a = Auction.parse("60 Eichel, fort, 80 Eichel, fort")
    assert a.next_seat == "A"          # B and D are out, A may overbid partner C
    a = a.play("90 Eichel")
    assert a.next_seat == "C"
    a = a.play("fort")
    assert a.over and a.declarer == "A" and a.contract == "90 Eichel"


def test_a_player_who_said_fort_cannot_bid_again_with_the_verband():
    a = Auction.parse("60 Eichel, fort, 70 Eichel, 80 Rosen")
    assert a.next_seat == "A"          # B is skipped
    illegal("60 Eichel, fort, 70 Eichel, 80 Rosen, 90 Eichel, B: 100 Rosen", "it is C's turn, not B's")


def test_re_entry_by_table_rule():
    a = Auction.parse("60 Eichel, fort, 70 Eichel, 80 Rosen", rules=REENTRY)
    assert a.next_seat == "A"
    a = a.play("90 Eichel")
    assert a.next_seat == "B"          # B said fort, and may bid again
    assert a.play("100 Schellen").high.seat == "B"


def test_re_entry_needs_the_three_others_to_say_fort_in_turn():
    a = Auction.parse("60 Eichel, fort, fort", rules=REENTRY)
    assert not a.over and a.next_seat == "D"
    a = a.play("fort")
    assert a.over and a.declarer == "A"
    b = Auction.parse("60 Eichel, fort, fort, 70 Rosen, fort", rules=REENTRY)
    assert b.next_seat == "B"           # B said fort before, may bid again
    assert b.play("80 Schellen").high.seat == "B"


def test_four_forts_no_game():
    a = Auction.parse("fort, fort, fort, fort")
    assert a.over and a.annulled and a.contract is None and a.declarer is None


def test_a_double_ends_the_bidding_and_doubles_the_multiplier():
    s = state("60 Eichel, D: dopple")
    assert s["over"] and s["declarer"] == "A" and s["multiplier"] == 2


def test_the_verband_double_window_closes_with_the_next_call():
    # "Bietet A 120 und sagt B fort, ist die 120 fürs Doppeln vorbei"
    illegal("120 Eichel, fort, D: dopple", "too late")
    # "Bietet C danach 130, steht die 130 zum Doppeln offen, ... auch B darf sie doppeln."
    assert state("120 Eichel, fort, 130 Eichel, B: dopple")["multiplier"] == 2
    assert state("120 Eichel, fort, 130 Eichel, D: dopple")["multiplier"] == 2


def test_only_the_opponents_double():
    illegal("60 Eichel, C: dopple", "cannot double his own side's bid")
    illegal("D: dopple", "no bid to double")


def test_konter_right_after_the_double_by_declarer_or_partner():
    assert state("60 Eichel, B: dopple, A: konter")["multiplier"] == 4
    assert state("60 Eichel, B: dopple, C: konter")["multiplier"] == 4
    illegal("60 Eichel, B: dopple, D: konter", "only the declarer's side")
    illegal("60 Eichel, A: konter", "answers a double")
    illegal("60 Eichel, B: dopple, A: konter, C: konter", "kontered already")


def test_no_call_after_the_double():
    illegal("60 Eichel, B: dopple, 70 Rosen", "the bidding is over")


def test_doubles_need_the_seat():
    illegal("60 Eichel, dopple", r"call 2 \('dopple'\): a double needs the seat")


def test_the_extended_variant_also_opens_the_double_at_the_first_lead():
    ext = load("erweitert")
    a = Auction.parse("60 Eichel, fort, fort, fort", rules=ext)
    assert a.over and a.is_legal(Call.parse("dopple", sidi_barrani_spec(ext)), "B")
    assert state("60 Eichel, fort, fort, fort, B: dopple", ext)["multiplier"] == 2
    illegal("60 Eichel, fort, fort, fort, B: dopple", "too late")   # Verband: closed


def test_the_extended_variant_bids_obenabe_undenufe_and_misere():
    ext = load("erweitert")
    a = Auction.parse("90 Obenabe, 100 Undenufe Misère, 110 undenufe misere", rules=ext)
    assert [str(e.call) for e in a.entries] == ["90 Obenabe", "100 Undenufe Misère", "110 Undenufe Misère"]
    illegal("90 Obenabe", "Obenabe is not a trump kind at this table")


def test_without_doubling_there_is_no_double():
    rules = load("verband").replace(doubling=False)
    illegal("60 Eichel, D: dopple", "this table plays without doubling", rules)
    rules = load("verband").replace(kontern=False)
    illegal("60 Eichel, D: dopple, A: konter", "this table plays without kontern", rules)


def test_legal_calls_lists_bids_fort_and_doubles_with_seats():
    a = Auction.parse("140 Eichel")
    calls = {(s, str(c)) for s, c in a.legal_calls()}
    assert ("B", "145 Rosen") in calls and ("B", "157 Schilten") in calls and ("B", "fort") in calls
    assert ("B", "dopple") in calls and ("D", "dopple") in calls and ("C", "dopple") not in calls


@pytest.mark.parametrize("text,message", [
    ("60 Eichel,, fort", "call 2 is empty"),
    ("60 Blau", "unknown suit 'Blau'"),
    ("sechzig Eichel", "cannot read call"),
    ("60", "a bid names a number and a trump suit"),
    ("X: fort", "unknown seat 'X'"),
])
def test_unreadable_auctions_name_the_call(text, message):
    with pytest.raises(ParseError, match=message):
        Auction.parse(text)


def test_round_trip():
    text = "60 Eichel, 70 Schellen, 90 Eichel, 95 Rosen, 100 Eichel, D: dopple"
    a = Auction.parse(text)
    assert str(a) == text and Auction.parse(str(a)) == a
    assert eval(repr(Call.parse("60 Eichel")), {"Call": Call}) == Call.parse("60 Eichel")


def test_non_ascii_digits_and_trump_kinds_off_the_table_are_clear_errors():
    with pytest.raises(ParseError, match="cannot read call"):
        Auction.parse("²")
    with pytest.raises(IllegalCallError, match="Obenabe is not a trump kind"):
        Call.parse("90 Obenabe")
    ext = sidi_barrani_spec(load("erweitert"))
    assert str(Call.parse("90 Unenufe", ext)) == "90 Undenufe"


def test_the_extended_variant_says_when_the_double_opens_again():
    with pytest.raises(IllegalCallError) as e:
        Auction.parse("60 Eichel, fort, fort, D: dopple", rules=load("erweitert"))
    assert "before the first lead" in str(e.value) and "beim Ausspielen der ersten Karte" in e.value.text("de")


def test_auctions_are_values_equal_hashable_and_rebuilt_from_their_repr():
    text = "60 Eichel, 70 Schellen, C: dopple"
    a, b = Auction.parse(text), Auction.parse("60 Eichel").play("70 Schellen").play("dopple", "C")
    assert a == b and hash(a) == hash(b) and len({a, b}) == 1
    assert repr(a) == f"Auction.parse({text!r})"
    assert eval(repr(a), {"Auction": Auction}) == a
    assert a != text and a != Auction.parse("60 Eichel, 70 Schellen")
    # the same calls at another table are another auction
    assert Auction.parse("60 Eichel") != Auction.parse("60 Eichel", rules=REENTRY)


# -- every call the auction refuses says why (the learner reads it in check and quiz) ------

NO_DOUBLING = load("verband").replace(doubling=False)
NO_KONTERN = load("verband").replace(kontern=False)


@pytest.mark.parametrize("text, rules, en", [
    ("60 Eichel, dopple", None, "call 2 ('dopple'): a double needs the seat (e.g. 'B: dopple')"),
    ("60 Eichel, B: dopple, konter", None, "call 3 ('konter'): a konter needs the seat (e.g. 'A: konter')"),
    ("60 Eichel, B: dopple", NO_DOUBLING, "call 2 ('B: dopple'): this table plays without doubling"),
    ("D: dopple", None, "call 1 ('D: dopple'): there is no bid to double"),
    ("60 Eichel, B: dopple, D: dopple", None, "call 3 ('D: dopple'): the bid is doubled already"),
    ("60 Eichel, C: dopple", None, "call 2 ('C: dopple'): C cannot double his own side's bid"),
    ("120 Eichel, fort, D: dopple", None,
     "call 3 ('D: dopple'): the double of 120 Eichel is too late: it was open only until the next "
     "player had bid or said fort"),
    ("60 Eichel, fort, fort, D: dopple", load("erweitert"),
     "call 4 ('D: dopple'): the double of 60 Eichel is not open now: only until the next player has "
     "bid or said fort, and again once the bidding has ended, before the first lead"),
    ("60 Eichel, B: dopple, A: konter", NO_KONTERN, "call 3 ('A: konter'): this table plays without kontern"),
    ("60 Eichel, A: konter", None, "call 2 ('A: konter'): a konter answers a double right after it"),
    ("60 Eichel, B: dopple, A: konter, C: konter", None, "call 4 ('C: konter'): the bid is kontered already"),
    ("60 Eichel, B: dopple, D: konter", None, "call 3 ('D: konter'): only the declarer's side can konter, not D"),
    ("60 Eichel, B: dopple, 70 Rosen", None, "call 3 ('70 Rosen'): the bidding is over"),
    ("60 Eichel, c: 70 Rosen", None, "call 2 ('c: 70 Rosen'): it is B's turn, not C's"),
    ("60 Eichel, 60 Rosen", None, "call 2 ('60 Rosen'): 60 Rosen does not overbid 60 Eichel"),
    ("63 Eichel", None, "call 1 ('63 Eichel'): 63 is not a bid in Sidi-Barrani (bids: 50, 55, 60, ... 150, 157)"),
    ("90 Obenabe", None, "call 1 ('90 Obenabe'): Obenabe is not a trump kind at this table (Obenabe, "
     "Undenufe and Misère belong to the extended variant: --rules erweitert)"),
])
def test_every_refused_call_says_why(text, rules, en):
    with pytest.raises(IllegalCallError) as info:
        Auction.parse(text, rules=rules)
    assert str(info.value) == en


@pytest.mark.parametrize("text, lang, example", [
    ("60 Eichel, contre", "fr", "'B: contre'"),                 # the Romand words the parser reads
    ("60 Eichel, B: contre, surcontre", "fr", "'A: surcontre'"),
    ("60 Eichel, dopple", "de", "'B: dopple'"),
    ("60 Eichel, B: dopple, konter", "de", "'A: konter'"),
])
def test_the_seat_a_double_needs_is_shown_in_the_users_words(text, lang, example):
    # a French learner is shown the word he types, and the example parses as shown
    with pytest.raises(IllegalCallError) as info:
        Auction.parse(text)
    assert example in info.value.text(lang)
    seat = "A:" if "B:" in text else "B:"                         # the seat that may say it here
    fixed = text.rsplit(", ", 1)[0] + ", " + example.strip("'").replace("D:", seat)
    assert len(Auction.parse(fixed)) == text.count(",") + 1


def test_calls_built_in_the_library_are_refused_with_a_reason():
    a = Auction()
    assert a.why_illegal(Call.bid(70)) == "a bid needs a trump suit"
    assert a.why_illegal(Call.bid(70, "Blau")) == "Blau is not a trump kind at this table"
    assert a.why_illegal(Call.bid(63, "Eichel")) == "63 is not a bid (bids: 50, 55, 60, ... 150, 157)"
    assert a.why_illegal(Call("word", word="Stopp")) == "'Stopp' is not a call in Sidi-Barrani"
    assert a.why_illegal(Call.bid(70, "Eichel")) is None and a.is_legal(Call.bid(70, "Eichel"))
    assert not a.is_legal(Call.bid(70))


# -- the shape of other games, as data ------------------------------------------------------

def test_a_game_whose_bids_name_no_suit():
    spec = AuctionSpec(name="Zahlen", ladder=(10, 20, 30), strains=None, teams=None)
    a = Auction(spec)
    assert a.why_illegal(Call.bid(10, "Eichel")) == "in Zahlen a bid names no suit"
    assert [str(c) for s, c in a.legal_calls() if c.is_bid] == ["10", "20", "30"]
    assert Call.bid(20) == Call("bid", 20, None) and str(Call.bid(20)) == "20"
    # without teams every player is on his own: nobody doubles for another
    assert spec.side_of(0) == frozenset({0}) and spec.side_of(3) == frozenset({3})


def test_a_seat_outside_the_teams_is_a_side_of_its_own():
    spec = AuctionSpec(name="Drei", ladder=(10, 20), seats=3, strains=None, teams=((0, 2),))
    assert spec.side_of(2) == frozenset({0, 2}) and spec.side_of(1) == frozenset({1})


def test_a_bid_that_may_leave_the_strain_out_and_a_strain_that_overcalls():
    spec = AuctionSpec(name="Sonne", ladder=(7, 8), strains=("Eichel", "Sonne"), strain_optional=True,
                       strain_rank={None: 0, "Sonne": 1})
    assert [str(c) for c in spec.all_bids()] == ["7", "7 Eichel", "7 Sonne", "8", "8 Eichel", "8 Sonne"]
    a = Auction(spec).play(Call.bid(7, "Eichel"))
    # the same number overcalls only with the higher strain
    assert [str(c) for _, c in a.legal_calls() if c.is_bid] == ["7 Sonne", "8", "8 Eichel", "8 Sonne"]
    # a strain the ranks leave out ranks with the lowest: it does not overcall a bare number
    assert not Auction(spec).play(Call.bid(7)).is_legal(Call.bid(7, "Eichel"))
    assert Auction(spec).play(Call.bid(7)).is_legal(Call.bid(7, "Sonne"))


def test_the_bids_offered_when_the_strains_are_listed_out_of_their_rank():
    # the strains listed with the higher one first: the ladder's bids are not in rising
    # order, yet the bids offered are still exactly those above the standing one (a higher
    # number, or the same number with a higher strain), in the ladder's order
    spec = AuctionSpec(name="Sonne", ladder=(7, 8), strains=("Sonne", "Eichel"), strain_optional=True,
                       strain_rank={None: 0, "Sonne": 1})
    assert [str(c) for c in spec.all_bids()] == ["7", "7 Sonne", "7 Eichel", "8", "8 Sonne", "8 Eichel"]
    a = Auction(spec).play(Call.bid(7, "Eichel"))
    assert [str(c) for _, c in a.legal_calls() if c.is_bid] == ["7 Sonne", "8", "8 Sonne", "8 Eichel"]
    a = a.play(Call.bid(8))
    assert [str(c) for _, c in a.legal_calls() if c.is_bid] == ["8 Sonne"]


def test_a_word_that_ends_the_auction_plays_the_standing_bid():
    spec = AuctionSpec(name="Stopp-Jass", ladder=(10, 20, 30), strains=None, end_words=("Stopp",))
    a = Auction(spec)
    assert spec.parse_call("stopp") == Call("word", word="Stopp")
    offered = a.play("10").legal_calls()
    assert ("B", Call("word", word="Stopp")) in offered and ("B", Call.parse("fort", spec)) in offered
    done = a.play("10").play("stopp")
    assert done.over and done.ended_by == "word" and done.next_seat is None
    assert done.declarer == "A" and done.contract == "10"
    assert done.legal_calls() == []


def test_the_calls_offered_are_the_calls_a_player_types_and_only_the_seat_asked_for():
    a = Auction.parse("60 Eichel")
    calls = a.legal_calls()
    assert ("B", Call.parse("fort")) in calls and ("D", Call.parse("dopple")) in calls
    # every bid names a trump suit: the 19 numbers above 60 (65 ... 150, 157) in four suits
    bids = [c for _, c in calls if c.is_bid]
    assert all(c.strain in ("Eichel", "Schellen", "Rosen", "Schilten") for c in bids) and len(bids) == 19 * 4
    assert a.legal_calls("D") == [("D", Call.parse("dopple"))]      # D is not in turn
    own = a.legal_calls("b")
    assert {s for s, _ in own} == {"B"} and ("B", Call.parse("dopple")) in own and len(own) == 19 * 4 + 2
    assert a.legal_calls("C") == []                                   # A's partner: no double


def test_two_calls_played_on_the_same_auction_are_two_auctions():
    # the tutor tries every call on one auction (advise, the options): each branch keeps
    # its own calls
    a = Auction.parse("60 Eichel")
    fort = a.play("fort")
    bid = a.play("70 Rosen")
    again = a.play("80 Schellen")
    assert str(fort) == "60 Eichel, fort" and str(bid) == "60 Eichel, 70 Rosen"
    assert str(again) == "60 Eichel, 80 Schellen" and str(a) == "60 Eichel"
    assert bid.play("fort").entries[-1].seat == "C" and str(fort.play("70 Rosen")) == "60 Eichel, fort, 70 Rosen"


def test_what_ended_the_bidding():
    assert Auction.parse("60 Eichel, fort, fort, fort").ended_by == "forts"
    assert Auction.parse("60 Eichel, B: dopple").ended_by == "double"
    assert Auction.parse("fort, fort, fort, fort").ended_by == "annulled"
    assert Auction.parse("60 Eichel").ended_by is None
    # the extended variant's double at the first lead: the forts had ended the bidding
    late = Auction.parse("60 Eichel, fort, fort, fort, B: dopple", rules=load("erweitert"))
    assert late.ended_by == "forts" and late.multiplier == 2


def test_an_unknown_seat_names_the_seats_of_the_game():
    with pytest.raises(ParseError) as info:
        Auction.parse("60 Eichel, X: dopple")
    assert str(info.value) == "call 2 ('X: dopple'): unknown seat 'X' (seats: A B C D)"


def test_a_calls_number_is_none_for_a_word_on_the_ladder_and_for_fort():
    assert Call.bid(60, "Eichel").value == 60 and Call.parse("fort").value is None
    assert Call.bid("Matsch alleine").value is None and str(Call.bid("Matsch alleine")) == "Matsch alleine"


def test_a_word_on_the_ladder_may_name_its_suit_with_auf():
    assert Call.parse("Matsch auf Rosen") == Call.parse("Matsch Rosen") == Call.parse("157 Rosen")


# The extended variant's trumpless kinds as players type them (README: a prefix of two
# letters or more, hyphens ignored, "Misère" after the kind): the shortest prefixes, a
# hyphenated spelling, and two words that are not "<kind> Misère" refused.
@pytest.mark.parametrize("typed, kind", [
    ("ob", "Obenabe"), ("un", "Undenufe"), ("Unde-nufe", "Undenufe"), ("Obe-nabe", "Obenabe"),
    ("un Misère", "Undenufe Misère"), ("Ob-en misere", "Obenabe Misère"),
])
def test_trumpless_kinds_as_typed(typed, kind):
    from tutor.auction import parse_sidi_strain

    assert parse_sidi_strain(typed) == kind


@pytest.mark.parametrize("typed", ["Obenabe Undenufe", "Undenufe Obenabe", "o", "u"])
def test_two_kinds_or_one_letter_are_no_trumpless_kind(typed):
    from tutor.auction import parse_sidi_strain
    from tutor.errors import ParseError

    with pytest.raises(ParseError):
        parse_sidi_strain(typed)
