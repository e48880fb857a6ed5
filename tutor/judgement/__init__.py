"""Judgement: which of the calls the conventions allow a hand is best.

The conventions (:mod:`tutor.conventions`) say what each call promises; which of the calls
that a hand makes true is best is a judgement. One interface, two engines:

- :mod:`tutor.judgement.base`: the interface, :class:`Judge` (``choose(hand, situation,
  readings, standing)`` returns a :class:`Judgement`) and the Partie's score
  (:class:`Standing`);
- :mod:`tutor.judgement.count`: the count, by hand, as A and D reason in the worked example
  (instant; its rules of thumb in that module's docstring);
- :mod:`tutor.judgement.simulation`: deals the unseen cards to fit the auction and plays them
  out (imported only when asked: the fast paths ``explain`` and ``--count`` never load it);
- :mod:`tutor.judgement.voice`: which judge answers by default (:func:`default_judge`: the
  simulation, seeded by the position) and how its answer is worded.

The dependency runs one way: :mod:`tutor.conventions` imports this package, never the other
way round; a judge sees the conventions' ``Situation`` and ``Reading`` values only through
their attributes.
"""
from tutor.judgement.base import Judge, Judgement, Line, Standing
from tutor.judgement.count import COUNT, Count, CountJudge, choose, is_misere, kind_of, lay_down, misere



def default_judge(count: bool = False, samples: "int | None" = None, workers: "int | None" = None,
                  seed: "int | None" = None, progress: bool = False, nodes: "int | None" = None) -> Judge:
    """The judge the tutor answers with (``bid``, ``check``, ``table``, ``serve``, the quiz):
    the simulation with a seed from the position, so the same question gets the same
    answer; ``count``: the count alone; ``nodes``: the solver's nodes an answer. See
    :mod:`tutor.judgement.voice`."""
    from tutor.judgement.voice import default_judge as judge

    return judge(count, samples, workers, seed, progress, nodes)


def table_judge(workers: "int | None" = None) -> Judge:
    """The judge of the table session's advice: the default voice within the table's budget
    of work (:data:`tutor.judgement.voice.TABLE_NODES`), so nobody at the table waits long."""
    from tutor.judgement.voice import table_judge as judge

    return judge(workers)


__all__ = ["COUNT", "Count", "CountJudge", "Judge", "Judgement", "Line", "Standing", "choose",
           "default_judge", "is_misere", "kind_of", "lay_down", "misere", "table_judge"]
