"""The live benchmarks' code runs on a tiny size (``make bench`` and ``make load --live`` measure;
nothing here is timed)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_live_bench_polls_unchanged_and_sees_every_save(
        capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import live

    result = live.main(evenings=2, members=8, rounds=1, repeat=2, samples=2, interval=0.05)
    out = capsys.readouterr().out
    for name in ("standings (member)", "TV (visitor)", "live page (member)"):
        assert f"unchanged poll, {name}" in out
    assert "changed standings page" in out and "2 saves at random moments" in out
    assert result["seen_max_s"] >= result["seen_mean_s"] > 0


def test_the_live_load_seed_logs_every_member_in_and_shows_the_tv(tmp_path: Path) -> None:
    from benchmarks.load_live import seed_live

    seed_live(evenings=3, viewers=8, keepers=2, rounds=2, out=tmp_path / "plan.json")
    plan = json.loads((tmp_path / "plan.json").read_text())
    assert len(plan["tvs"]) == 3 and len(plan["members"]) == 24
    # 2 tables a round, 2 rounds: each club's 4 tables played by its scorekeeper (2 clubs, 1)
    assert sorted(len(tables) for tables in plan["keeper_tables"]) == [4, 8]
    url, session = plan["members"][-1]
    member = Client(HTTP_HX_REQUEST="true")
    member.cookies["sessionid"] = session
    answer = member.get(url)
    assert answer.status_code == 200 and answer.wsgi_request.user.is_authenticated
    again = member.get(url, HTTP_IF_NONE_MATCH=answer["ETag"])
    assert again.status_code == 304
    assert Client(HTTP_HX_REQUEST="true").get(plan["tvs"][0]).status_code == 200
