// Package reward is the rewards for certificates used in bids: versioned rules per certificate kind and level
// (/useCertificateRewardSetting), applications by staff in the portal with a one- or two-level approval
// (/useCertificateRewardAudit) and the report of paid rewards (/useCertificateRewardReport). The rules are
// docs/decisions/0013-demand-collection-and-rewards.md.
package reward

import (
	"context"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// Function codes (= menu codes) of the three screens; the portal's for applying.
const (
	FunSetting = "useCertificateRewardSetting"
	FunAudit   = "useCertificateRewardAudit"
	FunReport  = "useCertificateRewardReport"
	FunPortal  = "gateway"
)

// Module is the data-scope module of rewards (org.Modules): the reviewers' and the report's units.
const Module = "reward"

// Dictionaries of certificate kinds and levels.
const (
	DictKind  = "cert_kind"
	DictLevel = "cert_level"
)

// States of an application.
const (
	StateSubmitted    = "submitted"
	StateUnitApproved = "unit_approved"
	StateApproved     = "approved"
	StateRejected     = "rejected"
)

// Limits.
const (
	MaxCents  = int64(100_000_000_00) // 100 million yuan
	RemarkMax = 200
	ReasonMax = 200
	BatchMax  = 100
	NameMax   = 100
)

// Rule is one version of a reward rule.
type Rule struct {
	ID          int64     `json:"id"`
	CertKind    string    `json:"certKind"`
	CertLevel   string    `json:"certLevel"`
	Version     int       `json:"version"`
	Amount      string    `json:"amount"`    // yuan, two decimals
	WonAmount   string    `json:"wonAmount"` // paid when the bid was won ("0.00": the same as amount)
	YearlyCap   string    `json:"yearlyCap"` // per person and calendar year for the kind ("0.00": none)
	ValidFrom   string    `json:"validFrom"`
	ValidTo     string    `json:"validTo"`
	Remark      string    `json:"remark"`
	InForce     bool      `json:"inForce"` // today falls in its period
	CreatedName string    `json:"createdByName"`
	CreatedAt   time.Time `json:"createdAt"`
}

// Application is an application for a reward.
type Application struct {
	ID             int64      `json:"id"`
	UserID         int64      `json:"userId"`
	LoginCode      string     `json:"loginCode"`
	UserName       string     `json:"userName"`
	UnitCode       string     `json:"unitCode"`
	UnitName       string     `json:"unitName"`
	UnitLabel      string     `json:"unitLabel" doc:"the unit with enough of its path to tell it apart"`
	CertKind       string     `json:"certKind"`
	CertLevel      string     `json:"certLevel"`
	CertName       string     `json:"certName"`
	CertNumber     string     `json:"certNumber" doc:"a training certificate's serial"`
	ExpertID       int64      `json:"expertId" doc:"0: a training certificate"`
	TrainingCertID int64      `json:"trainingCertId" doc:"the training certificate applied with (0: a qualification of the library)"`
	TenderID       int64      `json:"tenderId"`
	TenderTitle    string     `json:"tenderTitle"`
	BidDate        string     `json:"bidDate"`
	Won            bool       `json:"won"`
	Remark         string     `json:"remark"`
	State          string     `json:"state" enum:"submitted,unit_approved,approved,rejected"`
	Reason         string     `json:"reason"`
	Amount         string     `json:"amount"` // paid (approved)
	RuleVersion    int        `json:"ruleVersion"`
	UnitReviewName string     `json:"unitReviewerName"`
	ReviewerName   string     `json:"reviewerName"`
	ReviewedAt     *time.Time `json:"reviewedAt"`
	Files          []FileRef  `json:"files"`
	CreatedAt      time.Time  `json:"createdAt"`
	// NextStep says what happens next to an application under way ("" once decided) and NextBy who takes it (the
	// names of the reviewers who may, or what it takes); CanDecide and WhyNot (the audit list only) whether the
	// caller may decide it now and, if not, why.
	NextStep  string `json:"nextStep"`
	NextBy    string `json:"nextBy"`
	CanDecide bool   `json:"canDecide"`
	WhyNot    string `json:"whyNot"`
	// UnitReviewerID is who approved the first level (0: nobody yet).
	UnitReviewerID int64 `json:"unitReviewerId"`
}

// FileRef names an evidence file.
type FileRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Certificate is a qualification of a published expert of the library.
type Certificate struct {
	Name, Number string
	EmployeeCode string
}

// Tender is a published tender of the library the applicant can see in the portal: its bid date and result
// (bid_result: win, lose, void, pending; "" when not recorded) are the application's.
type Tender struct {
	ID                         int64
	Title, UnitCode, UnitLabel string
	BidDate, Result            string
}

// MyCertificate is a qualification (with a number) of a published expert who is the caller's employee, with the
// kind and level an application for it is made under (derived from its name; empty when the name names none),
// whether a rule of that kind and level is in force today, and whether it can be claimed (Usable) or why not.
type MyCertificate struct {
	Source         string `json:"source" enum:"library,training" doc:"a qualification of the expert library, or a certificate of a training class"`
	TrainingCertID int64  `json:"trainingCertId" doc:"the training certificate (source training)"`
	ExpertID       int64  `json:"expertId"`
	Expert         string `json:"expert"`
	Name           string `json:"name" doc:"the qualification's name, or the class's name at issue"`
	Number         string `json:"number" doc:"the qualification's number, or the training certificate's serial"`
	ValidTo        string `json:"validTo"`
	CertKind       string `json:"certKind"`
	CertLevel      string `json:"certLevel"`
	KindLabel      string `json:"kindLabel"`
	LevelLabel     string `json:"levelLabel"`
	RuleInForce    bool   `json:"ruleInForce"`
	Usable         bool   `json:"usable"`
	Reason         string `json:"reason" doc:"why it cannot be claimed and what to do ('' when usable)"`
}

// Library reads the certificates and tenders of the library.
type Library interface {
	CertificatesOf(ctx context.Context, employeeCode string) ([]MyCertificate, error)
	Certificate(ctx context.Context, expertID int64, number string) (*Certificate, error) // nil: none
	Tender(ctx context.Context, p *auth.Principal, id int64) (*Tender, error)             // nil: none the caller sees
	// Tenders are the published tenders the portal shows p whose unit is in the line of unit (the unit, one above
	// or below it), newest bid first, whose title or number holds keyword, at most limit.
	Tenders(ctx context.Context, p *auth.Principal, unit, keyword string, limit int) ([]Tender, error)
}

// Sources of a certificate.
const (
	SourceLibrary  = "library"
	SourceTraining = "training"
)

// TrainingCertificate is a certificate of a training class (internal/training, adapted by the app) with the reward
// kind and level its class's certification names (” none).
type TrainingCertificate struct {
	ID, UserID                              int64
	Serial, Title, HolderName, EmployeeCode string
	State                                   string // valid, revoked or expired
	ValidUntil                              string
	Kind, Level                             string
}

// Training reads the training certificates.
type Training interface {
	// CertificatesOf are the live certificates held by the account or issued to the employee (not empty).
	CertificatesOf(ctx context.Context, userID int64, employee string) ([]TrainingCertificate, error)
	Certificate(ctx context.Context, q db.Querier, id int64) (*TrainingCertificate, error) // nil: none; any state
}

// Notice is a message to-do for an applicant (/gatewayMsg).
type Notice struct {
	Code, Title, Content   string
	TitleText, ContentText httpx.Stored // what it says as message keys, rendered in the reader's language
	RefID                  int64
}

// Notifier writes message to-dos inside the caller's transaction.
type Notifier interface {
	Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n Notice) (int, error)
}

// Files links evidence files to applications.
type Files interface {
	Set(ctx context.Context, tx *db.Tx, userID, applicationID int64, ids []int64) error
	Of(ctx context.Context, q db.Querier, applicationIDs []int64) (map[int64][]FileRef, error)
}

// Dicts tells whether a value is an item of a dictionary, and lists a dictionary's items.
type Dicts interface {
	Has(ctx context.Context, q db.Querier, code, value string) (bool, error)
	Items(ctx context.Context, q db.Querier, code string) ([]DictItem, error)
}

// Scope reads a user's data scope of module reward.
type Scope func(ctx context.Context, q db.Querier, userID int64) (org.Visibility, error)

// RecordType is the record type of an application's evidence files (internal/files).
const RecordType = "reward.application"
