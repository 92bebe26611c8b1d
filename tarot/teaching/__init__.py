"""Teaching aids on top of the engine and the bots: hints, hand strength, the review of a
deal, the live count, duplicate deals."""
