"""Printable PDFs: score sheets per round (``sheets``), evening results and standings
(``results``), built on the shared page layout in ``layout``.

Every number printed comes from the rules engine's evaluation or from the stored per-seat
integers it wrote; nothing here decides a rule.
"""
