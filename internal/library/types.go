// Package library is the bid-material library: ten record types (experts, enterprise licences, honours,
// performance contracts, CA keys, tenders, service plan templates, toolkits, message to-dos, announcements)
// described as data and served by one implementation: list, search, create, edit, soft delete, export,
// Excel import, review, expiry reminders, tags, files and history. docs/library.md lists every field.
package library

// Field kinds: how a field is entered, checked, stored and shown.
const (
	KindText     = "text"     // one line
	KindTextarea = "textarea" // several lines of plain text
	KindRich     = "rich"     // HTML, sanitised on the server
	KindNumber   = "number"   // a whole number
	KindMoney    = "money"    // an amount with at most 2 decimals
	KindDate     = "date"     // YYYY-MM-DD
	KindDict     = "dict"     // a value of the dictionary Dict
	KindTags     = "tags"     // tags of the tag set (/tagmanager)
	KindEmployee = "employee" // an employee, by code
	KindUnit     = "unit"     // an organisation unit, by fullUnitCode
	KindUser     = "user"     // an account, by id (the recipient of a message)
	KindFiles    = "files"    // uploaded files of the role Role
	KindSwitch   = "switch"   // 1 or 0
	KindRows     = "rows"     // a table of sub-fields (an expert's qualifications)
)

// Shared columns of lib_record a field may map onto (anything else lives in the data JSON).
const (
	ColTitle    = "title"
	ColCode     = "code"
	ColCategory = "category"
	ColHolder   = "holder"
	ColUnit     = "unit_code"
	ColEmployee = "employee_code"
	ColAmount   = "amount"
	ColDate     = "record_date"
	ColFrom     = "valid_from"
	ColTo       = "valid_to"
	ColState    = "state"
	ColPinned   = "pinned"
	ColAssignee = "assignee_id"
)

// How a field is searched in the list's search card.
const (
	SearchContains = "contains" // part of the text, any letter case
	SearchExact    = "exact"    // equal (dictionary values, states)
	SearchRange    = "range"    // a date range: <key>From and <key>To
	SearchUnit     = "unit"     // a unit and its subordinate units
	SearchTag      = "tag"      // has the tag (tagId)
)

// Field is one field of a record type. Label is a message key (translated when the descriptors are
// served). Column is the shared column it is stored in, "" for the data JSON.
type Field struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	Kind     string `json:"kind" enum:"text,textarea,rich,number,money,date,dict,tags,employee,unit,user,files,switch,rows"`
	Column   string `json:"-"`
	Dict     string `json:"dict,omitempty"`
	Role     string `json:"role,omitempty"`     // files: the role of the files (scan, photo, cv, ...)
	Accept   string `json:"accept,omitempty"`   // files: the allowed suffixes
	MaxFiles int    `json:"maxFiles,omitempty"` // files: at most this many (0: no limit)
	Required bool   `json:"required"`
	Max      int    `json:"max,omitempty"`     // text: the longest value in characters; number: the largest value
	Pattern  string `json:"pattern,omitempty"` // text: a pattern kind of internal/platform/validate
	Search   string `json:"search,omitempty" enum:"contains,exact,range,unit,tag"`
	List     bool   `json:"list"`
	Sort     bool   `json:"sort"`
	Export   bool   `json:"export"`
	Import   bool   `json:"import"`
	ReadOnly bool   `json:"readOnly,omitempty"` // set by the server, never by the form (a CA key's custody)
	Wide     bool   `json:"wide,omitempty"`     // takes the whole width of the form
	Private  bool   `json:"private,omitempty"`  // personal data: shown in the library, never in the portal
	// Personal: a person's data (an employee number, a person's certificate number, ID number or files):
	// shown to staff, masked (Masked, files left out) for external accounts in every portal call (portal_mask.go)
	Personal bool `json:"personal,omitempty"`
	// Secret: a person's identity number: read in full only by library administrators (FunAdmin); everyone
	// else reads Masked in the library's lists, records and exports (the same rule and mark as Personal, see
	// portal_mask.go), it is never in the keyword search text, and a form sending Masked back keeps the value.
	Secret  bool    `json:"secret,omitempty"`
	Columns []Field `json:"columns,omitempty"` // rows: the sub-fields
	Example string  `json:"-"`                 // the import template's example
}

