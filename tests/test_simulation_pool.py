"""The simulation's pool: how a pass's deals and games go out to the workers changes no answer
(each deal and game starts from its carried table or an empty one)."""
from __future__ import annotations

from tutor.judgement import simulation as S
from tutor.judgement import workers
from tutor.rules import load

# eroeffnung-gen-01 (B after A's fort) at eval's nodes: 74 of its 75 deals stay open, and the last
# passes give one hard deal with several open games more nodes
HAND, AUCTION = "Eichel:UB9 Schellen:B Rosen:U Schilten:AO96", "fort"


def test_a_pass_of_one_deal_gives_each_game_a_job_and_the_same_answers(monkeypatch):
    # SPLIT_ONE_DEAL: such a pass ran as one job (its games one after the other in one process
    # while the other core waited); each game is now a job of its own, with the same answers
    passes = []
    pool_map = workers.Pool.map

    def recorded(self, fn, jobs, chunksize=1):
        jobs = list(jobs)
        if fn is S._judge_all:
            passes.append([tuple(map(tuple, job[0][0])) for job in jobs])     # each job's deal
        return pool_map(self, fn, jobs, chunksize)

    monkeypatch.setattr(workers.Pool, "map", recorded)
    runs = {}
    for on in (True, False):
        monkeypatch.setattr(S, "SPLIT_ONE_DEAL", on)
        passes.clear()
        sim = S.Simulation(samples=100, seed=1, nodes=S.EVAL_NODES, workers=2)
        ev = S.evaluate(HAND, AUCTION, load("verband"), simulation=sim)
        runs[on] = (ev.to_json(), ev.judged, ev.nodes)
        # (where the switch is on, some pass sends one deal's games to the workers as several jobs)
        assert any(len(deals) > 1 and len(set(deals)) == 1 for deals in passes) == on
    assert runs[True] == runs[False]
