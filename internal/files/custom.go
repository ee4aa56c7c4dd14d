package files

import (
	"context"
	"errors"
	"io"
	"net/http"
	"os"
	"slices"

	"biddesk/internal/platform/errs"
	"biddesk/internal/platform/httpx"
)

// ModuleCourse is the module of courseware and videos (internal/content).
const ModuleCourse = "course"

// Rule is the upload rule of another area's own upload call (courseware, videos): the suffixes it takes
// (lower case, no dot), the size limit, and a check of the stored bytes. The content must still match the
// suffix (sniffed), a program or a web page is still refused.
type Rule struct {
	Suffixes []string
	MaxBytes int64
	// TooLarge and BadSuffix are the messages of a file too large or of another suffix.
	TooLarge, BadSuffix error
	// Inspect, when set, reads the whole file once it is received (a refusal is the caller's message).
	Inspect func(suffix string, f *os.File, size int64) error
}

func (rl Rule) rule() rule {
	return rule{
		maxBytes: rl.MaxBytes,
		suffix: func(suffix string) error {
			if slices.Contains(rl.Suffixes, suffix) {
				return nil
			}
			return rl.BadSuffix
		},
		tooLarge: rl.TooLarge,
		mismatch: func(suffix string) error { return httpx.Fail("file.content_mismatch", suffix) },
		inspect:  rl.Inspect,
	}
}

// Receive reads an upload call's multipart body under rl (file field "file") into the file store
// as the caller's unlinked upload of module ModuleCourse, and returns it with the small form fields named
// in fields.
func (s *Service) Receive(w http.ResponseWriter, r *http.Request, rl Rule, fields ...string) (*File, map[string]string, error) {
	f, _, got, err := s.receive(w, r, rl.rule(), ModuleCourse, fields)
	return f, got, err
}

// SaveWith stores a file the server made (a converted PDF) under rl, unlinked, for userID.
func (s *Service) SaveWith(ctx context.Context, name string, userID int64, body io.Reader, rl Rule) (_ *File, err error) {
	defer errs.Wrap(&err, "files: save with %d", userID)
	name, suffix, err := CleanName(name)
	if err != nil {
		return nil, err
	}
	r := rl.rule()
	if err := r.suffix(suffix); err != nil {
		return nil, err
	}
	sp, err := s.spool(body, r.maxBytes)
	if errors.Is(err, errTooLarge) {
		return nil, r.tooLarge
	}
	if err != nil {
		return nil, err
	}
	defer sp.close()
	f, _, err := s.store(ctx, sp, meta{name: name, suffix: suffix, module: ModuleCourse, userID: userID}, r)
	return f, err
}
