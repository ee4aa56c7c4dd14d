-- The indexes the training and examination lists sort by (TestListPlansWalkAnIndex): each sort walks an index
-- and stops after the page instead of sorting the whole table.
CREATE INDEX training_lecturer_updated ON training_lecturer (updated_at);
CREATE INDEX training_class_start ON training_class (start_date);
CREATE INDEX training_class_name ON training_class (name);
CREATE INDEX training_class_updated ON training_class (updated_at);
CREATE INDEX exam_question_active ON exam_question (state);
CREATE INDEX exam_question_updated ON exam_question (state, updated_at);
CREATE INDEX exam_question_difficulty ON exam_question (state, difficulty);
