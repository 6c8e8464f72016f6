"""Bullenparty at the table (issue 13): whole games by Enter alone, the hand-off before each person's bid and
every other decision (B10 applies to every game), the results with the highest score first (BP10)."""

from __future__ import annotations

from uitools import asking, screen_text, shown_cards, wait_for

from bere_tui.engine.bullenparty import Game
from bere_tui.ui.app import BereApp, Start
from bere_tui.ui.bullenparty.prompts import BullenpartyPrompt
from bere_tui.ui.screens.handoff import HandoffScreen
from bere_tui.ui.screens.scores import ResultsScreen
from bere_tui.ui.screens.table import TableScreen
from bere_tui.ui.session import Session


def bullenparty_app(players, seed: int, from_round: int = 1) -> BereApp:
    """The table of a new game; with `from_round`, the game is first played by random moves until that round's
    bidding starts."""
    from bere_tui.bots import make_bot

    game = Game(players, seed=seed)
    movers = {p: make_bot("random", 100 + p) for p in range(game.n)}
    while game.round < from_round or len(game.pending.get("players", ())) < game.n:
        p = game.deciders()[0]
        game.apply(movers[p].choose(game.view(p), game.legal(p)))
    return BereApp(Start("game", session=Session(game)), speed="off", remember=False)


async def play_by_enter(app, pilot, check=None, limit: int = 3000) -> None:
    for _ in range(limit):
        await wait_for(pilot, lambda: asking(app) and not isinstance(app.screen, TableScreen),
                       timeout=30)
        if isinstance(app.screen, ResultsScreen):
            return
        if check is not None:
            check(app)
        await pilot.press("enter")
    raise AssertionError("the game did not end")


