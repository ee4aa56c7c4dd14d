package app

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"os"
	"reflect"
	"strconv"
	"sync"
	"time"

	"biddesk/internal/auth"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/export"
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/list"
	"biddesk/internal/platform/route"
	"biddesk/internal/platform/storage"
	"biddesk/internal/tasks"
)

// Large exports in the background (issue 34). Every export path keeps answering its file to whoever calls it, as
// the spec describes. Before opening one, the web asks POST /api/sys/export/start: the export's own handler is
// asked for its count (list.AskCount; every list.Table export answers it); over the system parameter
// export.background_rows the file is made by a job acting for the caller (their rights and data rules when it
// runs), kept in the file store, downloaded by its owner with a ticket (GET /api/sys/job/file) and removed a day
// after by the log-retention task.

const exportJobKind = "export"

// ExportKeep is how long a file made in the background is kept.
const ExportKeep = 24 * time.Hour

// exportStartIn is the input of POST /api/sys/export/start.
type exportStartIn struct {
	Path  string `param:"path,required" doc:"the export path, e.g. /api/sys/loginLog/export"`
	Query string `param:"query" doc:"the export's query string (filters, sort, format) as the download would send it"`
}

// ExportStartOut says how to get an export's file.
type ExportStartOut struct {
	Rows  int   `json:"rows" doc:"the rows the export writes; -1 when the export does not say"`
	JobID int64 `json:"jobId" doc:"the job making the file when the rows are over the threshold; 0: download the export at once"`
}

// exportArgs are an export job's arguments.
type exportArgs struct {
	Path  string `json:"path"`
	Query string `json:"query"`
	Lang  string `json:"lang"`
}

// ExportFile is an export job's result: the file made.
type ExportFile struct {
	Name    string `json:"name"`
	Size    int64  `json:"size"`
	Rows    int    `json:"rows"`
	Expired bool   `json:"expired" doc:"the file was removed (kept one day)"`
}

// exportFileStored is the stored form of ExportFile (the store's name is not shown to the owner but kept).
type exportFileStored struct {
	ExportFile
	Store string `json:"store,omitempty"`
	Key   string `json:"key,omitempty"`
}

// exportRoute is the download route of path that p may call.
func (a *App) exportRoute(p *auth.Principal, path string) (route.Route, error) {
	rt, ok := a.downloads[path]
	if !ok || rt.Method != http.MethodGet {
		return rt, httpx.Fail("ticket.bad_path")
	}
	if need := a.needs(rt)(); len(need) > 0 && !p.CanOneOf(need) {
		return rt, httpx.ErrForbidden
	}
	return rt, nil
}

// exportRequest is the GET of the export as the caller of ctx would send it.
func exportRequest(ctx context.Context, path, query, lang string) (*http.Request, error) {
	q, err := url.ParseQuery(query)
	if err != nil {
		return nil, httpx.ErrBadInput
	}
	q.Del("ticket")
	r, err := http.NewRequestWithContext(ctx, http.MethodGet, path+"?"+q.Encode(), nil)
	if err != nil {
		return nil, httpx.ErrBadInput
	}
	r.Header.Set("Accept-Language", lang)
	return r, nil
}

// startExport is POST /api/sys/export/start.
func (a *App) startExport(r *http.Request, in exportStartIn) (*ExportStartOut, error) {
	p := auth.PrincipalFrom(r.Context())
	rt, err := a.exportRoute(p, in.Path)
	if err != nil {
		return nil, err
	}
	if _, no := uncounted.Load(in.Path); no {
		return &ExportStartOut{Rows: -1}, nil
	}
	lang := httpx.Lang(r)
	ctx, counted := list.AskCount(r.Context())
	req, err := exportRequest(ctx, in.Path, in.Query, lang)
	if err != nil {
		return nil, err
	}
	sink := &fileSink{h: http.Header{}}
	if _, err := rt.Handler(sink, req); err != nil {
		return nil, err
	}
	if !counted.Known {
		uncounted.Store(in.Path, true) // its handler made its file instead: not asked again
		return &ExportStartOut{Rows: -1}, nil
	}
	out := &ExportStartOut{Rows: counted.Rows}
	if counted.Rows <= a.SysConfig.ExportBackgroundRows() {
		return out, nil
	}
	title := rt.SummaryZH
	if lang == httpx.LangEN {
		title = rt.Summary
	}
	out.JobID, err = a.background(r.Context(), exportJobKind, title, exportArgs{Path: in.Path, Query: in.Query, Lang: lang}, nil)
	return out, err
}

// uncounted are the export paths whose handler does not answer a count (not a list.Table export): asked once.
var uncounted sync.Map

// fileSink is the response an export job's handler writes: the headers, the status, the body into a file.
type fileSink struct {
	h      http.Header
	status int
	f      *os.File
	size   int64
}

func (s *fileSink) Header() http.Header { return s.h }
func (s *fileSink) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
}
func (s *fileSink) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	if s.f == nil {
		return len(b), nil // counting: nothing is written
	}
	n, err := s.f.Write(b)
	s.size += int64(n)
	return n, err
}

