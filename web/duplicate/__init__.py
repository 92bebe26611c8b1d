"""Duplicate deals on the page: the tournament at the table, its reference played in steps (in the
bots' worker), and its drawing."""
