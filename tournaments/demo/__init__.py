"""All demo data in one place, loaded by ``manage.py demo_data`` in this order (the loaders are
listed in ``settings.DEMO_DATA_LOADERS``): ``clubs`` (two clubs, members, a login per role),
``competitions`` (a competition per game with tonight drawn) and ``scores`` (played evenings).
The hands played come from each game's own sample hands (``tournaments.games``).
"""
