"""The game columns are no longer checked against a fixed list of five keys.

Which games the site plays is the registries' business (``scoring.GAMES`` and
``tournaments.games``): a sixth game is a new module, not a migration. The services check a
competition's game against the registry (``services.competitions._check_game``); a table takes
its game from its competition.
"""

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0002_hand_adjusted_points'),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='competition',
            name='competition_game_known',
        ),
        migrations.RemoveConstraint(
            model_name='table',
            name='table_game_known',
        ),
    ]
