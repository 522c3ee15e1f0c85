"""Generic two-player search; knows nothing about cards or stones."""
from .minimax import GameState, SearchStats, Solver, solve

__all__ = ["GameState", "SearchStats", "Solver", "solve"]
