-- Version 4 (practice): every practice deal a learner finished (`tutor practice`, the
-- phone's Practice tab): the seed and seat (the deal again), the contract, what the
-- learner's team wrote on the board, what its best contract would have written
-- (double dummy), and how many of the learner's calls were the tutor's.
CREATE TABLE IF NOT EXISTS practice_deal (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seat TEXT NOT NULL CHECK (seat IN ('A', 'B', 'C', 'D')),
    rules TEXT NOT NULL,
    contract TEXT,
    declarer TEXT,
    board INTEGER NOT NULL,
    best INTEGER,
    calls INTEGER NOT NULL,
    same INTEGER NOT NULL,
    worse INTEGER NOT NULL,
    result TEXT NOT NULL,
    played_at TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
);
CREATE INDEX IF NOT EXISTS practice_deal_learner ON practice_deal (learner, played_at);
