// Package files is the product's file area: uploads to the local disk or the S3-compatible object
// store, downloads as attachments (each one recorded for the download statistics), the banner
// image upload with the spec's image rules, and the Go API the record areas use to link files to
// their records. The bytes live in a storage.Store under random keys; the sys_file table holds
// everything else.
package files

import (
	"fmt"
	"time"

	"biddesk/internal/platform/httpx"
)

// States of a file row. A row is written as uploading before its object, and becomes ready once
// the object is stored; a failed upload deletes both, and the janitor removes what a crash left
// (an uploading row older than StaleAfter, with its object). A deleted file is removing until its
// object is gone, then removed: the row stays for the download statistics.
const (
	StateUploading = "uploading"
	StateReady     = "ready"
	StateRemoving  = "removing"
	StateRemoved   = "removed"
)

// Modules an upload may name for the statistics (module parameter): the data-upload statistics
// count library uploads, the CA-upload statistics count ca uploads.
const (
	ModuleCommon  = "common"
	ModuleLibrary = "library"
	ModuleCA      = "ca"
	ModuleBanner  = "banner"
	ModuleExpert  = "expert"
	ModuleWord    = "word" // generated expert books
)

// modules an upload call or Save may name; banner is set only by the banner upload, whose images
// are public.
var modules = map[string]bool{ModuleCommon: true, ModuleLibrary: true, ModuleCA: true, ModuleExpert: true, ModuleWord: true}

// AuditModule is the business-log module of a file deletion made through the common call.
const AuditModule = "sys_file"

// Paths of the calls (routes.go), also named in the files' addresses.
const (
	DownPath  = "/api/sys/common/file/down"
	ImagePath = "/api/sys/common/image/"
)

// Limits besides the configured ones.
const (
	MaxNameLen = 200 // characters of a displayed file name
	// StaleAfter is when an upload that never finished is taken as abandoned.
	StaleAfter = time.Hour
	// UploadTimeout is how long one upload call may take (spec section 9: 300,000 ms).
	UploadTimeout = 300 * time.Second
	// DefaultMaxMB and DefaultSuffixes apply when the system parameters give nothing usable.
	DefaultMaxMB    = 50
	DefaultSuffixes = "pdf,doc,docx,xls,xlsx,ppt,pptx,txt,jpg,jpeg,png,zip,rar"
)

// File is one stored file as callers see it.
type File struct {
	ID          int64     `json:"id"`
	Name        string    `json:"name"`
	Suffix      string    `json:"suffix"`
	Size        int64     `json:"size"`
	ContentType string    `json:"contentType"`
	SHA256      string    `json:"sha256"`
	Storage     string    `json:"storage"`
	Module      string    `json:"module"`
	RecordType  string    `json:"recordType"`
	RecordID    int64     `json:"recordId,omitempty"`
	UploadedBy  int64     `json:"uploadedBy"`
	CreatedAt   time.Time `json:"createdAt"`
	URL         string    `json:"url"`
	State       string    `json:"-"`
	key         string
}

// Uploaded is the answer of an upload call.
type Uploaded struct {
	ID     int64  `json:"id"`
	URL    string `json:"url"`
	Name   string `json:"name"`
	Size   int64  `json:"size"`
	Suffix string `json:"suffix"`
	// Width and Height are given for images.
	Width  int `json:"width,omitempty"`
	Height int `json:"height,omitempty"`
}

// DownURL is the download call of a file.
func DownURL(id int64) string { return fmt.Sprintf("%s?id=%d", DownPath, id) }

// ImageURL is the public address of a banner image: its random key is the capability.
func ImageURL(key, suffix string) string { return ImagePath + key + "." + suffix }

func (f *File) uploaded(c content) Uploaded {
	return Uploaded{ID: f.ID, URL: f.URL, Name: f.Name, Size: f.Size, Suffix: f.Suffix, Width: c.Width, Height: c.Height}
}

func init() {
	httpx.RegisterMessages(map[string][2]string{
		"file.required":         {"请选择要上传的文件", "Please choose a file to upload"},
		"file.bad_name":         {"文件名无效", "The file name is not valid"},
		"file.empty":            {"文件内容为空", "The file is empty"},
		"file.too_large":        {"文件大小不能超过 %dMB", "The file cannot be larger than %d MB"},
		"file.content_mismatch": {"文件内容与扩展名 .%s 不符", "The file's content does not match its .%s suffix"},
		"file.interrupted":      {"上传中断，请重试", "The upload was interrupted, please try again"},
		"file.oss_unavailable":  {"对象存储未配置，请联系管理员", "No object store is configured, please contact the administrator"},
		"file.not_found":        {"文件不存在或已删除", "The file does not exist or was deleted"},
		"file.forbidden":        {"无权访问该文件", "You may not access this file"},
		"file.not_yours":        {"只能使用自己上传的文件", "Only files you uploaded yourself can be used"},
		"file.in_use":           {"文件已被其他记录使用", "The file belongs to another record"},
		"file.attached":         {"文件已被记录使用，请在该记录中移除", "The file belongs to a record: remove it there"},
		// Spec section 5, verbatim.
		"image.format": {"格式仅支持jpg、png!", "Only jpg and png are supported!"},
		"image.size":   {"图片大小不能超过 2MB!", "The image cannot exceed 2MB!"},
		"image.pixels": {"上传的图片不能小于345*150像素!", "The image cannot be smaller than 345*150 pixels!"},
	})
}

// OpenAPIName keeps the name the web knows an upload's answer by.
func (Uploaded) OpenAPIName() string { return "UploadedFile" }
