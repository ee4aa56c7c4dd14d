package demand

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

/* ---------- lists ---------- */

var collectionSelect = `c.id, c.title, c.description, c.deadline, c.unit_code, COALESCE(` + org.LabelSQL("un") + `, ''), c.audience_units, c.audience_employees,
	c.fields, (SELECT COUNT(*) FROM demand_item i WHERE i.collection_id = c.id AND i.deleted_at IS NULL),
	(SELECT COUNT(*) FROM demand_item i WHERE i.collection_id = c.id AND i.deleted_at IS NULL AND i.state <> 'submitted'),
	COALESCE(cu.user_name, ''), c.created_at, c.updated_at`

func collectionSpec() *list.Spec {
	return &list.Spec{
		Select: collectionSelect,
		From:   `demand_collection c LEFT JOIN org_unit un ON un.full_unit_code = c.unit_code LEFT JOIN sys_user cu ON cu.id = c.created_by`,
		Where:  `c.deleted_at IS NULL`,
		Filters: []list.Filter{
			{Param: "title", Column: "c.title", Kind: list.Contains},
			{Param: "unitCode", Column: "c.unit_code", Kind: list.Prefix},
			{Param: "startTime", Column: "c.created_at", Kind: list.After},
			{Param: "endTime", Column: "c.created_at", Kind: list.Before},
		},
		Sorts:       map[string]string{"createdAt": "c.created_at", "deadline": "c.deadline", "title": "c.title"},
		DefaultSort: "c.created_at DESC",
		TieBreak:    "c.id DESC",
	}
}

func (s *Service) scanCollection(row interface{ Scan(...any) error }) (Collection, error) {
	var c Collection
	var fields string
	err := row.Scan(&c.ID, &c.Title, &c.Description, &c.Deadline, &c.UnitCode, &c.UnitName, &c.AudienceUnits, &c.AudienceEmployees, &fields,
		&c.DemandCount, &c.AnsweredCount, &c.CreatedByName, &c.CreatedAt, &c.UpdatedAt)
	if err != nil {
		return c, err
	}
	c.Deadline = c.Deadline.UTC()
	c.State = CollectionClosed
	if c.Deadline.After(s.now()) {
		c.State = CollectionOpen
	}
	c.Fields = []Field{}
	return c, json.Unmarshal([]byte(fields), &c.Fields)
}

// labels names the audiences of collections (unit and employee names, joined with ',').
func (s *Service) labels(ctx context.Context, recs []Collection) error {
	for i := range recs {
		var names []string
		err := db.EachRow(ctx, s.db, `SELECT COALESCE(`+org.LabelSQL("un")+`, a.code) FROM demand_audience a LEFT JOIN org_unit un ON un.full_unit_code = a.code
			WHERE a.collection_id = ? AND a.kind = 'unit' UNION ALL SELECT COALESCE(e.name, a.code) FROM demand_audience a
			LEFT JOIN employee e ON e.code = a.code WHERE a.collection_id = ? AND a.kind = 'employee'`, []any{recs[i].ID, recs[i].ID},
			func(row db.Row) error {
				var n string
				if err := row.Scan(&n); err != nil {
					return err
				}
				names = append(names, n)
				return nil
			})
		if err != nil {
			return err
		}
		recs[i].AudienceLabel = strings.Join(names, ",")
	}
	return nil
}

// stateFilter narrows by the state of a collection (open: deadline still ahead).
func (s *Service) stateFilter(in *httpx.Input, q *list.Query) error {
	switch in.String("state") {
	case "":
	case CollectionOpen:
		q.Where("c.deadline > ?", s.now().UTC())
	case CollectionClosed:
		q.Where("c.deadline <= ?", s.now().UTC())
	default:
		return httpx.BadRequest("http.bad_field", "state")
	}
	return nil
}

func (s *Service) scopeOf(r *http.Request, column string, q *list.Query) error {
	p, err := principal(r.Context())
	if err != nil {
		return err
	}
	v, err := s.scope(r.Context(), s.db, p.UserID)
	if err != nil {
		return err
	}
	v.Narrow(q, column)
	return nil
}

