"""The table, without Textual: who sits where, who decides now, and the beats a screen draws.

A table director takes a game and its seats (a person at this keyboard, a bot, or a remote person) and hands
out beats: show these events, hand the keyboard to X, ask X for a decision, bot X is thinking, round summary,
game over. The table screen, the lesson screen and the replay viewer only draw beats; the words of events
(one sentence per event) live here too, so all three say the same thing.
"""
