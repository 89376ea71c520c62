"""Content-Security-Policy on every HTML page (the setting ``SECURE_CSP``).

A few lines of our own rather than django-csp: the policy is one fixed header. The setting has
the shape of Django 6's built-in, so the upgrade swaps this middleware and keeps it. Only HTML
gets the header (a policy on a PDF can stop the browser's viewer), and DEBUG's error pages,
which carry inline script, none. What the policy allows and why: docs/configuration.md
("Content-Security-Policy"), docs/security.md.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from django.conf import settings
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"


def policy_header(policy: Mapping[str, Sequence[str] | bool]) -> str:
    """``{"default-src": ["'self'"], "upgrade-insecure-requests": True}`` → header value."""
    parts = []
    for directive, sources in policy.items():
        if sources is True:
            parts.append(directive)
        elif sources:
            parts.append(" ".join([directive, *sources]))
    return "; ".join(parts)


class ContentSecurityPolicyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.value = policy_header(getattr(settings, "SECURE_CSP", {}))

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if not self.value or HEADER in response:
            return response
        if not response.get("Content-Type", "").startswith("text/html"):
            return response
        if settings.DEBUG and response.status_code >= 400:
            return response
        response[HEADER] = self.value
        return response
