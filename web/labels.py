"""The page's own words, in French and English (the engine's words live in tarot.i18n)."""
from __future__ import annotations

from tarot.i18n import french_spaces

# A label and its value: in French the colon takes a no-break space before it.
COLON = {"fr": "\u00a0: ", "en": ": "}

SEAT_NAMES = ("Vous", "Basile", "Chloé", "Damien", "Élise")
SEAT_NAMES_EN = ("You", "Basile", "Chloé", "Damien", "Élise")

# Rank letters on the card corners: French packs print R, D, C, V.
RANK_LETTERS = {
    "fr": {1: "1", 11: "V", 12: "C", 13: "D", 14: "R"},
    "en": {1: "1", 11: "J", 12: "Kn", 13: "Q", 14: "K"},
}

TEXT: dict[str, tuple[str, str]] = {
    "title": ("Tarot", "Tarot"),
    "loading": ("Chargement du jeu…", "Loading the game…"),
    "new_game": ("Nouvelle partie", "New game"),
    "setup_title": ("Nouvelle partie", "New game"),
    "players": ("Nombre de joueurs", "Number of players"),
    "players_n": ("{n} joueurs", "{n} players"),
    "level": ("Niveau des robots", "Bot level"),
    "options": ("Variantes", "Rule options"),
    "language": ("Langue", "Language"),
    "deal_number": ("Numéro de donne (facultatif)", "Deal number (optional)"),
    "deal_number_help": ("Pour rejouer une donne connue ; vide : au hasard.",
                         "To replay a known deal; empty: random."),
    "start": ("Commencer", "Start"),
    "cancel": ("Annuler", "Cancel"),
    "bad_deal_number": ("Le numéro de donne doit être un nombre entier positif (par exemple 1234), pas « {value} ».",
                        "The deal number must be a whole positive number (for example 1234), not “{value}”."),
    "deal": ("Donne n°\u00a0{n}", "Deal no. {n}"),
    "situation_deal": ("Situation", "Situation"),
    "dealer": ("donneur : {name}", "dealer: {name}"),
    "scores": ("Scores", "Scores"),
    "score_sheet": ("Feuille de marque", "Score sheet"),
    "sheet_contract": ("Contrat", "Contract"),
    "total": ("Total", "Total"),
    "redeal": ("Redonne", "Redeal"),
    "no_deal_yet": ("Aucune donne terminée.", "No deal finished yet."),
    "last_trick": ("Dernier pli", "Last trick"),
    "close": ("Fermer", "Close"),
    "your_turn": ("À vous.", "Your turn."),
    "waiting": ("{name} réfléchit…", "{name} is thinking…"),
    "turn_of": ("Au tour de {name}.", "{name}'s turn."),
    "bids_title": ("Enchères", "Bidding"),
    "your_bid": ("Votre enchère :", "Your bid:"),
    "call_title": ("Appelez un roi", "Call a king"),
    "no_call": ("Sans partenaire (avec l'achat)", "No partner (keep the purchase)"),
    "no_call_alone": ("Sans partenaire (seul contre trois)", "No partner (alone against three)"),
    "purchase_title": ("Achat : demandez une carte", "Purchase: ask for a card"),
    "purchase_ask": ("Choisissez la carte que vous achetez, puis la carte de votre main que vous donnez.",
                     "Choose the card you buy, then the card from your hand you give for it."),
    "purchase_give": ("Vous achetez : {card}. Cliquez sur la carte de votre main que vous donnez.",
                      "You buy: {card}. Click the card from your hand you give for it."),
    "purchase_first": ("Choisissez d'abord la carte que vous achetez.", "First choose the card you buy."),
    "purchase_waiting": ("{name} achète une carte…", "{name} is buying a card…"),
    "call_title_more": ("Appelez une carte", "Call a card"),
    "calls": ("{name} appelle {card}.", "{name} calls {card}."),
    "partner_is": ("Partenaire : {name}", "Partner: {name}"),
    "partner_alone": ("Le preneur joue seul.", "The taker plays alone."),
    "partner_unknown": ("Partenaire inconnu", "Partner unknown"),
    "chien": ("Chien", "Chien"),
    "chien_shown": ("Le chien, montré à tous :", "The chien, shown to all:"),
    "ecart_title": ("Faites votre écart : choisissez {n} cartes.", "Make your écart: choose {n} cards."),
    "ecart_count": ("{k} / {n} choisies", "{k} / {n} chosen"),
    "confirm_ecart": ("Valider l'écart", "Confirm the écart"),
    "ecart_trumps_shown": ("Atouts écartés, montrés à la table :", "Trumps discarded, shown to the table:"),
    "ecart_trump_note": ("Un atout écarté est montré à la table.", "A discarded trump is shown to the table."),
    "ecart_made": ("{name} a fait son écart.", "{name} has made the écart."),
    "taker_takes_chien": ("{name} prend le chien.", "{name} takes the chien."),
    "chelem_question": ("Annoncer un chelem (tous les plis) ?", "Announce a chelem (every trick)?"),
    "announce_chelem": ("Annoncer le chelem", "Announce a chelem"),
    "no_chelem": ("Pas de chelem", "No chelem"),
    "chelem_announced": ("{name} annonce un chelem !", "{name} announces a chelem!"),
    "poignee_offer": ("Vous pouvez présenter une poignée avant votre première carte.",
                      "You may show a poignée before your first card."),
    "poignee_choose": ("Choisissez les {n} atouts à montrer ({k} / {n}).",
                       "Choose the {n} trumps to show ({k} / {n})."),
    "poignee_size_button": ("{name} ({n} atouts)", "{name} ({n} trumps)"),
    "declare_poignee": ("Montrer la poignée", "Show the poignée"),
    "no_poignee": ("Pas de poignée", "No poignée"),
    "poignee_shown": ("{name} montre une {size} :", "{name} shows a {size}:"),
    "misere_offer": ("Annoncer une misère :", "Declare a misère:"),
    "misere_atout": ("Misère d'atout", "Trump misère"),
    "misere_tetes": ("Misère de têtes", "Honour misère"),
    "misere_declared": ("{name} annonce une {kind}.", "{name} declares a {kind}."),
    "plays": ("{name} joue {card}.", "{name} plays {card}."),
    "plays_you": ("Vous jouez {card}.", "You play {card}."),
    "calls_you": ("Vous appelez {card}.", "You call {card}."),
    "ecart_made_you": ("Vous avez fait votre écart.", "You have made your écart."),
    "taker_takes_chien_you": ("Vous prenez le chien.", "You take the chien."),
    "chelem_announced_you": ("Vous annoncez un chelem !", "You announce a chelem!"),
    "poignee_shown_you": ("Vous montrez une {size} :", "You show a {size}:"),
    "misere_declared_you": ("Vous annoncez une {kind}.", "You declare a {kind}."),
    "trick_won_you": ("Pli pour vous.", "Your trick."),
    "made_you": ("Vous ({contract}) réussissez de {diff} point{s}.", "You ({contract}) make it by {diff} point{s}."),
    "failed_you": ("Vous ({contract}) chutez de {diff} point{s}.", "You ({contract}) fail by {diff} point{s}."),
    "bids": ("{name} annonce une {bid}.", "{name} bids a {bid}."),
    "bids_you": ("Vous annoncez une {bid}.", "You bid a {bid}."),
    "passes": ("{name} passe.", "{name} passes."),
    "passes_you": ("Vous passez.", "You pass."),
    "trick_won": ("Pli pour {name}.", "Trick to {name}."),
    "trick_won_short": ("Pli : {name}", "Trick: {name}"),
    "no_trick_yet": ("Aucun pli joué pour l'instant.", "No trick played yet."),
    "taker": ("Preneur", "Taker"),
    "contract": ("Contrat", "Contract"),
    "called_card": ("Carte appelée", "Called card"),
    "cards_left": ("{n} cartes", "{n} cards"),
    "one_card_left": ("{n} carte", "{n} card"),  # French: 0 and 1 carte
    "dealer_badge": ("donneur", "dealer"),
    "partner_badge": ("partenaire", "partner"),
    "taker_badge": ("preneur", "taker"),
    "your_hand": ("Votre jeu", "Your hand"),
    "the_trick": ("Le pli en cours", "The trick being played"),
    "next_deal": ("Donne suivante", "Next deal"),
    "all_passed": ("Tout le monde a passé : les cartes sont redistribuées.",
                   "Everybody passed: the cards are dealt again."),
    "petit_sec": ("Un joueur a le Petit sec : les cartes sont redistribuées.",
                  "A player has the Petit alone: the cards are dealt again."),
    "petit_sec_shown": ("{name} a le Petit sec (son seul atout, sans l'Excuse) : les cartes sont redistribuées.",
                       "{name} has the Petit alone (the only trump, without the Excuse): the cards are dealt again."),
    "petit_sec_shown_you": ("Vous avez le Petit sec (votre seul atout, sans l'Excuse) : les cartes sont redistribuées.",
                      "You have the Petit alone (your only trump, without the Excuse): the cards are dealt again."),
    "result_title": ("Fin de la donne", "End of the deal"),
    "made": ("{taker} ({contract}) réussit de {diff} point{s}.",
             "{taker} ({contract}) makes it by {diff} point{s}."),
    "failed": ("{taker} ({contract}) chute de {diff} point{s}.",
               "{taker} ({contract}) fails by {diff} point{s}."),
    "attack_points": ("L'attaque a {points} point{ps} avec {bouts} bout{s} : il en fallait {target}.",
                      "The attack has {points} point{ps} with {bouts} bout{s}: it needed {target}."),
    "calc_label": ("Le calcul", "The count"),
    "calc_made": ("Réussi de {diff} : (25 + {diff}) × {mult} = {each}",
                  "Made by {diff}: (25 + {diff}) × {mult} = {each}"),
    "calc_failed": ("Chute de {diff} : (25 + {diff}) × {mult} = {each}",
                    "Failed by {diff}: (25 + {diff}) × {mult} = {each}"),
    "calc_made_rounded": ("Réussi de {exact}, arrondi à {diff} : (25 + {diff}) × {mult} = {each}",
                          "Made by {exact}, rounded to {diff}: (25 + {diff}) × {mult} = {each}"),
    "calc_failed_rounded": ("Chute de {exact}, arrondie à {diff} : (25 + {diff}) × {mult} = {each}",
                            "Failed by {exact}, rounded to {diff}: (25 + {diff}) × {mult} = {each}"),
    "from_each_defender": ("{value} de chaque défenseur", "{value} from each defender"),
    "to_each_defender": ("{value} pour chaque défenseur", "{value} to each defender"),
    "calc_pab": ("Petit au bout ({side}) : 10 × {mult} = {each}",
                 "Petit au bout ({side}): 10 × {mult} = {each}"),
    "calc_pab_within": ("Petit au bout ({side}) : il faut {target} points (variante « dans le contrat »)",
                        "Petit au bout ({side}): {target} points needed (“within the contract” option)"),
    "calc_poignee": ("{names} : au camp qui gagne la donne, {each}",
                     "{names}: to the side that wins the deal, {each}"),
    "calc_poignee_defence": ("{names} : à la défense, qui gagne ou perd la donne (variante), {each}",
                             "{names}: to the defence, whether it wins the deal or not (variant), {each}"),
    "calc_poignee_mixed": ("{names} : celle d'un défenseur à la défense, celle de l'attaque au camp qui gagne "
                           "la donne (variante), {each}",
                           "{names}: a defender's to the defence, the attack's to the side that wins the deal "
                           "(variant), {each}"),
    "calc_chelem": ("Chelem ({kind}) : {each}", "Chelem ({kind}): {each}"),
    "calc_total": ("Au total : {terms} = {each}", "In all: {terms} = {each}"),
    "calc_taker_receives": ("Le preneur ({name}) reçoit {value} × {k} = {total}",
                            "The taker ({name}) receives {value} × {k} = {total}"),
    "calc_taker_pays": ("Le preneur ({name}) paie {value} × {k} = {total}",
                        "The taker ({name}) pays {value} × {k} = {total}"),
    "calc_taker_receives_alone": ("Le preneur ({name}), seul, reçoit {value} × {k} = {total}",
                                  "The taker ({name}), alone, receives {value} × {k} = {total}"),
    "calc_taker_pays_alone": ("Le preneur ({name}), seul, paie {value} × {k} = {total}",
                              "The taker ({name}), alone, pays {value} × {k} = {total}"),
    "calc_partner_receives": ("Le partenaire ({name}) reçoit {value}", "The partner ({name}) receives {value}"),
    "calc_partner_pays": ("Le partenaire ({name}) paie {value}", "The partner ({name}) pays {value}"),
    "calc_defender_pays": ("Chaque défenseur paie {value}", "Each defender pays {value}"),
    "calc_defender_receives": ("Chaque défenseur reçoit {value}", "Each defender receives {value}"),
    "calc_prime_won": ("{what} de {name} : son camp gagne, {value} de chaque autre joueur (+{total})",
                       "{name}'s {what}: their side wins, {value} from every other player (+{total})"),
    "calc_prime_won_you": ("Votre {what} : votre camp gagne, {value} de chaque autre joueur (+{total})",
                           "Your {what}: your side wins, {value} from every other player (+{total})"),
    "calc_prime_lost_you": ("Votre {what} : votre camp perd, {value} à chaque autre joueur (−{total})",
                            "Your {what}: your side loses, {value} to every other player (−{total})"),
    "calc_prime_lost": ("{what} de {name} : son camp perd, {value} à chaque autre joueur (−{total})",
                        "{name}'s {what}: their side loses, {value} to every other player (−{total})"),
    "calc_prime_defence": ("{what} de {name} : un défenseur la marque toujours (variante), {value} de chaque "
                           "autre joueur (+{total})",
                           "{name}'s {what}: a defender's always scores (variant), {value} from every other "
                           "player (+{total})"),
    "calc_prime_defence_you": ("Votre {what} : un défenseur la marque toujours (variante), {value} de chaque "
                               "autre joueur (+{total})",
                               "Your {what}: a defender's always scores (variant), {value} from every other "
                               "player (+{total})"),
    # Pagat's traditional count, one line per payment (tarot.traditional.TokenStep)
    "tok_ante": ("Mise : 10 par joueur, 20 pour le donneur ({name}) : un pot de {amount}",
                 "Stakes: 10 from each player, 20 from the dealer ({name}): a pot of {amount}"),
    "tok_top_up": ("Le donneur ({name}) ajoute 5 au plus gros pot : {amount}",
                   "The dealer ({name}) adds 5 to the largest pot: {amount}"),
    "tok_purchase": ("Achat : le preneur ({name}) paie {amount} à {other}",
                     "Purchase: the taker ({name}) pays {amount} to {other}"),
    "tok_purchase_you": ("Achat : le preneur ({name}) vous paie {amount}",
                         "Purchase: the taker ({name}) pays you {amount}"),
    "tok_declared_won": ("{what} ({name}) : {amount} de chaque autre joueur (+{total})",
                         "{what} ({name}): {amount} from every other player (+{total})"),
    "tok_declared_lost": ("{what} ({name}) : {amount} à chaque autre joueur (−{total})",
                          "{what} ({name}): {amount} to every other player (−{total})"),
    "tok_petit_au_bout": ("Petit au bout", "Petit au bout"),
    "tok_diff_made": ("réussi de {n}", "made by {n}"),
    "tok_diff_failed": ("chute de {n}", "failed by {n}"),
    "tok_game_to_taker": ("Le jeu : {value}, que chaque défenseur paie au preneur ({name})",
                          "The game: {value}, which each defender pays the taker ({name})"),
    "tok_game_to_defence": ("Le jeu : {value}, que le preneur ({name}) paie à chaque défenseur",
                            "The game: {value}, which the taker ({name}) pays each defender"),
    # The game's terms pull both ways (a contract made, an announced chelem failed): told as they
    # count for the taker, then who pays.
    "tok_game_net_to_taker": ("Le jeu, pour le preneur ({name}) : {value} ; chaque défenseur lui paie {amount}",
                              "The game, for the taker ({name}): {value}; each defender pays the taker {amount}"),
    "tok_game_net_to_defence": ("Le jeu, pour le preneur ({name}) : {value} ; il paie {amount} à chaque défenseur",
                                "The game, for the taker ({name}): {value}; the taker pays each defender {amount}"),
    "tok_game_partner": ("{partner}, le partenaire, règle avec {paired} ; le preneur avec les autres",
                         "{partner}, the partner, settles with {paired}; the taker with the others"),
    "tok_game_partner_you": ("Vous, le partenaire, réglez avec {paired} ; le preneur avec les autres",
                             "You, the partner, settle with {paired}; the taker with the others"),
    "tok_pot_won": ("Le preneur ({name}) réussit et prend le pot : {amount}",
                    "The taker ({name}) made it and takes the pot: {amount}"),
    "tok_pot_shared": ("Le preneur ({name}) réussit et prend le pot : {amount}, dont {half} pour son partenaire ({other})",
                       "The taker ({name}) made it and takes the pot: {amount}, {half} of it for the partner ({other})"),
    "tok_pot_doubled": ("Le preneur ({name}) chute et double le pot : il y met {amount}",
                        "The taker ({name}) failed and doubles the pot, putting in {amount}"),
    "tok_pot_new": ("Le preneur ({name}) chute, le pot était déjà doublé : il en pose un nouveau de {amount}",
                    "The taker ({name}) failed and the pot was doubled already: a new pot of {amount} goes on the table"),
    "tokens_of": ("Jetons de la donne", "Tokens of the deal"),
    "pots_on_table": ("Pots sur la table : {pots}", "Pots on the table: {pots}"),
    "purchase_made": ("{name} achète {card}.", "{name} buys {card}."),
    "purchase_made_you": ("Vous achetez {card}.", "You buy {card}."),
    "side_attack": ("attaque", "attack"),
    "side_defense": ("défense", "defence"),
    "chelem_announced_made": ("annoncé et réussi", "announced and made"),
    "chelem_announced_failed": ("annoncé et chuté", "announced, failed"),
    "chelem_unannounced_made": ("non annoncé, réussi", "made without announcement"),
    "chelem_defense": ("réussi par la défense", "made by the defence"),
    "ecart_was": ("Écart du preneur :", "The taker's écart:"),
    "chien_was": ("Le chien :", "The chien:"),
    "chien_to_defense": ("Le chien (pour la défense) :", "The chien (to the defence):"),
    "chien_to_attack": ("Le chien (pour le preneur, sans être vu) :", "The chien (to the taker, unseen):"),
    "score_of": ("Scores de la donne", "Scores of the deal"),
    "rule_option_misere": ("Misères (d'atout, de têtes)", "Misères (trump, honour)"),
    "rule_option_petit_au_bout_within": ("Petit au bout « dans le contrat »", "Petit au bout “within the contract”"),
    "rule_option_red_pips_reversed": ("Ordre ancien des petites cartes rouges", "Old order of red pip cards"),
    "rule_option_individual_primes": ("Primes payées par le joueur (règles anciennes)",
                                      "Bonuses paid by the player (older rules)"),
    "rule_option_handful_against_taker": ("Poignée d'un défenseur toujours contre le preneur",
                                          "A defender's poignée always against the taker"),
    "rule_option_purchase": ("Achat d'une carte après une prise (à 3 ou 4)", "Purchase of a card after a prise (3 or 4 players)"),
    "rule_option_prise_partner": ("Prise avec appel d'un roi (à 4)", "Prise calling a king (4 players)"),
    "rule_option_traditional_scoring": ("Jetons et pots (marque traditionnelle)", "Tokens and pots (traditional scoring)"),
    "rule_option_round_to_ten": ("Points arrondis à la dizaine", "Points rounded to ten"),
    "rule_option_rebid": ("Enchères en plusieurs tours (règles anciennes)", "Bidding in several rounds (older rules)"),
    "level_random": ("Au hasard", "Random"),
    "level_debutant": ("Débutant", "Beginner"),
    "level_standard": ("Standard", "Standard"),
    "level_expert": ("Expert", "Expert"),
    "save_damaged": ("La partie enregistrée n'a pas pu être reprise ({reason}). Une nouvelle partie commence.",
                     "The saved game could not be resumed ({reason}). A new game starts."),
    "save_version": ("sauvegarde d'une version incompatible", "a save from an incompatible version"),
    "save_unreadable": ("sauvegarde illisible", "unreadable save"),
    "internal_error": ("Erreur inattendue : {error}. La partie est conservée telle quelle.",
                       "Unexpected error: {error}. The game is kept as it was."),
    "seat_label": ("{name}", "{name}"),
    "lang_switch": ("English", "Français"),
    "lang_switch_label": ("EN: switch to English", "FR\u00a0: passer en français"),  # each in its own language
    "not_your_turn_now": ("Attendez votre tour : c'est à {name} de jouer.", "Wait for your turn: {name} is to act."),
    "playable": ("jouable", "playable"),
    "lessons_intro": ("Nouveau au tarot ? Les leçons", "New to tarot? The lessons"),
    "rules_intro": ("Vous êtes en bas ; les robots jouent les autres places.",
                    "You sit at the bottom; bots play the other seats."),
    "your_name": ("Votre nom (facultatif)", "Your name (optional)"),
    "your_name_placeholder": ("Vous", "You"),
    "url_refused": ("Paramètre d'adresse ignoré : {name}={value} (attendu : {expected}).",
                    "Address parameter ignored: {name}={value} (expected: {expected})."),
    "save_failed": ("Cette partie ne peut pas être enregistrée dans ce navigateur (stockage plein ou bloqué) : "
                    "elle sera perdue si vous fermez ou rechargez la page.",
                    "This game cannot be saved in this browser (storage full or blocked): "
                    "it will be lost if you close or reload the page."),
    "elsewhere_title": ("Partie ouverte dans un autre onglet", "Game open in another tab"),
    "elsewhere_text": ("Cette partie se joue dans un autre onglet de ce navigateur : celui-ci la montre sans y "
                       "jouer. Pour jouer ici, reprenez-la ; l'autre onglet s'arrêtera.",
                       "This game is being played in another tab of this browser: this one shows it without "
                       "playing. To play here, take it over; the other tab will stop."),
    "take_over": ("Jouer dans cet onglet", "Play in this tab"),
    "url_unknown": ("Paramètre d'adresse inconnu, ignoré : {name}.", "Unknown address parameter, ignored: {name}."),
    # A value kept in the browser that cannot be read safely (not JSON, or nested too deeply) is dropped.
    "stored_history_dropped": ("L'historique des parties gardé dans ce navigateur était illisible : il a été effacé.",
                               "The match history kept in this browser was unreadable: it has been cleared."),
    "stored_hints_dropped": ("La liste des donnes où un conseil a servi était illisible : elle a été effacée.",
                             "The list of deals where a hint was used was unreadable: it has been cleared."),
    "url_expect_players": ("3, 4 ou 5", "3, 4 or 5"),
    "url_expect_level": ("{levels}", "{levels}"),
    "url_expect_lang": ("fr ou en", "fr or en"),
    "url_expect_deal": ("un nombre entier positif", "a whole positive number"),
    "url_expect_pause": ("de 0 à 10000 millisecondes", "0 to 10000 milliseconds"),
    "url_expect_yes_no": ("1 ou 0", "1 or 0"),
    "url_expect_mode": ("duplicate ou match", "duplicate or match"),
    "url_expect_duplicate": ("4, 8 ou 12 donnes", "4, 8 or 12 deals"),
    "url_expect_refsamples": ("de 1 à 200", "1 to 200"),
    "dismiss": ("Fermer", "Dismiss"),
    "undo": ("Reprendre mon coup", "Take back my move"),
    "chart_title": ("Totaux cumulés, donne après donne", "Running totals, deal by deal"),
    "chart_desc": ("Totaux après {n} donne{s} : {totals} (de {lo} à {hi} au fil de la partie ; le détail est dans "
                   "la feuille de marque).",
                   "Totals after {n} deal{s}: {totals} (from {lo} to {hi} during the match; every deal is in the "
                   "score sheet)."),
    "stats_title": ("Statistiques de la partie", "Match statistics"),
    "player": ("Joueur", "Player"),
    "stat_taken": ("Prises", "Taken"),
    "stat_made": ("Réussies", "Made"),
    "stat_average": ("Moyenne", "Average"),
    "undo_short": ("Reprendre", "Undo"),
    "menu": ("Menu", "Menu"),
    "undone_mark": ("coup repris", "move taken back"),
    "tricks": ("Plis", "Tricks"),
    "tricks_title": ("Les plis de la donne", "The tricks of the deal"),
    "trick_line": ("Pli {n} : entamé par {leader}, gagné par {winner}", "Trick {n}: led by {leader}, won by {winner}"),
    "led_by": ("Entame : {name}", "Led by {name}"),
    "led_mark": ("entame", "lead"),
    "lessons": ("Leçons", "Lessons"),
    "lessons_label": ("Les leçons : les règles pas à pas, avec exercices", "The lessons: the rules step by step, with exercises"),
    "settings": ("Réglages", "Settings"),
    "save": ("Enregistrer", "Save"),
    "setting_pace": ("Rythme des robots", "The bots' pace"),
    "pace_slow": ("Lent", "Slow"),
    "pace_normal": ("Normal", "Normal"),
    "pace_fast": ("Rapide", "Fast"),
    "setting_display": ("Affichage", "Display"),
    "setting_animations": ("Cartes animées", "Moving cards"),
    "setting_live_count": ("Compte en direct (plis, points, bouts, atouts)", "Live count (tricks, points, bouts, trumps)"),
    "setting_next_level": ("Niveau des robots (à partir de la donne suivante)", "Bot level (from the next deal on)"),
    "live_count": ("Compte en direct", "Live count"),
    "tricks_n": ("{n} plis", "{n} tricks"),
    "one_trick": ("{n} pli", "{n} trick"),  # French: 0 and 1 pli; English: 1 trick
    "bout_T1": ("Petit", "Petit"),
    "bout_T21": ("21", "21"),
    "bout_EX": ("Excuse", "Excuse"),
    "points_n": ("{points} pts", "{points} pts"),
    "points_of_target": ("{points} pts sur {target}", "{points} pts of {target}"),
    "bouts_n": ("bouts : {bouts}", "bouts: {bouts}"),
    "trumps_count": ("Atouts : {played} joué{s}, {out} dehors", "Trumps: {played} played, {out} out"),
    "confirm_lose_current": ("La donne en cours sera abandonnée. Commencer une nouvelle partie ?",
                             "The deal in progress will be given up. Start a new game?"),
    "confirm_lose_deal": ("La partie en cours (1 donne jouée) sera terminée et rangée dans l'historique, "
                          "la donne en cours abandonnée. Commencer une nouvelle partie ?",
                          "The match in progress (1 deal played) will end and go to the history; "
                          "the deal in progress will be given up. Start a new game?"),
    "confirm_lose_deals": ("La partie en cours ({n} donnes jouées) sera terminée et rangée dans l'historique, "
                           "la donne en cours abandonnée. Commencer une nouvelle partie ?",
                           "The match in progress ({n} deals played) will end and go to the history; "
                           "the deal in progress will be given up. Start a new game?"),
    "confirm_end_deal": ("La partie en cours (1 donne jouée) sera terminée et rangée dans l'historique. "
                         "Commencer une nouvelle partie ?",
                         "The match in progress (1 deal played) will end and go to the history. Start a new game?"),
    "confirm_end_deals": ("La partie en cours ({n} donnes jouées) sera terminée et rangée dans l'historique. "
                          "Commencer une nouvelle partie ?",
                          "The match in progress ({n} deals played) will end and go to the history. "
                          "Start a new game?"),
    "keep_match": ("Garder la partie", "Keep the match"),
    "confirm_start": ("Nouvelle partie", "New game"),
    "history_button": ("Parties terminées ({n})", "Finished matches ({n})"),
    "history_title": ("Parties terminées", "Finished matches"),
    "no_history": ("Aucune partie terminée.", "No finished match."),
    "n_deals": ("{n} donnes", "{n} deals"),
    "one_deal": ("1 donne", "1 deal"),
}