// Type describes a record type: its screen (route, function code), its fields and what it supports.
type Type struct {
	Key       string   `json:"key"`  // the API path segment: /api/library/{key}/...
	Code      string   `json:"code"` // the function code of its screen (= menu code)
	ReadCodes []string `json:"readCodes,omitempty"`
	Name      string   `json:"name"` // the screen's name (its menu's)
	// PortalName is the type's name in staff words where the portal shows it (CA锁, not the admin menu's CA锁管理);
	// empty: Name.
	PortalName string `json:"-"`
	// Noun names one record, for the titles of its dialogs (新增专家, not 新增专家库).
	Noun   string  `json:"noun"`
	Path   string  `json:"path"` // the browser route
	Fields []Field `json:"fields"`
	// Expiry: valid_to is an expiry date: warning badges, reminders and message to-dos.
	// Period: valid_from and valid_to are a service period (a contract's), shown as such.
	Period bool `json:"-"`
	Expiry bool `json:"expiry"`
	// Review: entries of users without the library administration code wait for approval.
	Review bool `json:"review"`
	Import bool `json:"import"`
	// Loans: a CA key, lent and returned with a history.
	Loans bool `json:"loans"`
	// Messages: records addressed to an account, read and unread.
	Messages bool `json:"messages"`
}

// FunAdmin is the function code of library administrators: their entries publish directly, they approve
// and reject, and they may change every record (not only their own).
const FunAdmin = "library_admin"

// Keys of the types.
const (
	TypeExpert       = "expert"
	TypeLicense      = "license"
	TypeHonor        = "honor"
	TypeContract     = "contract"
	TypeCAKey        = "cakey"
	TypeTender       = "tender"
	TypePlan         = "plan"
	TypeToolkit      = "toolkit"
	TypeMessage      = "message"
	TypeAnnouncement = "announcement"
	TypeGovReg       = "govreg"
)

// PatternIDCard is the pattern kind of an ID card number (validate.IDCard: spec section 5).
const PatternIDCard = "idcard"

// Suffixes of file fields.
const (
	docSuffixes   = "pdf,doc,docx,xls,xlsx,ppt,pptx,txt,jpg,jpeg,png,zip,rar"
	scanSuffixes  = "pdf,jpg,jpeg,png"
	imageSuffixes = "jpg,jpeg,png"
)

func title(label string, max int) Field {
	return Field{Key: "title", Label: label, Kind: KindText, Column: ColTitle, Required: true, Max: max, Search: SearchContains, List: true, Sort: true, Export: true, Import: true}
}

func unit() Field {
	return Field{Key: "unitCode", Label: "lib.f.unit", Kind: KindUnit, Column: ColUnit, Search: SearchUnit, List: true, Export: true, Import: true, Example: "100104"}
}

func tags() Field {
	return Field{Key: "tags", Label: "lib.f.tags", Kind: KindTags, Search: SearchTag, List: true, Export: true}
}

func files(key, label, role, accept string) Field {
	return Field{Key: key, Label: label, Kind: KindFiles, Role: role, Accept: accept, Wide: true}
}

func remark() Field {
	return Field{Key: "remark", Label: "lib.f.remark", Kind: KindTextarea, Max: 1000, Wide: true, Export: true, Import: true}
}

func date(key, label, column string) Field {
	return Field{Key: key, Label: label, Kind: KindDate, Column: column, List: true, Sort: true, Export: true, Import: true, Example: "2026-12-31"}
}

