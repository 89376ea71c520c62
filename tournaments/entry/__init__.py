"""Score entry at the table: the score pages, the hand form, the one write path, table
codes, idempotency keys, the hand history and the score sheets.

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
