"""The computer players. They see a game only through one seat's view
(``Game.view``), except the arena-only ``oracle``, which sees every card.

``players``   the interface (``Player.choose(view)``), the levels and their registry;
``medium``    medium and easy: calibrated trick estimates and play rules;
``calls``     the hard player's game-aware calls; ``rollouts`` improves them;
``hard``      hard: sampled deals solved double-dummy (PIMC);
``solver``    the double-dummy solver; ``oracle`` plays with it on the true deal;
``hints``     the human's options ranked by a level, with reasons.

>>> from hasenpfeffer import Game
>>> from hasenpfeffer.bots.players import make_player
>>> game = Game.new(seed=3)
>>> seat = game.to_act
>>> view = game.view(seat)  # all a player sees: its own hand, the auction, the tricks
>>> make_player("medium", seed=1).choose(view) in view["legal_actions"]
True
"""