var itemSelect = `i.id, i.collection_id, c.title, c.deadline, i.user_id, u.login_code, u.user_name, i.unit_code, COALESCE(` + org.LabelSQL("un") + `, ''), i.content,
	i.field_values, i.state, i.reason, COALESCE(ab.user_name, ''), i.answered_at, i.created_at, i.updated_at`

var itemSpec = &list.Spec{
	Select: itemSelect,
	From: `demand_item i JOIN demand_collection c ON c.id = i.collection_id JOIN sys_user u ON u.id = i.user_id
		LEFT JOIN org_unit un ON un.full_unit_code = i.unit_code LEFT JOIN sys_user ab ON ab.id = i.answered_by`,
	// a deleted collection's demands are deleted with it
	Where: `i.deleted_at IS NULL`,
	Filters: []list.Filter{
		{Param: "collectionId", Column: "i.collection_id", Kind: list.Exact, Map: list.Int("collectionId")},
		{Param: "state", Column: "i.state", Kind: list.Exact, Map: list.OneOf("state", map[string]any{StateSubmitted: StateSubmitted,
			StateAccepted: StateAccepted, StateInProgress: StateInProgress, StateDone: StateDone, StateDeclined: StateDeclined})},
		{Param: "keyword", Kind: list.Keyword, Columns: []string{"i.content", "u.user_name", "u.login_code"}},
		{Param: "unitCode", Column: "i.unit_code", Kind: list.Prefix},
		{Param: "startTime", Column: "i.created_at", Kind: list.After},
		{Param: "endTime", Column: "i.created_at", Kind: list.Before},
	},
	Sorts:       map[string]string{"createdAt": "i.created_at", "state": "i.state", "updatedAt": "i.updated_at"},
	DefaultSort: "i.created_at DESC",
	TieBreak:    "i.id DESC",
}

func (s *Service) scanItem(row interface{ Scan(...any) error }) (Item, error) {
	var it Item
	var values string
	var answered sql.NullTime
	err := row.Scan(&it.ID, &it.CollectionID, &it.CollectionTitle, &it.Deadline, &it.UserID, &it.LoginCode, &it.UserName, &it.UnitCode, &it.UnitName,
		&it.Content, &values, &it.State, &it.Reason, &it.AnsweredByName, &answered, &it.CreatedAt, &it.UpdatedAt)
	if err != nil {
		return it, err
	}
	if answered.Valid {
		t := answered.Time
		it.AnsweredAt = &t
	}
	it.Deadline = it.Deadline.UTC()
	it.Editable = it.State == StateSubmitted && it.Deadline.After(s.now())
	it.Values = map[string]any{}
	it.Files = []FileRef{}
	it.Replies = []Reply{}
	return it, json.Unmarshal([]byte(values), &it.Values)
}

func (s *Service) completeItems(ctx context.Context, recs []Item) error {
	idList := make([]int64, len(recs))
	for i, r := range recs {
		idList[i] = r.ID
	}
	fs, err := s.files.Of(ctx, s.db, RecordType, idList)
	if err != nil {
		return fmt.Errorf("demand: read the files of %d demands: %w", len(idList), err)
	}
	replies, err := s.replies(ctx, idList)
	if err != nil {
		return err
	}
	for i := range recs {
		if f := fs[recs[i].ID]; f != nil {
			recs[i].Files = f
		}
		if r := replies[recs[i].ID]; r != nil {
			recs[i].Replies = r
		}
	}
	return nil
}

