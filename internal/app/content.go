package app

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strings"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/content"
	"biddesk/internal/files"
	"biddesk/internal/library"
	"biddesk/internal/org"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/office"
	"biddesk/internal/portal"
	"biddesk/internal/tasks"
)

// The learning content (internal/content) declares what it needs of the files, dictionaries and portal areas;
// these adapters give it the banner uploads (its covers), the audit dictionary and the portal's banners.

type contentFiles struct{ files *files.Service }

func (f contentFiles) BannerImage(ctx context.Context, q db.Querier, url string) (int64, error) {
	file, err := f.files.BannerByURL(ctx, q, url)
	if err != nil {
		return 0, err
	}
	return file.ID, nil
}

// SetCover makes the cover the record's only file: any banner upload may be used by a course manager; the
// cover it replaces is removed (with a business-log line).
func (f contentFiles) SetCover(ctx context.Context, tx *db.Tx, recordType string, recordID, fileID int64) error {
	var ids []int64
	if fileID != 0 {
		ids = []int64{fileID}
	}
	return f.files.SetFiles(ctx, tx, files.Owner{Any: true}, content.Screen, recordType, recordID, ids...)
}

// contentBanners adds a portal banner for the selector. An image that a course, a topic or another banner
// already owns is copied to a new banner upload first: a banner owns its image (it is removed with it).
type contentBanners struct {
	files  *files.Service
	portal *portal.Service
	db     *db.DB
}

func (b contentBanners) AddBanner(ctx context.Context, title, imageURL, linkURL string, sort int) (int64, error) {
	copied := int64(0)
	if file, err := b.files.BannerByURL(ctx, b.db, imageURL); err == nil && file.RecordType != "" {
		rc, _, err := b.files.Open(ctx, file)
		if err != nil {
			return 0, err
		}
		var userID int64
		if p := auth.PrincipalFrom(ctx); p != nil {
			userID = p.UserID
		}
		cp, err := b.files.SaveBanner(ctx, file.Name, userID, rc)
		rc.Close()
		if err != nil {
			return 0, fmt.Errorf("copy banner image: %w", err)
		}
		imageURL, copied = cp.URL, cp.ID
	}
	id, err := b.portal.AddBanner(ctx, portal.BannerForm{Title: title, ImageURL: imageURL, LinkURL: linkURL, Sort: sort, Enabled: 1})
	if err != nil && copied != 0 {
		b.files.Discard(ctx, copied)
	}
	return id, err
}

// contentDict reads a dictionary's items from the dictionary cache.
func (a *App) contentDict(ctx context.Context, q db.Querier, code string) ([]content.DictItem, error) {
	e, err := a.Dict.LookupIn(ctx, q, code)
	if err != nil || e == nil {
		return nil, err
	}
	out := make([]content.DictItem, 0, len(e.ChildDict))
	for _, c := range e.ChildDict {
		out = append(out, content.DictItem{Key: c.Key, Value: c.Value, IsDefault: c.IsDefault})
	}
	return out, nil
}

// contentOrg gives a push the names of active units and employees (the picker's codes).
type contentOrg struct{ org *org.Store }

func (o contentOrg) UnitNames(ctx context.Context, codes []string) (map[string]string, error) {
	out := map[string]string{}
	for _, c := range codes {
		if _, done := out[c]; done || c == "" {
			continue
		}
		u, err := o.org.Unit(ctx, c)
		if err != nil {
			return nil, err
		}
		if u != nil && u.InStatus == 1 {
			out[c] = u.UnitName
		}
	}
	return out, nil
}

func (o contentOrg) EmployeeNames(ctx context.Context, codes []string) (map[string]string, error) {
	out := map[string]string{}
	if len(codes) == 0 {
		return out, nil
	}
	refs, err := o.org.EmployeesByCode(ctx, codes)
	if err != nil {
		return nil, err
	}
	for _, r := range refs {
		out[r.Code] = r.Name
	}
	return out, nil
}

func (a *App) contentService() *content.Service {
	return a.content
}