def t(key: str, lang: str = "fr", **params: object) -> str:
    """The page text ``key`` in ``lang``, with ``{params}`` filled in."""
    pair = TEXT.get(key)
    if pair is None:
        return key
    return fill(pair[0] if lang == "fr" else pair[1], lang, params)


_VOWELS = tuple("AEIOUYÀÂÉÈÊËÎÏÔÙÛaeiouyàâéèêëîïôùû")


def fill(text: str, lang: str, params: dict[str, object]) -> str:
    """``text`` with its ``{params}`` filled in; in French "de" elides before a name
    that starts with a vowel ("au tour d'Élise", "la garde d'Anna") and the space
    before ``? ! : ;`` does not break (tarot.i18n.french_spaces)."""
    if lang != "fr":
        return text.format(**params) if params else text
    for name, value in params.items():
        if isinstance(value, str) and value.startswith(_VOWELS) and "de {" + name + "}" in text:
            text = text.replace("de {" + name + "}", "d'{" + name + "}")
    return french_spaces(text.format(**params) if params else text)


def seat_name(seat: int, lang: str = "fr") -> str:
    names = SEAT_NAMES if lang == "fr" else SEAT_NAMES_EN
    return names[seat] if 0 <= seat < len(names) else str(seat)


def level_name(level: str, lang: str = "fr") -> str:
    key = f"level_{level}"
    return t(key, lang) if key in TEXT else level


def option_name(option: str, lang: str = "fr") -> str:
    key = f"rule_option_{option}"
    return t(key, lang) if key in TEXT else option.replace("_", " ")


def points_text(points: float, lang: str = "fr") -> str:
    """91 → "91", 47.5 → "47,5" in French."""
    if float(points).is_integer():
        return str(int(points))
    text = f"{points:.1f}"
    return text.replace(".", ",") if lang == "fr" else text


def singular(n: int, lang: str) -> bool:
    """Whether a count takes the singular: French puts 0 and 1 there ("0 pli"), English only 1."""
    return n == 1 or (n == 0 and lang == "fr")


def plural_s(n: int, lang: str) -> str:
    """The "s" a count's noun takes ("" where :func:`singular`)."""
    return "" if singular(n, lang) else "s"


def signed(value: int) -> str:
    """+20, −10 (a real minus sign), 0."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"−{-value}"
    return "0"
