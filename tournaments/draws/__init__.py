"""The draw: the pure generator (``draw.py``), its writes and its reads.

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
