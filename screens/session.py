"""The table screen: the board, the standings, what was recorded, and the entry line.

An entry is checked by the rules before it is stored; a refusal appears in red with its reason,
what was typed stays in the line, and F2 opens the rule it breaks.
"""

from __future__ import annotations

import json

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Header, Input, ListItem, ListView, Static

from companion.quick import kings_line, line_for, quick, sheriff_line
from scoring.errors import RuleViolation


def trickster_board(record: dict) -> tuple[str, str | None]:
    """The public table of a Trickster game, and whose turn it is."""
    from scoring.trickster.cards import code, suits
    from scoring.trickster.record import replay_record
    from scoring.trickster.scoring import score_round
    from scoring.trickster.state import REVEAL, TRICK
    from scoring.trickster.zones import describe_pattern

    state = replay_record(record).state
    if state.round == 0:
        return "Set up round 1: round trash=… tableau=Aki:…,Ben:…", None
    letters = [s.letter for s in suits()]
    counts = [[sum(1 for c in t if (c & 7) == i) for i in range(8)] for t in state.tableaus]
    live = score_round(counts)
    lines = ["player  " + " ".join(f"{letter:<2}" for letter in letters) + " trouble  hand"]
    for p, who in enumerate(state.players):
        # a starred count is the sole majority of its suit: those cards score no trouble
        cells = " ".join(f"{(str(counts[p][i]) + '*') if live.exempt[i] == p else (counts[p][i] or '·')!s:<2}"
                         for i in range(8))
        lines.append(f"{who[:7]:<7} {cells}  {live.trouble[p]:>5}  {state.hands[p].size:>4}")
    to_play = state.players[state.to_play] if state.to_play is not None else None
    if state.phase == TRICK:
        leader = state.players[state.leader] if state.leader is not None else "the Timeline"
        lines.append(f"Round {state.round}, trick {state.tricks + 1}: {leader} leads, "
                     f"{state.players[state.trickster]} is the Trickster; {to_play} to play.")
        lines.append(f"Pot: {' '.join(code(c) for c in state.pot) or '—'}  ({describe_pattern(state)})")
    elif state.phase == REVEAL:
        lines.append("The round is over: reveal … (every player's remaining hand).")
    lines.append(f"Trash: {' '.join(code(c) for c in state.trash) or '—'}   Deck: {len(state.deck)}")
    return "\n".join(lines), to_play


def kings_board(record: dict, totals: dict[str, int] | None = None) -> tuple[str, str | None]:
    """A KINGs table played trick by trick: parties, fronts and bids, the trick being played and
    who is winning it and why, and whose turn it is."""
    from scoring.kings.cards import code
    from scoring.kings.engine import BIDS, DEVIL, DRAFT, FRONTS, PLAY, draft_order
    from scoring.kings.game_record import replay_game
    from scoring.kings.trick import judge

    _, _, s = replay_game(record)
    names = s.players
    totals = totals or {}
    lines = [f"{'player':<7} {'king':<7} {'fronts':<17} {'bid':<9} won  r b g k W R  total"]
    for p, who in enumerate(names):
        king = (s.kings[p] or "—") + ("*" if s.kings[p] and s.king_round[p] is not None else "")
        bid = ",".join(f"{b.tricks}/{b.points}" if b.kind == "tricks" else "miss" if b.kind == "devil_miss"
                       else f"{b.kind[:4]}:{names[b.other][:3]}" for b in s.bids[p]) or "—"
        cap = " ".join(str(n) for n in s.captured[p])
        lines.append(f"{who[:7]:<7} {king:<7} {','.join(s.fronts[p])[:17]:<17} {bid[:9]:<9} {s.tricks[p]:>3}  "
                     f"{cap}  {totals.get(who, 0):>5}")
    lines.append("(* a used king; r b g k W R: captured red, blue, green, black, White Flags, Rares)")
    to_play = None
    if s.phase == DRAFT:
        order = draft_order(s)
        to_play = names[order[len(s.picks)]]
        lines.append(f"Draft: {to_play} picks (pick {len(s.picks) + 1} of {len(order)}): pick red · pick Healer")
    elif s.phase == DEVIL:
        lines.append("Two players: devil COLOUR — an undrafted king's colour goes to the Devil.")
    elif s.phase == FRONTS:
        lines.append(f"Round {s.round}: turn characters up — fronts Aki=Healer Ben=Samurai … (nine=NAME)")
    elif s.phase == BIDS:
        lines.append("Bids — bids Aki=Gambler:2/50 Ben=Devil:miss Chie=Neme:copy:Aki … (partner=A:B)")
    elif s.phase == PLAY:
        to_play = names[s.to_play]
        if s.trick:
            ruling = judge(s.trick, names, s.game.rules)
            played = " ".join(f"{names[x.player]}:{code(x.card)}" for x in s.trick)
            lines.append(f"Round {s.round}, trick {s.tricks_done + 1}: {played} — {names[ruling.winner]} "
                         f"is winning ({ruling.lines[-1].split(' with ', 1)[-1].rstrip('.')})")
        else:
            lines.append(f"Round {s.round}, trick {s.tricks_done + 1}: {to_play} leads.")
        lines.append(f"{to_play} to play (a card, + king / sword / gift / nine …; lead NAME; hermit; cheer)")
    else:
        lines.append("The game is over.")
    return "\n".join(lines), to_play