async def test_one_person_and_two_bots_play_a_whole_game_by_enter_alone():
    app = bullenparty_app([{"name": "Ann"}, {"name": "Ben", "bot": "heuristic"}, {"name": "Cid", "bot": "strong"}],
                          seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        game = app.game
        await play_by_enter(app, pilot)
        assert game.finished
        text = screen_text(app)
        assert "the highest score wins" in text
        scores = game.scores()
        best = max(scores)
        assert all(scores[p] == best for p in game.winners)  # BP10
        assert not any(isinstance(s, HandoffScreen) for s in app.screen_stack)


async def test_two_people_get_a_hand_off_before_every_decision_and_see_only_their_own_hand():
    # the second half of the game (of 10 rounds): bids, takes, zero cards and lays, the last round and the end
    app = bullenparty_app([{"name": "Ann"}, {"name": "Ben"}, {"name": "Cid", "bot": "random"}], seed=8,
                          from_round=6)
    holder = None
    asked = set()

    def check(app) -> None:
        nonlocal holder
        screen, game = app.screen, app.game
        if isinstance(screen, HandoffScreen):
            holder = ["Ann", "Ben"].index(screen.who)
            public = game.view(None).players
            secret = {c for p, h in enumerate(game.hands) for c in h if c not in public[p].known}
            assert shown_cards(screen_text(app), secret) == set()  # cards taken from a row were seen by all
        elif isinstance(screen, BullenpartyPrompt):
            assert screen.player == holder  # B10: the prompt comes after its owner's hand-off
            asked.add(screen.do)
            other = 1 - screen.player
            secret = set(game.hands[other]) - set(game.view(None).players[other].known)
            assert shown_cards(screen_text(app), secret) == set()

    async with app.run_test(size=(80, 24)) as pilot:
        await play_by_enter(app, pilot, check)
        assert app.game.finished
    assert {"bid", "take", "lay"} <= asked


def finished_record(tmp_path, stop_after: int | None = None):
    import json

    from bere_tui.bots import make_bot

    game = Game([{"name": "Ann"}, {"name": "Ben", "bot": "random"}], seed=3)
    bots = {0: make_bot("random", 1), 1: make_bot("random", 2)}
    while not game.finished and (stop_after is None or len(game.actions) < stop_after):
        p = game.deciders()[0]
        game.apply(bots[p].choose(game.view(p), game.legal(p)))
    path = tmp_path / "bp.json"
    path.write_text(json.dumps(game.record()), encoding="utf-8")
    return game, path


async def test_a_bullenparty_record_plays_back_with_every_bid_shown(tmp_path):
    from bere_tui.storage import load_file
    from bere_tui.ui.screens.replay import ReplayScreen
    from bere_tui.ui.screens.whole_log import WholeLogScreen

    _game, path = finished_record(tmp_path)
    app = BereApp(Start("replay", game=load_file(path), note=path.name), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert "The deal" in screen_text(app)
        await pilot.press("g")  # the whole game as one log
        await wait_for(pilot, lambda: isinstance(app.screen, WholeLogScreen))
        text = screen_text(app)
        assert "The deal" in text and "Ann bids" in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.press("escape")
        assert not isinstance(app.screen, ReplayScreen)


async def test_the_bullenparty_replay_steps_through_the_game_decision_by_decision(tmp_path):
    """Issue 13: the replay viewer steps as 6 nimmt!'s does: by decision, by bidding (its reveal), by round,
    to the deal and the end; each step shows the rows, the piles and scores, and every hand and secret bid."""
    import json
    import random

    from bere_tui.record import replay
    from bere_tui.ui.screens.replay import ReplayScreen

    game = Game([{"name": n} for n in ("Ann", "Ben", "Cid", "Dee", "Eve")], seed=11)
    rng = random.Random(11)
    while not game.finished:
        game.apply(rng.choice(game.legal(game.deciders()[0])))
    record = game.record()
    path = tmp_path / "bp5.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    app = BereApp(Start("replay", game=replay(record), note=path.name), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        screen = app.screen
        last = len(record["actions"])
        assert screen.replay.last == last  # (the stepper every viewer shares, table/replay.py)
        for i in (0, 1, 7, last // 2, last):  # each step is the game after that many decisions
            want, state = replay(record, upto=i), screen.replay.step(i).state
            assert state.hands == want.hands and state.piles == want.piles

        def shows(text: str) -> bool:
            return text in screen_text(app)

        assert screen.index == 0 and shows("The deal") and shows(f"step 1 of {last + 1}")
        for p, hand in enumerate(game.setup["hands"]):  # every hand, at 80x24 with 5 players
            line = next(ln for ln in screen_text(app).splitlines() if ln.startswith(" " + game.players[p]["name"] + " ")
                        and "zero card" in ln)
            assert [int(w.rstrip("•")) for w in line.split()[1:6]] == sorted(hand)
        await pilot.press("right")
        bidder = record["actions"][0]["player"]
        assert screen.index == 1 and shows(game.players[bidder]["name"] + " bids") and shows("bid: ")
        await pilot.press("left", "down")  # to the first reveal
        reveal = next(i for i in screen.replay.turn_marks if i >= 1)
        assert any(type(e).__name__ == "BidsRevealed" for e in screen.replay.step(reveal).events)
        assert screen.index == reveal and shows("Bids: ") and not shows("bid: ")
        await pilot.press("pagedown")  # round 2's rows
        assert screen.replay.step(screen.index).state.round == 2 and shows("Round 2")
        await pilot.press("pageup")
        assert screen.index == 0
        await pilot.press("end")
        scores = game.scores()
        assert screen.index == last and shows(", ".join(f"{p['name']} {s}" for p, s in zip(game.players, scores)))
        await pilot.press("right")  # past the end: stays
        assert screen.index == last
        await pilot.press("home")
        assert screen.index == 0


async def test_a_saved_bullenparty_game_goes_on_at_its_table(tmp_path):
    from bere_tui.ui.saving import load_session

    game, path = finished_record(tmp_path, stop_after=12)
    session = load_session(path)
    assert session.game.variant == "bullenparty" and len(session.history) == 12
    app = BereApp(Start("game", session=session), speed="off", remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, BullenpartyPrompt), timeout=20)
        assert app.game.actions[:12] == game.actions[:12]


async def test_the_setup_seats_a_bullenparty_table_and_remembers_it():
    from bere_tui.ui.screens.setup import SetupScreen
    from bere_tui.ui.widgets.cycler import Cycler

    app = BereApp(remember=False)
    async with app.run_test(size=(80, 24)) as pilot:
        app.open_setup()
        await wait_for(pilot, lambda: isinstance(app.screen, SetupScreen))
        variant = app.screen.query_one("#variant", Cycler)
        variant.focus()
        while variant.value != "bullenparty":
            await pilot.press("right")
        assert "2 to 5 players" in screen_text(app)
        app.screen.query_one("#start").focus()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BullenpartyPrompt), timeout=20)
        assert app.game.variant == "bullenparty" and app.settings.last_seats.variant == "bullenparty"


