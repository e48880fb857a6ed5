"""The tafel, match and weis commands, through click's CliRunner."""
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from tutor.cli import main

EXAMPLE = Path(__file__).resolve().parent.parent / "tutor" / "data" / "worked-example.yaml"


@pytest.fixture
def run(tmp_path, monkeypatch):
    db = tmp_path / "tutor.sqlite3"
    monkeypatch.delenv("TUTOR_DB", raising=False)
    runner = CliRunner()

    def invoke(*args, db_option=True, input=None):
        argv = list(args)
        if db_option and argv and argv[0] == "tafel":
            argv += ["--db", str(db)]
        result = runner.invoke(main, argv, input=input)
        assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
        return result

    invoke.db = db
    return invoke


def board(run):
    result = run("tafel", "show", "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def bad(result, *words):
    """A one-line message naming what is wrong, exit 2, no traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]


def test_the_issue_session(run):
    r = run("tafel", "new", "--rules", "verband", "--teams", "Anna+Beat:Cla+Dani")
    assert r.exit_code == 0 and "Anna + Beat" in r.stdout
    r = run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--double",
            "--card-points", "113")
    assert r.exit_code == 0, r.output
    assert "313" in r.stdout and "44" in r.stdout
    r = run("tafel", "add", "--contract", "80 Rosen", "--declarer", "D", "--card-points", "70",
            "--weis", "AC=50", "--stoeck", "BD")
    assert r.exit_code == 0, r.output
    b = board(run)
    assert b["board"] == {"AC": 313 + 87 + 80 + 50, "BD": 44 + 70 + 20}
    assert [g["total"] for g in b["games"]] == [{"AC": 313, "BD": 44}, {"AC": 530, "BD": 134}]
    assert b["next"] == {"dealer": "B", "vorhand": "C", "partie": "this"}
    assert b["target"] == 2000 and b["over"] is False
    text = run("tafel", "show").stdout
    for word in ("Dani: 80 Rosen", "AC 50", "530", "134", "Ziel 2000", "gibt Cla, Vorhand hat Beat"):
        assert word in text, word
    r = run("tafel", "undo", "--lang", "en")
    assert r.exit_code == 0 and "taken back" in r.stdout
    assert board(run)["board"] == {"AC": 313, "BD": 44}


def test_names_work_as_seats(run):
    run("tafel", "new", "--teams", "Anna+Beat:Cla+Dani")
    r = run("tafel", "add", "--contract", "80 Rosen", "--declarer", "Cla", "--card-points", "100",
            "--weis", "Anna=Eichel:678", "--weis", "Dani=Schilten:6789", "--stoeck", "Dani")
    assert r.exit_code == 0, r.output
    g = board(run)["games"][0]
    assert g["declarer"] == "B" and g["weis"] == {"AC": 0, "BD": 50} and g["stoeck"] == ["BD"]
    assert g["weis_shown"]["best"]["seat"] == "D"


def test_four_forts_and_the_dealer(run):
    run("tafel", "new")
    run("tafel", "add", "--contract", "60 Eichel", "--declarer", "A", "--card-points", "80")
    r = run("tafel", "add", "--fort")
    assert r.exit_code == 0, r.output
    b = board(run)
    assert [g["dealer"] for g in b["games"]] == ["D", "A"]
    assert b["next"]["dealer"] == "A"  # Verband: the same player deals again


def test_a_partie_to_its_end_with_schneider(run):
    run("tafel", "new", "--set", "match_target=500", "--set", "schneider=250")
    run("tafel", "add", "--contract", "150 Eichel", "--declarer", "A", "--card-points", "152")
    r = run("tafel", "add", "--contract", "150 Eichel", "--declarer", "C", "--card-points", "150")
    assert r.exit_code == 0
    assert "gewinnt" in r.stdout and "Schneider" in r.stdout
    b = board(run)
    assert (b["over"], b["winner"], b["schneider"]) == (True, "AC", "BD")
    assert b["board"] == {"AC": 602 + 250, "BD": 12}
    before = run("tafel", "export").stdout
    r = run("tafel", "add", "--contract", "60 Eichel", "--declarer", "A", "--card-points", "80",
            "--lang", "en")
    bad(r, "over after game 2", "tafel new")
    assert run("tafel", "export").stdout == before
    r = run("tafel", "new")
    assert r.exit_code == 0
    assert "gibt C, Vorhand hat D" in r.stdout  # the losers get Vorhand


@pytest.mark.parametrize("args, words", [
    (["--contract", "80 Rosen", "--declarer", "D", "--card-points", "70", "--weis", "XY=50"],
     ["--weis XY=50", "unknown team 'XY'"]),
    (["--contract", "80 Rosen", "--declarer", "D", "--card-points", "200"],
     ["--card-points 200", "0 to 157"]),
    (["--contract", "80 Rosen", "--declarer", "E", "--card-points", "70"], ["--declarer", "'E'"]),
    (["--contract", "83 Rosen", "--declarer", "D", "--card-points", "70"], ["83 is not a bid"]),
    (["--contract", "90 Obenabe", "--declarer", "D", "--card-points", "70"], ["extended variant"]),
    (["--declarer", "D", "--card-points", "70"], ["--contract is missing"]),
    (["--contract", "80 Rosen", "--declarer", "D", "--card-points", "70", "--weis", "AC50"],
     ["--weis 'AC50'", "TEAM=POINTS"]),
    (["--contract", "80 Rosen", "--declarer", "D", "--card-points", "70", "--weis", "AC=50",
      "--weis", "BD=20"], ["both teams"]),
    (["--contract", "80 Rosen", "--declarer", "D", "--card-points", "70", "--konter"],
     ["--konter", "double first"]),
    (["--fort", "--card-points", "70"], ["four forts is no game", "--card-points"]),
])
def test_bad_input_to_add_leaves_the_partie_untouched(run, args, words):
    run("tafel", "new")
    run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--double", "--card-points", "113")
    before = run("tafel", "export").stdout
    bad(run("tafel", "add", *args, "--lang", "en"), "tutor:", *words)
    assert run("tafel", "export").stdout == before


def test_click_usage_errors_exit_2_too(run):
    run("tafel", "new")
    r = run("tafel", "add", "--card-points", "viele")
    assert r.exit_code == 2


def test_every_tafel_command_takes_db(run, tmp_path):
    other = tmp_path / "other.sqlite3"
    for argv in (["tafel", "new"], ["tafel", "add", "--fort"], ["tafel", "show"],
                 ["tafel", "undo"], ["tafel", "list"], ["tafel", "export"]):
        r = run(*argv, "--db", str(other), db_option=False)
        assert r.exit_code == 0, (argv, r.output)
    assert other.exists() and not run.db.exists()


def test_the_default_database_is_in_the_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("TUTOR_DB", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    r = CliRunner().invoke(main, ["tafel", "new"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "data" / "tutor" / "tutor.sqlite3").exists()


def test_show_without_a_partie(run):
    bad(run("tafel", "show"), "tutor tafel new")


def test_show_html_is_a_printable_escaped_board(run, tmp_path):
    run("tafel", "new", "--teams", "<b>Anna</b>+Beat:Cla+Dani")
    run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--double", "--card-points", "113")
    r = run("tafel", "show", "--html")
    assert r.exit_code == 0
    html = r.stdout
    assert html.startswith("<!DOCTYPE html>") and "<table>" in html and "@media print" in html
    assert "&lt;b&gt;Anna&lt;/b&gt;" in html and "<b>Anna</b>" not in html
    assert ">313<" in html and ">44<" in html
    out = tmp_path / "tafel.html"
    r = run("tafel", "show", "--html", "-o", str(out))
    assert r.exit_code == 0 and out.read_text(encoding="utf-8") == html


def test_show_in_english(run):
    run("tafel", "new")
    run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "90")
    text = run("tafel", "show", "--lang", "en").stdout
    assert "missed" in text and "Next: A deals, B is Vorhand." in text


def test_export_and_import(run, tmp_path):
    run("tafel", "new", "--rules", "erweitert", "--teams", "Anna+Beat:Cla+Dani")
    run("tafel", "add", "--contract", "90 Undenufe Misère", "--declarer", "B", "--card-points", "40")
    f = tmp_path / "games.yaml"
    r = run("tafel", "export", str(f))
    assert r.exit_code == 0
    r = run("tafel", "import", str(f))
    assert r.exit_code == 0, r.output
    listing = run("tafel", "list", "--json")
    assert [p["partie"] for p in json.loads(listing.stdout)] == [1, 2]
    b = board(run)
    assert b["partie"] == 2 and b["board"] == {"AC": 40, "BD": 117 + 90}
    m = run("match", str(f), "--json")
    assert json.loads(m.stdout)["board"] == b["board"]


def test_import_of_a_bad_file_stores_nothing(run, tmp_path):
    run("tafel", "new")
    f = tmp_path / "bad.yaml"
    f.write_text("games:\n  - {contract: 100 Eichel, declarer: A, card_points: 113}\n"
                 "  - {contract: 100 Eichel, declarer: A, card_points: 113, cards: 9}\n", encoding="utf-8")
    bad(run("tafel", "import", str(f), "--lang", "en"), "bad.yaml line 3 (game 2)", "unknown key 'cards'")
    assert [p["partie"] for p in json.loads(run("tafel", "list", "--json").stdout)] == [1]


def test_match_json(run, tmp_path):
    f = tmp_path / "games.yaml"
    f.write_text("rules: {profile: verband, match_target: 1500, end_rule: ueberbiet}\n"
                 "games:\n"
                 "  - {contract: \"100 Eichel\", declarer: A, card_points: 113, double: true}\n"
                 "  - {contract: \"80 Schellen\", declarer: D, card_points: 70, weis: {AC: 50}, stoeck: BD}\n",
                 encoding="utf-8")
    r = run("match", str(f), "--json")
    assert r.exit_code == 0, r.output
    j = json.loads(r.stdout)
    assert {"board", "over", "winner", "schneider", "games"} <= set(j)
    assert j["board"] == {"AC": 530, "BD": 134}
    assert (j["over"], j["winner"], j["schneider"]) == (False, None, None)
    assert [g["made"] for g in j["games"]] == [True, False]
    text = run("match", str(f)).stdout
    assert "530" in text and "Überbiet" in text


def test_match_the_worked_example_board(run, tmp_path):
    f = tmp_path / "example.yaml"
    f.write_text("rules: verband\ngames:\n"
                 "  - {contract: 100 Eichel, declarer: A, card_points: 113, double: true}\n",
                 encoding="utf-8")
    assert json.loads(run("match", str(f), "--json").stdout)["board"] == {"AC": 313, "BD": 44}
    r = run("match", str(f), "--json", "--rules", "erweitert")
    assert json.loads(r.stdout)["board"] == {"AC": 313, "BD": 44}


def test_match_reads_standard_input(run):
    r = run("match", "-", "--json", input="games:\n  - {contract: Matsch Rosen, declarer: B, card_points: 157}\n")
    assert json.loads(r.stdout)["board"] == {"AC": 0, "BD": 314}


@pytest.mark.parametrize("content, words", [
    ("games:\n  - {contract: 100 Eichel, declarer: A, card_points: 113\n", ["not valid YAML", "line 3"]),
    ("games:\n  - {contract: 100 Eichel, declarer: A, card_points: 113, farbe: Rosen}\n",
     ["line 2 (game 1)", "unknown key 'farbe'"]),
    ("games:\n  - {contract: 100 Eichel, declarer: A, card_points: 200}\n", ["card_points 200"]),
    ("games:\n  - {contract: 100 Eichel, declarer: A, card_points: 113, weis: {XY: 20}}\n",
     ["unknown team 'XY'"]),
])
def test_match_bad_files(run, tmp_path, content, words):
    f = tmp_path / "games.yaml"
    f.write_text(content, encoding="utf-8")
    bad(run("match", str(f), "--lang", "en"), "games.yaml", *words)


def test_match_missing_file(run, tmp_path):
    r = run("match", str(tmp_path / "nope.yaml"))
    assert r.exit_code == 2


def test_weis_json(run):
    r = run("weis", "--hand", "Eichel:678 Rosen:UOK Schellen:U Schilten:U9", "--trump", "Rosen", "--json")
    assert r.exit_code == 0, r.output
    j = json.loads(r.stdout)
    assert j["total"] == 20 + 20
    assert j["stoeck"] is True
    assert j["weis"][0] == {"kind": "Dreiblatt", "points": 20, "cards": ["Rosen U", "Rosen O", "Rosen K"]}
    assert j["weis"][1]["cards"] == ["Eichel 6", "Eichel 7", "Eichel 8"]


def test_weis_four_unders_with_a_sequence(run):
    r = run("weis", "--hand", "Eichel:U9 Schellen:U Rosen:UOKA Schilten:U", "--json")
    j = json.loads(r.stdout)
    assert [(w["kind"], w["points"]) for w in j["weis"]] == [("Vier Under", 200), ("Vierblatt", 50)]
    assert j["total"] == 250 and j["stoeck"] is False


def test_weis_text_and_no_weis(run):
    r = run("weis", "--hand", "Eichel:U86 Schellen:8 Rosen:O9 Schilten:AK7", "--trump", "Eichel")
    assert r.exit_code == 0 and "kein Weis" in r.stdout
    r = run("weis", "--hand", "Eichel:678 Rosen:9 Schellen:9 Schilten:9AK", "--trump", "Eichel", "--lang", "en")
    assert "Dreiblatt 20: Eichel 6 7 8" in r.stdout


@pytest.mark.parametrize("args, words", [
    (["--hand", "Eichel:67X"], ["--hand", "unknown rank"]),
    (["--hand", "Eichel:678", "--trump", "Kreuzweis"], ["--trump", "unknown suit"]),
    (["--hand", "Eichel:678", "--trump", "Obenabe"], ["only with the table rule trumps: extended"]),
    (["--hand", "Eichel:678", "--rules", "erweitert"], ["no Weis"]),
])
def test_weis_bad_input(run, args, words):
    bad(run("weis", *args, "--lang", "en"), *words)


from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(contract=st.text(max_size=20), declarer=st.text(max_size=6), weis=st.text(max_size=25),
       stoeck=st.text(max_size=6))
def test_random_input_to_add_never_causes_a_traceback(tmp_path_factory, contract, declarer, weis, stoeck):
    db = tmp_path_factory.mktemp("fuzz") / "tutor.sqlite3"
    runner = CliRunner()
    runner.invoke(main, ["tafel", "new", "--db", str(db)])
    result = runner.invoke(main, ["tafel", "add", "--db", str(db), "--contract", contract,
                                  "--declarer", declarer, "--card-points", "80",
                                  "--weis", weis, "--stoeck", stoeck])
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


@settings(max_examples=80, deadline=None)
@given(text=st.one_of(st.text(max_size=80),
                      st.builds(lambda k, v: f"games:\n  - {{contract: 100 Eichel, declarer: A, {k}: {v}}}\n",
                                st.sampled_from(["card_points", "double", "weis", "stoeck", "redouble", "x"]),
                                st.text(max_size=12))))
def test_random_match_files_never_cause_a_traceback(text):
    result = CliRunner().invoke(main, ["match", "-", "--json"], input=text)
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


@settings(max_examples=60, deadline=None)
@given(hand=st.text(max_size=30), trump=st.text(max_size=8))
def test_random_input_to_weis_never_causes_a_traceback(hand, trump):
    result = CliRunner().invoke(main, ["weis", "--hand", hand, "--trump", trump])
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


def test_the_worked_example_through_the_tafel(run):
    """The text's board, 313 : 44, and its two comparisons, written at the table."""
    import yaml

    data = yaml.safe_load(EXAMPLE.read_text(encoding="utf-8"))
    c = data["contract"]
    contract = f"{c['points']} {c['trump']}"
    cp = data["card_points"]["AC"]
    run("tafel", "new", "--rules", data["rules"])
    cases = [(["--double"], cp, data["board"]), ([], cp, data["board_without_double"]),
             (["--double"], 96, data["board_if_failed_at_96"])]
    for flags, points, expected in cases:
        r = run("tafel", "add", "--contract", contract, "--declarer", c["declarer"],
                "--card-points", str(points), *flags)
        assert r.exit_code == 0, r.output
        assert board(run)["games"][-1]["points"] == expected
        run("tafel", "undo")
    assert board(run)["games"] == []


def test_tafel_speaks_german_by_default(run):
    bad(run("tafel", "show"), "keine Tafel unter", "beginne eine mit tutor tafel new")
    run("tafel", "new")
    bad(run("tafel", "undo"), "nichts zurückzunehmen: Partie 1 hat noch kein Spiel")
    bad(run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113",
            "--konter"), "tafel add: --konter: ein Konter verlangt zuerst ein Doppel")
    bad(run("tafel", "add", "--contract", "83 Rosen", "--declarer", "A", "--card-points", "113"),
        "Spiel '83 Rosen': 83 ist im Sidi-Barrani kein Gebot")
    run("tafel", "add", "--contract", "100 Eichel", "--declarer", "A", "--card-points", "113")
    r = run("tafel", "undo")
    assert r.exit_code == 0 and "tafel: Spiel 1 zurückgenommen (A: 100 Eichel)" in r.stdout
    r = run("tafel", "list")
    assert "0 Spiele" in r.stdout and "(offen)" in r.stdout
    assert "0 games" in run("tafel", "list", "--lang", "en").stdout


