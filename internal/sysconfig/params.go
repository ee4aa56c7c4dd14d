// Package sysconfig holds the system parameters (/sys_config), the system notices, and the portal's
// header and footer (/headerAndfooter_manager), which are parameters too. Values are typed (text,
// number, boolean, JSON), validated on every write, and read from an in-memory cache refreshed by
// every write, so a change takes effect without a restart.
package sysconfig

import (
	"encoding/json"
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"biddesk/internal/platform/config"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/validate"
)

// Value types.
const (
	TypeText    = "text"
	TypeNumber  = "number"
	TypeBoolean = "boolean"
	TypeJSON    = "json"
)

var types = map[string]bool{TypeText: true, TypeNumber: true, TypeBoolean: true, TypeJSON: true}

// Formats narrow a built-in text or JSON parameter further.
const (
	FormatURL      = "url"      // http(s) address or a path of this site
	FormatSitePath = "sitePath" // a path of this site only (images must come from this origin: CSP img-src 'self')
	FormatSuffixes = "suffixes" // comma-separated file suffixes
	FormatLinks    = "links"    // a JSON list of {title, url, newTab}
)

// Function codes of the screens that maintain parameters.
const (
	FunConfig = "sys_config"
	FunLayout = "headerAndfooter_manager"
)

// Keys of the built-in parameters.
const (
	KeyHelpURL        = "sys.help_url"
	KeyLogoutURL      = "sys.logout_url"
	KeyIdleMinutes    = "session.idle_minutes"
	KeyAbsoluteHours  = "session.absolute_hours"
	KeySingleSession  = "session.single"
	KeyUploadMaxMB    = "upload.max_size_mb"
	KeyUploadSuffixes = "upload.allowed_suffixes"
	KeyExpiryWarning  = "library.expiry_warning_days"
	KeyPortalTitle    = "portal.title"
	KeyPortalLogo     = "portal.logo_url"
	KeyHeaderLinks    = "portal.header_links"
	KeyFooterLinks    = "portal.footer_links"
	KeyCopyright      = "portal.copyright"
	// KeyDatasetPersonal lists the personal columns datasets may read ("table.column", comma-separated; empty:
	// none), see docs/data-rules.md.
	KeyDatasetPersonal = "dataset.personal_columns"
	// KeySignInBefore and KeySignInAfter are the sign-in window of a training session: minutes before and after
	// its start (docs/decisions/0019-training.md).
	KeySignInBefore = "training.signin_before_minutes"
	KeySignInAfter  = "training.signin_after_minutes"
	// KeyExportBackgroundRows is the size of a list export above which it is made in the background (a job).
	KeyExportBackgroundRows = "export.background_rows"
)

// Limits.
const (
	MaxKeyLen         = 64
	MaxNameLen        = 100
	MaxGroupLen       = 50
	MaxDescriptionLen = 500
	MaxValueLen       = 10000
	MaxTitleLen       = 50
	MaxCopyrightLen   = 200
	MaxLinkTitleLen   = 30
	MaxHeaderLinks    = 10
	MaxFooterLinks    = 20
)

// Def declares a built-in parameter. Built-ins cannot be deleted; their name, type and rules come from
// here and are written to the table at every start.
type Def struct {
	Key, Name, Type, Group, Description string
	Format                              string
	// Min and Max bound a number (both 0: no bound); Integer refuses fractions.
	Min, Max float64
	Integer  bool
	// Required refuses an empty text.
	Required bool
	// MaxLen bounds a text (0: MaxValueLen).
	MaxLen int
	// MaxItems bounds a links list.
	MaxItems int
	// Maintainer is the function code of the screen that edits the parameter; not sys_config means
	// /sys_config shows it read-only.
	Maintainer string
	Default    func(cfg config.Config) string
}

