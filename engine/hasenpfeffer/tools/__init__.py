"""Command-line tools: the terminal game and the hand review (``cli``). They run
on CPython only: the site's wheel leaves this folder out (the browser never
imports it). ``python -m hasenpfeffer play|review`` reaches them; ``bench`` and
``arena`` are developer tools outside the wheel (``devtools/``)."""
