"""Tools on top of the engine and the bots: the command line, the speed bench, the bots' tournament
and the blunder scanner."""
