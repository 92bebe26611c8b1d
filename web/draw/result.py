"""The end of a deal in words: the count written out for people learning the rules, from the
engine's result alone (its figures, its shares, where its chien went)."""
from __future__ import annotations

from html import escape
from typing import Any

from tarot.i18n import poignee_name
from tarot.result import DealResult
from tarot.scoring import DealScore
from tarot.words import t

from .cardface import card_html
from .labels import plural_s, points_text, signed
from .parts import contract_words, event_text, player_name, player_name_within
from ..match.screen import Screen


# Keys chosen at run time, each spelt out (tests/test_words.py finds every key the code names).
SIDE_WORDS = {"attack": "side_attack", "defense": "side_defense"}  # who took the Petit au bout
CHELEM_WORDS = {"announced_made": "chelem_announced_made", "announced_failed": "chelem_announced_failed",
                "unannounced_made": "chelem_unannounced_made", "defense": "chelem_defense"}
TOKEN_WORDS = {"ante": "tok_ante", "top_up": "tok_top_up", "pot_doubled": "tok_pot_doubled", "pot_new": "tok_pot_new"}
# The taker's share of the count: (receives, alone) -> its words.
TAKER_SHARE_WORDS = {(True, False): "calc_taker_receives", (False, False): "calc_taker_pays",
                     (True, True): "calc_taker_receives_alone", (False, True): "calc_taker_pays_alone"}


def _each(value: int, lang: str) -> str:
    """Who pays: the attack wins ``value`` from each defender (> 0) or pays it to each (< 0)."""
    return t("from_each_defender" if value > 0 else "to_each_defender", lang, value=abs(value))


def calculation(screen: Screen, result: Any, score: DealScore) -> list[str]:
    """The count as a player says it: no sign without its reason (who pays whom).  Each
    term of the game's value (the contract, the petit au bout, the poignées, the chelem),
    their total, each side's share, then the primes paid by their declarer."""
    terms = [_base(screen, result, score), _petit_au_bout(screen, result, score), _poignees(screen, result, score),
             _chelem(screen, result, score)]
    calc = [line for line, _ in terms if line]
    values = [value for _, value in terms if value is not None]
    if len(values) > 1:
        calc.append(_total(values, score.per_defender, screen.lang))
    return calc + _shares(screen, result, score) + [_prime(screen, result, prime) for prime in result.primes]


Term = tuple[str, int | None]  # a line of the count, and the value it adds to the game's (None: none)


def _base(screen: Screen, result: Any, score: DealScore) -> Term:
    lang = screen.lang
    base = score.base if score.made else -score.base
    rounded = score.unrounded != score.difference
    key = ("calc_made_rounded" if rounded else "calc_made") if score.made else \
        ("calc_failed_rounded" if rounded else "calc_failed")
    return t(key, lang, diff=score.difference, exact=score.unrounded, mult=result.contract.multiplier,
             each=_each(base, lang)), base


def _petit_au_bout(screen: Screen, result: Any, score: DealScore) -> Term:
    lang, pab = screen.lang, result.petit_au_bout
    if not pab:
        return "", None
    side = t(SIDE_WORDS[pab], lang)
    if score.petit_au_bout:
        return t("calc_pab", lang, side=side, mult=result.contract.multiplier,
                 each=_each(score.petit_au_bout, lang)), score.petit_au_bout
    return t("calc_pab_within", lang, side=side, target=score.target), None


def _poignees(screen: Screen, result: Any, score: DealScore) -> Term:
    """The poignées counted in the game (not those paid as primes)."""
    lang = screen.lang
    side_poignees = [(s, size) for s, size in result.poignees if not any(p.seat == s and p.kind == "poignee"
                                                                        for p in result.primes)]
    if not side_poignees or not score.poignees:
        return "", None
    attack = {result.taker, result.partner}
    names = ", ".join(f'{poignee_name(size, lang)} ({player_name(screen, s)})' for s, size in side_poignees)
    fixed = [screen.view.rules.poignee_always_defence(s in attack) for s, _ in side_poignees]
    key = "calc_poignee_defence" if all(fixed) else "calc_poignee_mixed" if any(fixed) else "calc_poignee"
    return t(key, lang, names=names, each=_each(score.poignees, lang)), score.poignees


