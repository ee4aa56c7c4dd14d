// Package dict holds the dictionaries: named lists of key (display text) and value pairs
// that drive selects and labels in the browser (spec section 3, dictData).
package dict

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
)

// Entry is a dictionary entry as the client receives it. Value is a number when the
// stored value is a numeric string (spec section 3), text otherwise.
type Entry struct {
	Key       string   `json:"key"`
	Value     any      `json:"value" types:"string,integer"`
	IsDefault int      `json:"isDefault"`
	ChildDict []*Entry `json:"childDict"`
}

// Store holds the SQL of dictionaries and the cache built from it.
type Store struct {
	db *db.DB

	mu    sync.RWMutex
	cache *httpx.Encoded[[]*Entry]
	gen   uint64 // bumped by Invalidate, so that a build racing a change is not kept

	// building lets one request rebuild the cache at a time, the others waiting to take its tree:
	// under many writers every change emptied the cache and every waiting request read the table.
	building sync.Mutex
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Invalidate drops the cache after a change.
func (s *Store) Invalidate() {
	s.mu.Lock()
	s.cache = nil
	s.gen++
	s.mu.Unlock()
}

// DictData is the tree for the session info, which holds it as it is (already encoded).
func (s *Store) DictData(ctx context.Context) (_ any, err error) {
	defer errs.Wrap(&err, "dict: dict data")
	return s.encodedTree(ctx)
}

// Tree returns every enabled dictionary as a tree (cached until Invalidate). Callers only read it.
func (s *Store) Tree(ctx context.Context) (_ []*Entry, err error) {
	defer errs.Wrap(&err, "dict: tree")
	c, err := s.encodedTree(ctx)
	if err != nil {
		return nil, err
	}
	return c.Value, nil
}

// encodedTree is the cached tree with its JSON.
func (s *Store) encodedTree(ctx context.Context) (*httpx.Encoded[[]*Entry], error) {
	s.mu.RLock()
	c := s.cache
	s.mu.RUnlock()
	if c != nil {
		return c, nil
	}
	s.building.Lock()
	defer s.building.Unlock()
	s.mu.RLock()
	c, gen := s.cache, s.gen
	s.mu.RUnlock()
	if c != nil { // built while this request waited
		return c, nil
	}
	tree, err := s.build(ctx, s.db)
	if err != nil {
		return nil, err
	}
	top, err := httpx.Encode(tree)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	if s.gen == gen {
		s.cache = top
	}
	s.mu.Unlock()
	return top, nil
}

// dictDataIn is DictData for a caller reading through q. Inside a transaction (q a *db.Tx) a stale
// cache is rebuilt through the transaction and not kept: the transaction must not wait for another
// connection (nor for another request's rebuild), and its view may hold its own uncommitted changes.
func (s *Store) dictDataIn(ctx context.Context, q db.Querier) ([]*Entry, error) {
	if d, ok := q.(*db.DB); ok && d == s.db {
		return s.Tree(ctx)
	}
	s.mu.RLock()
	c := s.cache
	s.mu.RUnlock()
	if c != nil {
		return c.Value, nil
	}
	return s.build(ctx, q)
}

// build reads every enabled dictionary through q into a tree.
func (s *Store) build(ctx context.Context, q db.Querier) ([]*Entry, error) {
	rows, err := q.Query(ctx, `SELECT id, parent_id, dict_key, dict_value, is_default FROM sys_dict WHERE enabled = 1 ORDER BY sort, id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	byParent := map[int64][]*Entry{}
	ids := map[*Entry]int64{}
	for rows.Next() {
		var id, parent int64
		var key, value string
		var def int
		if err := rows.Scan(&id, &parent, &key, &value, &def); err != nil {
			return nil, err
		}
		e := &Entry{Key: key, Value: typedValue(value), IsDefault: def, ChildDict: []*Entry{}}
		ids[e] = id
		byParent[parent] = append(byParent[parent], e)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	var attach func(list []*Entry)
	attach = func(list []*Entry) {
		for _, e := range list {
			if kids := byParent[ids[e]]; kids != nil {
				e.ChildDict = kids
				attach(kids)
			}
		}
	}
	top := byParent[0]
	if top == nil {
		top = []*Entry{}
	}
	attach(top)
	return top, nil
}

// typedValue turns numeric strings into integers, as the spec's dictionary store does.
func typedValue(v string) any {
	if n, err := strconv.ParseInt(v, 10, 64); err == nil && strconv.FormatInt(n, 10) == v {
		return n
	}
	return v
}

// Handlers are the HTTP endpoints of the dictionary area.
type Handlers struct {
	store  *Store
	groups *list.Table[Item]
	items  *list.Table[ExportItem]
}

func NewHandlers(s *Store) *Handlers {
	return &Handlers{store: s, groups: GroupTable(s.db), items: ItemTable(s.db)}
}

// List is GET /api/sys/dict/list: the dictionary groups, paged.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.groups.List(w, r)
}

// ExportDict is GET /api/sys/dict/exportDict; ExportDictItem is GET /api/sys/dict/exportDictItem (pid narrows it).
func (h *Handlers) ExportDict(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.groups.Export(w, r)
}
func (h *Handlers) ExportDictItem(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.items.Export(w, r)
}

// PNodeIn: the parent whose items are listed (0: the groups).
type PNodeIn struct {
	PID *int64 `param:"pid,required" min:"0"`
}

// PNode is GET /api/sys/dict/pNode (pid): the items of a parent in order.
func (h *Handlers) PNode(r *http.Request, in PNodeIn) ([]Item, error) {
	return h.store.Children(r.Context(), *in.PID)
}

// One is GET /api/sys/dict/one (id).
func (h *Handlers) One(r *http.Request, in httpx.IDIn) (Item, error) {
	return h.store.One(r.Context(), in.ID)
}

// FormIn is what add and edit send.
type FormIn struct {
	ID        int64  `param:"id" doc:"edit only"`
	ParentID  *int64 `param:"parentId" min:"0" doc:"0 (default) adds a dictionary group; add only"`
	Key       string `param:"key" doc:"the display text"`
	Value     string `param:"value" doc:"unique among siblings; a group's value (its code) unique among groups"`
	IsDefault int    `param:"isDefault" doc:"0 or 1; 1 clears the mark of the siblings"`
	Enabled   *int   `param:"enabled" doc:"0 or 1 (default 1)"`
	Sort      int    `param:"sort"`
}

func (in FormIn) form() Form {
	f := Form{ID: in.ID, Key: in.Key, Value: in.Value, IsDefault: in.IsDefault, Enabled: 1, Sort: in.Sort}
	if in.ParentID != nil {
		f.ParentID = *in.ParentID
	}
	if in.Enabled != nil {
		f.Enabled = *in.Enabled
	}
	return f
}

// Add is POST /api/sys/dict/add; data is {id}.
func (h *Handlers) Add(r *http.Request, in FormIn) (httpx.Created, error) {
	id, err := h.store.Add(r.Context(), in.form())
	return httpx.Created{ID: id}, err
}

// Edit is PUT /api/sys/dict/edit.
func (h *Handlers) Edit(r *http.Request, in FormIn) (route.None, error) {
	if in.ID == 0 {
		return route.None{}, httpx.Fail("http.required", "id")
	}
	return route.None{}, h.store.Edit(r.Context(), in.form())
}

// IDsIn names rows: ids (a list, repeated or comma-separated) or one id.
type IDsIn struct {
	IDs []int64 `param:"ids"`
	ID  int64   `param:"id"`
}

// Del is DELETE /api/sys/dict/del (id or ids).
func (h *Handlers) Del(r *http.Request, in IDsIn) (route.None, error) {
	ids := in.IDs
	if len(ids) == 0 && in.ID != 0 {
		ids = []int64{in.ID}
	}
	if len(ids) == 0 {
		return route.None{}, httpx.Fail("http.required", "ids")
	}
	return route.None{}, h.store.Delete(r.Context(), ids)
}

// EnableIn switches a row on or off.
type EnableIn struct {
	ID      int64 `param:"id,required"`
	Enabled int   `param:"enabled,required" doc:"1 on, 0 off"`
}

// ChangeEnable is POST /api/sys/dict/changeEnable (id, enabled 0/1).
func (h *Handlers) ChangeEnable(r *http.Request, in EnableIn) (route.None, error) {
	return route.None{}, h.store.ChangeEnable(r.Context(), in.ID, in.Enabled)
}

// Reload is POST /api/sys/dict/reloadDictCache: the cache is rebuilt and returned (dictData).
func (h *Handlers) Reload(r *http.Request, _ route.None) ([]*Entry, error) {
	h.store.Invalidate()
	return h.store.Tree(r.Context())
}

// KeyIn names a dictionary by its code.
type KeyIn struct {
	Key string `param:"key,required" doc:"the dictionary's code"`
}

// CommonItem is GET /api/sys/common/dict/item (key): the enabled items of a dictionary,
// [{key, value, isDefault}]; CommonItem2 is /dict/item2, the same with childDict.
func (h *Handlers) CommonItem(r *http.Request, in KeyIn) ([]FlatItem, error) {
	e, err := h.store.Lookup(r.Context(), strings.TrimSpace(in.Key))
	if err != nil || e == nil {
		return []FlatItem{}, err
	}
	out := make([]FlatItem, len(e.ChildDict))
	for i, c := range e.ChildDict {
		out[i] = FlatItem{Key: c.Key, Value: c.Value, IsDefault: c.IsDefault}
	}
	return out, nil
}
func (h *Handlers) CommonItem2(r *http.Request, in KeyIn) ([]*Entry, error) {
	e, err := h.store.Lookup(r.Context(), strings.TrimSpace(in.Key))
	if err != nil || e == nil {
		return []*Entry{}, err
	}
	return e.ChildDict, nil
}

// Generic query identifiers of the spec's generic dictionary call (section 7): the widgets send
// id '1853' and commID '185301' with extra parameters. The pair names a query; 1853/185301 is
// "the enabled items of the dictionary named by key", the only one the product defines.
const (
	GenericDictID     = "1853"
	GenericDictCommID = "185301"
)

// GenericIn is the generic dictionary call's input.
type GenericIn struct {
	ID     string `param:"id,required" doc:"1853"`
	CommID string `param:"commID,required" doc:"185301"`
	KeyIn
}

// Generic is GET /api/sys/common/dict: the generic dictionary call. An unknown id/commID pair
// is refused by name, so a misconfigured widget says what is wrong.
func (h *Handlers) Generic(r *http.Request, in GenericIn) ([]FlatItem, error) {
	id, comm := strings.TrimSpace(in.ID), strings.TrimSpace(in.CommID)
	if id != GenericDictID || comm != GenericDictCommID {
		return nil, httpx.Fail("dict.generic_unknown", id, comm)
	}
	return h.CommonItem(r, in.KeyIn)
}

// Cache is GET /api/sys/dict/getDictCache.
func (h *Handlers) Cache(r *http.Request, _ route.None) (*httpx.Encoded[[]*Entry], error) {
	return h.store.encodedTree(r.Context())
}

type seedGroup struct {
	key, value string
	items      [][2]string // key, value; the first is the default
}

var builtin = []seedGroup{
	{"用户状态", "user_state", [][2]string{{"可用", "1"}, {"禁用", "0"}}},
	{"是否", "yes_no", [][2]string{{"是", "1"}, {"否", "0"}}},
	{"性别", "gender", [][2]string{{"男", "1"}, {"女", "2"}}},
	{"审核状态", "audit_state", [][2]string{{"待审核", "0"}, {"已通过", "1"}, {"已驳回", "2"}}},
	{"证照类型", "license_type", [][2]string{{"营业执照", "business"}, {"资质证书", "qualification"}, {"体系认证", "system_cert"}, {"行业许可", "industry_permit"}, {"其他", "other"}}},
	{"学历", "education", [][2]string{{"博士研究生", "1"}, {"硕士研究生", "2"}, {"本科", "3"}, {"大专", "4"}, {"中专及以下", "5"}}},
	{"中标结果", "bid_result", [][2]string{{"中标", "win"}, {"未中标", "lose"}, {"流标", "void"}, {"待定", "pending"}}},
	{"CA锁状态", "ca_state", [][2]string{{"在库", "in"}, {"借出", "lent"}, {"已过期", "expired"}}},
	{"荣誉级别", "honor_level", [][2]string{{"国家级", "national"}, {"省部级", "provincial"}, {"市级", "city"}, {"行业协会", "industry"}, {"客户颁发", "client"}}},
	{"服务类别", "service_category", [][2]string{{"物业服务", "property"}, {"设施管理", "facility"}, {"信息技术", "it"}, {"后勤保障", "logistics"}, {"其他", "other"}}},
	{"消息阅读", "message_read", [][2]string{{"未读", "unread"}, {"已读", "read"}}},
	{"外部组织类型", "ext_org_kind", [][2]string{{"合作伙伴", "partner"}, {"客户", "client"}}},
	{"证书类别", "cert_kind", [][2]string{{"建造师", "constructor"}, {"造价工程师", "cost"}, {"项目管理", "pm"}, {"信息安全", "security"}}},
	{"证书等级", "cert_level", [][2]string{{"一级", "1"}, {"二级", "2"}, {"三级", "3"}}},
	{"课程审核状态", "course_audit", [][2]string{{"待审核", "0"}, {"已通过", "1"}, {"已驳回", "2"}}},
	{"政府采购登记类别", "gov_reg_kind", [][2]string{{"平台注册", "platform"}, {"入围名录", "shortlist"}, {"政府认定", "recognition"}, {"其他", "other"}}},
	{"消息类型", "message_kind", [][2]string{{"资料审核", "review"}, {"课程审核", "course"}, {"奖励审批", "reward"}, {"需求征集", "demand"}, {"到期提醒", "expiry"}, {"CA锁归还", "loan"}, {"通知", "notice"}}},
}

// SeedBuiltins writes the built-in dictionaries into an empty table.
func (s *Store) SeedBuiltins(ctx context.Context) (err error) {
	defer errs.Wrap(&err, "dict: seed builtins")
	defer s.Invalidate()
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRow(ctx, `SELECT COUNT(*) FROM sys_dict`).Scan(&n); err != nil || n > 0 {
			return err
		}
		for gi, g := range builtin {
			id, err := tx.Insert(ctx, `INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort) VALUES (0, ?, ?, 0, 1, ?)`, g.key, g.value, gi)
			if err != nil {
				return err
			}
			for i, it := range g.items {
				def := 0
				if i == 0 {
					def = 1
				}
				if _, err := tx.Exec(ctx, `INSERT INTO sys_dict (parent_id, dict_key, dict_value, is_default, enabled, sort) VALUES (?, ?, ?, ?, 1, ?)`, id, it[0], it[1], def, i); err != nil {
					return err
				}
			}
		}
		return nil
	})
}
