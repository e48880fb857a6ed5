"""Card play: the rules of play, the replay of a recorded game, the dealer, the
double-dummy solver.

- ``rules``: the one module with the rules of play (Schieber rules, as Sidi-Barrani plays
  them): the trump kinds, card points, who takes a trick, which cards are legal and why
  another one is not
- ``game``: game files (the four hands, the trump, the cards played) and their replay
- ``dealer``: deals of the unseen cards that fit what the auction promised

Nothing here is imported on the bidding paths (``tutor check``, ``bid``, ``explain``).
"""
