"""The words of the duplicate tournament, the review and the import, in French and English
(kept apart from :mod:`web.labels`, the table's own words)."""
from __future__ import annotations

from .labels import fill

WORDS: dict[str, tuple[str, str]] = {
    # new-game form
    "mode": ("Partie", "Game"),
    "mode_match": ("Partie libre", "Free match"),
    "mode_duplicate": ("Tournoi duplicate contre l'Expert", "Duplicate tournament against the Expert"),
    "duplicate_deals": ("Donnes du tournoi", "Deals in the tournament"),
    "duplicate_n": ("{n} donnes", "{n} deals"),
    "duplicate_help": ("Chaque donne est rejouée par l'Expert à votre place : votre score est la différence. "
                       "Même numéro, mêmes donnes : comparez vos totaux entre amis. "
                       "Chaque donne compte ses points, sans jetons ni pots.",
                       "The Expert plays each deal again in your seat: your score is the difference. "
                       "Same number, same deals: compare your totals with friends. "
                       "Each deal counts its own score, without tokens or pots."),
    # end of a deal
    "ref_computing": ("L'Expert joue la donne à votre place…", "The Expert is playing the deal in your seat…"),
    "ref_failed": ("La référence n'a pas pu être calculée : {error}", "The reference could not be computed: {error}"),
    "ref_took": ("À votre place, l'Expert a joué une {contract}, {outcome} : {score}.",
                 "In your seat, the Expert played a {contract}, {outcome}: {score}."),
    "ref_partner": ("À votre place, l'Expert était partenaire de {name} ({contract}, {outcome}) : {score}.",
                    "In your seat, the Expert was {name}'s partner ({contract}, {outcome}): {score}."),
    "ref_defended": ("À votre place, l'Expert a défendu contre la {contract} de {name}, {outcome} : {score}.",
                     "In your seat, the Expert defended against {name}'s {contract}, {outcome}: {score}."),
    "ref_all_passed": ("À votre place, l'Expert a passé, comme tout le monde : {score}.",
                       "In your seat, the Expert passed, as everybody did: {score}."),
    "ref_redeal": ("À votre place, l'Expert a vu la donne redistribuée : {score}.",
                   "In your seat, the Expert saw the deal dealt again: {score}."),
    "made_by": ("réussie de {diff}", "made by {diff}"),
    "failed_by": ("chutée de {diff}", "failed by {diff}"),
    "you_and_diff": ("Vous : {own}. Duplicate : {diff}.", "You: {own}. Duplicate: {diff}."),
    "tournament": ("Tournoi duplicate", "Duplicate tournament"),
    "tournament_progress": ("Donne {k} sur {n}", "Deal {k} of {n}"),
    "tournament_over": ("Tournoi terminé : {total}.", "Tournament over: {total}."),
    "tournament_number": ("Numéro du tournoi : {n} (même numéro, mêmes donnes).",
                          "Tournament number: {n} (same number, same deals)."),
    "new_tournament": ("Nouveau tournoi", "New tournament"),
    "col_deal": ("Donne", "Deal"),
    "col_you": ("Vous", "You"),
    "col_expert": ("Expert", "Expert"),
    "col_diff": ("Diff.", "Diff."),
    "total": ("Total", "Total"),
    # review
    "review": ("Revoir la donne", "Review the deal"),
    "review_ref": ("Revoir la donne de l'Expert", "Review the Expert's deal"),
    "review_short": ("Revoir", "Review"),
    "review_title": ("Revue de la donne n°\u00a0{n}", "Review of deal no. {n}"),
    "review_title_reference": ("La donne n°\u00a0{n} jouée par l'Expert", "Deal no. {n} played by the Expert"),
    "review_title_import": ("Donne importée {k} sur {n}", "Imported deal {k} of {n}"),
    "review_start": ("La donne distribuée.", "The deal as dealt."),
    "review_action": ("{name} : {what}", "{name}: {what}"),
    "step_of": ("Étape {k} / {n}", "Step {k} / {n}"),
    "review_count": ("Plis : attaque {ta}, défense {td} · Points : attaque {pa}, défense {pd}",
                     "Tricks: attack {ta}, defence {td} · Points: attack {pa}, defence {pd}"),
    "contract_of": ("{contract} de {name}", "{name}'s {contract}"),
    "contract_yours": ("Votre {contract}", "Your {contract}"),
    "advice": ("Vous : {yours}. L'Expert à votre place : {expert}.", "You: {yours}. The Expert in your seat: {expert}."),
    "hint_advice": ("Vous : {yours}. Le conseil : {hint}. {why}", "You: {yours}. The hint: {hint}. {why}"),
    "trick_to": ("Pli pour {name}.", "Trick to {name}."),
    "taker_tag": ("preneur", "taker"),
    "partner_tag": ("partenaire", "partner"),
    "chien": ("Chien", "Chien"),
    "ecart": ("Écart", "Écart"),
    "ecart_of": ("écart ({cards})", "écart ({cards})"),
    "chelem_yes": ("annonce un chelem", "announces a chelem"),
    "chelem_no": ("pas de chelem", "no chelem"),
    "poignee_of": ("poignée de {n} atouts", "poignée of {n} trumps"),
    "purchase_of": ("achète {card}", "buys {card}"),
    "prev": ("◀ Précédent", "◀ Previous"),
    "next": ("Suivant ▶", "Next ▶"),
    "replay": ("Rejouer d'ici", "Replay from here"),
    "close": ("Fermer", "Close"),
    "records": ("Donnes", "Deals"),
    # replay
    "replaying": ("Donne n°\u00a0{n} rejouée à partir de l'étape {k}, hors du score de la partie.",
                  "Deal no. {n} replayed from step {k}, outside the match's score."),
    "back_to_match": ("Retour à la partie", "Back to the match"),
    # export and import
    "records_title": ("Donnes", "Deals"),
    "export": ("Exporter les donnes", "Export the deals"),
    "import": ("Importer des donnes", "Import deals"),
    "import_title": ("Importer des donnes", "Import deals"),
    "import_help": ("Un fichier de donnes tarot-deal/1 (lignes JSON), ou une donne collée ci-dessous.",
                    "A file of tarot-deal/1 records (JSON lines), or one record pasted below."),
    "import_file": ("Fichier", "File"),
    "import_paste": ("Donne collée", "Pasted record"),
    "import_show": ("Revoir", "Review"),
    "import_bad": ("Fichier refusé ({where}) : {reason}. Rien n'a changé.",
                   "File refused ({where}): {reason}. Nothing has changed."),
    "import_where_line": ("ligne {n}", "line {n}"),
    "import_where_all": ("contenu", "content"),
    "import_too_large": ("le fichier est trop gros (plus de {n} caractères)",
                         "the file is too large (more than {n} characters)"),
    "import_too_deep": ("des crochets imbriqués sur plus de {n} niveaux : ce n'est pas une donne",
                        "brackets nested more than {n} deep: this is no deal record"),
    "import_number_too_long": ("un nombre a trop de chiffres", "a number has too many digits"),
}


def w(key: str, lang: str = "fr", **params: object) -> str:
    """The text ``key`` in ``lang``, with ``{params}`` filled in."""
    pair = WORDS.get(key)
    if pair is None:
        return key
    return fill(pair[0] if lang == "fr" else pair[1], lang, params)
