"""The web server: the ASGI app, live tables and their storage."""
