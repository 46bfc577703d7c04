"""The boards of the table screen: what each game shows the table, in the players' language.

Each board is a pure function of a session's record: the text to draw and whose turn it is. They
run in a worker thread (the record is replayed through the engine), never on the event loop.
"""

from __future__ import annotations

from rich.cells import cell_len, set_cell_size

from screens.labels import t
from screens.plain import visible


def pad(text: str, width: int, right: bool = False) -> str:
    """``text`` in exactly ``width`` terminal cells (a Japanese character takes two), any control
    character in it drawn as a visible sign first (the screen shows it so; ``screens.plain``)."""
    text = visible(text, one_line=True)
    if cell_len(text) > width:
        return set_cell_size(text, width)
    space = " " * (width - cell_len(text))
    return space + text if right else text + space


def trickster_board(record: dict, lang: str = "en") -> tuple[str, str | None]:
    """Tableaus by suit with live trouble points and sole majorities, hands, the pot and its
    pattern, the trash and the deck, the Leader, the Trickster and whose turn it is."""
    from scoring.trickster.cards import code, suits
    from scoring.trickster.record import replay_record
    from scoring.trickster.scoring import score_round
    from scoring.trickster.state import REVEAL, TRICK
    from scoring.trickster.zones import describe_pattern

    state = replay_record(record).state
    if state.round == 0:
        return t("Set up round 1: round trash=… tableau=Aki:…,Ben:…  Or keep a scoresheet: tableau Aki=R3,B1 … "
                 "(F1: how to type it)", lang), None
    letters = [s.letter for s in suits()]
    counts = [[sum(1 for c in tableau if (c & 7) == i) for i in range(8)] for tableau in state.tableaus]
    live = score_round(counts)
    lines = [f"{pad(t('name', lang), 7)} " + " ".join(f"{letter:<2}" for letter in letters)
             + f" {pad(t('trouble', lang), 7, right=True)} {pad(t('hand', lang), 5, right=True)}"]
    for p, who in enumerate(state.players):
        # a starred count is the sole majority of its suit: those cards score no trouble
        cells = " ".join(f"{(str(counts[p][i]) + '*') if live.exempt[i] == p else (counts[p][i] or '·')!s:<2}"
                         for i in range(8))
        lines.append(f"{pad(who, 7)} {cells}  {live.trouble[p]:>6} {state.hands[p].size:>5}")
    to_play = state.players[state.to_play] if state.to_play is not None else None
    if state.phase == TRICK:
        leader = state.players[state.leader] if state.leader is not None else t("the Timeline", lang)
        lines.append(t("Round {round}, trick {trick}: {leader} leads, {trickster} is the Trickster; "
                       "{player} to play.", lang, round=state.round, trick=state.tricks + 1, leader=leader,
                       trickster=state.players[state.trickster], player=to_play))
        pot = " ".join(code(c) for c in state.pot) or "—"
        lines.append(t("Pot: {pot}  ({pattern})", lang, pot=pot, pattern=describe_pattern(state, lang)))
    elif state.phase == REVEAL:
        lines.append(t("The round is over: reveal … (every player's remaining hand).", lang))
    lines.append(t("Trash: {trash}   Deck: {deck}", lang, trash=" ".join(code(c) for c in state.trash) or "—",
                   deck=len(state.deck)))
    return "\n".join(lines), to_play


