"""The companion at the table: the tutor follows a real game as it happens.

- :mod:`tutor.companion.session`: the :class:`~tutor.companion.session.Session`, one game
  (a hand, then the calls as they come) read by the conventions, with the advice at the
  player's turn and the game written on the Tafel at the end. The terminal and the web
  page both use it.
- :mod:`tutor.companion.terminal`: ``tutor table``, the session in a terminal or a pipe.
"""
