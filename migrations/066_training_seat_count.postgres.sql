-- Migration 066 on PostgreSQL: statement triggers with transition tables recount the seats (class x account) the
-- statement's sign-ins belong to and their sessions' attended counts, after taking a transaction lock per class
-- (class 7503, in ascending order): two transactions signing in to one class recount one after the other, each
-- seeing the other's committed sign-in (each statement of a function reads a fresh snapshot).
INSERT INTO training_seat_count (class_id, user_id, attended, minutes)
SELECT x.class_id, g.user_id, COUNT(*), SUM(CAST(EXTRACT(EPOCH FROM (x.ends_at - x.starts_at)) / 60 AS BIGINT))
FROM training_signin g JOIN training_session x ON x.id = g.session_id WHERE g.state IN ('present', 'late')
GROUP BY x.class_id, g.user_id;
UPDATE training_session SET attended = (SELECT COUNT(*) FROM training_signin g WHERE g.session_id = training_session.id AND g.state IN ('present', 'late'));

-- recounts the seats of the pairs (sessions[i], users[i]) and those sessions' attended counts
CREATE FUNCTION training_seat_recount(sessions BIGINT[], users BIGINT[]) RETURNS void LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM pg_advisory_xact_lock(7503, c.k) FROM (SELECT DISTINCT CAST(x.class_id % 2147483647 AS INTEGER) AS k
        FROM unnest(sessions) AS ch(session_id) JOIN training_session x ON x.id = ch.session_id ORDER BY 1) c;
    DELETE FROM training_seat_count s USING (SELECT DISTINCT x.class_id, ch.user_id FROM unnest(sessions, users) AS ch(session_id, user_id) JOIN training_session x ON x.id = ch.session_id) p
        WHERE s.class_id = p.class_id AND s.user_id = p.user_id;
    INSERT INTO training_seat_count (class_id, user_id, attended, minutes)
    SELECT x.class_id, g.user_id, COUNT(*), SUM(CAST(EXTRACT(EPOCH FROM (x.ends_at - x.starts_at)) / 60 AS BIGINT))
    FROM (SELECT DISTINCT x.class_id, ch.user_id FROM unnest(sessions, users) AS ch(session_id, user_id) JOIN training_session x ON x.id = ch.session_id) p
    JOIN training_session x ON x.class_id = p.class_id
    JOIN training_signin g ON g.session_id = x.id AND g.user_id = p.user_id AND g.state IN ('present', 'late')
    GROUP BY x.class_id, g.user_id;
    UPDATE training_session x SET attended = (SELECT COUNT(*) FROM training_signin g WHERE g.session_id = x.id AND g.state IN ('present', 'late'))
    WHERE x.id IN (SELECT DISTINCT s FROM unnest(sessions) AS s);
END $$;

CREATE FUNCTION training_seat_signin_insert() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM training_seat_recount(ARRAY(SELECT session_id FROM changed WHERE state IN ('present', 'late')),
        ARRAY(SELECT user_id FROM changed WHERE state IN ('present', 'late')));
    RETURN NULL;
END $$;
CREATE TRIGGER training_seat_count_insert AFTER INSERT ON training_signin
    REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION training_seat_signin_insert();

CREATE FUNCTION training_seat_signin_delete() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM training_seat_recount(ARRAY(SELECT session_id FROM changed WHERE state IN ('present', 'late')),
        ARRAY(SELECT user_id FROM changed WHERE state IN ('present', 'late')));
    RETURN NULL;
END $$;
CREATE TRIGGER training_seat_count_delete AFTER DELETE ON training_signin
    REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION training_seat_signin_delete();

-- an update (a correction): the old rows' and the new rows' seats
CREATE FUNCTION training_seat_signin_update() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM training_seat_recount(ARRAY(SELECT session_id FROM before_rows UNION ALL SELECT session_id FROM after_rows),
        ARRAY(SELECT user_id FROM before_rows UNION ALL SELECT user_id FROM after_rows));
    RETURN NULL;
END $$;
CREATE TRIGGER training_seat_count_update AFTER UPDATE ON training_signin
    REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION training_seat_signin_update();

-- a session's new times change the minutes of the seats signed in to it
CREATE FUNCTION training_seat_session_times() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    PERFORM training_seat_recount(ARRAY(SELECT session_id FROM training_signin WHERE session_id = NEW.id),
        ARRAY(SELECT user_id FROM training_signin WHERE session_id = NEW.id));
    RETURN NULL;
END $$;
CREATE TRIGGER training_seat_count_session AFTER UPDATE ON training_session FOR EACH ROW
    WHEN (OLD.starts_at IS DISTINCT FROM NEW.starts_at OR OLD.ends_at IS DISTINCT FROM NEW.ends_at)
    EXECUTE FUNCTION training_seat_session_times();