// Builtins are the system's own parameters, in the order /sys_config lists them. Nothing secret is shipped.
var Builtins = []Def{
	{Key: KeyHelpURL, Name: "帮助中心地址", Type: TypeText, Group: "site", Format: FormatURL, Required: true,
		Description: "页头菜单“帮助中心”打开的地址：http(s) 地址或以 / 开头的站内路径",
		Default:     func(c config.Config) string { return c.HelpURL }},
	{Key: KeyLogoutURL, Name: "退出登录地址", Type: TypeText, Group: "site", Format: FormatURL,
		Description: "退出登录后在隐藏框架中加载的地址（如单点登录的注销页）；留空则直接回到登录页",
		Default:     func(c config.Config) string { return c.LogoutURL }},
	{Key: KeyIdleMinutes, Name: "会话空闲超时（分钟）", Type: TypeNumber, Group: "session", Min: 5, Max: 1440, Integer: true,
		Description: "超过该时长没有任何操作的会话失效，立即作用于所有会话",
		Default:     func(c config.Config) string { return strconv.Itoa(ceilUnits(c.SessionIdle.Minutes())) }},
	{Key: KeyAbsoluteHours, Name: "会话最长时长（小时）", Type: TypeNumber, Group: "session", Min: 1, Max: 720, Integer: true,
		Description: "自登录起的最长有效期，作用于之后的登录",
		Default:     func(c config.Config) string { return strconv.Itoa(ceilUnits(c.SessionAbsolute.Hours())) }},
	{Key: KeySingleSession, Name: "单点会话", Type: TypeBoolean, Group: "session",
		Description: "开启后，同一账号再次登录会结束其在其他客户端的会话",
		Default:     func(c config.Config) string { return strconv.FormatBool(c.SingleSession) }},
	{Key: KeyUploadMaxMB, Name: "上传文件大小上限（MB）", Type: TypeNumber, Group: "upload", Min: 1, Max: 1024, Integer: true,
		Description: "单个上传文件的最大体积",
		Default:     func(config.Config) string { return "50" }},
	{Key: KeyUploadSuffixes, Name: "允许上传的文件后缀", Type: TypeText, Group: "upload", Format: FormatSuffixes, Required: true,
		Description: "逗号分隔，不区分大小写",
		Default:     func(config.Config) string { return "pdf,doc,docx,xls,xlsx,ppt,pptx,txt,jpg,jpeg,png,zip,rar" }},
	{Key: KeyExpiryWarning, Name: "资料到期预警天数", Type: TypeNumber, Group: "library", Min: 1, Max: 365, Integer: true,
		Description: "证照、资质等资料在到期前多少天开始预警",
		Default:     func(config.Config) string { return "30" }},
	{Key: KeyPortalTitle, Name: "门户标题", Type: TypeText, Group: "portal", Required: true, MaxLen: MaxTitleLen, Maintainer: FunLayout,
		Description: "门户页头显示的标题",
		Default:     func(config.Config) string { return "BidDesk 投标支持工作台" }},
	{Key: KeyPortalLogo, Name: "门户 Logo", Type: TypeText, Group: "portal", Format: FormatSitePath, Maintainer: FunLayout,
		Description: "门户页头的 Logo 图片，以 / 开头的站内路径；留空使用默认图标",
		Default:     func(config.Config) string { return "/favicon.svg" }},
	{Key: KeyHeaderLinks, Name: "页头链接", Type: TypeJSON, Group: "portal", Format: FormatLinks, MaxItems: MaxHeaderLinks, Maintainer: FunLayout,
		Description: "门户页头的链接列表",
		Default:     func(config.Config) string { return "[]" }},
	{Key: KeyFooterLinks, Name: "页脚链接", Type: TypeJSON, Group: "portal", Format: FormatLinks, MaxItems: MaxFooterLinks, Maintainer: FunLayout,
		Description: "门户页脚的链接列表",
		Default:     func(config.Config) string { return "[]" }},
	{Key: KeyCopyright, Name: "版权信息", Type: TypeText, Group: "portal", MaxLen: MaxCopyrightLen, Maintainer: FunLayout,
		Description: "门户页脚的版权信息",
		Default:     func(config.Config) string { return "© BidDesk 投标支持工作台" }},
	{Key: KeyDatasetPersonal, Name: "数据集可读取的个人信息列", Type: TypeText, Group: "dataset", MaxLen: 1000,
		Description: "数据集和报表可以读取的个人信息列，以逗号分隔，例如 sys_user.phone,employee.email；留空则一列也不能读取。" +
			"个人信息列：sys_user.phone、sys_user.email、employee.phone、employee.email、login_log.client_ip、login_log.user_agent、" +
			"lib_record.data、lib_record.search_text、ext_org.phone、ext_org.email",
		Default: func(config.Config) string { return "" }},
	{Key: KeySignInBefore, Name: "培训签到提前开放（分钟）", Type: TypeNumber, Group: "training", Min: 0, Max: 240, Integer: true,
		Description: "课次开始前多少分钟起可以扫码签到",
		Default:     func(config.Config) string { return "15" }},
	{Key: KeySignInAfter, Name: "培训签到截止（开课后分钟）", Type: TypeNumber, Group: "training", Min: 1, Max: 480, Integer: true,
		Description: "课次开始后多少分钟内仍可扫码签到（开课后签到记为迟到），之后未签到记为缺勤",
		Default:     func(config.Config) string { return "30" }},
	{Key: KeyExportBackgroundRows, Name: "后台导出行数阈值", Type: TypeNumber, Group: "upload", Min: 1, Max: 100000, Integer: true,
		Description: "列表导出超过这么多行时在后台生成文件（显示进度，完成后下载，文件保留一天）",
		Default:     func(config.Config) string { return "20000" }},
}

