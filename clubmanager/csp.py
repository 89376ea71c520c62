"""Content-Security-Policy on every HTML page.

Our own middleware rather than django-csp: the policy is one fixed header (no page needs an
inline script or style, so no nonces, no per-view policies, no report endpoint), which is a few
lines here against a dependency and its settings migration. The setting has the shape of
Django 6's built-in ``SECURE_CSP`` (directive → list of sources), so moving to Django 6 swaps
this middleware for ``django.middleware.csp.ContentSecurityPolicyMiddleware`` and keeps the
setting.

Only HTML gets the header: PDFs and workbooks are downloads, and a policy on a PDF can stop the
browser's own viewer. Django's technical error pages (DEBUG only) carry inline script and style,
so with DEBUG on an error page is left without the header.
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
