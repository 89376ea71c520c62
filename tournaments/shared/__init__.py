"""What several features use and none owns (the engine adapter, the engine's sentences,
the stored reglement, money, numbers, guards, the code throttle, QR codes, view helpers).

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
