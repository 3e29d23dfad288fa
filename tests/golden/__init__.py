"""The golden records (``records.py``: seeded games and the API's answers) and the
perft counts (``make_perft.py``), with the files they write. A package, so that
tests/test_golden.py imports ``golden.records`` and ``python -m golden.make_perft``
(run from tests/) imports test_perft, neither putting a folder on ``sys.path``."""
