"""A fort is told with its reason whichever judge speaks (QA s32 Q4). The hand below holds
the Puur and the Nell of Eichel with no third card, and no other suit with either: by the
rules "Die Eröffnung beginnt bei drei Karten", so it has no opening, and with nothing bid
there is no Hilfe and no Fünfer; the answer must say so, not only how many deals were
estimated."""
from __future__ import annotations

import pytest

HAND = "Eichel:U9 Schellen:AK Rosen:AK7 Schilten:K8"
REASON = "No opening (Puur or Nell with three cards), no Hilfe and no reason for an Ace announcement: fort."


@pytest.mark.needs_core
def test_the_default_voice_gives_the_reason_for_fort(run):
    out = run("bid", "--hand", HAND, "--lang", "en").output
    assert out.startswith("A: recommended fort")
    assert REASON in out


def test_the_count_gives_the_reason_for_fort(run):
    out = run("bid", "--count", "--hand", HAND, "--lang", "en").output
    assert out.startswith("A: recommended fort")
    assert REASON in out


def test_without_the_core_the_reason_for_fort_is_given_too(run, no_core):
    out = run("bid", "--hand", HAND, "--lang", "en").output
    assert out.startswith("A: recommended fort")
    assert "not built here" in out and REASON in out