def sheriff_board(record: dict) -> tuple[str, str | None]:
    """A Sheriff deal card by card: roles, trump, captured cards, the trick and who is winning it."""
    from scoring.sheriff.cards import code, suits
    from scoring.sheriff.engine import TRICK, explain_trick
    from scoring.sheriff.record import table_state

    s = table_state(record)
    if s is None:
        return "", None
    if s.deal == 0:
        return "Start a deal: deal joker=NAME Aki=mayor Ben=sheriff Chie=robber trump=spades", None
    totals = s.totals()
    trump = suits()[s.trump]["name"] if s.trump is not None else "no trump"
    lines = [f"Deal {s.deal}: trump {trump}; {s.players[s.joker]} announced the Joker.",
             f"{'player':<8} {'role':<8}  A K Q J 10 JO  total"]
    for p, who in enumerate(s.players):
        cap = " ".join(f"{n:>1}" for n in s.captured[p][:4]) + f" {s.captured[p][4]:>2} {s.captured[p][5]:>2}"
        lines.append(f"{who[:8]:<8} {s.roles[p]:<8}  {cap}  {totals[p]:>5}")
    to_play = None
    if s.phase == TRICK:
        to_play = s.players[s.to_play]
        if s.trick and any(c != 20 for _, c in s.trick):
            verdict = explain_trick(s.players, s.trick, s.trump)[-1].replace(" wins the trick.", " is winning")
            lines.append(f"Trick {s.tricks_done + 1}: {' '.join(code(c) for _, c in s.trick)} — {verdict}")
        else:
            lines.append(f"Trick {s.tricks_done + 1}: {to_play} leads.")
        lines.append(f"{to_play} to play (a card: As, Kh, 10d, JO).")
    elif s.phase == "over":
        lines.append("The game is over.")
    else:
        lines.append("Next deal: deal joker=NAME NAME=role … trump=SUIT")
    return "\n".join(lines), to_play


def louder_board(record: dict) -> tuple[str, str | None]:
    """The field face down (the laptop sits on the table: it never shows what a card is), hands,
    collected points, the deck and whose turn it is."""
    from scoring.louder.engine import OVER
    from scoring.louder.record import table_state

    s = table_state(record)
    lines = [f"Deck: {s.deck} card(s)."]
    lines += [f"{who}: hand {s.hands[p]}, collected {sum(c.number for c in s.collected[p])}"
              for p, who in enumerate(s.players)]
    if s.field:
        xs = [x for x, _ in s.field]
        ys = [y for _, y in s.field]
        lines.append("     " + " ".join(f"{x:>2}" for x in range(min(xs), max(xs) + 1)))
        for y in range(min(ys), max(ys) + 1):
            lines.append(f"{y:>3}  " + " ".join(" ■" if (x, y) in s.field else " ·"
                                                for x in range(min(xs), max(xs) + 1)))
    else:
        lines.append("The field is empty: the first card goes anywhere (place CARD at 0,0 says …).")
    if s.phase == OVER:
        lines.append("The last card was drawn: hands Aki=score:2,seeker Ben=… (every card left in hand).")
        return "\n".join(lines), None
    to_play = s.players[s.turn]
    lines.append(f"{to_play}'s turn: draw · place CARD at X,Y says CARD · use CARD X,Y X,Y …")
    return "\n".join(lines), to_play