// replies reads the answers to demands, oldest first, with their files.
func (s *Service) replies(ctx context.Context, itemIDs []int64) (map[int64][]Reply, error) {
	out := map[int64][]Reply{}
	if len(itemIDs) == 0 {
		return out, nil
	}
	args := make([]any, len(itemIDs))
	for i, id := range itemIDs {
		args[i] = id
	}
	rows, err := s.db.Query(ctx, `SELECT x.item_id, r.id, r.state, r.body, COALESCE(u.user_name, ''), r.answered_at FROM demand_item_reply x
		JOIN demand_reply r ON r.id = x.reply_id LEFT JOIN sys_user u ON u.id = r.answered_by
		WHERE x.item_id IN (`+db.Placeholders(len(itemIDs))+`) ORDER BY r.answered_at, r.id`, args...)
	if err != nil {
		return nil, fmt.Errorf("demand: read the answers: %w", err)
	}
	defer rows.Close()
	var replyIDs []int64
	seen := map[int64]bool{}
	for rows.Next() {
		var item int64
		r := Reply{Files: []FileRef{}}
		if err := rows.Scan(&item, &r.ID, &r.State, &r.Text, &r.AnsweredByName, &r.AnsweredAt); err != nil {
			return nil, fmt.Errorf("demand: read the answers: %w", err)
		}
		r.AnsweredAt = r.AnsweredAt.UTC()
		out[item] = append(out[item], r)
		if !seen[r.ID] {
			seen[r.ID] = true
			replyIDs = append(replyIDs, r.ID)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("demand: read the answers: %w", err)
	}
	fs, err := s.files.Of(ctx, s.db, ReplyRecordType, replyIDs)
	if err != nil {
		return nil, fmt.Errorf("demand: read the files of the answers: %w", err)
	}
	for item, rs := range out {
		for i := range rs {
			if f := fs[rs[i].ID]; f != nil {
				out[item][i].Files = f
			}
		}
	}
	return out, nil
}

func valuesText(v map[string]any) string {
	keys := make([]string, 0, len(v))
	for k := range v {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s: %v", k, v[k]))
	}
	return strings.Join(parts, "; ")
}

func filesText(fs []FileRef) string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	return strings.Join(names, ", ")
}

// Handlers are the endpoints of /demandcollection and of the audience's side in the portal.
type Handlers struct {
	svc         *Service
	collections *list.Table[Collection]
	portal      *list.Table[Collection]
	items       *list.Table[Item]
	mine        *list.Table[Item]
}

// NewHandlers builds the lists over the service.
func NewHandlers(s *Service) *Handlers {
	h := &Handlers{svc: s}
	h.collections = &list.Table[Collection]{DB: s.db, Spec: collectionSpec(), Scan: s.scanCollection, Complete: s.labels,
		Restrict: func(r *http.Request, in *httpx.Input, q *list.Query) error {
			if err := s.stateFilter(in, q); err != nil {
				return err
			}
			return s.scopeOf(r, "c.unit_code", q)
		}}
	h.portal = &list.Table[Collection]{DB: s.db, Spec: collectionSpec(), Scan: s.scanCollection, Complete: s.myCounts,
		Restrict: func(r *http.Request, in *httpx.Input, q *list.Query) error {
			if err := s.stateFilter(in, q); err != nil {
				return err
			}
			return s.audienceOf(r, q)
		}}
	h.items = &list.Table[Item]{DB: s.db, Spec: itemSpec, Scan: s.scanItem, Complete: s.completeItems, File: "demand.file",
		Restrict: func(r *http.Request, _ *httpx.Input, q *list.Query) error { return s.scopeOf(r, "c.unit_code", q) },
		Columns: []list.Column[Item]{
			{Title: "demand.col.collection", Value: func(r Item, _ string) any { return r.CollectionTitle }},
			{Title: "demand.col.deadline", Value: func(r Item, _ string) any { return r.Deadline }},
			{Title: "demand.col.user", Value: func(r Item, _ string) any { return r.UserName + "(" + r.LoginCode + ")" }},
			{Title: "demand.col.unit", Value: func(r Item, _ string) any { return r.UnitName }},
			{Title: "demand.col.content", Value: func(r Item, _ string) any { return r.Content }},
			{Title: "demand.col.values", Value: func(r Item, _ string) any { return valuesText(r.Values) }},
			{Title: "demand.col.files", Value: func(r Item, _ string) any { return filesText(r.Files) }},
			{Title: "demand.col.state", Value: func(r Item, lang string) any { return httpx.Translate(lang, "demand.state."+r.State) }},
			{Title: "demand.col.reason", Value: func(r Item, _ string) any { return r.Reason }},
			{Title: "demand.col.answeredBy", Value: func(r Item, _ string) any { return r.AnsweredByName }},
			{Title: "demand.col.answeredAt", Value: func(r Item, _ string) any { return r.AnsweredAt }},
			{Title: "demand.col.createdAt", Value: func(r Item, _ string) any { return r.CreatedAt }},
		}}
	h.mine = &list.Table[Item]{DB: s.db, Spec: itemSpec, Scan: s.scanItem, Complete: s.completeItems,
		Restrict: func(r *http.Request, _ *httpx.Input, q *list.Query) error {
			p, err := principal(r.Context())
			if err != nil {
				return err
			}
			q.Where("i.user_id = ?", p.UserID)
			return nil
		}}
	return h
}

