-- The portal (internal/portal, docs/portal.md): what /gatewaymanager configures (banners, quick links, the home
-- page's sections) and what each user keeps (read marks of announcements, the bid pack). Dates are 'YYYY-MM-DD'
-- text, NULL for none, as in the library. Banners and quick links are deleted softly (deleted_at).

-- Home-page banners: shown when enabled and publish_from <= today <= publish_to (either end open), by sort.
-- image_url is a banner upload's public address (/api/sys/common/image/<key>.<png|jpg>); the file is linked to
-- the banner (sys_file record type 'portal.banner').
CREATE TABLE portal_banner (
    id {{pk}},
    title TEXT NOT NULL,
    image_url TEXT NOT NULL,
    link_url TEXT NOT NULL DEFAULT '',
    sort INTEGER NOT NULL DEFAULT 1,
    publish_from TEXT,
    publish_to TEXT,
    enabled INTEGER NOT NULL DEFAULT 1,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL,
    deleted_by BIGINT REFERENCES sys_user (id),
    deleted_at TIMESTAMP
);
CREATE INDEX portal_banner_live ON portal_banner (deleted_at, sort, id);

-- Quick links of the home page; icon is a name of the portal's fixed icon list.
CREATE TABLE portal_link (
    id {{pk}},
    title TEXT NOT NULL,
    url TEXT NOT NULL,
    icon TEXT NOT NULL DEFAULT 'link',
    sort INTEGER NOT NULL DEFAULT 1,
    new_tab INTEGER NOT NULL DEFAULT 0,
    created_by BIGINT REFERENCES sys_user (id),
    created_at TIMESTAMP NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP NOT NULL,
    deleted_by BIGINT REFERENCES sys_user (id),
    deleted_at TIMESTAMP
);
CREATE INDEX portal_link_live ON portal_link (deleted_at, sort, id);

-- The home page's sections in order, each shown or hidden. A save replaces every row.
CREATE TABLE portal_section (
    section_key TEXT PRIMARY KEY,
    visible INTEGER NOT NULL DEFAULT 1,
    sort INTEGER NOT NULL,
    updated_by BIGINT REFERENCES sys_user (id),
    updated_at TIMESTAMP
);
INSERT INTO portal_section (section_key, visible, sort)
SELECT v.k, 1, v.s FROM (SELECT 'banners' AS k, 1 AS s UNION ALL SELECT 'search', 2 UNION ALL SELECT 'counts', 3
    UNION ALL SELECT 'announcements', 4 UNION ALL SELECT 'messages', 5 UNION ALL SELECT 'recent', 6
    UNION ALL SELECT 'popular', 7 UNION ALL SELECT 'links', 8) v;

-- Which live announcements (library records of type 'announcement') a user has read. Message to-dos keep their
-- read state in lib_record.state.
CREATE TABLE portal_read (
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    record_id BIGINT NOT NULL REFERENCES lib_record (id),
    read_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, record_id)
);

-- A user's bid pack: library records collected across types (at most 100), newest first.
CREATE TABLE portal_pack (
    user_id BIGINT NOT NULL REFERENCES sys_user (id),
    record_id BIGINT NOT NULL REFERENCES lib_record (id),
    added_at TIMESTAMP NOT NULL,
    PRIMARY KEY (user_id, record_id)
);
CREATE INDEX portal_pack_user ON portal_pack (user_id, added_at);

