"""The season rules: a competition's reglement becomes the rules engine's rules
document (``Competition.rules``, tournaments/season_rules.py), replacing the fields counting,
best_n, min_evenings, absent_rule, absent_points and tiebreaks; an evening can be marked as not
counting (``Evening.counts``). Every competition's reglement is converted so its standings stay
exactly the same (tests/tournaments/test_rules_migration.py), history rows too."""

from typing import Any

from django.db import migrations, models


OLD_FIELDS = ("counting", "best_n", "min_evenings", "absent_rule", "absent_points", "tiebreaks")


#: The old tie-break names and the engine's.
OLD_TIEBREAKS = {"evenings": "played", "best_evening": "best_evening", "wins": "wins",
                 "average": "average", "name": "name"}


def rules_from_old(*, counting: str, best_n: int | None, min_evenings: int, absent_rule: str,
                   absent_points: int | None, tiebreaks: Any) -> dict[str, Any]:
    """The reglement the old fields meant: every absence scored by the one absent rule
    (there were no call-offs, so notified and not notified alike), best N or all."""
    absent: Any = absent_rule if absent_rule in ("worst", "average") else "nothing"
    if absent_rule == "fixed" and absent_points is not None:
        absent = {"fixed": absent_points}
    chosen: list[str] = []
    for name in tiebreaks if isinstance(tiebreaks, list) else []:
        new = OLD_TIEBREAKS.get(name) if isinstance(name, str) else None
        if new is not None and new not in chosen:
            chosen.append(new)
    return {
        "count": {"best": best_n} if counting == "best" and best_n else "all",
        "min_played": min_evenings or 0,
        "absent": {"notified": absent, "unnotified": absent},
        "tiebreaks": chosen,
    }


def to_rules(apps, schema_editor):
    for name in ("Competition", "HistoricalCompetition"):
        model = apps.get_model("tournaments", name)
        for row in model.objects.all().only(*OLD_FIELDS).iterator():
            row.rules = rules_from_old(**{f: getattr(row, f) for f in OLD_FIELDS})
            row.save(update_fields=["rules"])



class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0010_table_code_failures_per_code'),
    ]

    operations = [
        migrations.AddField(
            model_name='competition',
            name='rules',
            field=models.JSONField(blank=True, default=dict, help_text='The reglement: which evenings count, absences, periods, tie-breaks.', verbose_name='season rules'),
        ),
        migrations.AddField(
            model_name='evening',
            name='counts',
            field=models.BooleanField(default=True, help_text='Off for an opening night, a prize evening or a free evening.', verbose_name='counts for the competition'),
        ),
        migrations.AddField(
            model_name='historicalcompetition',
            name='rules',
            field=models.JSONField(blank=True, default=dict, help_text='The reglement: which evenings count, absences, periods, tie-breaks.', verbose_name='season rules'),
        ),
        migrations.AddField(
            model_name='historicalevening',
            name='counts',
            field=models.BooleanField(default=True, help_text='Off for an opening night, a prize evening or a free evening.', verbose_name='counts for the competition'),
        ),
        migrations.RunPython(to_rules, migrations.RunPython.noop),
        migrations.RemoveConstraint(
            model_name='competition',
            name='competition_best_n_set',
        ),
        migrations.RemoveConstraint(
            model_name='competition',
            name='competition_absent_points_set',
        ),
        migrations.RemoveField(
            model_name='competition',
            name='absent_points',
        ),
        migrations.RemoveField(
            model_name='competition',
            name='absent_rule',
        ),
        migrations.RemoveField(
            model_name='competition',
            name='best_n',
        ),
        migrations.RemoveField(
            model_name='competition',
            name='counting',
        ),
        migrations.RemoveField(
            model_name='competition',
            name='min_evenings',
        ),
        migrations.RemoveField(
            model_name='competition',
            name='tiebreaks',
        ),
        migrations.RemoveField(
            model_name='historicalcompetition',
            name='absent_points',
        ),
        migrations.RemoveField(
            model_name='historicalcompetition',
            name='absent_rule',
        ),
        migrations.RemoveField(
            model_name='historicalcompetition',
            name='best_n',
        ),
        migrations.RemoveField(
            model_name='historicalcompetition',
            name='counting',
        ),
        migrations.RemoveField(
            model_name='historicalcompetition',
            name='min_evenings',
        ),
        migrations.RemoveField(
            model_name='historicalcompetition',
            name='tiebreaks',
        ),
    ]
