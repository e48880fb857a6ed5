"""The course: what a learner reads and practises.

- :mod:`tutor.course.lessons`: the lessons (``lessons/*.md``, Markdown with a YAML front
  matter) and which drill files each lesson practises;
- :mod:`tutor.course.syllabus`: the course in order (which lesson teaches each kind of call,
  so a lesson's drills need nothing a later lesson teaches);
- :mod:`tutor.course.drills`: the drill files (YAML), their schema and the check of their
  keys against the engine;
- :mod:`tutor.course.quiz`: the quiz in the terminal, the learner's progress and review;
- :mod:`tutor.course.sheets`: the worksheets (HTML, printable to A4) and their answer keys;
- :mod:`tutor.course.generator`: drills generated from dealt hands;
- :mod:`tutor.course.balance`: no lesson passed by one answer (the limits, twins).

The modules import the engine (conventions, rules of play, judgement); the engine never
imports the course.
"""
