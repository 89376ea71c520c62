"""The page layout (``layout``) and the score grid (``grid``) every PDF and game sheet shares;
each feature's own PDFs are in its ``pdf/`` folder (``entry/pdf/sheets.py``,
``standings/pdf/results.py``, ...).

Every number printed comes from the rules engine's evaluation or from the stored per-seat
integers it wrote; nothing here decides a rule.
"""
