-- Migration 066 on SQLite: row triggers recount the seat of the sign-in written (its class's sessions: a handful)
-- and the session's attended count.
INSERT INTO training_seat_count (class_id, user_id, attended, minutes)
SELECT x.class_id, g.user_id, COUNT(*), SUM(CAST(ROUND((julianday(x.ends_at) - julianday(x.starts_at)) * 1440) AS INTEGER))
FROM training_signin g JOIN training_session x ON x.id = g.session_id WHERE g.state IN ('present', 'late')
GROUP BY x.class_id, g.user_id;
UPDATE training_session SET attended = (SELECT COUNT(*) FROM training_signin g WHERE g.session_id = training_session.id AND g.state IN ('present', 'late'));

CREATE TRIGGER training_seat_count_insert AFTER INSERT ON training_signin WHEN NEW.state IN ('present', 'late') BEGIN
    DELETE FROM training_seat_count WHERE class_id = (SELECT class_id FROM training_session WHERE id = NEW.session_id) AND user_id = NEW.user_id;
    INSERT INTO training_seat_count (class_id, user_id, attended, minutes)
    SELECT x.class_id, g.user_id, COUNT(*), SUM(CAST(ROUND((julianday(x.ends_at) - julianday(x.starts_at)) * 1440) AS INTEGER))
    FROM training_session x JOIN training_signin g ON g.session_id = x.id AND g.user_id = NEW.user_id AND g.state IN ('present', 'late')
    WHERE x.class_id = (SELECT class_id FROM training_session WHERE id = NEW.session_id) GROUP BY x.class_id, g.user_id;
    UPDATE training_session SET attended = (SELECT COUNT(*) FROM training_signin g WHERE g.session_id = NEW.session_id AND g.state IN ('present', 'late'))
    WHERE id = NEW.session_id;
END;

CREATE TRIGGER training_seat_count_delete AFTER DELETE ON training_signin WHEN OLD.state IN ('present', 'late') BEGIN
    DELETE FROM training_seat_count WHERE class_id = (SELECT class_id FROM training_session WHERE id = OLD.session_id) AND user_id = OLD.user_id;
    INSERT INTO training_seat_count (class_id, user_id, attended, minutes)
    SELECT x.class_id, g.user_id, COUNT(*), SUM(CAST(ROUND((julianday(x.ends_at) - julianday(x.starts_at)) * 1440) AS INTEGER))
    FROM training_session x JOIN training_signin g ON g.session_id = x.id AND g.user_id = OLD.user_id AND g.state IN ('present', 'late')
    WHERE x.class_id = (SELECT class_id FROM training_session WHERE id = OLD.session_id) GROUP BY x.class_id, g.user_id;
    UPDATE training_session SET attended = (SELECT COUNT(*) FROM training_signin g WHERE g.session_id = OLD.session_id AND g.state IN ('present', 'late'))
    WHERE id = OLD.session_id;
END;

-- an update (a correction) is the old row's removal and the new row's insertion
CREATE TRIGGER training_seat_count_update AFTER UPDATE OF state, session_id, user_id ON training_signin BEGIN
    DELETE FROM training_seat_count WHERE class_id IN (SELECT class_id FROM training_session WHERE id IN (OLD.session_id, NEW.session_id))
        AND user_id IN (OLD.user_id, NEW.user_id);
    INSERT INTO training_seat_count (class_id, user_id, attended, minutes)
    SELECT x.class_id, g.user_id, COUNT(*), SUM(CAST(ROUND((julianday(x.ends_at) - julianday(x.starts_at)) * 1440) AS INTEGER))
    FROM training_session x JOIN training_signin g ON g.session_id = x.id AND g.user_id IN (OLD.user_id, NEW.user_id) AND g.state IN ('present', 'late')
    WHERE x.class_id IN (SELECT class_id FROM training_session WHERE id IN (OLD.session_id, NEW.session_id)) GROUP BY x.class_id, g.user_id;
    UPDATE training_session SET attended = (SELECT COUNT(*) FROM training_signin g WHERE g.session_id = training_session.id AND g.state IN ('present', 'late'))
    WHERE id IN (OLD.session_id, NEW.session_id);
END;

-- a session's new times change the minutes of the seats signed in to it
CREATE TRIGGER training_seat_count_session AFTER UPDATE OF starts_at, ends_at, class_id ON training_session BEGIN
    DELETE FROM training_seat_count WHERE class_id IN (OLD.class_id, NEW.class_id)
        AND user_id IN (SELECT g.user_id FROM training_signin g WHERE g.session_id = NEW.id);
    INSERT INTO training_seat_count (class_id, user_id, attended, minutes)
    SELECT x.class_id, g.user_id, COUNT(*), SUM(CAST(ROUND((julianday(x.ends_at) - julianday(x.starts_at)) * 1440) AS INTEGER))
    FROM training_session x JOIN training_signin g ON g.session_id = x.id AND g.state IN ('present', 'late')
        AND g.user_id IN (SELECT g2.user_id FROM training_signin g2 WHERE g2.session_id = NEW.id)
    WHERE x.class_id IN (OLD.class_id, NEW.class_id) GROUP BY x.class_id, g.user_id;
END;
