"""Benchmarks: run with `make bench` (figures, not pass/fail tests)."""