// Types are the record types in menu order.
var Types = []*Type{
	{Key: TypeExpert, Code: "expert_talents2_manage", ReadCodes: []string{"expert_talents_manage", "expert_make_word"}, Name: "lib.t.expert", Noun: "lib.n.expert", Path: "/expert_talents2_manage",
		Expiry: true, Review: true, Import: true, Fields: []Field{
			title("lib.f.expertName", 50),
			{Key: "employeeCode", Label: "lib.f.employee", Kind: KindEmployee, Column: ColEmployee, Personal: true, Export: true, Import: true, Example: "HX000001"},
			unit(),
			{Key: "jobTitle", Label: "lib.f.jobTitle", Kind: KindText, Column: ColHolder, Max: 50, Search: SearchContains, List: true, Export: true, Import: true, Example: "高级工程师"},
			{Key: "education", Label: "lib.f.education", Kind: KindDict, Dict: "education", Column: ColCategory, Search: SearchExact, List: true, Export: true, Import: true, Example: "本科"},
			{Key: "years", Label: "lib.f.years", Kind: KindNumber, Column: ColAmount, Max: 70, List: true, Sort: true, Export: true, Import: true, Example: "12"},
			{Key: "phone", Label: "lib.f.phone", Kind: KindText, Pattern: "mobile", Max: 20, Private: true, Export: true, Import: true, Example: "13900000000"},
			{Key: "idNumber", Label: "lib.f.idNumber", Kind: KindText, Pattern: PatternIDCard, Max: 30, Private: true, Personal: true, Secret: true, Export: true, Import: true, Example: "110105199003071239"},
			{Key: "gender", Label: "lib.f.gender", Kind: KindDict, Dict: "gender", ReadOnly: true, List: true, Export: true},
			{Key: "address", Label: "lib.f.address", Kind: KindText, Max: 200, Private: true, Export: true, Import: true, Example: "上海市浦东新区世纪大道100号"},
			{Key: "postcode", Label: "lib.f.postcode", Kind: KindText, Pattern: "postcode", Max: 10, Private: true, Export: true, Import: true, Example: "200120"},
			{Key: "specialities", Label: "lib.f.specialities", Kind: KindTags, Search: SearchTag, List: true, Export: true},
			{Key: "qualifications", Label: "lib.f.qualifications", Kind: KindRows, Wide: true, Export: true, Columns: []Field{
				{Key: "name", Label: "lib.f.qualName", Kind: KindText, Required: true, Max: 100},
				{Key: "number", Label: "lib.f.certNumber", Kind: KindText, Max: 100, Personal: true},
				{Key: "validTo", Label: "lib.f.validTo", Kind: KindDate},
			}},
			{Key: "validTo", Label: "lib.f.firstExpiry", Kind: KindDate, Column: ColTo, ReadOnly: true, List: true, Sort: true, Export: true},
			{Key: "experience", Label: "lib.f.experience", Kind: KindTextarea, Max: 4000, Wide: true, Export: true, Import: true},
			personal(files("photo", "lib.f.photo", "photo", imageSuffixes)),
			personal(files("cv", "lib.f.cv", "cv", "pdf,doc,docx")),
			personal(files("scans", "lib.f.certScans", "scan", scanSuffixes)),
		}},
	{Key: TypeLicense, Code: "expert_talents2_license", Name: "lib.t.license", Noun: "lib.n.license", Path: "/expert_talents2_license", Expiry: true, Review: true, Import: true, Fields: []Field{
		title("lib.f.licenseName", 100),
		{Key: "licenseType", Label: "lib.f.licenseType", Kind: KindDict, Dict: "license_type", Column: ColCategory, Required: true, Search: SearchExact, List: true, Export: true, Import: true, Example: "资质证书"},
		{Key: "number", Label: "lib.f.licenseNumber", Kind: KindText, Column: ColCode, Max: 100, Search: SearchContains, List: true, Sort: true, Export: true, Import: true, Example: "A1234567"},
		{Key: "authority", Label: "lib.f.authority", Kind: KindText, Max: 100, Export: true, Import: true, Example: "住房和城乡建设部"},
		{Key: "holder", Label: "lib.f.holderCompany", Kind: KindText, Column: ColHolder, Required: true, Max: 100, Search: SearchContains, List: true, Sort: true, Export: true, Import: true, Example: "华信服务股份有限公司"},
		unit(),
		notListed(date("validFrom", "lib.f.validFrom", ColFrom)),
		withSearch(date("validTo", "lib.f.validTo", ColTo), SearchRange),
		tags(),
		files("scans", "lib.f.scans", "scan", scanSuffixes),
		remark(),
	}},
	{Key: TypeHonor, Code: "expert_talents2_honor", Name: "lib.t.honor", Noun: "lib.n.honor", Path: "/expert_talents2_honor", Expiry: true, Review: true, Import: true, Fields: []Field{
		title("lib.f.honorName", 100),
		{Key: "level", Label: "lib.f.honorLevel", Kind: KindDict, Dict: "honor_level", Column: ColCategory, Search: SearchExact, List: true, Export: true, Import: true, Example: "省部级"},
		{Key: "number", Label: "lib.f.certNumber", Kind: KindText, Column: ColCode, Max: 100, Search: SearchContains, List: true, Export: true, Import: true},
		{Key: "issuer", Label: "lib.f.issuer", Kind: KindText, Max: 100, Export: true, Import: true, Example: "中国物业管理协会"},
		{Key: "holder", Label: "lib.f.holderCompany", Kind: KindText, Column: ColHolder, Max: 100, Search: SearchContains, List: true, Export: true, Import: true},
		unit(),
		withSearch(date("awardDate", "lib.f.awardDate", ColDate), SearchRange),
		date("validTo", "lib.f.validToOptional", ColTo),
		tags(),
		files("scans", "lib.f.scans", "scan", scanSuffixes),
		remark(),
	}},
	{Key: TypeContract, Code: "expert_talents2_contract", Name: "lib.t.contract", Noun: "lib.n.contract", Path: "/expert_talents2_contract", Period: true, Review: true, Import: true, Fields: []Field{
		title("lib.f.projectName", 200),
		{Key: "client", Label: "lib.f.client", Kind: KindText, Column: ColHolder, Required: true, Max: 100, Search: SearchContains, List: true, Sort: true, Export: true, Import: true, Example: "宁波市第一人民医院"},
		{Key: "number", Label: "lib.f.contractNumber", Kind: KindText, Column: ColCode, Max: 100, Search: SearchContains, List: true, Export: true, Import: true},
		{Key: "amount", Label: "lib.f.contractAmount", Kind: KindMoney, Column: ColAmount, Max: 1e12, List: true, Sort: true, Export: true, Import: true, Example: "1280000.00"},
		withSearch(date("signDate", "lib.f.signDate", ColDate), SearchRange),
		notListed(date("startDate", "lib.f.periodFrom", ColFrom)),
		date("endDate", "lib.f.periodTo", ColTo),
		{Key: "category", Label: "lib.f.serviceCategory", Kind: KindDict, Dict: "service_category", Column: ColCategory, Search: SearchExact, List: true, Export: true, Import: true, Example: "物业服务"},
		unit(),
		tags(),
		files("contractScans", "lib.f.contractScans", "contract", scanSuffixes),
		files("acceptanceScans", "lib.f.acceptanceScans", "acceptance", scanSuffixes),
		remark(),
	}},
	{Key: TypeCAKey, Code: "expert_talents2_politics", Name: "lib.t.cakey", PortalName: "lib.p.cakey", Noun: "lib.n.cakey", Path: "/expert_talents2_politics", Expiry: true, Review: true, Import: true, Loans: true, Fields: []Field{
		title("lib.f.platform", 100),
		{Key: "keyNumber", Label: "lib.f.keyNumber", Kind: KindText, Column: ColCode, Required: true, Max: 100, Search: SearchContains, List: true, Sort: true, Export: true, Import: true, Example: "CA-2026-0001"},
		{Key: "holder", Label: "lib.f.certHolder", Kind: KindText, Column: ColHolder, Required: true, Max: 100, Search: SearchContains, List: true, Export: true, Import: true, Example: "华信服务股份有限公司"},
		{Key: "custodian", Label: "lib.f.custodian", Kind: KindEmployee, Column: ColEmployee, Personal: true, Required: true, List: true, Export: true, Import: true, Example: "HX000001"},
		unit(),
		withSearch(date("validTo", "lib.f.expiryDate", ColTo), SearchRange),
		{Key: "state", Label: "lib.f.caState", Kind: KindDict, Dict: "ca_state", Column: ColState, ReadOnly: true, Search: SearchExact, List: true, Export: true},
		files("scans", "lib.f.scans", "scan", scanSuffixes),
		remark(),
	}},
	{Key: TypeTender, Code: "expert_talents2_tender", Name: "lib.t.tender", Noun: "lib.n.tender", Path: "/expert_talents2_tender", Review: true, Import: true, Fields: []Field{
		title("lib.f.tenderName", 200),
		{Key: "buyer", Label: "lib.f.buyer", Kind: KindText, Column: ColHolder, Required: true, Max: 100, Search: SearchContains, List: true, Sort: true, Export: true, Import: true, Example: "宁波市公共资源交易中心"},
		{Key: "number", Label: "lib.f.tenderNumber", Kind: KindText, Column: ColCode, Max: 100, Search: SearchContains, List: true, Export: true, Import: true},
		withSearch(date("bidDate", "lib.f.bidDate", ColDate), SearchRange),
		{Key: "result", Label: "lib.f.bidResult", Kind: KindDict, Dict: "bid_result", Column: ColCategory, Search: SearchExact, List: true, Export: true, Import: true, Example: "中标"},
		{Key: "amount", Label: "lib.f.bidAmount", Kind: KindMoney, Column: ColAmount, Max: 1e12, List: true, Sort: true, Export: true, Import: true},
		unit(),
		tags(),
		files("tenderFiles", "lib.f.tenderFiles", "tender", docSuffixes),
		files("bidFiles", "lib.f.bidFiles", "bid", docSuffixes),
		remark(),
	}},
	{Key: TypePlan, Code: "servicePlan", Name: "lib.t.plan", Noun: "lib.n.plan", Path: "/servicePlan", Review: true, Fields: []Field{
		title("lib.f.planName", 100),
		{Key: "category", Label: "lib.f.serviceCategory", Kind: KindDict, Dict: "service_category", Column: ColCategory, Required: true, Search: SearchExact, List: true, Export: true},
		{Key: "version", Label: "lib.f.version", Kind: KindText, Column: ColCode, Max: 50, List: true, Export: true},
		{Key: "summary", Label: "lib.f.summary", Kind: KindTextarea, Max: 2000, Wide: true, Export: true},
		unit(),
		tags(),
		files("files", "lib.f.planFiles", "plan", docSuffixes),
	}},
	{Key: TypeToolkit, Code: "expandServices", Name: "lib.t.toolkit", Noun: "lib.n.toolkit", Path: "/expandServices", Review: true, Fields: []Field{
		title("lib.f.toolName", 100),
		{Key: "category", Label: "lib.f.serviceCategory", Kind: KindDict, Dict: "service_category", Column: ColCategory, Search: SearchExact, List: true, Export: true},
		{Key: "version", Label: "lib.f.version", Kind: KindText, Column: ColCode, Max: 50, List: true, Export: true},
		{Key: "link", Label: "lib.f.link", Kind: KindText, Max: 500, Pattern: "url", Export: true},
		{Key: "description", Label: "lib.f.description", Kind: KindTextarea, Max: 2000, Wide: true, Export: true},
		tags(),
		files("files", "lib.f.toolFiles", "tool", docSuffixes),
	}},
	{Key: TypeGovReg, Code: "expert_talents2_gov", Name: "lib.t.govreg", Noun: "lib.n.govreg", Path: "/expert_talents2_gov", Expiry: true, Review: true, Import: true, Fields: []Field{
		title("lib.f.govregName", 200),
		{Key: "kind", Label: "lib.f.govregKind", Kind: KindDict, Dict: "gov_reg_kind", Column: ColCategory, Required: true, Search: SearchExact, List: true, Export: true, Import: true, Example: "平台注册"},
		{Key: "authority", Label: "lib.f.govAuthority", Kind: KindText, Column: ColHolder, Required: true, Max: 100, Search: SearchContains, List: true, Sort: true, Export: true, Import: true, Example: "上海市财政局"},
		{Key: "number", Label: "lib.f.govNumber", Kind: KindText, Column: ColCode, Max: 100, Search: SearchContains, List: true, Sort: true, Export: true, Import: true, Example: "沪财采〔2025〕12号"},
		{Key: "region", Label: "lib.f.region", Kind: KindText, Max: 50, Export: true, Import: true, Example: "上海市"},
		{Key: "scope", Label: "lib.f.govScope", Kind: KindTextarea, Max: 1000, Wide: true, Export: true, Import: true, Example: "物业管理服务、保洁服务"},
		notListed(unit()),
		notListed(date("validFrom", "lib.f.validFrom", ColFrom)),
		withSearch(date("validTo", "lib.f.validTo", ColTo), SearchRange),
		tags(),
		files("proofs", "lib.f.proofs", "proof", scanSuffixes),
		remark(),
	}},
	{Key: TypeMessage, Code: "expert_talents2_message", Name: "lib.t.message", Noun: "lib.n.message", Path: "/expert_talents2_message", Messages: true, Fields: []Field{
		title("lib.f.messageTitle", 200),
		{Key: "recipient", Label: "lib.f.recipient", Kind: KindUser, Column: ColAssignee, Required: true, List: true, Export: true},
		{Key: "kind", Label: "lib.f.messageKind", Kind: KindDict, Dict: "message_kind", Column: ColCategory, ReadOnly: true, Search: SearchExact, List: true, Export: true},
		{Key: "content", Label: "lib.f.content", Kind: KindTextarea, Max: 2000, Wide: true, Export: true},
		{Key: "dueDate", Label: "lib.f.dueDate", Kind: KindDate, Column: ColTo, List: true, Sort: true, Export: true},
		{Key: "state", Label: "lib.f.readState", Kind: KindDict, Dict: "message_read", Column: ColState, ReadOnly: true, Search: SearchExact, List: true, Export: true},
	}},
	{Key: TypeAnnouncement, Code: "expert_talents2_announcement", Name: "lib.t.announcement", PortalName: "lib.p.announcement", Noun: "lib.n.announcement", Path: "/expert_talents2_announcement", Review: true, Fields: []Field{
		title("lib.f.announcementTitle", 200),
		{Key: "content", Label: "lib.f.content", Kind: KindRich, Required: true, Max: 100000, Wide: true},
		date("publishFrom", "lib.f.publishFrom", ColFrom),
		date("publishTo", "lib.f.publishTo", ColTo),
		{Key: "pinned", Label: "lib.f.pinned", Kind: KindSwitch, Column: ColPinned, List: true, Sort: true, Export: true},
		files("attachments", "lib.f.attachments", "attachment", docSuffixes),
	}},
}

// personal marks a field as a person's data (masked for external accounts).
func personal(f Field) Field {
	f.Personal = true
	return f
}

func notListed(f Field) Field {
	f.List = false
	return f
}

func withSearch(f Field, search string) Field {
	f.Search = search
	return f
}

// TypeOf returns the type with the key, nil when there is none.
func TypeOf(key string) *Type {
	for _, t := range Types {
		if t.Key == key {
			return t
		}
	}
	return nil
}

// Field returns the field with the key, nil when there is none.
func (t *Type) Field(key string) *Field {
	for i := range t.Fields {
		if t.Fields[i].Key == key {
			return &t.Fields[i]
		}
	}
	return nil
}

// column returns the field stored in the shared column, nil when none is.
func (t *Type) column(col string) *Field {
	for i := range t.Fields {
		if t.Fields[i].Column == col {
			return &t.Fields[i]
		}
	}
	return nil
}

// PortalLabel is the message key of the type's name where the portal shows it.
func (t Type) PortalLabel() string {
	if t.PortalName != "" {
		return t.PortalName
	}
	return t.Name
}
