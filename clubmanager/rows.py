"""Statements written once, for the hottest path of the site: saving a hand at the table.

Django builds a queryset's SQL anew for every execution: about 0.3 ms of Python per statement
on our machines, ten times what SQLite then needs to run it. Saving a hand reads the club, the
user's role, the table, its seats and its hands and writes the table, the hand and its history
row, so the ORM's compiling was most of a save's server time. Here a statement is written once
per process, with every table and column name taken from the models' ``_meta`` (never typed),
and rows go back and forth through the fields' own conversions:

* :class:`Columns` selects a model's concrete columns under a table alias and turns a slice of
  a result row into an instance, with the same database converters the ORM applies (JSON,
  dates, booleans on SQLite) and ``Model.from_db``, so the instance is what the ORM would give;
* :func:`insert` writes a new instance the way ``save()`` does (each field's ``pre_save``, e.g.
  ``auto_now``, and its database value), without signals, and sets its primary key.

Everything else in the site uses the ORM; tests/clubmanager/test_rows.py checks both give the
same instances and rows, on SQLite and PostgreSQL.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Model

M = TypeVar("M", bound=Model)
Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]


def db(using: str = DEFAULT_DB_ALIAS) -> BaseDatabaseWrapper:
    """This thread's connection (what ``django.db.connection`` stands for)."""
    return connections[using]


def name(model: type[Model], field: str | None = None) -> str:
    """The quoted table name of ``model``, or the quoted column of one of its fields."""
    quote = db().ops.quote_name
    if field is None:
        return quote(model._meta.db_table)
    return quote(model._meta.get_field(field).column)  # type: ignore[union-attr]


class Columns:
    """A model's concrete columns under a table ``alias`` in a hand-written SELECT."""

    def __init__(self, model: type[Model], alias: str) -> None:
        self.model = model
        self.alias = alias
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self.pk_index = self.fields.index(model._meta.pk)  # type: ignore[arg-type]
        self._converters: WeakKeyDictionary[
            BaseDatabaseWrapper, list[tuple[int, Any, list[Converter]]]
        ] = WeakKeyDictionary()

    def __len__(self) -> int:
        return len(self.fields)

    def sql(self) -> str:
        """``alias."column", …`` in field order."""
        quote = db().ops.quote_name
        return ", ".join(f"{self.alias}.{quote(f.column)}" for f in self.fields)

    def _converters_for(
        self, connection: BaseDatabaseWrapper
    ) -> list[tuple[int, Any, list[Converter]]]:
        found = self._converters.get(connection)
        if found is None:
            found = []
            for index, field in enumerate(self.fields):
                column = field.get_col(self.alias)
                converters = [*connection.ops.get_db_converters(column),
                              *column.get_db_converters(connection)]
                if converters:
                    found.append((index, column, converters))
            self._converters[connection] = found
        return found

    def build(self, row: Sequence[Any], start: int,
              connection: BaseDatabaseWrapper | None = None) -> Any:
        """The instance in ``row[start:start + len(self)]``; None when its primary key is NULL
        (nothing matched an outer join). ``connection``: the one the row came from (default:
        this thread's), passed by callers that build many instances."""
        values = list(row[start:start + len(self.fields)])
        if values[self.pk_index] is None:
            return None
        connection = connection or db()
        for index, column, converters in self._converters_for(connection):
            for converter in converters:
                values[index] = converter(values[index], column, connection)
        return self.model.from_db(connection.alias, self.attnames, values)


def fetch(sql: str, params: Sequence[Any], using: str = DEFAULT_DB_ALIAS) -> list[Any]:
    with db(using).cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


@cache
def _insert_sql(model: type[Model], vendor: str) -> tuple[str, list[Any], bool]:
    meta = model._meta
    pk = meta.pk
    assert pk is not None
    fields = [f for f in meta.concrete_fields if f is not pk]  # the pk comes from the database
    quote = db().ops.quote_name
    returning = db().features.can_return_columns_from_insert
    sql = "INSERT INTO {} ({}) VALUES ({}){}".format(  # noqa: S608 (names from _meta)
        quote(meta.db_table), ", ".join(quote(f.column) for f in fields),
        ", ".join(["%s"] * len(fields)),
        f" RETURNING {quote(pk.column)}" if returning else "",
    )
    return sql, fields, returning


def insert(obj: M, using: str = DEFAULT_DB_ALIAS) -> M:
    """INSERT ``obj`` (a new instance with an automatic primary key) as ``save()`` would, but
    without signals; sets ``obj.pk``."""
    connection = db(using)
    sql, fields, returning = _insert_sql(type(obj), connection.vendor)
    values = [f.get_db_prep_save(f.pre_save(obj, True), connection=connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        if returning:
            pk = cursor.fetchone()[0]
        else:  # pragma: no cover (SQLite before 3.35)
            pk = connection.ops.last_insert_id(cursor, obj._meta.db_table, obj._meta.pk.column)
    obj.pk = pk
    obj._state.adding = False
    obj._state.db = using
    return obj
