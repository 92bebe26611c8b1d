"""Teaching at the table: hints, "why?", the bidding aid, and situations from the URL.

- **Hints** (``[data-action=hint]``): at any decision of seat 0, the recommender's
  choice (the Standard bot) and its reason (:mod:`tarot.hints`); the deals where a
  hint was used are marked on the score sheet.
- **Why?** (``[data-action=why]``): the reason for the last bot decision, from that
  bot's own view at the time.
- **Bidding aid**: the hand's value on the points scale, item by item
  (:mod:`tarot.strength`), and the contract it suggests.
- **Situations** (``#record=...`` in the fragment, :mod:`tarot.situation`): the
  table opens on that deal at that point, with the query parameters ``seat=N``
  (whose view: that seat is shown at the bottom), ``open=1`` (every hand shown),
  ``at=K`` (after the record's first K actions), ``steps=1`` (forward and back
  through the record's actions) and ``exercise=1`` (the person is asked for that
  seat's next decision and told whether it is the record's, or when the record
  stops, the recommender's).  A situation is never saved in the browser.

Here: the teaching's words.  The state and its buttons: :mod:`web.teacher`; situations:
:mod:`web.situations`; the region's drawing: :mod:`web.teachview`; the hands editor:
:mod:`web.editor`; decisions in words: :mod:`web.moves`.  Nothing here touches the browser.
"""
from __future__ import annotations

from .labels import TEXT as PAGE_TEXT, fill

HINTS_KEY = "tarot.table.hints"  # localStorage: the deals of the saved match where hints were used