// contentWorks are the learning content's jobs: a deck's conversion to PDF, tried three times (LibreOffice
// crashed, the store did not answer), a deck beyond the limits or past its time failing at once.
func (a *App) contentWorks() []tasks.Work {
	timeout := a.Config.OfficeTimeout
	if timeout <= 0 {
		timeout = office.Options{}.WithDefaults().Timeout
	}
	return []tasks.Work{{
		Kind: content.ConvertKind, Name: "job.name.convert", Timeout: timeout + 5*time.Minute, Retries: 2,
		Run: func(ctx context.Context, j *tasks.Job) (any, error) {
			var args content.ConvertArgs
			if err := j.Decode(&args); err != nil {
				return nil, tasks.Permanent(err)
			}
			key, permanent, err := a.content.ConvertJob(ctx, args.Ware)
			switch {
			case err != nil:
				return nil, err
			case key != "" && permanent:
				return nil, tasks.Permanent(httpx.Fail(key))
			case key != "":
				return nil, httpx.Fail(key)
			}
			return args, nil
		},
		Failed: func(_ context.Context, j *tasks.Job, key string) {
			var args content.ConvertArgs
			if j.Decode(&args) == nil {
				a.content.ConvertFailed(args.Ware, key)
			}
		},
	}}
}

// openContent wires the learning content: its courseware (files, LibreOffice's limits, a work folder in the data
// folder). The courseware's files are read through /api/course/download; the common download call gives them
// only to course managers.
func (a *App) openContent(ctx context.Context) error {
	a.content = content.NewService(a.DB, contentFiles{a.Files}, a.contentDict, contentBanners{files: a.Files, portal: a.Portal, db: a.DB}, contentOrg{a.Org})
	opt := content.WareOptions{WorkDir: filepath.Join(a.Config.DataDir, "convert-tmp"), Office: office.Options{
		Soffice: a.Config.OfficePath, Timeout: a.Config.OfficeTimeout, MaxPages: a.Config.OfficeMaxPages}}
	if err := a.content.UseCourseware(ctx, contentWares{a.Files}, opt); err != nil {
		return fmt.Errorf("courseware: %w", err)
	}
	eng := a.Tasks.Engine()
	a.content.UseJobs(func(ctx context.Context, tx *db.Tx, args content.ConvertArgs, owner int64, title string) (int64, error) {
		return eng.EnqueueTx(ctx, tx, tasks.NewJob{Kind: content.ConvertKind, Owner: owner, Title: title, Args: args})
	}, func(ctx context.Context, id int64) error {
		_, err := eng.JobState(ctx, id)
		return err
	})
	a.content.UseLearners(contentLearners{a})
	a.content.UseMessages(contentMessages{a.Library})
	a.Files.OnRead(content.WareRecordType, func(_ context.Context, p *auth.Principal, _ *files.File) (bool, error) {
		return p.Can(content.Screen), nil
	})
	return nil
}

// contentWares gives the courseware its uploads, converted PDFs and reads.
type contentWares struct{ files *files.Service }

func (w contentWares) rule(r content.UploadRule) files.Rule {
	return files.Rule{Suffixes: r.Suffixes, MaxBytes: r.MaxBytes, TooLarge: r.TooLarge, BadSuffix: r.BadSuffix, Inspect: r.Inspect}
}

func stored(f *files.File) content.StoredFile {
	return content.StoredFile{ID: f.ID, Name: f.Name, Size: f.Size, ContentType: f.ContentType}
}

func (w contentWares) Receive(rw http.ResponseWriter, r *http.Request, rule content.UploadRule, fields ...string) (content.StoredFile, map[string]string, error) {
	f, got, err := w.files.Receive(rw, r, w.rule(rule), fields...)
	if err != nil {
		return content.StoredFile{}, nil, err
	}
	return stored(f), got, nil
}

func (w contentWares) Save(ctx context.Context, name string, userID int64, body io.Reader, rule content.UploadRule) (content.StoredFile, error) {
	f, err := w.files.SaveWith(ctx, name, userID, body, w.rule(rule))
	if err != nil {
		return content.StoredFile{}, err
	}
	return stored(f), nil
}

func (w contentWares) Open(ctx context.Context, id int64) (io.ReadCloser, content.StoredFile, error) {
	f, err := w.files.Get(ctx, id)
	if err != nil {
		return nil, content.StoredFile{}, err
	}
	rc, _, err := w.files.Open(ctx, f)
	if err != nil {
		return nil, content.StoredFile{}, err
	}
	return rc, stored(f), nil
}

func (w contentWares) Attach(ctx context.Context, tx *db.Tx, recordType string, recordID int64, ids ...int64) error {
	return w.files.Attach(ctx, tx, files.Owner{Any: true}, recordType, recordID, ids...)
}

func (w contentWares) Discard(ctx context.Context, id int64) {
	w.files.Discard(context.WithoutCancel(ctx), id)
}

// contentMessages tells a course push's audience in their portal messages: the accounts come from the users'
// table (a unit covers the units below it: codes are nested), the message to-dos are the library's (the very path
// of demand collection's notices).
type contentMessages struct{ lib *library.Service }