def _chelem(screen: Screen, result: Any, score: DealScore) -> Term:
    if not result.chelem:
        return "", None
    lang = screen.lang
    return t("calc_chelem", lang, kind=t(CHELEM_WORDS[result.chelem], lang), each=_each(score.chelem, lang)), \
        score.chelem


def _total(values: list[int], per_defender: int, lang: str) -> str:
    """The terms added up, each in the direction of the total."""
    sign = 1 if per_defender >= 0 else -1
    said = ""
    for i, x in enumerate(values):
        x *= sign
        said = str(x) if i == 0 else said + (f" + {x}" if x >= 0 else f" − {-x}")
    return t("calc_total", lang, terms=said, each=_each(per_defender, lang))


def _shares(screen: Screen, result: Any, score: DealScore) -> list[str]:
    """Who receives and who pays it: the taker (his share), the partner, each defender."""
    lang, rules = screen.lang, screen.view.rules
    d = score.per_defender
    partner = result.partner
    receives = d > 0
    # A partner was due (not an optional call) and there is none: the taker's larger share is said.
    alone = rules.plays_alone(result.contract, partner) and not rules.call_optional(result.contract)
    lines = [t(TAKER_SHARE_WORDS[receives, alone], lang, name=player_name_within(screen, result.taker),
               value=abs(d), k=result.shares[0], total=abs(score.taker))]
    if partner is not None and score.partner is not None:
        lines.append(t("calc_partner_receives" if receives else "calc_partner_pays", lang,
                       name=player_name_within(screen, partner), value=abs(d)))
    lines.append(t("calc_defender_pays" if receives else "calc_defender_receives", lang, value=abs(d)))
    return lines


def _prime(screen: Screen, result: Any, prime: Any) -> str:
    """A prime (a misère, or a poignée paid as one) paid or received by its declarer."""
    lang, rules = screen.lang, screen.view.rules
    what = t("misere_" + prime.name, lang) if prime.kind == "misere" else poignee_name(prime.name, lang)
    you = prime.seat == 0 and not screen.settings.name  # "Votre misère", not "Misère de Vous"
    defender_handful = prime.kind == "poignee" and rules.poignee_always_defence(prime.seat in {result.taker,
                                                                                              result.partner})
    if you:
        key = "calc_prime_defence_you" if defender_handful else "calc_prime_won_you" if prime.won \
            else "calc_prime_lost_you"
    else:
        key = "calc_prime_defence" if defender_handful else "calc_prime_won" if prime.won else "calc_prime_lost"
    return t(key, lang, name=player_name(screen, prime.seat), what=what.lower() if you or lang != "fr" else what,
             value=prime.value, total=prime.value * (rules.players - 1))


def token_calculation(screen: Screen, result: Any) -> list[str]:
    """Pagat's traditional count, payment by payment as the engine made them
    (``result.token_steps``), then the pots left on the table (each seat's tokens follow it)."""
    lang = screen.lang
    calc = []
    if result.petit_au_bout and screen.view.rules.petit_au_bout_within and result.score is not None:
        calc.append(t("calc_pab_within", lang, side=t(SIDE_WORDS[result.petit_au_bout], lang),
                      target=result.score.target))
    for step in result.token_steps:
        calc += TOKEN_STEPS.get(step.rule, _token_plain)(screen, result, step)
    calc.append(t("pots_on_table", lang, pots=", ".join(str(p) for p in result.pots or ()) or "0"))
    return calc


def _token_plain(screen: Screen, result: Any, step: Any) -> list[str]:
    """The ante, a pot topped up, doubled or new: one seat and an amount."""
    return [t(TOKEN_WORDS[step.rule], screen.lang, name=player_name_within(screen, step.seat), amount=step.amount)]


