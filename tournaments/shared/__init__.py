"""What several features use and none owns (the engine adapter, the engine's sentences,
the stored reglement, money, numbers, guards, QR codes, view helpers). The codes have their
own home, ``tournaments/codes/``.

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
