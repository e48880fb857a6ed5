-- Version 1: a key/value table for settings shared by the quiz and the Tafel.
CREATE TABLE IF NOT EXISTS meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