def phantom_board(record: dict, scored) -> str:
    """Totals, the last culprit and why, and what to type for the next half."""
    lines = ["   ".join(f"{s.player}: {s.total}" for s in scored.table.standings)]
    if scored.details:
        last = max(i for i, line in enumerate(scored.details) if not line.startswith(" "))
        lines += scored.details[last:]
    lines.append("Next half: NAME=CARD:COLOUR … point NAME>NAME … (fourth=N, double=NAME:yes, accuse=A>B)")
    return "\n".join(lines)


def candidate_cards(game: str, record: dict) -> list[tuple[str, str]]:
    """Cards that could be typed next: Trickster — every card not face up on the table;
    KINGs — every card not played yet this round."""
    if game == "trickster" and record.get("rounds") and "trash" in record["rounds"][0]:
        from scoring.trickster.cards import code, name
        from scoring.trickster.record import replay_record

        s = replay_record(record).state
        public = set(s.trash) | set(s.pot) | set(s.timeline) | {c for t in s.tableaus for c in t}
        return [(code(c), name(c)) for c in s.game.deck.cards() if c not in public]
    if game == "kings" and "draft" in record:
        from scoring.kings.cards import BERSERKER_NINE, code, deck, name
        from scoring.kings.game_record import replay_game

        _, _, s = replay_game(record)
        left = sorted(c for c in deck(len(s.players)) if c not in s.played)
        seen = set()
        out = []
        for c in [*left, BERSERKER_NINE]:
            if code(c) not in seen and (c != BERSERKER_NINE or s.nine):
                seen.add(code(c))
                out.append((code(c), name(c)))
        return out
    return []


