-- Version 3 (Tafel): the stored Partien and their games, one row per entry.
-- A Partie keeps its table rules (JSON: the profile and every rule), the players'
-- names (JSON: seat to name) and who dealt first.
-- A game is the JSON of one match-file game. Everything else is computed from these,
-- so taking back the last entry is deleting its row.
CREATE TABLE IF NOT EXISTS tafel_partie (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    rules TEXT NOT NULL,
    names TEXT NOT NULL DEFAULT '{}',
    dealer TEXT NOT NULL CHECK (dealer IN ('A', 'B', 'C', 'D'))
);
CREATE TABLE IF NOT EXISTS tafel_game (
    partie INTEGER NOT NULL REFERENCES tafel_partie(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL CHECK (seq >= 1),
    game TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP,
    PRIMARY KEY (partie, seq)
)
