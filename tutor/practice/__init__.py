"""Whole-deal practice and game review (issue 24).

- :mod:`tutor.practice.session`: one practice deal, the learner at one seat and three
  robots that bid with the tutor's default judgement (:mod:`tutor.practice.robots`);
- :mod:`tutor.practice.value`: what a deal is worth double dummy: the exact value of a
  contract and each team's best contract (the exact solver, :mod:`tutor.play.solver`);
- :mod:`tutor.practice.review`: the end of a practice deal and the review of each call
  against the tutor's advice;
- :mod:`tutor.practice.game`: ``tutor review``: a played game file with its auction,
  every call and every card that cost points against double-dummy play.

The command line (``tutor practice``, ``tutor review``: :mod:`tutor.commands.practice`)
and the phone page's Practice tab (:mod:`tutor.web.practice`) are thin layers over these.
"""
