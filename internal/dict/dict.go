// Package dict holds the dictionaries: named lists of key (display text) and value pairs
// that drive selects and labels in the browser (spec section 3, dictData).
package dict

import (
	"context"
	"net/http"
	"strconv"
	"sync"

	"biddesk/internal/platform/db"
)

// Entry is a dictionary entry as the client receives it. Value is a number when the
// stored value is a numeric string (spec section 3), text otherwise.
type Entry struct {
	Key       string   `json:"key"`
	Value     any      `json:"value"`
	IsDefault int      `json:"isDefault"`
	ChildDict []*Entry `json:"childDict"`
}

// Store holds the SQL of dictionaries and the cache built from it.
type Store struct {
	db *db.DB

	mu    sync.RWMutex
	cache []*Entry
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Invalidate drops the cache after a change.
func (s *Store) Invalidate() {
	s.mu.Lock()
	s.cache = nil
	s.mu.Unlock()
}

// DictData returns every enabled dictionary as a tree (cached until Invalidate).
func (s *Store) DictData(ctx context.Context) (any, error) {
	s.mu.RLock()
	c := s.cache
	s.mu.RUnlock()
	if c != nil {
		return c, nil
	}
	rows, err := s.db.Query(ctx, `SELECT id, parent_id, dict_key, dict_value, is_default FROM sys_dict WHERE enabled = 1 ORDER BY sort, id`)
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
	s.mu.Lock()
	s.cache = top
	s.mu.Unlock()
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
type Handlers struct{ store *Store }

func NewHandlers(s *Store) *Handlers { return &Handlers{store: s} }

// Cache is GET /api/sys/dict/getDictCache.
func (h *Handlers) Cache(w http.ResponseWriter, r *http.Request) (any, error) {
	return h.store.DictData(r.Context())
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
}

// SeedBuiltins writes the built-in dictionaries into an empty table.
func (s *Store) SeedBuiltins(ctx context.Context) error {
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
