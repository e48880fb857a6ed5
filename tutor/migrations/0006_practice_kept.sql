-- Version 6 (practice): a deal kept by the phone's Practice tab (POST /api/practice/keep)
-- carries the id the page made when the deal started: kept again under the same id (a
-- retry after a lost answer, or the end changed after an undo) it stays one deal, its row
-- the latest. The terminal's deals, and the rows kept before, have none: each counts.
ALTER TABLE practice_deal ADD COLUMN deal_id TEXT;
CREATE UNIQUE INDEX IF NOT EXISTS practice_deal_id ON practice_deal (learner, deal_id) WHERE deal_id IS NOT NULL;
