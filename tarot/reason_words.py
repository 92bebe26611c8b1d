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
    "excuse_save": ("Jouez l'Excuse : le pli est perdu pour votre camp, et elle vous garde {the_card}.",
                    "Play the Excuse: the trick is lost for your side, and it keeps {the_card} for you."),
    "excuse_keeps": ("Jouez l'Excuse plutôt que {the_card} : votre camp n'est pas sûr de gagner ce pli.",
                     "Play the Excuse rather than {the_card}: your side is not sure to win this trick."),
    "excuse_lead": ("Entamez l'Excuse : vous n'ouvrez aucune couleur, et elle reste à votre camp.",
                    "Lead the Excuse: you open no suit, and it stays with your side."),
    "excuse_anytime": ("L'Excuse se joue à tout moment : elle ne prend pas le pli et reste à votre camp.",
                       "The Excuse may be played at any time: it takes no trick and stays with your side."),
    "follow_low_taker_wins": ("Jouez petit : le preneur mène le pli.",
                              "Play low: the taker is winning the trick."),
    "follow_low_lost": ("Le pli est perdu pour votre camp : donnez la carte qui coûte le moins.",
                        "The trick is lost for your side: give the card that costs least."),
    "follow_low_unsure": ("Vous ne pouvez pas prendre ce pli à coup sûr : donnez la carte qui coûte le moins.",
                          "You cannot be sure to take this trick: give the card that costs least."),
    "load_partner_trick": ("Chargez le pli de votre partenaire : il est maître.",
                           "Put points on your partner's trick: it is master."),
    "load_partner_likely": ("Chargez le pli de votre partenaire : il a de bonnes chances de tenir.",
                            "Put points on your partner's trick: it will most likely hold."),
    "save_petit": ("Sauvez le Petit : le pli de votre camp est sûr.",
                   "Save the Petit: your side's trick is safe."),
    "petit_to_partner": ("Sauvez le Petit sur le pli de votre partenaire : il a de bonnes chances de tenir.",
                         "Save the Petit on your partner's trick: it will most likely hold."),
    "low_on_partner_trick": ("Votre camp gagne le pli et vous n'avez rien à y mettre : jouez petit.",
                             "Your side wins the trick and you have no points to give: play low."),
    "low_partner_leads": ("Votre partenaire mène le pli pour l'instant : jouez petit.",
                          "Your partner is winning the trick for now: play low."),
    "win_cheaply": ("Prenez le pli : aucun adversaire ne peut plus battre cette carte.",
                    "Take the trick: no opponent can beat this card any more."),
    "win_for_now": ("Montez : cette carte prend le pli pour l'instant.",
                    "Play higher: this card wins the trick for now."),
    "trump_to_win": ("Coupez : vous n'avez plus de {suit}, et aucun adversaire ne peut surcouper.",
                     "Trump: you have no {suit} left, and no opponent can overtrump."),
    "trump_void": ("Coupez : vous n'avez plus de {suit}.", "Trump: you have no {suit} left."),
    "undertrump_forced": ("Vous ne pouvez pas monter sur le plus gros atout du pli : pissez un petit atout.",
                          "You cannot overtrump: play a low trump."),
    "petit_au_bout": ("Le Petit au bout : gagner le dernier pli avec le Petit rapporte une prime.",
                      "Petit au bout: winning the last trick with the Petit earns a bonus."),
    "hunt_petit": ("Chassez le Petit : jouez atout.", "Hunt the Petit: lead a trump."),
    "draw_trumps": ("Faites tomber les atouts de la défense.",
                    "Draw the defence's trumps."),
    "draw_for_petit_au_bout": ("Faites tomber les derniers atouts pour mener le Petit au bout.",
                               "Draw the last trumps to bring the Petit to the last trick."),
    "find_partner": ("Entamez la couleur appelée ({suit}) pour trouver votre partenaire.",
                     "Lead the called suit ({suit}) to find your partner."),
    "cash_master_king": ("Jouez le roi maître avant qu'il soit coupé.",
                         "Play your master king before it gets trumped."),
    "cash_master": ("Jouez votre carte maîtresse : aucun adversaire ne peut la battre.",
                    "Play your master card: no opponent can beat it."),
    "cash_master_suit": ("Jouez votre carte maîtresse : aucune carte de sa couleur ne la bat.",
                         "Play your master card: no card of its suit beats it."),
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
    "signal_honour": ("Entamez petit à {suit} : vous signalez à votre partenaire le roi ou la dame,"
                      " dans cinq cartes au moins.",
                      "Lead low in {suit}: you tell your partner you hold its king or queen,"
                      " in five cards or more."),
    "make_taker_cut": ("Faites couper le preneur : il n'a plus de {suit}.",
                       "Make the taker trump: the taker has no {suit} left."),
    "lead_no_honour": ("Entamez une couleur sans honneur ({suit}) : vous ne promettez rien.",
                       "Lead a suit without honours ({suit}): you promise nothing."),
    "trump_lead_signal": ("Entamez atout : un atout impair annonce sept atouts ou plus, un pair moins.",
                          "Lead a trump: an odd trump says seven trumps or more, an even one fewer."),
    "trump_lead_promise": ("Entamez {the_card} : un premier atout de 15 à 18 promet l'Excuse, le 19 le 20,"
                           " le 20 le 19 ; impair, il annonce sept atouts ou plus, pair, moins.",
                           "Lead {the_card}: a first trump from 15 to 18 promises the Excuse, the 19 the 20,"
                           " the 20 the 19; odd, it says seven trumps or more, even, fewer."),
    "return_trumps": ("Rejouez atout : votre partenaire a annoncé sept atouts ou plus.",
                      "Lead trumps back: your partner said seven trumps or more."),
    "trump_lead": ("Entamez atout : chaque tour d'atout use ceux du preneur.",
                   "Lead a trump: each round of trumps wears down the taker's."),
    "signal_petit_danger": ("Fournissez un atout plus haut que nécessaire, puis un plus petit au tour suivant : "
                            "vos partenaires y liront votre Petit en danger (ne plus jouer atout).",
                            "Give a higher trump than needed, then a lower one next round: your partners "
                            "will read that your Petit is in danger (no more trump leads)."),
    "save_partner_petit": ("Votre partenaire a signalé son Petit en danger : jouez un gros atout.",
                           "Your partner signalled the Petit in danger: lead a high trump."),
    "lead_low": ("Entamez la carte qui coûte le moins.", "Lead the card that costs least."),
    "last_trumps": ("Il ne vous reste que des atouts : jouez-en un petit.",
                    "You have only trumps left: play a low one."),
    # --- bids
    "bid_points": ("Votre main vaut {points} points : {contract} (à partir de {threshold}).",
                   "Your hand is worth {points} points: {contract} (from {threshold})."),
    "pass_weak": ("Votre main vaut {points} points, moins que les {threshold} d'une prise : passez.",
                  "Your hand is worth {points} points, less than the {threshold} of a prise: pass."),
    "pass_outbid": ("Votre main vaut {points} points ({contract}) : pas assez pour monter au-dessus de l'enchère.",
                    "Your hand is worth {points} points ({contract}): not enough to bid over the current bid."),
    # --- call, écart, purchase
    "call_king": ("Appelez {the_card} : des couleurs où vous pouvez appeler, c'est votre plus longue "
                  "(la dame compte double).",
                  "Call {the_card}: of the suits you may call in, it is your longest (the queen counting double)."),
    "call_alone": ("Appelez une carte que vous avez : vous jouerez seul.",
                   "Call a card you hold: you will play alone."),
    "call_partner": ("Votre main vaut {points} points, moins que les {threshold} qu'il faut pour jouer seul : "
                     "appelez {the_card}, de votre plus longue couleur ; qui l'a joue avec vous.",
                     "Your hand is worth {points} points, less than the {threshold} needed to play alone: "
                     "call {the_card}, from your longest suit; whoever holds it plays with you."),
    "no_call": ("Votre main vaut {points} points ({threshold} ou plus) : jouez seul, vous marquerez {times} fois "
                "la donne.",
                "Your hand is worth {points} points ({threshold} or more): play alone and score the deal {times} times."),
    "no_call_purchase": ("Votre main vaut {points} points ({threshold} ou plus avec l'achat) : jouez sans partenaire "
                         "et faites votre achat.",
                         "Your hand is worth {points} points ({threshold} or more with the purchase): play without "
                         "a partner and make your purchase."),
    "no_call_stake": ("Sans partenaire, vous marquerez {times} fois la donne, gagnée ou perdue.",
                      "Without a partner you score the deal {times} times, won or lost."),
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
