"""What a learner reads: no rule ids or jargon, and no sentence that states as certain what hidden cards decide
(issue 18).

Rule ids (B5, A-INS-3, ...) belong in code, tests and commit messages (RULES.md); a learner reads plain words.
Before the reveal the others' cards are secret (B3, B10; in Pro their choice of card, P3; in the Anniversary
edition their special cards too, A2), so a sentence about where one of the learner's cards goes must say
"would", "unless", "could"... whenever some card the learner cannot see could change it.
"""

from __future__ import annotations

import re

from test_teach_explain import wrong_moves

from bere_tui.bots.nimmt.heuristic import unseen_cards
from bere_tui.bots.nimmt.tactics import rows_of, target
from bere_tui.engine.nimmt.variants import SPECIAL_NAMES
from bere_tui.systems import system_of
from bere_tui.table.beats import Ask, BotTurn, GameEnd, Say
from bere_tui.table.narrate import narrate
from bere_tui.teach.catalogue import load_catalogue
from bere_tui.teach.describe import Teller
from bere_tui.teach.runner import LessonRun, events_of
from bere_tui.ui.prompts.special import special_help

RULE_ID = re.compile(r"\b(?:[ABCEP]\d{1,2}|BP\d{1,2}|BG(?:-D)?\d|A-(?:5TH|7N|INS|REP|SHI|STOP|NP|ORD)-\d)\b")
JARGON = re.compile(r"\b(?:rising place|ascending)\b", re.IGNORECASE)

#: a sentence that says what happens to a card as a fact...
CERTAIN = re.compile(r"\b(?:will|goes|go|lands?|is placed|takes?|is safe|safely|certain|certainly|sure|surely|"
                     r"cannot)\b", re.IGNORECASE)
#: ...unless it says what could change it, or that it is only a possibility
HEDGE = re.compile(r"\b(?:would|could|unless|if|may|might|perhaps|not known|as they are now|looks?|alone|where)\b",
                   re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?;])\s+")


def lesson_texts(lesson) -> list[str]:
    texts = [lesson.title, lesson.summary, lesson.done]
    for step in lesson.steps:
        texts += [step.say, step.hint or "", step.aim or ""]
    return texts


def played(lesson, seed: int = 0):
    """Play a lesson as written (a practice game by its hints): yield (run, beat) for every beat."""
    run = LessonRun(lesson, seed=seed)
    while True:
        beat = run.next_beat()
        yield run, beat
        if isinstance(beat, GameEnd):
            return
        if isinstance(beat, BotTurn):
            run.decide(beat.player, *run.think(beat.player))
        if isinstance(beat, Ask):
            action = run.expected() or run.hint()[1]
            assert run.submit(action).accepted


def words(run, beat) -> str:
    """The lesson's words with `beat`: its narration, the step's words at the learner's decision (none in a
    practice game), its closing words at the end."""
    if isinstance(beat, Say):
        return beat.text
    if isinstance(beat, Ask) and run.expected() is not None:
        return run.step.say
    if isinstance(beat, GameEnd):
        return run.lesson.done
    return ""


def status_teller(run):
    """The lesson screen's status line for an event (6 nimmt!'s Teller; Bullenparty's table tells its events as
    its log does, ui/faces/bullenparty/face.py; the board game's too, ui/faces/board/face.py)."""
    if run.game.variant not in ("bullenparty", "board"):
        return Teller(run.game.view(run.learner), run.learner).tell
    names = [p["name"] for p in run.game.players]

    def tell(event):
        told = narrate(event, names, you=run.learner, why=True)
        return told.plain if told is not None else None

    return tell


