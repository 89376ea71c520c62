"""clubmanager.rows: statements written once give the same instances and rows as the ORM."""

import datetime
from typing import Any

import pytest
from django.db import connection
from django.utils import timezone

from clubmanager import rows
from clubmanager.models import Club, Member

pytestmark = pytest.mark.django_db


def values(obj: Any) -> dict[str, Any]:
    return {f.attname: getattr(obj, f.attname) for f in type(obj)._meta.concrete_fields}


def select_members(club: Club) -> list[Member]:
    columns = rows.Columns(Member, "m")
    sql = (f"SELECT {columns.sql()} FROM {rows.name(Member)} m "
           f"WHERE m.{rows.name(Member, 'club')} = %s ORDER BY m.{rows.name(Member, 'id')}")
    return [columns.build(row, 0) for row in rows.fetch(sql, [club.pk])]


def test_build_gives_the_orms_instance_for_every_field_type(club: Club, member_user: Any) -> None:
    # text, email, boolean, foreign key (set and NULL), auto_now(_add) datetimes
    Member.objects.create(club=club, name="Ann de Vries", member_number="7", email="a@b.nl",
                          phone="06 1234", notes="regel 1\nregel 2", is_active=False,
                          user=member_user)
    Member.objects.create(club=club, name="Bob", member_number="8")
    built = select_members(club)
    expected = list(Member.objects.filter(club=club).order_by("pk"))
    assert [values(m) for m in built] == [values(m) for m in expected]
    assert built[0].is_active is False and built[1].user_id is None
    assert isinstance(built[0].created, datetime.datetime) and timezone.is_aware(built[0].created)
    assert not built[0]._state.adding and built[0]._state.db == "default"
    built[0].name = "Ann"  # a normal instance: it saves like one
    built[0].save()
    assert Member.objects.get(pk=built[0].pk).name == "Ann"


def test_build_returns_none_for_an_outer_join_miss(club: Club) -> None:
    columns = rows.Columns(Member, "m")
    sql = (f"SELECT {columns.sql()} FROM {rows.name(Club)} c LEFT JOIN {rows.name(Member)} m "
           f"ON m.{rows.name(Member, 'club')} = c.{rows.name(Club, 'id')} "
           f"WHERE c.{rows.name(Club, 'id')} = %s")
    assert columns.build(rows.fetch(sql, [club.pk])[0], 0) is None


def test_insert_writes_the_row_save_would(club: Club) -> None:
    before = timezone.now()
    inserted = rows.insert(Member(club=club, name="Cor", member_number="9", email="c@d.nl"))
    saved = Member.objects.create(club=club, name="Cor", member_number="10", email="c@d.nl")
    assert inserted.pk is not None and inserted.pk != saved.pk
    assert not inserted._state.adding
    fresh = Member.objects.get(pk=inserted.pk)
    assert values(fresh) == values(inserted)  # pre_save filled created/updated on the object
    assert before <= fresh.created <= fresh.updated <= timezone.now()
    differ = {"id", "member_number", "created", "updated"}
    assert ({k: v for k, v in values(fresh).items() if k not in differ}
            == {k: v for k, v in values(saved).items() if k not in differ})


def test_insert_sends_no_signals_so_no_history_row(club: Club) -> None:
    member = rows.insert(Member(club=club, name="Dirk", member_number="11"))
    assert not Member.history.filter(id=member.pk).exists()
    assert Member.objects.filter(pk=member.pk).exists()


def test_names_are_quoted_for_this_database() -> None:
    quoted = connection.ops.quote_name("clubmanager_member")
    assert rows.name(Member) == quoted
    assert rows.name(Member, "club") == connection.ops.quote_name("club_id")