def kings_board(record: dict, totals: dict[str, int] | None = None, lang: str = "en") -> tuple[str, str | None]:
    """A KINGs table played trick by trick: parties, fronts and bids, the trick being played and
    who is winning it and why, and whose turn it is."""
    from scoring.kings.cards import code
    from scoring.kings.engine import BIDS, DEVIL, DRAFT, FRONTS, PLAY, draft_order
    from scoring.kings.game_record import replay_game
    from scoring.kings.trick import judge

    _, _, s = replay_game(record)
    names = s.players
    totals = totals or {}
    lines = [f"{pad(t('name', lang), 7)} {pad(t('king', lang), 7)} {pad(t('fronts', lang), 17)} "
             f"{pad(t('bid', lang), 9)} {pad(t('won', lang), 4, right=True)}  r b g k W R  "
             f"{pad(t('total', lang), 5, right=True)}"]
    for p, who in enumerate(names):
        king = (s.kings[p] or "—") + ("*" if s.kings[p] and s.king_round[p] is not None else "")
        bid = ",".join(f"{b.tricks}/{b.points}" if b.kind == "tricks" else "miss" if b.kind == "devil_miss"
                       else f"{b.kind[:4]}:{names[b.other][:3]}" for b in s.bids[p]) or "—"
        cap = " ".join(str(n) for n in s.captured[p])
        lines.append(f"{pad(who, 7)} {king:<7} {','.join(s.fronts[p])[:17]:<17} {bid[:9]:<9} {s.tricks[p]:>4}  "
                     f"{cap}  {totals.get(who, 0):>5}")
    lines.append(t("* used king · captured r b g k W R: red blue green black, White Flags, Rares", lang))
    to_play = None
    if s.phase == DRAFT:
        order = draft_order(s)
        to_play = names[order[len(s.picks)]]
        lines.append(t("Draft: {player} picks (pick {n} of {of}): pick red · pick Healer", lang, player=to_play,
                       n=len(s.picks) + 1, of=len(order)))
    elif s.phase == DEVIL:
        lines.append(t("Two players: devil COLOUR — an undrafted king's colour goes to the Devil.", lang))
    elif s.phase == FRONTS:
        lines.append(t("Round {round}: turn characters up — fronts Aki=Healer Ben=Samurai … (nine=NAME)", lang,
                       round=s.round))
    elif s.phase == BIDS:
        lines.append(t("Bids — bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki … (partner=A:B)", lang))
    elif s.phase == PLAY:
        to_play = names[s.to_play]
        if s.trick:
            ruling = judge(s.trick, names, s.game.rules, lang)
            played = " ".join(f"{names[x.player]}:{code(x.card)}" for x in s.trick)
            lines.append(t("Round {round}, trick {trick}: {played} — {winner} is winning ({why})", lang,
                           round=s.round, trick=s.tricks_done + 1, played=played, winner=names[ruling.winner],
                           why=ruling.why))
        else:
            lines.append(t("Round {round}, trick {trick}: {player} leads.", lang, round=s.round,
                           trick=s.tricks_done + 1, player=to_play))
        lines.append(t("{player} to play (a card, + king / sword / gift / nine …; lead NAME; hermit; cheer)", lang,
                       player=to_play))
    else:
        lines.append(t("The game is over.", lang))
    return "\n".join(lines), to_play