async def test_the_rules_of_bullenparty_open_from_its_table():
    from bere_tui.ui.rules_screen import load_sections

    titles = [s.title for s in load_sections("bullenparty")]
    assert "Scoring" in titles and "A round" in titles
    assert not any("sixth card" in s.title.lower() for s in load_sections("bullenparty"))


def second_take(seed: int = 4) -> Game:
    """Three players; Ann and Ben bid number cards, Cid the zero card (BP5); Ann takes row 1 first, so Ben
    chooses among rows 2 and 3."""
    game = Game(["Ann", "Ben", "Cid"], seed=seed)
    low, _high = sorted([game.hands[0][0], game.hands[1][0]])
    first = 0 if game.hands[0][0] == low else 1
    game.apply({"player": 0, "do": "bid", "card": game.hands[0][0]})
    game.apply({"player": 1, "do": "bid", "card": game.hands[1][0]})
    game.apply({"player": 2, "do": "bid", "card": "zero"})
    game.apply({"player": first, "do": "take", "row": 0})
    while game.pending["do"] == "lay":  # BP8: the hand limit
        game.apply(game.legal(game.pending["player"])[0])
    assert game.pending["do"] == "take" and game.pending["player"] == 1 - first
    return game


async def test_a_digit_in_a_row_prompt_is_the_rows_number_and_a_taken_row_is_greyed():
    from test_special_prompts import PromptApp

    from bere_tui.ui.widgets.choices import ChoiceList

    game = second_take()
    p = game.pending["player"]
    prompt = BullenpartyPrompt(game.view(p), game.legal(p))
    async with PromptApp(prompt).run_test(size=(80, 24)) as pilot:
        choices = prompt.query_one(ChoiceList)
        await pilot.press("3")
        assert choices.highlighted == 2  # row 3, not the third line that may be chosen
        await pilot.press("1")  # row 1 is taken: the highlight stays
        assert choices.highlighted == 2
        assert "taken by" in screen_text(prompt.app)
        await pilot.press("enter")
    assert prompt._dismissed


async def test_typing_a_cards_number_highlights_that_card_in_the_bid():
    from test_special_prompts import PromptApp

    from bere_tui.ui.widgets.choices import ChoiceList

    game = Game(["Ann", "Ben"], seed=9)
    hand = game.hands[0]
    target = next(c for c in hand if c >= 10)
    prompt = BullenpartyPrompt(game.view(0), game.legal(0))
    async with PromptApp(prompt).run_test(size=(80, 24)) as pilot:
        await pilot.press(*str(target))
        choices = prompt.query_one(ChoiceList)
        assert prompt.lines[choices.highlighted]["card"] == target
        await pilot.press("0")  # 0: the zero card
        assert prompt.lines[choices.highlighted]["card"] == "zero"


async def test_esc_hides_the_hand_at_a_hot_seat_bullenparty_table():
    app = bullenparty_app([{"name": "Ann"}, {"name": "Ben"}], seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, BullenpartyPrompt))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        assert app.screen.who == "Ann" and app.game.actions == []


def test_the_results_table_breaks_each_score_into_the_plus_pile_the_bull_cards_and_the_minus_piles():
    """BP10: the pile with the most bullheads plus, the Bull cards plus, the other piles minus; the highest total
    first (the engine's outcome says who wins)."""
    from rich.console import Console

    from bere_tui.engine.outcome import Outcome, Part, Score
    from bere_tui.table.bullenparty import outcome as words
    from bere_tui.ui.screens.scores import scores_table

    def score(plus, bulls, minus):
        return Score(plus + bulls + minus, (Part("plus_pile", plus), Part("bulls", bulls), Part("minus_piles", minus)))

    outcome = Outcome(True, (2,), (score(9, 0, -2), score(20, 4, -2), score(40, 13, -4)), "draw_pile")
    table = scores_table(["Ann", "Ben", "Cid"], [None, "heuristic", "strong"], outcome, words)
    assert [c.header for c in table.columns] == ["player", "plus pile", "Bull cards", "minus piles", "total"]
    console = Console(width=80, record=True)
    console.print(table)
    lines = [line.split() for line in console.export_text().splitlines() if line.strip()]
    assert lines[2] == ["Cid", "(bot)", "WINS", "40", "13", "-4", "49"] and lines[-1] == ["Ann", "9", "0", "-2", "7"]
