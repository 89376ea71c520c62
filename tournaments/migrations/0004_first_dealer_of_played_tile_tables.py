"""Stored tables keep their meaning now that the match document lists the sides in playing order.

Until now the match document listed the sides in seat order, so the engine took seat 1 as the
first dealer (Jokeren) or the start player (HIGH FIVE!), whatever seat was drawn. From now on
the document starts at the drawn first dealer (``matches.playing_order``). For the tables
already played that changes:

* HIGH FIVE! (``high_five_tiles``): the engine checks whose turn it is, and it accepted every
  stored turn with seat 1 starting. That is how those tables were played, so a table that holds
  hands gets ``first_dealer = 1``: its turns stay valid and the sheet and page name the player
  who really started. A table without hands keeps its drawn start player.
* Jokeren: nothing stored depends on the dealer, and the score page already named the next
  dealer from the drawn first dealer, so the players dealt in that order. The drawn first dealer
  stays; the engine's dealers now agree with what the page showed.
* The other games have no turn order in their rules: the same totals, competition points and
  places, whatever the order of the sides.

Game keys are named here, as a migration may: this records the data as it was.
"""

from django.db import migrations

PLAYED_WITH_SEAT_ONE_FIRST = ("high_five_tiles",)


def first_dealer_of_played_tables(apps, schema_editor):
    table_model = apps.get_model("tournaments", "Table")
    played = table_model.objects.filter(game__in=PLAYED_WITH_SEAT_ONE_FIRST, hands__isnull=False)
    table_model.objects.filter(pk__in=played.values("pk")).exclude(first_dealer=1).update(
        first_dealer=1)


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0003_game_known_by_registry'),
    ]

    operations = [
        migrations.RunPython(first_dealer_of_played_tables, migrations.RunPython.noop),
    ]
