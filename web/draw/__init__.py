"""The drawing: pure functions from the page's state to HTML (the felt, the action panel and the
hand, the score sheet, the dialogs, the end of a deal in words, the card faces)."""
