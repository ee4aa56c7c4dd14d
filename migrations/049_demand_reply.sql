-- Answers to demands are messages (issue 28): a state, a text and files, written once by the bid team and sent to
-- every demand it answers (a batch answers many demands with one message, so its files are stored once). A demand's
-- history of answers is its rows in demand_item_reply; demand_item keeps the latest state, text (reason), author and
-- time for its lists and filters.
CREATE TABLE demand_reply (
    id {{pk}},
    state TEXT NOT NULL,
    body TEXT NOT NULL DEFAULT '',
    answered_by BIGINT REFERENCES sys_user (id),
    answered_at TIMESTAMP NOT NULL
);

CREATE TABLE demand_item_reply (
    item_id BIGINT NOT NULL REFERENCES demand_item (id),
    reply_id BIGINT NOT NULL REFERENCES demand_reply (id),
    PRIMARY KEY (item_id, reply_id)
);
CREATE INDEX demand_item_reply_reply ON demand_item_reply (reply_id);

-- the answers given before replies existed become the first entry of their demand's history
INSERT INTO demand_reply (id, state, body, answered_by, answered_at)
    SELECT id, state, reason, answered_by, answered_at FROM demand_item WHERE answered_at IS NOT NULL AND state <> 'submitted';
INSERT INTO demand_item_reply (item_id, reply_id)
    SELECT id, id FROM demand_item WHERE answered_at IS NOT NULL AND state <> 'submitted';
