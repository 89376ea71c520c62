"""A member's own data: seeing it, downloading it, and removing a member who left.

The map of the features: docs/architecture.md#features-one-folder-per-thing-a-club-does.
"""