// audienceOf limits a list to the collections whose audience holds the caller, with their own demand count.
func (s *Service) audienceOf(r *http.Request, q *list.Query) error {
	p, err := principal(r.Context())
	if err != nil {
		return err
	}
	m, err := s.member(r.Context(), s.db, p.UserID)
	if err != nil {
		return err
	}
	q.Where(memberSQL, m.args()...)
	return nil
}

// myCounts fills in how many demands the caller has in each collection.
func (s *Service) myCounts(ctx context.Context, recs []Collection) error {
	p, err := principal(ctx)
	if err != nil {
		return err
	}
	for i := range recs {
		if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM demand_item WHERE collection_id = ? AND user_id = ? AND deleted_at IS NULL`,
			recs[i].ID, p.UserID).Scan(&recs[i].MyCount); err != nil {
			return err
		}
	}
	return nil
}

/* ---------- handlers ---------- */

// IDsIn names records.
type IDsIn struct {
	IDs []int64 `param:"ids,required"`
}

// Reminded is the answer of a reminder.
type Reminded struct {
	Count int `json:"count"`
}

// CollectionList is GET /api/demand/collection/list.
func (h *Handlers) CollectionList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.collections.List(w, r)
}

// CollectionOne is GET /api/demand/collection/one.
func (h *Handlers) CollectionOne(r *http.Request, in httpx.IDIn) (Collection, error) {
	p, err := principal(r.Context())
	if err != nil {
		return Collection{}, err
	}
	v, err := h.svc.scope(r.Context(), h.svc.db, p.UserID)
	if err != nil {
		return Collection{}, err
	}
	cond, args := v.Condition("c.unit_code")
	c, err := h.collections.One(r.Context(), "c.id = ? AND "+cond, append([]any{in.ID}, args...)...)
	if db.IsNoRows(err) {
		return c, httpx.Fail("demand.collection_not_found")
	} else if err != nil {
		return c, err
	}
	recs := []Collection{c}
	err = h.svc.labels(r.Context(), recs)
	return recs[0], err
}

// CollectionAdd is POST /api/demand/collection/add.
func (h *Handlers) CollectionAdd(r *http.Request, in CollectionIn) (httpx.Created, error) {
	id, err := h.svc.Add(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// CollectionEdit is PUT /api/demand/collection/edit.
func (h *Handlers) CollectionEdit(r *http.Request, in CollectionIn) (route.None, error) {
	return route.None{}, h.svc.Edit(r.Context(), in)
}

// CollectionDel is DELETE /api/demand/collection/del.
func (h *Handlers) CollectionDel(r *http.Request, in IDsIn) (route.None, error) {
	return route.None{}, h.svc.Delete(r.Context(), in.IDs)
}

// CollectionRemind is POST /api/demand/collection/remind.
func (h *Handlers) CollectionRemind(r *http.Request, in httpx.IDIn) (Reminded, error) {
	n, err := h.svc.Remind(r.Context(), in.ID)
	return Reminded{Count: n}, err
}

// ItemList is GET /api/demand/item/list; ItemExport is GET /api/demand/item/export (the spec's export
// 'demand collection').
func (h *Handlers) ItemList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.items.List(w, r)
}
func (h *Handlers) ItemExport(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.items.Export(w, r)
}

// ItemState is PUT /api/demand/item/state.
func (h *Handlers) ItemState(r *http.Request, in StateIn) (route.None, error) {
	return route.None{}, h.svc.SetState(r.Context(), in)
}

// PortalList is GET /api/portal/demand/list: the collections whose audience holds the caller.
func (h *Handlers) PortalList(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.portal.List(w, r)
}

// PortalCollection is the answer of GET /api/portal/demand/one: a collection and the caller's demands in it.
type PortalCollection struct {
	Collection Collection `json:"collection"`
	Mine       []Item     `json:"mine"`
}

// PortalOne is GET /api/portal/demand/one.
func (h *Handlers) PortalOne(r *http.Request, in httpx.IDIn) (PortalCollection, error) {
	out, err := h.portalOne(r, in)
	if err != nil {
		return PortalCollection{}, err
	}
	return *out, nil
}

func (h *Handlers) portalOne(r *http.Request, in httpx.IDIn) (*PortalCollection, error) {
	p, err := principal(r.Context())
	if err != nil {
		return nil, err
	}
	m, err := h.svc.member(r.Context(), h.svc.db, p.UserID)
	if err != nil {
		return nil, err
	}
	spec := h.portal.Spec
	c, err := h.svc.scanCollection(h.svc.db.QueryRow(r.Context(), "SELECT "+spec.Select+" FROM "+spec.From+" WHERE "+spec.Where+
		" AND c.id = ? AND "+memberSQL, append([]any{in.ID}, m.args()...)...))
	if db.IsNoRows(err) {
		return nil, httpx.Fail("demand.collection_not_found")
	} else if err != nil {
		return nil, err
	}
	recs := []Collection{c}
	if err := h.svc.myCounts(r.Context(), recs); err != nil {
		return nil, err
	}
	c = recs[0]
	mine, err := list.All(r.Context(), h.svc.db, h.svc.scanItem, "SELECT "+itemSpec.Select+" FROM "+itemSpec.From+" WHERE "+itemSpec.Where+
		" AND i.collection_id = ? AND i.user_id = ? ORDER BY i.created_at, i.id", in.ID, p.UserID)
	if err != nil {
		return nil, err
	}
	if len(mine) > 0 {
		if err := h.svc.completeItems(r.Context(), mine); err != nil {
			return nil, err
		}
	}
	return &PortalCollection{Collection: c, Mine: mine}, nil
}

// PortalMine is GET /api/portal/demand/mine: the caller's demands.
func (h *Handlers) PortalMine(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.mine.List(w, r)
}

// PortalSubmit is POST /api/portal/demand/submit.
func (h *Handlers) PortalSubmit(r *http.Request, in SubmitIn) (httpx.Created, error) {
	id, err := h.svc.Submit(r.Context(), in)
	return httpx.Created{ID: id}, err
}

// PortalEdit is PUT /api/portal/demand/edit.
func (h *Handlers) PortalEdit(r *http.Request, in SubmitIn) (route.None, error) {
	return route.None{}, h.svc.Change(r.Context(), in)
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"demand.file":                  {"需求征集", "demand collection"},
		"demand.col.collection":        {"征集主题", "Collection"},
		"demand.col.deadline":          {"截止时间", "Deadline"},
		"demand.col.user":              {"提交人", "Submitted by"},
		"demand.col.unit":              {"所属单位", "Unit"},
		"demand.col.content":           {"需求内容", "Demand"},
		"demand.col.values":            {"表单内容", "Form"},
		"demand.col.files":             {"附件", "Files"},
		"demand.col.state":             {"状态", "State"},
		"demand.col.reason":            {"答复内容", "Answer"},
		"demand.col.answeredBy":        {"答复人", "Answered by"},
		"demand.col.answeredAt":        {"答复时间", "Answered at"},
		"demand.col.createdAt":         {"提交时间", "Submitted at"},
		"demand.state.submitted":       {"待答复", "Awaiting answer"},
		"demand.state.accepted":        {"已受理", "Accepted"},
		"demand.state.in_progress":     {"处理中", "In progress"},
		"demand.state.done":            {"已完成", "Done"},
		"demand.state.declined":        {"不予受理", "Declined"},
		"demand.audience_required":     {"请选择征集对象", "Please choose the audience"},
		"demand.audience_too_large":    {"征集对象最多%d个组织、%d名员工", "The audience holds at most %d units and %d employees"},
		"demand.unit_out_of_scope":     {"组织%s不存在或不在您的数据权限内", "Unit %s does not exist or is outside your data scope"},
		"demand.employee_out_of_scope": {"员工%s不存在或不在您的数据权限内", "Employee %s does not exist or is outside your data scope"},
		"demand.fields_too_many":       {"表单字段最多%d个", "A form has at most %d fields"},
		"demand.field_key":             {"第%d个字段的标识须以字母开头，由字母、数字、下划线组成且不重复", "Field %d needs a unique key of letters, digits and underscores, starting with a letter"},
		"demand.field_label":           {"第%d个字段的名称不能为空且不超过%d个字", "Field %d needs a name of at most %d characters"},
		"demand.field_type":            {"第%d个字段的类型无效", "Field %d has an unknown type"},
		"demand.field_dict":            {"第%d个字段的字典不存在", "The dictionary of field %d does not exist"},
		"demand.value_required":        {"请填写「%s」", "Please fill in \"%s\""},
		"demand.value_bad":             {"「%s」的取值无效", "The value of \"%s\" is not valid"},
		"demand.value_long":            {"「%s」不能超过%d个字", "\"%s\" cannot exceed %d characters"},
		"demand.value_number":          {"「%s」请输入数字", "\"%s\" must be a number"},
		"demand.value_date":            {"「%s」请输入日期（YYYY-MM-DD）", "\"%s\" must be a date (YYYY-MM-DD)"},
		"demand.value_unknown":         {"表单没有字段「%s」", "The form has no field \"%s\""},
		"demand.title_long":            {"标题不能超过%d个字", "The title cannot exceed %d characters"},
		"demand.description_long":      {"说明不能超过%d个字", "The description cannot exceed %d characters"},
		"demand.content_long":          {"需求内容不能超过%d个字", "The demand cannot exceed %d characters"},
		"demand.deadline_bad":          {"截止时间格式错误", "The deadline is not a valid time"},
		"demand.deadline_past":         {"截止时间必须晚于当前时间", "The deadline must be in the future"},
		"demand.collection_not_found":  {"需求征集不存在", "No such demand collection"},
		"demand.item_not_found":        {"需求不存在", "No such demand"},
		"demand.closed":                {"需求征集已截止", "The demand collection is closed"},
		"demand.answered":              {"需求已答复，不能再修改", "The demand has been answered and can no longer be changed"},
		"demand.state_bad":             {"状态无效", "Unknown state"},
		"demand.reason_required":       {"请填写不予受理的原因", "Please give the reason for declining"},
		"demand.reply_long":            {"答复内容不能超过%d个字", "The answer cannot exceed %d characters"},
		"demand.batch_too_large":       {"一次最多处理%d条", "At most %d at a time"},
		"demand.files_too_many":        {"附件最多%d个", "At most %d files"},
		"demand.msg.open.title":        {"需求征集：「%s」", "Demand collection: '%s'"},
		"demand.msg.open.content":      {"「%s」正在征集需求，请在%s前提交。", "'%s' asks for your demands; please submit them before %s."},
		"demand.msg.remind.title":      {"提醒：「%s」即将截止", "Reminder: '%s' closes soon"},
		"demand.msg.remind.content":    {"您尚未向「%s」提交需求，截止时间%s。", "You have not submitted a demand to '%s'; it closes at %s."},
		"demand.msg.answer.title":      {"您的需求已答复：%s", "Your demand has been answered: %s"},
		"demand.msg.answer.content":    {"征集「%s」中您提交的需求“%s”已答复，状态：%s。", "Your demand \"%[2]s\" to '%[1]s' has been answered; state: %[3]s."},
		"demand.msg.answer.text":       {"答复：%s", "Answer: %s"},
		"demand.msg.answer.files":      {"附件%d个，请在需求中查看。", "%d file(s) attached; see the demand."},
	})
}
