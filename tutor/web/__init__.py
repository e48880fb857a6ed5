"""The web companion (``tutor serve``): a page for a phone at the table and a JSON API.

- :mod:`tutor.web.app`: the Starlette application, its API and its guards;
- ``templates/index.html``, ``static/app.js``, ``static/app.css``: the page, served
  from the package (nothing from the network).
"""
