"""``grundy serve``: the web page and its JSON API (needs Flask: ``pip install flask``, or
``pip install '.[web]'`` from a checkout)."""
