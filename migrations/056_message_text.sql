-- A message to-do keeps what it says as message keys and their arguments (issue 28: notices in the reader's
-- language): msg_title and msg_content are httpx.Stored texts (JSON), rendered in the reader's language when the
-- portal lists them. title and data.content keep the zh-CN text written at the time: the search reads the title,
-- and a message written before this migration (both columns '') or by the library's form shows it as it is.
ALTER TABLE lib_record ADD COLUMN msg_title TEXT NOT NULL DEFAULT '';
ALTER TABLE lib_record ADD COLUMN msg_content TEXT NOT NULL DEFAULT '';
