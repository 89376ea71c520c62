"""Standings, evening results, the TV, prizes, my results, publishing and sharing.

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
