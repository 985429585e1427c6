"""The balance lab: simulate any boardlab game many times, store the runs, and say with
honest intervals what the figures are - and whether they match the rulebook's.

Modules: :mod:`spec` (what a game declares in ``games/<id>/lab.py``), :mod:`runner`
(process pool / Ray), :mod:`stats`, :mod:`store` (SQLAlchemy tables), :mod:`analysis`,
:mod:`report`, :mod:`balance`, :mod:`cli`.
"""
