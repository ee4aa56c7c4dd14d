package wordbook

import (
	"context"
	"encoding/json"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
)

// bookSpec is the list of kept books (/expert_talents_result): newest first, searchable by title,
// expert name, maker and time.
var bookSpec = &list.Spec{
	Select: `b.id, b.title, b.expert_ids, b.expert_names, b.expert_count, b.file_id, b.file_name, b.size,
		COALESCE(u.user_name, ''), COALESCE(u.login_code, ''), b.created_at`,
	From:  `expert_book b LEFT JOIN sys_user u ON u.id = b.created_by`,
	Where: `b.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "title", Column: "b.title", Kind: list.Contains},
		{Param: "expert", Column: "b.expert_names", Kind: list.Contains},
		{Param: "creator", Columns: []string{"u.user_name", "u.login_code"}, Kind: list.Keyword},
		{Param: "startTime", Column: "b.created_at", Kind: list.After},
		{Param: "endTime", Column: "b.created_at", Kind: list.Before},
	},
	Sorts: map[string]string{
		"createdAt":   "b.created_at",
		"title":       "b.title",
		"expertCount": "b.expert_count",
		"size":        "b.size",
	},
	DefaultSort: "b.created_at DESC",
	TieBreak:    "b.id DESC",
}

func scanRecord(row interface{ Scan(...any) error }) (Record, error) {
	var r Record
	var ids, names string
	if err := row.Scan(&r.ID, &r.Title, &ids, &names, &r.ExpertCount, &r.FileID, &r.FileName, &r.Size, &r.CreatedBy, &r.CreatorCode, &r.CreatedAt); err != nil {
		return r, err
	}
	var idList []int64
	var nameList []string
	_ = json.Unmarshal([]byte(ids), &idList)
	_ = json.Unmarshal([]byte(names), &nameList)
	r.Experts = make([]ExpertRef, len(idList))
	for i, id := range idList {
		r.Experts[i].ID = id
		if i < len(nameList) {
			r.Experts[i].Name = nameList[i]
		}
	}
	r.DownloadURL = DownloadURL(r.ID)
	return r, nil
}

// oneBook reads one kept book through q (the database, or a transaction).
func oneBook(ctx context.Context, q db.Querier, id int64) (*Record, error) {
	rec, err := scanRecord(q.QueryRow(ctx, "SELECT "+bookSpec.Select+" FROM "+bookSpec.From+" WHERE "+bookSpec.Where+" AND b.id = ?", id))
	if db.IsNoRows(err) {
		return nil, httpx.Fail("wordbook.not_found")
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}
