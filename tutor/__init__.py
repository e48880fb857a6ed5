"""tutor: a tutor for the bidding conventions of Sidi-Barrani.

The package reads as the domain:

- ``cards``: suits, ranks, cards and hands (values with ``parse``/``str``)
- ``rules``: the table rules ("Tischregeln") a table agrees on before the Partie
- ``auction``: calls and the auction, for any bidding game (turn order, end, doubling)
- ``conventions``: the Verband's conventions as one rule table (decoder and encoder)
- ``judgement``: the judgement interface and the count (raises, Matsch, doubles, konter)
- ``scoring``: one game on the board (Tafel)

Import what you need from those modules; this file imports nothing heavy.
"""

__version__ = "0.1.0"
