"""``grundy serve``: the web page and its JSON API (needs Flask: ``pip install 'grundy[web]'``)."""
