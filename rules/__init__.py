"""The rules of the game: pure, deterministic, standard library only.

Everything the table does becomes a command; ``apply(state, command)`` returns the
new state and the events it caused, or raises a :class:`RulesError` naming the rule.
"""
