-- Version 6 (practice): a deal kept by the phone's Practice tab (POST /api/practice/keep)
-- names its request (the seed, seat, rules, judge, the learner's calls, hints and cards):
-- the same request again for the same learner (a retry after a lost answer) is the same
-- deal, counted once. The terminal's deals name none: each one played counts.
ALTER TABLE practice_deal ADD COLUMN kept TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS practice_deal_kept ON practice_deal (learner, kept) WHERE kept IS NOT NULL;
