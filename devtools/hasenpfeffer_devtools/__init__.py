"""The engine's developer tools, run from a checkout and never shipped in the
engine's wheel: duplicate matches between levels (``arena``, with the independent
``heuristic`` player), card play compared deal by deal (``card_play``), the engine's
speed figures (``bench``, ``solver_bench``, ``bench_hints``), the advisor's calibration
(``calibration``), how well the search players' sampled deals place the hidden cards
(``sampling_accuracy``) and the medium player's fitted weights (``fit_medium_model``,
``fit_medium_auction``).

``python -m hasenpfeffer arena|bench`` hands over to ``arena``/``bench`` here;
``python -m hasenpfeffer_devtools.card_play`` runs the per-deal arena.
Install them with ``pip install -e ./devtools`` (``make venv`` does, with the
``dask`` extra for the per-deal arena's distributed scheduler)."""