var builtinByKey = func() map[string]*Def {
	m := make(map[string]*Def, len(Builtins))
	for i := range Builtins {
		m[Builtins[i].Key] = &Builtins[i]
	}
	return m
}()

func ceilUnits(v float64) int { return max(1, int(math.Ceil(v))) }

var keyRe = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_.-]*$`)

// normalize checks raw against the parameter's type and rules and returns the value to store:
// booleans as true/false, numbers in their shortest form, suffixes lower case without dots, JSON as sent.
func normalize(d *Def, name, raw string) (string, error) {
	if utf8.RuneCountInString(raw) > MaxValueLen {
		return "", httpx.Fail("sysconfig.value_too_long", name, MaxValueLen)
	}
	switch d.Type {
	case TypeBoolean:
		switch strings.ToLower(strings.TrimSpace(raw)) {
		case "true", "1":
			return "true", nil
		case "false", "0":
			return "false", nil
		}
		return "", httpx.Fail("sysconfig.bad_boolean", name)
	case TypeNumber:
		return normalizeNumber(d, name, strings.TrimSpace(raw))
	case TypeJSON:
		v := strings.TrimSpace(raw)
		if !json.Valid([]byte(v)) {
			return "", httpx.Fail("sysconfig.bad_json", name)
		}
		if d.Format == FormatLinks {
			links, err := parseLinks(v, d.MaxItems)
			if err != nil {
				return "", err
			}
			b, _ := json.Marshal(links)
			return string(b), nil
		}
		return v, nil
	}
	return normalizeText(d, name, raw)
}

func normalizeNumber(d *Def, name, v string) (string, error) {
	f, err := validate.Decimal(v) // a plain decimal: no NaN, Inf, exponent, hexadecimal or separators
	if err != nil {
		return "", httpx.Fail("sysconfig.bad_number", name)
	}
	if d.Integer && f != math.Trunc(f) {
		return "", httpx.Fail("sysconfig.bad_integer", name)
	}
	if (d.Min != 0 || d.Max != 0) && (f < d.Min || f > d.Max) {
		return "", httpx.Fail("sysconfig.number_range", name, fmtNum(d.Min), fmtNum(d.Max))
	}
	return fmtNum(f), nil
}

func fmtNum(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func normalizeText(d *Def, name, raw string) (string, error) {
	v := raw
	if d.Format != "" || d.Required {
		v = strings.TrimSpace(raw)
	}
	if v == "" {
		if d.Required {
			return "", httpx.Fail("sysconfig.value_required", name)
		}
		return "", nil
	}
	if d.MaxLen > 0 && utf8.RuneCountInString(v) > d.MaxLen {
		return "", httpx.Fail("sysconfig.value_too_long", name, d.MaxLen)
	}
	switch d.Format {
	case FormatURL:
		if !validate.LinkURL(v) {
			return "", httpx.Fail("sysconfig.bad_url", name)
		}
	case FormatSitePath:
		if !validate.SitePath(v) {
			return "", httpx.Fail("sysconfig.bad_site_path", name)
		}
	case FormatSuffixes:
		return normalizeSuffixes(name, v)
	}
	return v, nil
}

var suffixRe = regexp.MustCompile(`^[a-z0-9]{1,10}$`)

func normalizeSuffixes(name, v string) (string, error) {
	var out []string
	seen := map[string]bool{}
	for _, part := range strings.Split(v, ",") {
		s := strings.ToLower(strings.TrimPrefix(strings.TrimSpace(part), "."))
		if s == "" {
			continue
		}
		if !suffixRe.MatchString(s) {
			return "", httpx.Fail("sysconfig.bad_suffixes", name)
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	if len(out) == 0 {
		return "", httpx.Fail("sysconfig.bad_suffixes", name)
	}
	return strings.Join(out, ","), nil
}

// Link is one link of the portal's header or footer.
type Link struct {
	Title  string `json:"title"`
	URL    string `json:"url" doc:"http(s) address or a path of this site starting with /"`
	NewTab bool   `json:"newTab"`
}

// OpenAPIName keeps the name the web knows a header or footer link by.
func (Link) OpenAPIName() string { return "PortalLink" }

// parseLinks reads and checks a links list (at most maxItems; 0: no bound).
func parseLinks(v string, maxItems int) ([]Link, error) {
	var links []Link
	if err := json.Unmarshal([]byte(v), &links); err != nil {
		return nil, httpx.Fail("sysconfig.bad_links")
	}
	if maxItems > 0 && len(links) > maxItems {
		return nil, httpx.Fail("sysconfig.too_many_links", maxItems)
	}
	if links == nil {
		links = []Link{}
	}
	for i := range links {
		l := &links[i]
		l.Title, l.URL = strings.TrimSpace(l.Title), strings.TrimSpace(l.URL)
		switch {
		case l.Title == "":
			return nil, httpx.Fail("sysconfig.link_title_required", i+1)
		case utf8.RuneCountInString(l.Title) > MaxLinkTitleLen:
			return nil, httpx.Fail("sysconfig.link_title_too_long", i+1, MaxLinkTitleLen)
		case !validate.LinkURL(l.URL):
			return nil, httpx.Fail("sysconfig.link_url", i+1)
		}
	}
	return links, nil
}

// customDef is the rule set of an administrator's own parameter: its type only.
func customDef(typ string) *Def { return &Def{Type: typ} }

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"sysconfig.not_found":            {"参数不存在", "The parameter does not exist"},
		"sysconfig.unknown_key":          {"参数「%s」不存在", "There is no parameter \"%s\""},
		"sysconfig.secret_key":           {"参数「%s」为保密参数，不能读取", "Parameter \"%s\" is secret and cannot be read"},
		"sysconfig.key_required":         {"请填写参数键", "Please fill in the parameter key"},
		"sysconfig.bad_key":              {"参数键须以字母开头，由字母、数字、点、下划线或短横线组成，长度不超过%d", "A parameter key starts with a letter and holds letters, digits, dots, underscores or hyphens, at most %d characters"},
		"sysconfig.key_taken":            {"参数键「%s」已存在", "The parameter key \"%s\" already exists"},
		"sysconfig.name_required":        {"请填写参数名称", "Please fill in the parameter name"},
		"sysconfig.name_too_long":        {"参数名称长度不能超过%d", "The parameter name cannot exceed %d characters"},
		"sysconfig.group_too_long":       {"分组长度不能超过%d", "The group cannot exceed %d characters"},
		"sysconfig.description_too_long": {"说明长度不能超过%d", "The description cannot exceed %d characters"},
		"sysconfig.bad_type":             {"参数类型只能是 text、number、boolean 或 json", "The type must be text, number, boolean or json"},
		"sysconfig.value_too_long":       {"「%s」长度不能超过%d", "\"%s\" cannot exceed %d characters"},
		"sysconfig.value_required":       {"请填写「%s」", "Please fill in \"%s\""},
		"sysconfig.bad_number":           {"「%s」须为数字", "\"%s\" must be a number"},
		"sysconfig.bad_integer":          {"「%s」须为整数", "\"%s\" must be a whole number"},
		"sysconfig.number_range":         {"「%s」须在%s到%s之间", "\"%s\" must be between %s and %s"},
		"sysconfig.bad_boolean":          {"「%s」只能是 true 或 false", "\"%s\" must be true or false"},
		"sysconfig.bad_json":             {"「%s」不是有效的 JSON", "\"%s\" is not valid JSON"},
		"sysconfig.bad_url":              {"「%s」须为 http(s) 地址或以 / 开头的站内路径", "\"%s\" must be an http(s) address or a path of this site starting with /"},
		"sysconfig.bad_site_path":        {"「%s」须为以 / 开头的站内路径", "\"%s\" must be a path of this site starting with /"},
		"sysconfig.bad_suffixes":         {"「%s」须为逗号分隔的文件后缀，如 pdf,docx", "\"%s\" must be file suffixes separated by commas, such as pdf,docx"},
		"sysconfig.bad_links":            {"链接列表格式不正确", "The link list is malformed"},
		"sysconfig.too_many_links":       {"链接不能超过%d个", "At most %d links"},
		"sysconfig.link_title_required":  {"第%d个链接缺少名称", "Link %d has no title"},
		"sysconfig.link_title_too_long":  {"第%d个链接的名称长度不能超过%d", "The title of link %d cannot exceed %d characters"},
		"sysconfig.link_url":             {"第%d个链接的地址须为 http(s) 地址或以 / 开头的站内路径", "The address of link %d must be an http(s) address or a path of this site starting with /"},
		"sysconfig.maintained_elsewhere": {"参数「%s」在「页眉页脚」中维护，不能在此修改", "Parameter \"%s\" is maintained in Header and footer, not here"},
		"sysconfig.builtin_delete":       {"内置参数「%s」不能删除", "The built-in parameter \"%s\" cannot be deleted"},
		"sysconfig.builtin_reset_only":   {"只有内置参数可以恢复默认值", "Only built-in parameters have a default to restore"},
	})
}
