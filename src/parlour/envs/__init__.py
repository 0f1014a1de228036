"""Learning environments for every game (issue 27): PettingZoo and Gymnasium, with exact baselines.

Installed with ``pip install 'parlour[rl]'``.  Importing :mod:`parlour.envs` imports nothing of
PettingZoo or Gymnasium; each is imported when an environment of its kind is made.
"""
