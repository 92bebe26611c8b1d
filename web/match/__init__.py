"""The match at the table: the session (seat 0 and the bots), its settings and the matches kept, the
page's whole state and what a click makes of it, one bot decision in plain data."""
