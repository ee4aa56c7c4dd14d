// Package wordbook makes the expert Word book (/expert_make_word): a real .docx bid appendix
// with a title page, a contents list and one section per chosen expert (photo, fields,
// qualification table, experience), written in pure Go. Every book is kept
// (/expert_talents_result) with who made it, when, and for which experts, and can be downloaded
// again. The experts come from the library through the Experts interface; the file is kept
// through the Files interface (the files area).
package wordbook

import (
	"context"
	"io"
	"time"

	"biddesk/internal/platform/db"
	"biddesk/internal/platform/list"
)

// Function codes of the two screens (menu code = route path without the slash).
const (
	FunMake   = "expert_make_word"
	FunResult = "expert_talents_result"
)

// RecordType is the record type of a book's file in the files area.
const RecordType = "expert_book"

// Limits of a book.
const (
	MaxTitle   = 100 // characters
	MaxExperts = 100
	// MaxPhotoBytes bounds the photo read for one expert; a larger one is left out.
	MaxPhotoBytes = 10 << 20
)

// Expert is what a book shows of one expert.
type Expert struct {
	ID             int64
	Name           string
	EmployeeCode   string
	Unit           string
	Title          string
	Education      string
	Years          int
	Specialities   []string
	Qualifications []Qualification
	// Experience is free text; each line becomes a paragraph.
	Experience string
	// PhotoFileID is the file of the photo (0: none); Photo holds its bytes once loaded.
	PhotoFileID int64
	Photo       []byte
}

// Qualification is one qualification or certificate of an expert. A zero ValidTo means it does
// not expire.
type Qualification struct {
	Name    string
	Number  string
	ValidTo time.Time
}

// Candidate is one line of the chooser: enough to recognise and pick an expert.
type Candidate struct {
	ID             int64    `json:"id"`
	Name           string   `json:"name"`
	EmployeeCode   string   `json:"employeeCode"`
	Unit           string   `json:"unit"`
	UnitCode       string   `json:"unitCode"`
	Title          string   `json:"title"`
	Education      string   `json:"education"`
	Years          int      `json:"years"`
	Qualifications []string `json:"qualifications"`
	Specialities   []string `json:"specialities"`
	HasPhoto       bool     `json:"hasPhoto"`
}

// Search is the chooser's query: a keyword (name or employee number), a unit (and the units
// under it), a qualification name, and the page.
type Search struct {
	Keyword       string
	UnitCode      string
	Qualification string
	Current       int
	Limit         int
}

// Experts is what the book needs of the expert library (declared here, implemented there).
type Experts interface {
	// Experts returns the experts with these ids that exist, in any order.
	Experts(ctx context.Context, ids []int64) ([]Expert, error)
	// Search pages through the experts for the chooser.
	Search(ctx context.Context, s Search) (*list.Page[Candidate], error)
}

// Files is what the book needs of the files area: keep a generated document, open a file's
// bytes (a photo, a book), and link or remove a book's file inside the book's transaction.
type Files interface {
	// Save keeps a generated document for userID and returns its file id.
	Save(ctx context.Context, name string, userID int64, body io.Reader) (int64, error)
	// Open returns a file's bytes and their size.
	Open(ctx context.Context, fileID int64) (io.ReadCloser, int64, error)
	// Attach links the saved file to the book.
	Attach(ctx context.Context, tx *db.Tx, userID, fileID, bookID int64) error
	// Discard removes a saved file whose book was never written.
	Discard(ctx context.Context, fileID int64)
}

// Made is the answer of a make call.
type Made struct {
	ID          int64  `json:"id"`
	FileID      int64  `json:"fileId"`
	FileName    string `json:"fileName"`
	Size        int64  `json:"size"`
	DownloadURL string `json:"downloadUrl"`
}

// ExpertRef names an expert of a kept book as they were when it was made.
type ExpertRef struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// Record is a kept book as /expert_talents_result lists it.
type Record struct {
	ID          int64       `json:"id"`
	Title       string      `json:"title"`
	Experts     []ExpertRef `json:"experts"`
	ExpertCount int         `json:"expertCount"`
	FileID      int64       `json:"fileId"`
	FileName    string      `json:"fileName"`
	Size        int64       `json:"size"`
	CreatedBy   string      `json:"createdBy"`
	CreatorCode string      `json:"creatorCode"`
	CreatedAt   time.Time   `json:"createdAt"`
	DownloadURL string      `json:"downloadUrl"`
}
