"""Competitions: their pages and form (options, rules, prizes, fees), the club's defaults
and settings page, and fixed pairs.

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