// exportWorks: a large export made in the background as its owner.
func (a *App) exportWorks() []tasks.Work {
	return []tasks.Work{a.actingWork(exportJobKind, "export.job", 30*time.Minute, func(ctx context.Context, j *tasks.Job) (any, error) {
		var args exportArgs
		if err := j.Decode(&args); err != nil {
			return nil, err
		}
		rt, err := a.exportRoute(auth.PrincipalFrom(ctx), args.Path)
		if err != nil {
			return nil, httpx.Fail("job.no_right")
		}
		req, err := exportRequest(ctx, args.Path, args.Query, args.Lang)
		if err != nil {
			return nil, err
		}
		tmp, err := os.CreateTemp("", "biddesk-export-*")
		if err != nil {
			return nil, err
		}
		defer func() { tmp.Close(); os.Remove(tmp.Name()) }()
		sink := &fileSink{h: http.Header{}, f: tmp}
		if _, err := rt.Handler(sink, req); err != nil {
			return nil, err
		}
		if sink.status != http.StatusOK || sink.size == 0 {
			return nil, fmt.Errorf("export job %d: HTTP %d, %d bytes", j.ID, sink.status, sink.size)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		_, params, _ := mime.ParseMediaType(sink.h.Get("Content-Disposition"))
		name := params["filename"]
		if name == "" {
			name = "export"
		}
		if _, err := tmp.Seek(0, io.SeekStart); err != nil {
			return nil, err
		}
		kind := a.Files.Primary()
		st := a.Files.Store(kind)
		if st == nil {
			return nil, httpx.Fail("file.oss_unavailable")
		}
		key, err := storage.NewKey()
		if err != nil {
			return nil, err
		}
		if err := st.Put(ctx, key, tmp, sink.size, sink.h.Get("Content-Type")); err != nil {
			return nil, err
		}
		return exportFileStored{ExportFile: ExportFile{Name: name, Size: sink.size, Rows: int(j.Reported())}, Store: kind, Key: key}, nil
	})}
}

// exportStartRoute is POST /api/sys/export/start.
func (a *App) exportStartRoute() route.Route {
	return route.Call("POST", "/api/sys/export/start", route.SignedIn, a.startExport).
		Doc("Before an export: its row count, and over the system parameter export.background_rows a job making its file in the background (the export path itself always answers the file)", "开始导出（大量数据在后台生成）")
}

// exportFileRoute is GET /api/sys/job/file: the file an export job of the caller made (a download: a ticket
// opens it in a new window).
func (a *App) exportFileRoute() route.Route {
	return route.Download("/api/sys/job/file", route.SignedIn, a.exportFile).Query(httpx.Param{Name: "id", Type: reflect.TypeFor[int64](), Doc: "the export job's id"}).
		Returns(route.File{}).Doc("The file an export job of the caller made (kept one day)", "下载后台导出的文件")
}

func (a *App) exportFile(w http.ResponseWriter, r *http.Request) (any, error) {
	id, err := httpx.ParseID("id", r.URL.Query().Get("id"))
	if err != nil {
		return nil, err
	}
	j, err := a.Tasks.Job(r.Context(), id, httpx.Lang(r)) // the caller's own job only
	if err != nil {
		return nil, err
	}
	var f exportFileStored
	if j.Kind != exportJobKind || j.State != tasks.JobDone || json.Unmarshal(j.Result, &f) != nil || f.Expired {
		return nil, httpx.Fail("export.file_gone")
	}
	st := a.Files.Store(f.Store)
	if st == nil {
		return nil, httpx.Fail("export.file_gone")
	}
	rc, size, err := st.Open(r.Context(), f.Key)
	if err != nil {
		return nil, httpx.Fail("export.file_gone")
	}
	defer rc.Close()
	ct := "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
	if extOf(f.Name) == ".csv" {
		ct = "text/csv; charset=utf-8"
	}
	w.Header().Set("Content-Type", ct)
	w.Header().Set("Content-Disposition", export.Disposition(f.Name))
	w.Header().Set("Content-Length", strconv.FormatInt(size, 10))
	if _, err := io.Copy(w, rc); err != nil {
		slog.Error("export file download", "job", id, "err", err)
	}
	return httpx.Written{}, nil
}

func extOf(name string) string {
	for i := len(name) - 1; i >= 0; i-- {
		if name[i] == '.' {
			return name[i:]
		}
	}
	return ""
}

// retain is the log-retention task: the logs past their days, and the files of exports made a day ago.
func (a *App) retain(ctx context.Context) (string, error) {
	now := time.Now()
	msg, err := tasks.Retain(ctx, a.DB, now)
	if err != nil {
		return msg, err
	}
	n, err := a.expireExports(ctx, now)
	if n > 0 {
		msg += fmt.Sprintf("，导出文件 %d 个", n)
	}
	return msg, err
}

// expireExports removes the files of export jobs ended more than ExportKeep ago (the log-retention task).
func (a *App) expireExports(ctx context.Context, now time.Time) (int, error) {
	type old struct {
		id  int64
		res string
	}
	var list []old
	err := db.EachRow(ctx, a.DB, `SELECT id, result FROM sys_job WHERE kind = ? AND state = ? AND ended_at < ?`,
		[]any{exportJobKind, tasks.JobDone, now.UTC().Add(-ExportKeep)}, func(row db.Row) error {
			var o old
			if err := row.Scan(&o.id, &o.res); err != nil {
				return err
			}
			list = append(list, o)
			return nil
		})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, o := range list {
		var f exportFileStored
		if json.Unmarshal([]byte(o.res), &f) != nil || f.Expired {
			continue
		}
		if st := a.Files.Store(f.Store); st != nil {
			if err := st.Delete(ctx, f.Key); err != nil && !errors.Is(err, storage.ErrNotFound) {
				return n, fmt.Errorf("expire export %d: %w", o.id, err)
			}
		}
		f.Expired = true
		raw, _ := json.Marshal(f)
		if _, err := a.DB.Exec(ctx, `UPDATE sys_job SET result = ? WHERE id = ?`, string(raw), o.id); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"export.job":       {"导出", "Export"},
		"export.file_gone": {"导出文件不存在或已过期（保留一天），请重新导出", "The exported file does not exist or has expired (kept one day): please export again"},
	})
}
