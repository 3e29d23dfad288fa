"""Command-line tools: the terminal game (``cli``), duplicate matches between
levels (``arena``), speed figures (``bench``). They run on
CPython only: the site's wheel leaves this folder out (the browser never
imports it). ``python -m hasenpfeffer play|bench|arena`` reaches them."""
