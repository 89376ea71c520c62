"""One home for the site's codes: table codes (``/t/``), door codes (``/deur/``) and share
links (``/uitslag/``). One generator (``tokens.code_new``), one lookup that refuses a wrong or
blocked code the same way (``lookup.code_lookup``, ``lookup.CodeRefused``), one count of wrong
codes (``throttle``) and one answer to a refusal (``views.code_required``).

What each kind opens and why: docs/architecture.md#codes and docs/security.md.
"""
