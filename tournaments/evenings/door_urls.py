"""URLs of an evening's door code (its QR at the door): ``/deur/<code>/…``, self check-in.

Included by the project's URLs (``clubmanager/project/urls.py``);
the views are ``evenings/views/door.py``.
A door code checks members in to its evening while check-in is open, and does nothing else.
"""

from django.urls import path

from tournaments.evenings.views import door as views

app_name = "door"

urlpatterns = [
    path("<str:code>/", views.door_names, name="names"),
    path("<str:code>/<id:member_id>/", views.door_confirm, name="confirm"),
]