def test_a_bad_match_file_in_german(run, tmp_path):
    f = tmp_path / "games.yaml"
    f.write_text("games:\n  - {contract: 100 Eichel, declarer: A, card_points: 113, farbe: Rosen}\n",
                 encoding="utf-8")
    bad(run("match", str(f)), "games.yaml Zeile 2 (Spiel 1): unbekannter Schlüssel 'farbe'")
    f.write_text("games:\n  - {contract: 100 Eichel, declarer: A, card_points: 113, weis: {AC: 30}}\n",
                 encoding="utf-8")
    bad(run("match", str(f)), "(Spiel 1): weis AC=30: kein Weis ergibt 30")
    f.write_text("rules: {profile: verband, step: 0}\n", encoding="utf-8")
    bad(run("match", str(f)), "games.yaml Zeile 1: rules: Tischregel 'step': muss mindestens 1 sein")
    bad(run("match", str(f), "--lang", "en"), "games.yaml line 1: rules: table rule 'step': must be at least 1")


def test_weis_errors_in_german(run):
    bad(run("weis", "--hand", "Eichel:678", "--trump", "Obenabe"),
        "Obenabe gibt es nur mit der Tischregel trumps: extended")
    bad(run("weis", "--hand", "Eichel:6789AKOUB Rosen:6"),
        "--hand: ein Blatt hat höchstens 9 Karten, dieses hat 10")


def test_a_dealer_named_from_the_players_carried_over(tmp_path):
    from click.testing import CliRunner
    from tutor.cli import main as cli_main

    db = str(tmp_path / "t.db")
    r = CliRunner().invoke(cli_main, ["tafel", "new", "--teams", "Anna+Beat:Cla+Dani", "--db", db])
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli_main, ["tafel", "new", "--dealer", "Cla", "--db", db, "--json"])
    assert r.exit_code == 0, r.output
    import json
    assert json.loads(r.output)["next"]["dealer"] == "B"   # Cla sits at B and deals