def sheriff_board(record: dict, lang: str = "en") -> tuple[str, str | None]:
    """A Sheriff deal card by card: roles, trump, captured cards, the trick and who is winning it."""
    from scoring.sheriff.cards import code, suits
    from scoring.sheriff.engine import TRICK, trick_winner
    from scoring.sheriff.record import table_state

    s = table_state(record)
    if s is None:
        return "", None
    if s.deal == 0:
        return t("Start a deal: deal joker=NAME Aki=mayor Ben=sheriff Chie=robber trump=spades", lang), None
    totals = s.totals()
    suit_key = "name_ja" if lang == "ja" else "name"
    trump = suits()[s.trump][suit_key] if s.trump is not None else t("no trump", lang)
    lines = [t("Deal {deal}: trump {trump}; {player} announced the Joker.", lang, deal=s.deal, trump=trump,
               player=s.players[s.joker]),
             f"{pad(t('name', lang), 8)} {pad(t('role', lang), 8)}  A K Q J 10 JO  "
             f"{pad(t('total', lang), 5, right=True)}"]
    for p, who in enumerate(s.players):
        cap = " ".join(f"{n:>1}" for n in s.captured[p][:4]) + f" {s.captured[p][4]:>2} {s.captured[p][5]:>2}"
        lines.append(f"{pad(who, 8)} {pad(t(s.roles[p], lang), 8)}  {cap}  {totals[p]:>5}")
    to_play = None
    if s.phase == TRICK:
        to_play = s.players[s.to_play]
        if s.trick and any(c != 20 for _, c in s.trick):
            verdict = t("{player} is winning", lang, player=s.players[trick_winner(s.trick, s.trump)])
            lines.append(t("Trick {trick}: {cards} — {verdict}", lang, trick=s.tricks_done + 1,
                           cards=" ".join(code(c) for _, c in s.trick), verdict=verdict))
        else:
            lines.append(t("Trick {trick}: {player} leads.", lang, trick=s.tricks_done + 1, player=to_play))
        lines.append(t("{player} to play (a card: As, Kh, 10d, JO).", lang, player=to_play))
    elif s.phase == "over":
        lines.append(t("The game is over.", lang))
    else:
        lines.append(t("Next deal: deal joker=NAME NAME=role … trump=SUIT", lang))
    return "\n".join(lines), to_play


def louder_board(record: dict, lang: str = "en") -> tuple[str, str | None]:
    """The field face down (the laptop sits on the table: it never shows what a card is), hands,
    collected points, the deck and whose turn it is."""
    from scoring.louder.engine import OVER
    from scoring.louder.record import table_state

    s = table_state(record)
    lines = [t("Deck: {n} card(s).", lang, n=s.deck)]
    lines += [t("{player}: hand {hand}, collected {points}", lang, player=who, hand=s.hands[p],
                points=sum(c.number for c in s.collected[p])) for p, who in enumerate(s.players)]
    if s.field:
        xs = [x for x, _ in s.field]
        ys = [y for _, y in s.field]
        lines.append("     " + " ".join(f"{x:>2}" for x in range(min(xs), max(xs) + 1)))
        for y in range(min(ys), max(ys) + 1):
            lines.append(f"{y:>3}  " + " ".join(" ■" if (x, y) in s.field else " ·"
                                                for x in range(min(xs), max(xs) + 1)))
    else:
        lines.append(t("The field is empty: the first card goes anywhere (place CARD at 0,0 says …).", lang))
    if s.phase == OVER:
        lines.append(t("The last card was drawn: hands Aki=score:2,seeker Ben=… (every card left in hand).", lang))
        return "\n".join(lines), None
    to_play = s.players[s.turn]
    lines.append(t("{player}'s turn: draw · place CARD at X,Y says CARD · use CARD X,Y X,Y …", lang,
                   player=to_play))
    return "\n".join(lines), to_play


def phantom_board(scored, lang: str = "en") -> str:
    """Totals, the last culprit and why, and what to type for the next half."""
    lines = ["   ".join(f"{s.player}: {s.total}" for s in scored.table.standings)]
    if scored.details:
        last = max(i for i, line in enumerate(scored.details) if not line.startswith(" "))
        lines += scored.details[last:]
    lines.append(t("Next half: NAME=CARD:COLOUR … point NAME>NAME … (fourth=N, double=NAME:yes, accuse=A>B)",
                   lang))
    return "\n".join(lines)


def board_for(game: str, record: dict, scored, lang: str = "en") -> tuple[str, str | None]:
    """The board of any game (an empty one for scoresheet sessions), and whose turn it is."""
    if game == "trickster" and not (record.get("rounds") and "trash" not in record["rounds"][0]):
        return trickster_board(record, lang)
    if game == "sheriff":
        return sheriff_board(record, lang)
    if game == "louder":
        return louder_board(record, lang)
    if game == "phantom":
        return phantom_board(scored, lang), None
    if game == "kings" and "draft" in record:
        return kings_board(record, {x.player: x.total for x in scored.table.standings}, lang)
    return "", None
