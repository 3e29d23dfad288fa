"""The engine's developer tools, run from a checkout and never shipped in the
engine's wheel: duplicate matches between levels (``arena``), card play compared
deal by deal (``card_play``), the engine's speed figures (``bench``).

``python -m hasenpfeffer arena|bench`` hands over to ``arena``/``bench`` here;
``python -m hasenpfeffer_devtools.card_play`` runs the per-deal arena.
Install them with ``pip install -e ./devtools`` (``make venv`` does, with the
``dask`` extra for the per-deal arena's distributed scheduler)."""
