package exam

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"

	"biddesk/internal/auth"
	"biddesk/internal/files"
	"biddesk/internal/platform/db"
	"biddesk/internal/platform/httpx"
)

// RecordType is the file machinery's record type of a question's pictures (stems and options): a picture is linked
// to its question, never unlinked by an edit, so every version keeps the pictures it named.
const RecordType = "exam_question"

// pictureRule is an exam picture's upload rule: the image rule of the other image uploads (jpg or png, content
// sniffed, 2 MB), kept in the configured file store.
var pictureRule = files.Rule{Suffixes: []string{"jpg", "jpeg", "png"}, MaxBytes: files.BannerMaxBytes,
	TooLarge: httpx.Fail("exam.picture_too_large"), BadSuffix: httpx.Fail("exam.picture_suffix")}

// UseFiles gives the service the file machinery (pictures); without it a question names no picture.
func (s *Service) UseFiles(f *files.Service) { s.files = f }

// Examiner tells whether p may see every question (its pictures): a code of the four screens.
func Examiner(p *auth.Principal) bool {
	return p != nil && (p.Can(FunBank) || p.Can(FunPaper) || p.Can(FunManage) || p.Can(FunGrade))
}

// linkPictures links a saved question's new pictures to it (the caller's own uploads, images only); those it
// already holds (an earlier version's) stay linked.
func (s *Service) linkPictures(ctx context.Context, tx *db.Tx, c checked, questionID int64) error {
	ids := slices.Clone(c.Images)
	for _, o := range c.Options {
		if o.Image != 0 {
			ids = append(ids, o.Image)
		}
	}
	if len(ids) == 0 {
		return nil
	}
	if s.files == nil {
		return httpx.Fail("exam.image_not_found", ids[0])
	}
	var fresh []int64
	for _, id := range ids {
		var rt, ct string
		var rid *int64
		err := tx.QueryRow(ctx, `SELECT record_type, record_id, content_type FROM sys_file WHERE id = ?`, id).Scan(&rt, &rid, &ct)
		if db.IsNoRows(err) {
			return httpx.Fail("exam.image_not_found", id)
		} else if err != nil {
			return err
		}
		if ct != "image/png" && ct != "image/jpeg" {
			return httpx.Fail("exam.picture_suffix")
		}
		if rt == RecordType && rid != nil && *rid == questionID {
			continue
		}
		fresh = append(fresh, id)
	}
	if len(fresh) == 0 {
		return nil
	}
	owner := files.Owner{}
	if p := auth.PrincipalFrom(ctx); p != nil {
		owner.UserID = p.UserID
	}
	return s.files.Attach(ctx, tx, owner, RecordType, questionID, fresh...)
}

// Uploaded is an uploaded picture.
type Uploaded struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// UploadPicture receives a picture for a question (linked when the question is saved).
func (s *Service) UploadPicture(w http.ResponseWriter, r *http.Request) (Uploaded, error) {
	if s.files == nil {
		return Uploaded{}, httpx.ErrNotFound
	}
	f, _, err := s.files.Receive(w, r, pictureRule)
	if err != nil {
		return Uploaded{}, err
	}
	return Uploaded{ID: f.ID, Name: f.Name}, nil
}

// MayTakerSee tells whether userID's attempt is theirs, open, and shows the picture (a stem's or an option's).
func (s *Service) MayTakerSee(ctx context.Context, userID, attemptID, fileID int64) (bool, error) {
	var owner int64
	var state string
	err := s.db.QueryRow(ctx, `SELECT user_id, state FROM exam_attempt WHERE id = ?`, attemptID).Scan(&owner, &state)
	if db.IsNoRows(err) {
		return false, nil
	} else if err != nil {
		return false, wrap(err, "picture of attempt %d", attemptID)
	}
	if owner != userID || state != AttemptOpen {
		return false, nil
	}
	found := false
	err = db.EachRow(ctx, s.db, `SELECT v.images, v.options FROM exam_attempt_item i JOIN exam_question_version v ON v.id = i.version_id
		WHERE i.attempt_id = ?`, []any{attemptID}, func(r db.Row) error {
		var images, options string
		if err := r.Scan(&images, &options); err != nil {
			return err
		}
		var ids []int64
		var opts []Option
		_ = json.Unmarshal([]byte(images), &ids)
		_ = json.Unmarshal([]byte(options), &opts)
		if slices.Contains(ids, fileID) || slices.ContainsFunc(opts, func(o Option) bool { return o.Image == fileID }) {
			found = true
		}
		return nil
	})
	return found, wrap(err, "picture of attempt %d", attemptID)
}

// sendPicture writes a question's picture (a file linked to a question) inline.
func (s *Service) sendPicture(w http.ResponseWriter, ctx context.Context, fileID int64) (any, error) {
	if s.files == nil {
		return nil, httpx.ErrNotFound
	}
	f, err := s.files.Get(ctx, fileID)
	if err != nil {
		return nil, err
	}
	if f.RecordType != RecordType {
		return nil, httpx.Fail("exam.picture_not_found")
	}
	body, size, err := s.files.Open(ctx, f)
	if err != nil {
		return nil, err
	}
	defer body.Close()
	hd := w.Header()
	hd.Set("Content-Type", f.ContentType)
	hd.Set("Content-Length", strconv.FormatInt(size, 10))
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Content-Security-Policy", "default-src 'none'")
	hd.Set("Cache-Control", "private, no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = io.Copy(w, body)
	return httpx.Written{}, nil
}
