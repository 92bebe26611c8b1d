"""Tarot puzzles mined from play: positions where one action (or a few alike) is clearly best
for the seat to act, as the graded analysis weighs it (:mod:`.mine`), tagged with themes
(:mod:`.themes`), rated by Glicko-2 (:mod:`.glicko`)."""
