// Package demand is demand collection (/demandcollection): the bid team asks an audience of units and employees
// what bid materials, certificates or support they need ahead of tenders; the audience submits demands in the
// portal until the deadline; the bid team answers each one. The rules are docs/decisions/0013-demand-collection.md.
package demand

import (
	"context"
	"time"

	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Screen is the function code (= menu code) of /demandcollection and the module of its business log.
const Screen = "demandcollection"

// FunPortal is the portal's function code: the audience submits through the portal.
const FunPortal = "gateway"

// Module is the data-scope module of demand collection (org.Modules).
const Module = "demand"

// RecordType is the record type of a demand's files (internal/files).
const RecordType = "demand.item"

// ReplyRecordType is the record type of the files of an answer (a reply, which may answer many demands).
const ReplyRecordType = "demand.reply"

// States of a demand. Submitted is the state until the bid team answers; the other four are answers.
const (
	StateSubmitted  = "submitted"
	StateAccepted   = "accepted"
	StateInProgress = "in_progress"
	StateDone       = "done"
	StateDeclined   = "declined"
)

// Answers are the states the bid team may set.
var Answers = []string{StateAccepted, StateInProgress, StateDone, StateDeclined}

// States of a collection, from its deadline.
const (
	CollectionOpen   = "open"
	CollectionClosed = "closed"
)

// Field types of a collection's form.
const (
	FieldText   = "text"
	FieldNumber = "number"
	FieldDate   = "date"
	FieldDict   = "dict"
	FieldFile   = "file"
)

// Limits.
const (
	TitleMax        = 100
	DescriptionMax  = 2000
	ContentMax      = 2000
	ReplyMax        = 2000 // an answer's text
	FieldsMax       = 20
	LabelMax        = 50
	TextValueMax    = 500
	FilesMax        = 10
	AudienceUnitMax = 200
	AudienceEmpMax  = 1000
	BatchMax        = 100
)

// Field is one field of a collection's form, described as data.
type Field struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	Type     string `json:"type" enum:"text,number,date,dict,file"`
	Required bool   `json:"required"`
	Dict     string `json:"dict,omitempty"` // the dictionary of a dict field
}

// FileRef names a file of a demand.
type FileRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Collection is a demand collection as the screens show it.
type Collection struct {
	ID                int64     `json:"id"`
	Title             string    `json:"title"`
	Description       string    `json:"description"`
	Deadline          time.Time `json:"deadline"`
	State             string    `json:"state" enum:"open,closed"` // from the deadline
	UnitCode          string    `json:"unitCode"`
	UnitName          string    `json:"unitName"`
	AudienceUnits     string    `json:"audienceUnits"`     // unit codes joined with '-', as the picker stores them
	AudienceEmployees string    `json:"audienceEmployees"` // employee codes joined with ','
	AudienceLabel     string    `json:"audienceLabel"`     // the names, for display
	Fields            []Field   `json:"fields"`
	DemandCount       int       `json:"demandCount"`
	AnsweredCount     int       `json:"answeredCount"`
	MyCount           int       `json:"myCount"` // the caller's demands (portal)
	CreatedByName     string    `json:"createdByName"`
	CreatedAt         time.Time `json:"createdAt"`
	UpdatedAt         time.Time `json:"updatedAt"`
}

// Item is a submitted demand.
type Item struct {
	ID              int64          `json:"id"`
	CollectionID    int64          `json:"collectionId"`
	CollectionTitle string         `json:"collectionTitle"`
	Deadline        time.Time      `json:"deadline"`
	UserID          int64          `json:"userId"`
	LoginCode       string         `json:"loginCode"`
	UserName        string         `json:"userName"`
	UnitCode        string         `json:"unitCode"`
	UnitName        string         `json:"unitName"`
	Content         string         `json:"content"`
	Values          map[string]any `json:"values"`
	State           string         `json:"state" enum:"submitted,accepted,in_progress,done,declined"`
	Reason          string         `json:"reason"` // the text of the latest answer
	AnsweredByName  string         `json:"answeredByName"`
	AnsweredAt      *time.Time     `json:"answeredAt"`
	Editable        bool           `json:"editable"` // the submitter may still change it
	Files           []FileRef      `json:"files"`
	Replies         []Reply        `json:"replies"` // the answers, oldest first
	CreatedAt       time.Time      `json:"createdAt"`
	UpdatedAt       time.Time      `json:"updatedAt"`
}

// Reply is an answer of the bid team to one or more demands: a state, a text and files.
type Reply struct {
	ID             int64     `json:"id"`
	State          string    `json:"state" enum:"accepted,in_progress,done,declined"`
	Text           string    `json:"text"`
	Files          []FileRef `json:"files"`
	AnsweredByName string    `json:"answeredByName"`
	AnsweredAt     time.Time `json:"answeredAt"`
}

// Notice is a message to-do for users (/gatewayMsg).
type Notice struct {
	Code    string // unique per user: a second notice with the same code is not written
	Title   string
	Content string
	// TitleText and ContentText are what it says as message keys, rendered in the reader's language (Title
	// and Content are then their zh-CN text)
	TitleText, ContentText httpx.Stored
	RefID                  int64
	RefPath                string
}

// Notifier writes message to-dos inside the caller's transaction (the library owns the messages).
type Notifier interface {
	Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n Notice) (int, error)
}

// Files links uploads to demands (internal/files).
type Files interface {
	// Set makes ids the files of the demand; only the user's own uploads may be linked.
	Set(ctx context.Context, tx *db.Tx, userID int64, demandID int64, ids []int64) error
	// Of reads the files of records of a type (RecordType: demands; ReplyRecordType: answers).
	Of(ctx context.Context, q db.Querier, recordType string, ids []int64) (map[int64][]FileRef, error)
	// SetReply makes ids the files of an answer; only the answerer's own uploads may be linked.
	SetReply(ctx context.Context, tx *db.Tx, userID int64, replyID int64, ids []int64) error
}

// Dicts gives the values of a dictionary (nil, false when it does not exist).
type Dicts interface {
	Values(ctx context.Context, q db.Querier, code string) ([]string, bool, error)
}

// Scope reads a user's data scope of module demand.
type Scope func(ctx context.Context, q db.Querier, userID int64) (org.Visibility, error)
