"""The reasons for a decision, in French and English (see :mod:`tarot.hints`).

Each reason is a stable code with parameters, like the engine's refusals;
:func:`tarot.i18n.explain` turns it into one sentence a player understands.
``{card}`` and ``{cards}`` are cards in record notation (``{the_card}`` writes the card
with its article, ``{The_card}`` so at the start of a sentence), ``{suit}`` a suit number,
``{contract}`` and ``{threshold_contract}`` contracts' codes (written as names by
:mod:`tarot.hints` before formatting), the rest plain numbers.
"""
from __future__ import annotations

# code -> (French, English)
REASONS: dict[str, tuple[str, str]] = {
    # --- the play
    "only_card": ("C'est votre seule carte jouable.", "It is your only playable card."),
    "excuse_before_last": ("Jouez l'Excuse avant le dernier pli : au dernier pli, elle serait perdue.",
                           "Play the Excuse before the last trick: in the last trick it would be lost."),
    "excuse_save": ("Jouez l'Excuse : le pli est perdu et elle garde vos points.",
                    "Play the Excuse: the trick is lost and it keeps your points."),
    "follow_low_taker_wins": ("Fournissez le plus bas : le pli est au preneur.",
                              "Play your lowest card: the taker is winning the trick."),
    "follow_low_lost": ("Le pli est perdu pour votre camp : donnez la carte qui coûte le moins.",
                        "The trick is lost for your side: give the card that costs least."),
    "load_partner_trick": ("Chargez le pli de votre partenaire : il est maître.",
                           "Put points on your partner's trick: it is master."),
    "save_petit": ("Sauvez le Petit : le pli de votre camp est sûr.",
                   "Save the Petit: your side's trick is safe."),
    "low_on_partner_trick": ("Votre camp gagne le pli et vous n'avez rien à y mettre : jouez petit.",
                             "Your side wins the trick and you have no points to give: play low."),
    "win_cheaply": ("Prenez le pli avec la plus petite carte qui le gagne.",
                    "Take the trick with the lowest card that wins it."),
    "trump_to_win": ("Coupez : vous n'avez plus de {suit}, et l'atout prend le pli.",
                     "Trump: you have no {suit} left, and the trump takes the trick."),
    "undertrump_forced": ("Vous ne pouvez pas monter sur l'atout maître : pissez le plus petit atout.",
                          "You cannot overtrump: play your lowest trump."),
    "petit_au_bout": ("Le Petit au bout : gagner le dernier pli avec le Petit rapporte une prime.",
                      "Petit au bout: winning the last trick with the Petit earns a bonus."),
    "hunt_petit": ("Chassez le Petit : jouez atout.", "Hunt the Petit: lead a trump."),
    "draw_trumps": ("Faites tomber les atouts de la défense avec vos atouts maîtres.",
                    "Draw the defence's trumps with your master trumps."),
    "draw_for_petit_au_bout": ("Faites tomber les derniers atouts pour mener le Petit au bout.",
                               "Draw the last trumps to bring the Petit to the last trick."),
    "find_partner": ("Entamez la couleur appelée ({suit}) pour trouver votre partenaire.",
                     "Lead the called suit ({suit}) to find your partner."),
    "cash_master_king": ("Jouez le roi maître avant qu'il soit coupé.",
                         "Play your master king before it gets trumped."),
    "cash_master": ("Jouez votre carte maîtresse : personne ne peut la battre.",
                    "Play your master card: nobody can beat it."),
    "long_suit": ("Entamez votre longue à {suit} par une petite carte : vous gardez vos honneurs.",
                  "Lead low in your long suit ({suit}): you keep your honours."),
    # A partner's low lead (an ace to a 5) promises the king or the queen of its suit (FFT signals).
    "lead_to_partner_signal": ("Rejouez {suit} : l'entame basse de votre partenaire y promet le roi ou la dame.",
                               "Return {suit}: your partner's low lead there promises the king or the queen."),
    "lead_to_partner_signal_queen": ("Rejouez {suit} : l'entame basse de votre partenaire y promet la dame "
                                     "(vous avez le roi).",
                                     "Return {suit}: your partner's low lead there promises the queen "
                                     "(you hold the king)."),
    "lead_to_partner_signal_king": ("Rejouez {suit} : l'entame basse de votre partenaire y promet le roi "
                                    "(vous avez la dame).",
                                    "Return {suit}: your partner's low lead there promises the king "
                                    "(you hold the queen)."),
    "lead_to_partner_suit": ("Rejouez {suit}, la couleur que votre partenaire a entamée.",
                             "Return {suit}, the suit your partner led."),
    "signal_honour": ("Entamez petit à {suit} : vous signalez à votre partenaire le roi ou la dame.",
                      "Lead low in {suit}: you tell your partner you hold its king or queen."),
    "make_taker_cut": ("Faites couper le preneur : il n'a plus de {suit}.",
                       "Make the taker trump: he has no {suit} left."),
    "lead_no_honour": ("Entamez une couleur sans honneur ({suit}) : vous ne promettez rien.",
                       "Lead a suit without honours ({suit}): you promise nothing."),
    "trump_lead_signal": ("Entamez atout : un atout impair annonce sept atouts ou plus, un pair moins.",
                          "Lead a trump: an odd trump says seven trumps or more, an even one fewer."),
    "save_partner_petit": ("Votre partenaire a signalé son Petit en danger : jouez un gros atout.",
                           "Your partner signalled the Petit in danger: lead a high trump."),
    "lead_low": ("Entamez la carte qui coûte le moins.", "Lead the card that costs least."),
    "last_trumps": ("Il ne vous reste que des atouts : jouez le plus petit.",
                    "You have only trumps left: play the lowest."),
    # --- bids
    "bid_points": ("Votre main vaut {points} points : {contract} (à partir de {threshold}).",
                   "Your hand is worth {points} points: {contract} (from {threshold})."),
    "pass_weak": ("Votre main vaut {points} points, moins que les {threshold} d'une prise : passez.",
                  "Your hand is worth {points} points, less than the {threshold} of a prise: pass."),
    "pass_outbid": ("Votre main vaut {points} points ({contract}) : pas assez pour monter au-dessus de l'enchère.",
                    "Your hand is worth {points} points ({contract}): not enough to bid over the current bid."),
    # --- call, écart, purchase
    "call_king": ("Appelez {the_card} : c'est dans cette couleur que vous êtes le plus long.",
                  "Call {the_card}: it is the suit you hold most of."),
    "call_alone": ("Appelez une carte que vous avez : vous jouerez seul.",
                   "Call a card you hold: you will play alone."),
    "no_call": ("Gardez votre achat et jouez sans partenaire.", "Keep your purchase and play without a partner."),
    "ecart_voids": ("Écartez pour faire des coupes ({suits}) ; gardez vos rois et vos atouts.",
                    "Discard to make voids ({suits}); keep your kings and trumps."),
    "ecart_points": ("Écartez des honneurs sans leur roi et les cartes de vos couleurs courtes ; leurs points sont à l'abri.",
                     "Discard honours without their king and your short suits' cards: their points are safe."),
    "ecart_hidden": ("L'écart reste caché ; en général, on écarte pour se faire des coupes et on garde ses rois "
                     "et ses atouts.",
                     "The écart stays hidden; as a rule, one discards to make voids and keeps one's kings and trumps."),
    "ecart_trumps_forced": ("Vous n'avez pas assez d'autres cartes : écartez les plus petits atouts (ils sont montrés).",
                            "You have too few other cards: discard your lowest trumps (they are shown)."),
    "purchase_king": ("Achetez {the_card} : il protège votre couleur ; donnez une petite carte de votre couleur la plus courte.",
                      "Buy {the_card}: it guards your suit; give a low card of your shortest suit."),
    "purchase_card": ("Achetez la plus haute carte qui vous manque ; donnez une petite carte de votre couleur la plus courte.",
                      "Buy the highest card you lack; give a low card of your shortest suit."),
    # --- declarations
    "chelem_sure": ("Annoncez le chelem : vos atouts maîtres et vos couleurs gagnent tous les plis.",
                    "Announce a chelem: your master trumps and your suits win every trick."),
    "no_chelem": ("N'annoncez pas de chelem : un pli peut vous échapper.",
                  "Do not announce a chelem: a trick may escape you."),
    "poignee_attack": ("Présentez votre poignée : votre camp attaque et doit gagner, la prime sera pour lui.",
                       "Show your poignée: your side attacks and should win, so the bonus goes to it."),
    "poignee_defence": ("Présentez votre poignée : avec vos atouts, la défense a de bonnes chances.",
                        "Show your poignée: with your trumps the defence stands a good chance."),
    "misere": ("Annoncez votre misère : elle rapporte toujours.", "Declare your misère: it always pays."),
    "by_the_book": ("C'est le coup habituel dans cette position.", "It is the usual move here."),
}