class SessionScreen(Screen):
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo", id="session.undo"),
        Binding("ctrl+y", "redo", "Redo", id="session.redo"),
        Binding("f2", "open_rule", "Rule", id="session.rule"),
        Binding("f3", "pick_card", "Pick card", id="session.pick"),
        Binding("f5", "scoreboard", "Scores", id="session.scoreboard"),
        Binding("f6", "export", "Export", id="session.export"),
        Binding("escape", "app.pop_screen", "Home", id="session.home"),
    ]

    def __init__(self, sid: int) -> None:
        super().__init__()
        self.sid = sid
        self.game = ""
        self.to_play: str | None = None
        self.last_rule: str | None = None
        self.shown: list = []  # the entries already in the list on screen

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="heading", classes="title")
        with Horizontal(id="top"):
            yield Static("", id="board")
            yield DataTable(id="standings", cursor_type="none", zebra_stripes=True)
        yield ListView(id="entries")
        yield Static("", id="status")
        yield Input(placeholder="Type an entry and press Enter (ctrl+z undo, F2 rule, F5 scores)", id="entry")
        yield Footer()

    async def on_mount(self) -> None:
        await self.refresh_view()
        self.query_one("#entry", Input).focus()

    async def refresh_view(self) -> None:
        sessions = self.app.sessions
        info, entries, record, scored = await self.app.db(sessions.snapshot, self.sid, self.app.lang)
        self.game = info.game
        state = "finished" if info.finished else f"{info.entries} entries"
        self.query_one("#heading", Static).update(f"Session {self.sid} — {info.game} — {', '.join(info.players)} "
                                                  f"({state})")
        board = self.query_one("#board", Static)
        if info.game == "trickster" and "rounds" in record and not (
                record["rounds"] and "trash" not in record["rounds"][0]):
            text, self.to_play = await self.app.db(trickster_board, record)
            board.update(text)
        elif info.game == "sheriff":
            text, self.to_play = await self.app.db(sheriff_board, record)
            board.update(text)
        elif info.game == "louder":
            text, self.to_play = await self.app.db(louder_board, record)
            board.update(text)
        elif info.game == "phantom":
            board.update(phantom_board(record, scored))
        elif info.game == "kings" and "draft" in record:
            totals = {x.player: x.total for x in scored.table.standings}
            text, self.to_play = await self.app.db(kings_board, record, totals)
            board.update(text)
        else:
            board.update("")
        # the KINGs board carries the totals; on a narrow terminal it needs the whole width
        self.query_one("#standings", DataTable).display = not (
            info.game == "kings" and "draft" in record and self.app.size.width < 120)
        table = self.query_one("#standings", DataTable)
        table.clear(columns=True)
        rounds = max((len(s.rounds) for s in scored.table.standings), default=0)
        table.add_columns("rank", "player", *[f"R{i + 1}" for i in range(rounds)], "total")
        for s in scored.table.standings:
            table.add_row(s.rank, s.player, *s.rounds, s.total)
        view = self.query_one("#entries", ListView)
        if entries[: len(self.shown)] != self.shown:  # an undo or an edit: draw the list again
            await view.clear()
            self.shown = []
        new = entries[len(self.shown):]
        if new:
            await view.extend(ListItem(Static(f"{n:>4}  {self.describe(e)}"))
                              for n, e in enumerate(new, start=len(self.shown) + 1))
            self.shown = list(entries)
        view.scroll_end(animate=False)
        if info.finished:
            self.show(("The game is over. " + " ".join(scored.table.tiebreaks)).strip(), refused=False)

    def describe(self, entry: object) -> str:
        """An entry as the line a player would type for it."""
        from scoring.entries import GAME_KEYS

        if isinstance(entry, dict) and self.game == "kings" and any(k in entry for k in GAME_KEYS):
            return kings_line(entry)
        if isinstance(entry, dict) and self.game == "trickster" and not set(entry) <= {"tableau"}:
            return line_for(entry)
        if isinstance(entry, dict) and self.game == "sheriff" and ("deal" in entry or "play" in entry):
            return sheriff_line(entry)
        if isinstance(entry, dict) and self.game == "louder":
            # never the true placed card: everyone at the table can see this screen
            if "place" in entry:
                at = entry.get("at", ["?", "?"])
                return f"placed a card at {at[0]},{at[1]}, saying {entry.get('says', '—')}"
            if "use" in entry:
                return f"use {entry['use']} " + " ".join(f"{x},{y}" for x, y in entry.get("flip", []))
            if "draw" in entry:
                return "draw"
            if "hands" in entry:
                return "hands revealed"
        text = json.dumps(entry, ensure_ascii=False)
        return text if len(text) <= 200 else text[:197] + "…"

    def show(self, text: str, refused: bool) -> None:
        status = self.query_one("#status", Static)
        status.update(text)
        status.set_class(refused, "refused")

    async def on_input_submitted(self, event: Input.Submitted) -> None:
        line = event.value
        try:
            entry = quick(line, self.game, to_play=self.to_play)
            await self.app.db(self.app.sessions.record, self.sid, entry)
        except RuleViolation as err:
            self.last_rule = err.rule
            self.show(f"{err.message(self.app.lang)}  (F2: rule {err.rule})", refused=True)
            return  # what was typed stays in the line
        event.input.value = ""
        self.show("", refused=False)
        await self.refresh_view()

    async def action_undo(self) -> None:
        entry = await self.app.db(self.app.sessions.undo, self.sid)
        self.show(f"Undone: {self.describe(entry)}" if entry else "Nothing to undo.", refused=False)
        await self.refresh_view()

    async def action_redo(self) -> None:
        entry = await self.app.db(self.app.sessions.redo, self.sid)
        self.show(f"Redone: {self.describe(entry)}" if entry else "Nothing to redo.", refused=False)
        await self.refresh_view()

    async def action_pick_card(self) -> None:
        from screens.picker import CardPicker

        record = await self.app.db(self.app.sessions.record_of, self.sid)
        cards = await self.app.db(candidate_cards, self.game, record)
        if not cards:
            self.show("No cards to pick here: type the entry.", refused=False)
            return

        def insert(code: str | None) -> None:
            if code:
                entry = self.query_one("#entry", Input)
                entry.value = (entry.value + " " + code).strip() if entry.value else code
                entry.cursor_position = len(entry.value)
                entry.focus()

        self.app.push_screen(CardPicker(cards), insert)

    def action_open_rule(self) -> None:
        from screens.rules import RulesScreen

        self.app.push_screen(RulesScreen(self.game or "trickster", self.last_rule))

    def action_scoreboard(self) -> None:
        from screens.scoreboard import ScoreboardScreen

        self.app.push_screen(ScoreboardScreen(self.sid))

    def action_export(self) -> None:
        from screens.export import ExportScreen

        self.app.push_screen(ExportScreen(self.sid))