def test_no_rule_ids_or_jargon_in_what_a_learner_reads():
    texts = []
    catalogue = load_catalogue("en")
    for lesson in catalogue.lessons:
        texts += lesson_texts(lesson)
        run = LessonRun(lesson, seed=3)
        tell = status_teller(run)
        for _run, beat in played(lesson, seed=3):
            for event in events_of(beat):
                texts.append(tell(event) or "")  # the status line, with the reasons
            if isinstance(beat, Ask) and _run.practising:
                texts.append(_run.hint()[0])
                texts.append(system_of(_run.game.variant).part("face").your_move(_run.game.pending["do"]))
    texts += [case[6].explanation for case in wrong_moves()]
    texts += [special_help(name) for name in (None, *SPECIAL_NAMES)]  # the prompts' help, seen in lessons too
    assert len(texts) > 1000
    bad = [t for t in texts if RULE_ID.search(t) or JARGON.search(t)]
    assert bad == [], bad[:5]


def could_change(run, card: int) -> bool:
    """Whether a card the learner cannot see (or a choice of another player) could change where `card` goes."""
    game, me = run.game, run.learner
    view = game.view(me)
    if view.variant == "board":  # a lower tile of the others is placed first (BG3) and may land anywhere before it
        return any(t < card for t in view.unseen_tiles())
    others = [p for i, p in enumerate(view.players) if i != me]
    if view.variant == "pro":  # every hand is open (P3); the card each will choose is not
        hidden = [c for p in others for c in (p.hand or ())]
    else:
        hidden = unseen_cards(view)
    rows = rows_of(view)
    mine = target(rows, card)
    if view.variant == "anniversary" and any(p.special_count for p in others):
        # a lower card goes first (B3), and with it a secret special card (A2) may change any row
        return any(c < card for c in hidden)
    # a lower card goes first (B3): to the same row, or as a low card to a row of its owner's choice (B6)
    return any(c < card and (target(rows, c) in (mine, -1)) for c in hidden)


def certainty_claims(run, text: str) -> list[str]:
    """The sentences of `text` that state as certain where one of the learner's cards still to be played goes,
    when hidden cards could change it."""
    hand = set(run.game.hands[run.learner])
    out = []
    focus: set[int] = set()  # the learner's cards named so far: "it" and "your card" point back to them
    for sentence in SENTENCE.split(text):
        cards = {int(n) for n in re.findall(r"\b\d+\b", sentence)} & hand
        if not cards and re.search(r"\b(?:it|your card)\b", sentence, re.IGNORECASE):
            cards = focus
        focus = cards or focus
        if not CERTAIN.search(sentence) or HEDGE.search(sentence):
            continue
        if any(could_change(run, c) for c in cards):
            out.append(sentence)
    return out


def open_choice(run) -> bool:
    """The learner has still to choose a card in secret, and everything they read now is read before the reveal."""
    pend = run.game.pending
    return pend is not None and pend["do"] == "select" and run.learner in pend["players"] and not run.queued


def test_no_sentence_claims_certainty_that_hidden_cards_decide():
    checked = 0
    for lesson in load_catalogue("en").lessons:
        for run, beat in played(lesson, seed=3):
            if not open_choice(run):
                continue
            texts = [words(run, beat)]
            if isinstance(beat, Ask) and run.expected() is not None:
                texts += [run.step.hint or "", run.step.aim or ""]
            elif isinstance(beat, Ask):  # a practice game: the hint
                texts.append(run.hint()[0])
            for text in texts:
                checked += bool(text)
                assert certainty_claims(run, text) == [], (lesson.id, run.index, text)
    assert checked > 100


def test_the_certainty_checker_finds_the_old_claims():
    """The sentences issue 18 found false (lessons 3, 9 and 16 before it) are caught at their step."""
    catalogue = load_catalogue("en")
    cases = {
        "sixth": "Play your 60. Row 3 ends with the 52 and holds three cards: it will go safely after the 52.",
        "pro": "Nobody holds a card between 16 and 17, so your 17 is certain to go right after the 16.",
        "negative-positive": "Play your 20: it will be the sixth card and take them.",
    }
    for key, old in cases.items():
        for run, beat in played(catalogue.find(key)):
            if isinstance(beat, Ask) and open_choice(run):
                assert certainty_claims(run, old), key
                assert certainty_claims(run, words(run, beat)) == [], (key, words(run, beat))
                break
        else:
            raise AssertionError(key)
