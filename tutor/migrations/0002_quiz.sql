-- Version 2 (quiz): every answer a learner gave, and the Leitner schedule of each drill.
-- A drill is named by its file (resolved path) and its id in that file.
CREATE TABLE IF NOT EXISTS quiz_answer (
    id INTEGER PRIMARY KEY,
    learner TEXT NOT NULL,
    source TEXT NOT NULL,
    drill TEXT NOT NULL,
    topic TEXT,
    given TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('correct', 'acceptable', 'wrong')),
    answered_at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS quiz_answer_drill ON quiz_answer (learner, source, drill);
-- box 0: due again at once (missed), each right answer moves the drill up one box and
-- further into the future.
CREATE TABLE IF NOT EXISTS quiz_schedule (
    learner TEXT NOT NULL,
    source TEXT NOT NULL,
    drill TEXT NOT NULL,
    topic TEXT,
    box INTEGER NOT NULL CHECK (box >= 0),
    due TEXT NOT NULL,
    last_outcome TEXT NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (learner, source, drill)
);
CREATE INDEX IF NOT EXISTS quiz_schedule_due ON quiz_schedule (learner, due);
