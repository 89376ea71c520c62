"""Wrong table codes are counted per code tried (its SHA-256), no longer per address: the
failures so far (per address, at most 15 minutes old) are dropped."""

from django.db import migrations, models


def drop_failures(apps, schema_editor):
    apps.get_model("tournaments", "TableCodeFailure").objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ('tournaments', '0009_history_change_key_once'),
    ]

    operations = [
        migrations.RunPython(drop_failures, migrations.RunPython.noop),
        migrations.RemoveIndex(model_name='tablecodefailure', name='table_code_failure_recent'),
        migrations.RenameField(model_name='tablecodefailure', old_name='address',
                               new_name='code_hash'),
        migrations.AddIndex(
            model_name='tablecodefailure',
            index=models.Index(fields=['code_hash', 'at'], name='table_code_failure_recent'),
        ),
        migrations.AddIndex(
            model_name='tablecodefailure',
            index=models.Index(fields=['at'], name='table_code_failure_at'),
        ),
    ]
