"""Surveys of many games (octal codes by pattern): computed on Dask, stored in SQLite.

- :mod:`grundy.survey.codes`: specs and code patterns (``0.???``), equivalent codes;
- :mod:`grundy.survey.work`: what a worker computes for one game (and continues a stored table);
- :mod:`grundy.survey.database`: the SQLite database (schema in its docstring);
- :mod:`grundy.survey.run`: the Dask orchestration (:func:`grundy.survey.run.run_survey`);
- :mod:`grundy.survey.report`: text, Markdown, JSON and a plot of a database.

numpy and dask are imported only when a survey runs.

>>> from grundy.survey.codes import expand
>>> len(expand(["0.???"]))
512
"""
