"""Hypothesis strategies generating valid match documents, one module per game."""
