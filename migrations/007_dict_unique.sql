-- Dictionaries: a value is unique among its siblings (so a dictionary's code is unique among dictionaries).
-- The service checks first for a clear message; the index holds when two writes race.
CREATE UNIQUE INDEX sys_dict_sibling_value ON sys_dict (parent_id, dict_value);