TEXT: dict[str, tuple[str, str]] = {
    "hint": ("Conseil", "Hint"),
    "hint_label": ("Demander un conseil pour cette décision", "Ask for a hint for this decision"),
    "hint_is": ("Conseil : {move}.", "Hint: {move}."),
    "why": ("Pourquoi ?", "Why?"),
    # The reasons speak to the seat deciding ("Votre main vaut…"): quoted as the book's words to it.
    "why_is": ("Le livre, à la place de {name} : « {reason} »", "The book, in {name}'s seat: “{reason}”"),
    "aid": ("Force de la main", "Hand strength"),
    "aid_total": ("Total : {points} points → {contract}", "Total: {points} points → {contract}"),
    "aid_pass": ("passe (une prise demande {need})", "pass (a prise needs {need})"),
    "aid_bid": ("{contract} (à partir de {need})", "{contract} (from {need})"),
    "step_prev": ("◀ Étape précédente", "◀ Previous step"),
    "step_start": ("◀◀ Au début", "◀◀ Back to the start"),
    "step_next": ("Étape suivante ▶", "Next step ▶"),
    "step_prev_short": ("◀ Précédente", "◀ Previous"),  # on a phone, beside the step count
    "step_next_short": ("Suivante ▶", "Next ▶"),
    "step_of": ("Étape {p} sur {n}", "Step {p} of {n}"),
    "record_left": ("Vous avez quitté la donne enregistrée : la partie continue.",
                    "You left the recorded deal: the game goes on."),
    "exercise_ask": ("Exercice : à vous, quelle est votre décision ?", "Exercise: your turn, what is your decision?"),
    "exercise_right": ("Bien vu : {move}. {reason}", "Well done: {move}. {reason}"),
    "exercise_wrong": ("Pas tout à fait. La bonne décision : {move}. {reason} Essayez encore.",
                       "Not quite. The right decision: {move}. {reason} Try again."),
    "exercise_done": ("L'exercice est terminé.", "The exercise is over."),
    "open_hands": ("Toutes les mains", "Every hand"),
    "hinted": ("conseils utilisés", "hints used"),
    "share": ("Partager cette situation", "Share this situation"),
    "share_intro": ("Ces liens ouvrent la table sur cette donne, à ce moment, vue de votre place.",
                    "These links open the table on this deal, at this moment, from your seat."),
    "share_link": ("Lien", "Link"),
    "share_exercise": ("Exercice sur votre prochaine décision", "Exercise on your next decision"),
    "share_steps": ("Toute la donne pas à pas", "The whole deal step by step"),
    "share_iframe": ("À intégrer dans une page", "To embed in a page"),
    "note_label": ("Commentaire pour ce moment (montré à cette étape)", "Comment for this moment (shown at this step)"),
    "note_save": ("Enregistrer le commentaire", "Save the comment"),
    "editor": ("Choisir les mains", "Choose the hands"),
    "editor_intro": ("Choisissez une place, puis cliquez ses cartes ; « Compléter » distribue le reste. "
                     "Jouez ensuite la donne jusqu'au moment à montrer et partagez-la.",
                     "Choose a seat, then click its cards; “Fill in” deals the rest. Then play the deal "
                     "up to the moment to show and share it."),
    "editor_chien": ("Chien", "Chien"),
    "editor_count": ("{name} : {n}/{size}", "{name}: {n}/{size}"),
    "editor_fill": ("Compléter", "Fill in"),
    "editor_clear": ("Tout effacer", "Clear"),
    "editor_start": ("Jouer cette donne", "Play this deal"),
    "editor_close": ("Fermer", "Close"),
    "editor_full": ("{name} a déjà toutes ses cartes.", "{name} already has all their cards."),
    "editor_incomplete": ("Il reste des cartes à placer : « Compléter » les distribue.",
                          "Some cards are not placed yet: “Fill in” deals them."),
    "move_play": ("jouer {card}", "play {card}"),
    "move_bid": ("{bid}", "{bid}"),
    "move_call": ("appeler {card}", "call {card}"),
    "move_no_call": ("ne pas appeler", "no call"),
    "move_ecart": ("écarter {cards}", "discard {cards}"),
    "move_chelem": ("annoncer le chelem", "announce a chelem"),
    "move_no_chelem": ("ne pas annoncer de chelem", "no chelem"),
    "move_poignee": ("présenter une poignée de {n} atouts", "show a poignée of {n} trumps"),
    "move_misere": ("annoncer la misère", "declare the misère"),
    "move_purchase": ("acheter {card} et donner {give}", "buy {card} and give {give}"),
    # The last bot decision, told as it happens at the table (a card, a bid or a call is
    # told in the live region's words, web.labels: "plays", "bids", "passes", "calls").
    "did_no_call": ("{name} n'appelle personne.", "{name} calls no one."),
    "did_ecart": ("{name} fait son écart.", "{name} makes the écart."),
    "did_chelem": ("{name} annonce le chelem.", "{name} announces a chelem."),
    "did_no_chelem": ("{name} n'annonce pas de chelem.", "{name} announces no chelem."),
    "did_poignee": ("{name} présente une poignée de {n} atouts.", "{name} shows a poignée of {n} trumps."),
    "did_misere": ("{name} annonce une misère.", "{name} declares a misère."),
    "did_purchase": ("{name} achète {card} et donne {give}.", "{name} buys {card} and gives {give}."),
    "did_purchase_unseen": ("{name} achète {card} et donne une carte en échange.",
                            "{name} buys {card} and gives a card for it."),
}

# Notices shown by web.render's notice region (its words live in web.labels.TEXT).
_NOTICE_TEXT: dict[str, tuple[str, str]] = {
    "url_expect_seat": ("une place de la donne, à partir de 0", "a seat of the deal, from 0"),
    "url_expect_at": ("un nombre d'actions, 0 ou plus", "a number of actions, 0 or more"),
    "url_needs_situation": ("Paramètre d'adresse sans effet : {names} (pour une situation, #record=…, "
                            "que l'adresse n'a pas).",
                            "Address parameter with no effect: {names} (for a situation, #record=…, "
                            "which the address lacks)."),
}


def register_notice_words() -> None:
    """The notes of the teaching parameters, among the page's words (web.labels)."""
    from tarot.situation import MESSAGES

    for code, words in MESSAGES.items():
        PAGE_TEXT.setdefault(f"situation_{code}", words)
    for key, words in _NOTICE_TEXT.items():
        PAGE_TEXT.setdefault(key, words)


def t(key: str, lang: str, **params: object) -> str:
    """The teaching's words in ``lang``, filled as the page's are (web.labels.fill)."""
    pair = TEXT[key]
    return fill(pair[0] if lang == "fr" else pair[1], lang, params)
