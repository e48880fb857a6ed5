# QA s48 positions: id -> (hand, auction, seat or None, rules or None, score or None, note)
from pathlib import Path
_HERE = Path(__file__).resolve().parent
P = {
 # openings, Vorhand
 "O1": ("Eichel:UA7 Schellen:K8 Rosen:A9 Schilten:O7", "", None, None, None, "Puur zu dritt + side Aces"),
 "O2": ("Eichel:9AK6 Schellen:A7 Rosen:O8 Schilten:6", "", None, None, None, "Nell zu viert"),
 "O3": ("Eichel:U9AK76 Schellen:A Rosen:A Schilten:6", "", None, None, None, "Puur zu sechst + Nell + 2 Aces"),
 "O4": ("Eichel:K87 Schellen:O9 Rosen:B8 Schilten:A7", "", None, None, None, "weak, no Puur/Nell"),
 "O5": ("Eichel:U76 Schellen:98 Rosen:87 Schilten:96", "", None, None, None, "bare Puur zu dritt, nothing else"),
 "O6": ("Eichel:U987 Schellen:AK Rosen:A6 Schilten:7", "", None, None, None, "Puur zu viert with Nell"),
 "O7": ("Eichel:U86 Schellen:9A7 Rosen:K Schilten:AO", "", None, None, None, "Puur 3 vs Nell 3 in two suits"),
 "O8": ("Eichel:U9AK Schellen:AK Rosen:AK Schilten:A", "", None, None, None, "near Matsch, 4 trumps U9AK"),
 "O9": ("Eichel:U9AKO Schellen:A Rosen:AK Schilten:A", "", None, None, None, "lay-down Matsch 5 trumps"),
 "O10": ("Eichel:U9AK7 Schellen:AK Rosen:A Schilten:6", "", None, None, None, "strong, one loser"),
 # second seat
 "B1": ("Eichel:A Schellen:U9K86 Rosen:A Schilten:O7", "60 Eichel", None, None, None, "Puur zu fuenft over 60"),
 "B2": ("Eichel:K Schellen:9A76 Rosen:O8 Schilten:B7", "60 Eichel", None, None, None, "weak Nell zu viert over 60"),
 "B3": ("Eichel:U97 Schellen:A Rosen:8 Schilten:AK76", "80 Rosen", None, None, None, "missed opening, two Aces"),
 # Hilfe
 "H1": ("Eichel:98 Schellen:AK7 Rosen:O8 Schilten:B7", "60 Eichel, fort", None, None, None, "Nell zu zweit"),
 "H2": ("Eichel:9A7 Schellen:K8 Rosen:A7 Schilten:O6", "60 Eichel, fort", None, None, None, "Nell zu dritt"),
 "H3": ("Eichel:87 Schellen:AK Rosen:AKO Schilten:B9", "60 Eichel, fort", None, None, None, "no Nell, strong sides"),
 "H4": ("Eichel:A6 Schellen:K Rosen:UK8 Schilten:A87", "50 Rosen, 70 Schilten", None, None, None, "Puur zu dritt Hilfe over intervention"),
 "H5": ("Eichel:7 Schellen:9K Rosen:AK7 Schilten:O86", "60 Schellen, 80 Eichel", None, None, None, "Nell zu zweit over 80"),
 "H6": ("Eichel:U9AK7 Schellen:A Rosen:8 Schilten:97", "60 Schilten, fort", None, None, None, "own Puur 5 vs Hilfe"),
 "H7": ("Eichel:96 Schellen:876 Rosen:87 Schilten:87", "60 Eichel, fort", None, None, None, "bare Nell zu zweit, nothing"),
 # Fuenfer / Ass-Ansage
 "F1": ("Eichel:8 Schellen:7 Rosen:AK9 Schilten:AO76", "60 Eichel, 70 Schellen", None, None, None, "no Hilfe, Aces"),
 "F2": ("Eichel:87 Schellen:A9 Rosen:6 Schilten:AK76", "60 Eichel, 80 Rosen", None, None, None, "no Hilfe after 80 Rosen"),
 # contested
 "K1": ("Eichel:A7 Schellen:U8 Rosen:K9 Schilten:AO7", "60 Eichel, 70 Schellen, fort", None, None, None, "D's Hilfe Puur zu zweit"),
 "K2": ("Eichel:U86 Schellen:A Rosen:K9 Schilten:AK7", "60 Eichel, 70 Schellen, 90 Eichel, fort", None, None, None, "A rebid after Hilfe"),
 "K3": ("Eichel:6 Schellen:AK Rosen:9A7 Schilten:KO6", "50 Rosen, 60 Eichel, 70 Rosen, 80 Eichel", None, None, None, "A after both Hilfen"),
 "K4": ("Eichel:U87 Schellen:AK Rosen:A7 Schilten:K6", "60 Eichel, fort, 70 Eichel, fort", None, None, None, "A rebid after Nell zu zweit"),
 # doubles / konter
 "D1": ("Eichel:AK7 Schellen:AK Rosen:AK Schilten:9A", "120 Schilten", "B", None, None, "double 120 with 3 AK + Nell 2"),
 "D2": ("Eichel:UK7 Schellen:AK Rosen:AK8 Schilten:A", "60 Eichel, fort, 80 Eichel, fort, 110 Eichel, B: dopple", "A", None, None, "konter?"),
 "D3": ("Eichel:6 Schellen:AK Rosen:AK Schilten:A976", "60 Eichel, fort, 80 Eichel", None, None, None, "D: double 80 with 3 Aces?"),
 # extended variant
 "E1": ("Eichel:AK6 Schellen:AKO Rosen:A7 Schilten:A", "", None, "erweitert", None, "Obenabe hand"),
 "E2": ("Eichel:678 Schellen:67 Rosen:69 Schilten:6K", "", None, "erweitert", None, "Undenufe hand"),
 "E3": ("Eichel:67 Schellen:67 Rosen:789 Schilten:68", "", None, "erweitert", None, "Obenabe Misere hand"),
 "E4": ("Eichel:AKO Schellen:A6 Rosen:AK Schilten:87", "60 Eichel, fort", None, "erweitert", None, "C: partner 60, own Obenabe"),
 # frei
 "R1": ("Eichel:UA9K Schellen:A7 Rosen:86 Schilten:O", "", None, "frei", None, "frei opening"),
 "R2": ("Eichel:AK7 Schellen:A96 Rosen:U8 Schilten:7", "70 Rosen, fort", None, "frei", None, "frei partner raise"),
 # score
 "S1": ("Eichel:U87 Schellen:A6 Rosen:K7 Schilten:A9", "", None, None, "AC=1900,BD=1500", "AC near target"),
 "S2": ("Eichel:U87 Schellen:A6 Rosen:K7 Schilten:A9", "", None, None, "AC=1500,BD=1950", "BD near target"),
 "S3": ("Eichel:9A Schellen:AK7 Rosen:K8 Schilten:A6", "60 Eichel", None, None, "AC=1850,BD=1000", "B double: AC wins Partie by making 60"),
 "S4": ("Eichel:U9AK Schellen:AK Rosen:AK Schilten:A", "", None, None, "AC=1000,BD=1900", "near Matsch, opp one game off"),
 "N1": ("Eichel:A8 Schellen:K76 Rosen:U7 Schilten:O8", "50 Rosen, fort", None, None, None, "Hilfe Puur zu zweit on Nell opening"),
 "N2": ("Eichel:B Schellen:8 Rosen:A76 Schilten:K976", "60 Eichel, 70 Schellen, 90 Eichel", None, None, None, "D weak: 95 Rosen Ass-Ansage or fort"),
 "N4": ("Eichel:A6 Schellen:K7 Rosen:9AK7 Schilten:8", "60 Rosen", None, None, None, "B Nell zu viert in A's suit: want?"),
 "N5": ("Eichel:7 Schellen:A8 Rosen:U98 Schilten:K76", "60 Eichel, 65 Rosen, fort", None, None, None, "D after partner's Ass-Ansage, Rosen Puur 3"),
 "N9": ("Eichel:U76 Schellen:6 Rosen:AK9 Schilten:O8", "60 Eichel, 70 Schellen, 80 Eichel, 90 Schellen", None, None, None, "A after Hilfe and opp's raise"),
 "N12": ("Eichel:9AKO Schellen:A Rosen:AK Schilten:K6", "80 Eichel", None, None, None, "B trump stack behind Puur zu viert: double"),
 "E5": ("Eichel:78 Schellen:789 Rosen:79 Schilten:78", "", None, "erweitert", None, "Obenabe Misere hand, no Sixes"),
}
P["H5A"] = ("Eichel:A6 Schellen:AU8 Rosen:O8 Schilten:AU", "60 Schellen, 80 Eichel, 90 Schellen, 100 Eichel", None, None, None, "A after own Hilfe outbid by opp's Hilfe (a deal of H5)")
P["H3B"] = ("Eichel:AK Schellen:87 Rosen:AKO Schilten:B9", "60 Eichel, fort", None, None, None, "H3 with the trump A K instead of small trumps (count: fort)")
P["X1"] = ("Eichel:U86 Schellen:A7 Rosen:K7 Schilten:O8", "60 Eichel, fort, 70 Eichel, fort, 100 Eichel, B: dopple", "A", None, None, "konter? A's 100 with 5 trumps, B doubled")
P["X3"] = ("Eichel:9A7 Schellen:K8 Rosen:A7 Schilten:O6", "60 Eichel, fort", None, str(_HERE / "qa_s48_common.yaml"), None, "common Hilfe table: +10/+20")
P["X6"] = ("Eichel:U87 Schellen:U96 Rosen:A Schilten:K6", "", None, None, None, "two Puur zu dritt")
P["X7"] = ("Eichel:9AK76 Schellen:U87 Rosen:A", "", None, None, None, "Nell zu fuenft vs Puur zu dritt")
P["E6"] = ("Eichel:9B Schellen:UB9 Rosen:9B Schilten:UB", "", None, "erweitert", None, "middle cards only: Misere?")
P["X8"] = ("Eichel:AK7 Schellen:A Rosen:9A86 Schilten:K", "fort, 60 Schellen, fort, 70 Schellen", None, str(_HERE / "qa_s48_reentry.yaml"), None, "re-entry table: A after his fort, Nell zu viert Rosen")
P["Y1"] = ("Eichel:87 Schellen:7 Rosen:AK6 Schilten:O87", "60 Eichel, 70 Schellen, fort", None, None, None, "D: Ass-Ansage 75 Rosen for B, or fort")
P["Z1"] = ("Eichel:976 Schellen:K8 Rosen:O7 Schilten:B6", "", None, None, None, "weak Nell zu dritt")
P["Z2"] = ("Eichel:U9K8 Schellen:A7 Rosen:9A Schilten:6", "fort, 60 Rosen", None, None, None, "C: own Puur zu viert vs opp's suit")
P["Z3"] = ("Eichel:U76 Schellen:A8 Rosen:K7 Schilten:O9", "fort, fort, fort", None, None, None, "D after three forts, Puur zu dritt")
P["Z4"] = ("Eichel:UA7 Schellen:AK Rosen:AK Schilten:AK", "60 Eichel, fort, 80 Eichel, fort", None, None, None, "A after C's Nell zu dritt Hilfe, AK AK AK: Matsch?")
P["Z5"] = ("Eichel:9A7 Schellen:K8 Rosen:7 Schilten:AO6", "60 Eichel, 65 Rosen", None, None, None, "Hilfe over an Ass-Ansage")
P["Z6"] = ("Eichel:9K8 Schellen:A7 Rosen:A6 Schilten:K7", "60 Eichel, fort, 80 Eichel, fort, 100 Eichel, B: dopple", "C", None, None, "C konters partner's doubled 100?")
P["S5"] = ("Eichel:9A Schellen:AK7 Rosen:K8 Schilten:A6", "60 Eichel", None, None, "AC=1950,BD=1700", "AC need 50: Partie nearly lost")
P["Q1"] = ("Eichel:U876 Schellen:9AK76", "", None, None, None, "Puur zu viert vs Nell zu fuenft")
P["Q3"] = ("Eichel:9A Schellen:K7 Rosen:O86 Schilten:B7", "157 Eichel", None, None, None, "B doubles A's Matsch with Nell + Ace of trumps?")
P["Q4"] = ("Eichel:6 Schellen:678 Rosen:67 Schilten:678", "60 Eichel, fort", None, "erweitert", None, "C with an Undenufe hand after partner's 60 Eichel")
P["Q5"] = ("Eichel:9A7 Schellen:AK Rosen:AK Schilten:76", "150 Eichel", None, None, None, "B vs A's 150 Eichel with a guarded Nell (BD need 8)")
P["Q6"] = ("Eichel:97 Schellen:K7 Rosen:O86 Schilten:B7", "150 Eichel", None, None, None, "B vs A's 150 Eichel with Nell zu zweit, nothing else")
P["Q7"] = ("Eichel:87 Schellen:A6 Rosen:U9K7 Schilten:K", "60 Eichel, 65 Rosen", None, None, None, "C doubles B's Ass-Ansage 65 Rosen holding Rosen U9K7?")
P["Q8"] = ("Eichel:U9 Schellen:A6 Rosen:K87 Schilten:K8", "60 Schellen, 65 Eichel, fort", None, None, None, "D: B's partner after B's Ace announcement in Eichel (Puur+Nell zu zweit)")
P["T1"] = ("Eichel:AK Schellen:AK Rosen:A7 Schilten:876", "120 Obenabe", None, "erweitert", None, "B vs A's 120 Obenabe with three Aces")
P["T2"] = ("Eichel:67 Schellen:6 Rosen:678 Schilten:6A7", "100 Undenufe", None, "erweitert", None, "B vs A's 100 Undenufe with four Sixes")
P["T6"] = ("Eichel:A7 Schellen:K76 Rosen:U8 Schilten:O8", "50 Rosen, 60 Rosen", None, None, None, "C: B wants our Rosen; C holds the Puur zu zweit")
P["Q9"] = ("Eichel:U Schellen:K87 Rosen:O86 Schilten:B7", "157 Eichel", None, None, None, "B vs A's Matsch with the bare Puur")
P["T7"] = ("Eichel:9A7 Schellen:K8 Rosen:A7 Schilten:O8", "60 Eichel, 70 Eichel", None, None, None, "C: B wants our Eichel; C holds Nell zu dritt")
P["T8"] = ("Eichel:A7 Schellen:K7 Rosen:U87 Schilten:O8", "50 Rosen, 60 Rosen", None, None, None, "C: B wants our Rosen; C holds the Puur zu dritt")
P["T9"] = ("Eichel:A7 Schellen:K76 Rosen:98 Schilten:O8", "60 Rosen, 70 Rosen", None, None, None, "C: B wants our Rosen; C holds the Nell zu zweit")
P["Z7"] = ("Eichel:9K7 Schellen:A8 Rosen:6 Schilten:AK6", "60 Eichel, 70 Rosen", None, None, None, "C: Nell zu dritt + Aces over B's 70 Rosen")
