-- the copied answers kept their demands' ids: the sequence continues after them
SELECT setval(pg_get_serial_sequence('demand_reply', 'id'), COALESCE((SELECT MAX(id) FROM demand_reply), 0) + 1, false);
