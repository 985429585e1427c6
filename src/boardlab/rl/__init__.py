"""boardlab for reinforcement learning and game theory: PettingZoo and OpenSpiel interfaces.

* :mod:`boardlab.rl.pettingzoo_env` - ``env(game, ...)`` (AEC) and ``parallel_env(game, ...)``
  (needs ``pip install 'boardlab[rl]'``);
* :mod:`boardlab.rl.openspiel_game` - ``register_all()`` registers every game with OpenSpiel
  as ``boardlab_<id>`` (needs ``pip install 'boardlab[openspiel]'``);
* :mod:`boardlab.rl.encoding` - the fixed action and observation encoding both use.

Nothing here is imported by the web app or the lab.
"""
