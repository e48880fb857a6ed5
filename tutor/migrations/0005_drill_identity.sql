-- Version 5 (quiz): a drill is named by its file's name (hilfe.yaml) and its id in that
-- file, no longer by the file's resolved path, so a moved or re-cloned checkout keeps
-- its progress. The path last seen stays beside it (quiz_schedule.path: tutor quiz
-- --review finds a file outside the course there), and each answer keeps the convention
-- it practised (quiz_answer.convention, quiz_schedule.convention: tutor lessons counts
-- by it). One file answered under two paths is merged: the answers summed, the schedule
-- of the latest answer kept. Nothing is lost: every answer stays, renamed.
CREATE TABLE quiz_schedule_named (
    learner TEXT NOT NULL,
    source TEXT NOT NULL,
    drill TEXT NOT NULL,
    topic TEXT,
    box INTEGER NOT NULL CHECK (box >= 0),
    due TEXT NOT NULL,
    last_outcome TEXT NOT NULL,
    answers INTEGER NOT NULL DEFAULT 0,
    path TEXT,
    convention TEXT,
    PRIMARY KEY (learner, source, drill)
);
INSERT INTO quiz_schedule_named (learner, source, drill, topic, box, due, last_outcome, answers, path)
    SELECT s.learner,
           substr(replace(s.source, '\', '/'),
                  length(rtrim(replace(s.source, '\', '/'), replace(replace(s.source, '\', '/'), '/', ''))) + 1),
           s.drill, s.topic, s.box, s.due, s.last_outcome, s.answers, s.source
    FROM quiz_schedule AS s WHERE true
    ORDER BY (SELECT max(a.answered_at) FROM quiz_answer AS a
              WHERE a.learner = s.learner AND a.source = s.source AND a.drill = s.drill), s.rowid
    ON CONFLICT (learner, source, drill) DO UPDATE SET
        topic = excluded.topic, box = excluded.box, due = excluded.due,
        last_outcome = excluded.last_outcome, answers = answers + excluded.answers,
        path = excluded.path;
DROP TABLE quiz_schedule;
ALTER TABLE quiz_schedule_named RENAME TO quiz_schedule;
CREATE INDEX IF NOT EXISTS quiz_schedule_due ON quiz_schedule (learner, due);
UPDATE quiz_answer SET source =
    substr(replace(source, '\', '/'),
           length(rtrim(replace(source, '\', '/'), replace(replace(source, '\', '/'), '/', ''))) + 1);
ALTER TABLE quiz_answer ADD COLUMN convention TEXT