func (m contentMessages) Members(ctx context.Context, q db.Querier, units, employees []string) ([]int64, error) {
	var cond []string
	var args []any
	for _, u := range units {
		if u != "" {
			cond = append(cond, `substr(unit_code, 1, length(?)) = ?`)
			args = append(args, u, u)
		}
	}
	var codes []string
	for _, e := range employees {
		if e != "" {
			codes = append(codes, e)
			args = append(args, e)
		}
	}
	if len(codes) > 0 {
		cond = append(cond, `employee_code IN (?`+strings.Repeat(", ?", len(codes)-1)+`)`)
	}
	if len(cond) == 0 {
		return []int64{}, nil
	}
	return db.IDs(ctx, q, `SELECT id FROM sys_user WHERE deleted_at IS NULL AND state = 1 AND (`+strings.Join(cond, " OR ")+`) ORDER BY id`, args...)
}

func (m contentMessages) Notify(ctx context.Context, tx *db.Tx, userIDs []int64, n content.Notice) (int, error) {
	return m.lib.Notify(ctx, tx, userIDs, library.Notice{Code: n.Code, Title: n.Title, Content: n.Content, TitleText: n.TitleText, ContentText: n.ContentText, RefType: n.RefType,
		RefID: n.RefID, RefPath: n.RefPath})
}

// contentLearners gives the curriculum-user API the sign-in area: its throttled sign-in opening a mobile session
// (kind h5), and its verification codes (the very machinery of /api/getVerify and /api/forestPwd).
type contentLearners struct{ a *App }

func (l contentLearners) Login(ctx context.Context, loginCode, password, os, ip, userAgent string) (content.Learner, error) {
	su, err := l.a.Auth.Login(ctx, auth.LoginRequest{LoginCode: loginCode, Password: password, OS: os, Site: auth.SiteStaff,
		IP: ip, UserAgent: userAgent, Kind: auth.KindH5})
	if err != nil {
		return content.Learner{}, err
	}
	return l.learner(ctx, su)
}

func (l contentLearners) learner(ctx context.Context, su *auth.SessionUser) (content.Learner, error) {
	var employee string
	if err := l.a.DB.QueryRow(ctx, `SELECT employee_code FROM sys_user WHERE id = ?`, su.UserID).Scan(&employee); err != nil {
		return content.Learner{}, fmt.Errorf("learner %d: %w", su.UserID, err)
	}
	return content.Learner{Token: su.AccessToken, UserID: su.UserID, LoginCode: su.LoginCode, UserName: su.UserName,
		UnitName: su.UnitName, EmployeeCode: employee}, nil
}

func (l contentLearners) Handover(ctx context.Context, p *auth.Principal) (auth.Handover, error) {
	h, err := l.a.Auth.IssueHandover(ctx, p)
	if err != nil {
		return auth.Handover{}, err
	}
	return *h, nil
}

func (l contentLearners) LoginByHandover(ctx context.Context, code, os, ip, userAgent string) (content.Learner, error) {
	su, err := l.a.Auth.RedeemHandover(ctx, code, ip, userAgent, os)
	if err != nil {
		return content.Learner{}, err
	}
	return l.learner(ctx, su)
}

func (l contentLearners) Authenticate(ctx context.Context, token string) (*auth.Principal, error) {
	return l.a.Auth.AuthenticateH5(ctx, token)
}

func (l contentLearners) Holder(ctx context.Context, sessionID int64) (*auth.Principal, error) {
	return l.a.Auth.SessionHolder(ctx, sessionID)
}

func (l contentLearners) Logout(ctx context.Context, p *auth.Principal) error {
	return l.a.Auth.LogoutH5(ctx, p)
}

func (l contentLearners) UpdateLoginDate(ctx context.Context, p *auth.Principal) (time.Time, error) {
	return l.a.Auth.UpdateLoginDate(ctx, p)
}

func (l contentLearners) SendCode(ctx context.Context, loginCode, ip, lang string) (content.CodeSent, error) {
	sent, err := l.a.Auth.GetVerify(ctx, auth.GetVerifyIn{LoginCode: loginCode}, ip, lang)
	if err != nil {
		return content.CodeSent{}, err
	}
	return content.CodeSent{ExpiresIn: sent.ExpiresIn, ResendIn: sent.ResendIn}, nil
}

func (l contentLearners) ResetPassword(ctx context.Context, loginCode, code, newPassword, replacePassword, ip, userAgent string) error {
	return l.a.Auth.ForestPwd(ctx, auth.ForestPwdIn{LoginCode: loginCode, VerifyCode: code, NewPassword: newPassword, ReplacePassword: replacePassword}, ip, userAgent)
}