def _token_purchase(screen: Screen, result: Any, step: Any) -> list[str]:
    you = step.other == 0 and not screen.settings.name  # "vous paie 10", not "paie 10 à vous"
    return [t("tok_purchase_you" if you else "tok_purchase", screen.lang, name=player_name_within(screen, step.seat),
              amount=step.amount, other=player_name_within(screen, step.other))]


def _token_declared(screen: Screen, result: Any, step: Any) -> list[str]:
    """A poignée, a misère or the petit au bout, paid or received by its declarer."""
    lang = screen.lang
    what = (poignee_name(step.name, lang) if step.rule == "poignee"
            else t("misere_" + step.name, lang) if step.rule == "misere" else t("tok_petit_au_bout", lang))
    return [t("tok_declared_won" if step.won else "tok_declared_lost", lang, what=what,
              name=player_name_within(screen, step.seat), amount=step.amount,
              total=step.amount * (screen.view.rules.players - 1))]


def _token_game(screen: Screen, result: Any, step: Any) -> list[str]:
    """The game paid to the taker or by him, and the partner's share of it."""
    lang = screen.lang
    value, net = _game_value(step, result, lang)
    if net:
        key = "tok_game_net_to_taker" if step.won else "tok_game_net_to_defence"
    else:
        key = "tok_game_to_taker" if step.won else "tok_game_to_defence"
    lines = [t(key, lang, value=value, name=player_name_within(screen, step.seat), amount=step.amount)]
    if step.other is not None and step.paired is not None:
        partner_you = step.other == 0 and not screen.settings.name
        lines.append(t("tok_game_partner_you" if partner_you else "tok_game_partner", lang,
                       partner=player_name(screen, step.other), paired=player_name_within(screen, step.paired)))
    return lines


def _token_pot_won(screen: Screen, result: Any, step: Any) -> list[str]:
    name = player_name_within(screen, step.seat)
    if step.other is not None:
        return [t("tok_pot_shared", screen.lang, name=name, amount=step.amount, half=step.amount // 2,
                  other=player_name_within(screen, step.other))]
    return [t("tok_pot_won", screen.lang, name=name, amount=step.amount)]


# Each kind of payment's lines; any other (ante, top_up, pot_doubled, pot_new) is plain.
TOKEN_STEPS = {"purchase": _token_purchase, "poignee": _token_declared, "misere": _token_declared,
               "petit_au_bout": _token_declared, "game": _token_game, "pot_won": _token_pot_won}


def _game_value(step: Any, result: Any, lang: str) -> tuple[str, bool]:
    """The game's value with its terms: the points beyond or short of the target, the
    contract's bonus (none for a prise), the chelem.  Each term is signed in the direction
    of the payment; where the terms pull both ways (a contract made, an announced chelem
    failed) they are signed as they count for the taker instead, and the second value is True."""
    difference, bonus, *chelem = step.terms
    words = [(difference, t("tok_diff_made" if result.made else "tok_diff_failed", lang, n=abs(difference)))]
    if bonus:
        words.append((bonus, contract_words(result.contract.code, lang).lower()))
    if chelem:
        words.append((chelem[0], t("tok_chelem", lang, kind=t(CHELEM_WORDS[result.chelem], lang))))
    payment = 1 if step.won else -1  # to the taker, or from him
    net = any(x * payment < 0 for x, _ in words)
    sign = 1 if net else payment
    said = ""
    for i, (x, word) in enumerate(words):
        x *= sign
        part = f"{abs(x)} ({word})"
        said = (part if x >= 0 else f"−{part}") if i == 0 else said + (f" + {part}" if x >= 0 else f" − {part}")
    if len(words) == 1:
        return said, net
    total = sign * payment * step.amount  # as the terms are signed
    return f"{said} = {total if total >= 0 else f'−{-total}'}", net


