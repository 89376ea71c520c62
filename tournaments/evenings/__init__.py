"""Evenings: planning, check-in, the draw pages, call-offs, the door and the money.

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