def render_result(screen: Screen) -> str:
    """The end of the deal, with the count written out for people learning the rules,
    from the engine's result alone (its figures, its shares, where its chien went)."""
    result = screen.view.result
    if result is None:
        return ""
    if result.redeal is not None:
        return _redeal(screen, result)
    score, taker, contract = result.score, result.taker, result.contract
    if score is None or taker is None or contract is None:
        return ""
    lang = screen.lang
    calc = token_calculation(screen, result) if result.token_steps else calculation(screen, result, score)
    calc_html = "".join(f"<li>{escape(x)}</li>" for x in calc)
    return (f'<div class="result-body">{_head(screen, result, score)}'
            f'<div class="reveals">{_reveals(screen, contract)}</div></div>'
            f'<ol class="calc" aria-label="{escape(t("calc_label", lang))}">{calc_html}</ol>'
            + _deal_scores(screen, result))


def _redeal(screen: Screen, result: DealResult) -> str:
    """A deal dealt again: why, and what the stakes moved (tokens under traditional scoring)."""
    lang = screen.lang
    fed = "".join(f"<li>{escape(x)}</li>" for x in token_calculation(screen, result)) if result.token_steps else ""
    line = t(result.redeal or "", lang)
    if len(result.petit_sec) == 1:  # the rules have its holder show it: the table may name him
        line = event_text(("petit_sec_shown", {"seat": result.petit_sec[0]}), screen)
    return f'<p class="result-line">{escape(line)}</p>' + (
        f'<ol class="calc" aria-label="{escape(t("calc_label", lang))}">{fed}</ol>'
        + _deal_scores(screen, result) if fed else "")


def _head(screen: Screen, result: DealResult, score: DealScore) -> str:
    return "".join(f'<p class="result-line{" big" if i == 0 else ""}">{escape(x)}</p>'
                   for i, x in enumerate(head_lines(screen, result, score)))


def head_lines(screen: Screen, result: DealResult, score: DealScore) -> list[str]:
    """The contract made or failed, and by how much; the attack's points and bouts."""
    lang, taker = screen.lang, result.taker
    diff = score.unrounded  # as the cards fell (rounded in the count)
    you = taker == 0 and not screen.settings.name
    key = ("made_you" if you else "made") if score.made else ("failed_you" if you else "failed")
    code = result.contract.code if result.contract is not None else None
    lines = [t(key, lang, taker=player_name(screen, taker), contract=contract_words(code, lang), diff=diff,
               s=plural_s(diff, lang))]
    few = result.points < 2 if lang == "fr" else result.points == 1  # "1,5 point", "1.5 points"
    lines.append(t("attack_points", lang, points=points_text(result.points, lang), ps="" if few else "s",
                   bouts=result.bouts, s=plural_s(result.bouts, lang), target=score.target))
    return lines


def _reveals(screen: Screen, contract: Any) -> str:
    """Where the chien went: to the taker's hand (then his écart too), or to a side."""
    v, lang = screen.view, screen.lang
    goes = v.rules.chien_goes(contract)

    def reveal(key: str, cards: tuple[Any, ...], test: str = "") -> str:
        return (f'<div class="reveal"{test}><span class="caption">{escape(t(key, lang))}</span>'
                f'<span class="row">{"".join(card_html(c, lang, size="tiny") for c in cards)}</span></div>')

    if goes == "hand":
        return reveal("chien_was", v.chien) + reveal("ecart_was", v.ecart, ' data-testid="ecart"')
    return reveal("chien_to_attack" if goes == "attack" else "chien_to_defense", v.chien)


def _deal_scores(screen: Screen, result: DealResult) -> str:
    """What the deal counts in the match, seat by seat: the tokens under traditional scoring,
    else the scores."""
    shown = result.match_points
    title = "tokens_of" if result.tokens is not None else "score_of"
    rows = "".join(f'<li><span>{escape(player_name(screen, s))}</span>'
                   f'<b class="{"pos" if x > 0 else "neg" if x < 0 else ""}" data-result-seat="{s}">{signed(x)}</b></li>'
                   for s, x in enumerate(shown))
    return f'<div class="deal-scores"><h3>{escape(t(title, lang=screen.lang))}</h3><ul>{rows}</ul></div>'
