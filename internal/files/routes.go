package files

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// UploadIn describes an upload's multipart body (the handler streams it itself, under the rule's limits).
type UploadIn struct {
	File   httpx.FileField `param:"file,required" doc:"the file; its name's suffix and its bytes are checked"`
	Module string          `param:"module" doc:"what the upload is for, counted by the upload statistics: common (default), library, ca, expert, word"`
}

// ImageIn describes a banner image's multipart body.
type ImageIn struct {
	File httpx.FileField `param:"file,required" doc:"a jpg or png image"`
}

// Routes are the common upload and download calls and the public banner images.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("POST", "/api/sys/common/disk/upload", route.SignedIn, h.DiskUpload).Takes(UploadIn{}).Returns(Uploaded{}).
			Doc("Upload one file to the local disk (300 s; size and suffixes from the system parameters upload.max_size_mb and upload.allowed_suffixes; the content must match the suffix)", "上传文件（本地磁盘）"),
		route.New("POST", "/api/sys/common/oss/upload", route.SignedIn, h.OSSUpload).Takes(UploadIn{}).Returns(Uploaded{}).
			Doc("Upload one file to the S3-compatible object store (same rules as disk/upload); code 1 when no store is configured", "上传文件（对象存储）"),
		route.DownloadCall(DownPath, route.SignedIn, h.Down).
			Doc("Download a file as an attachment (recorded for the download statistics)", "下载文件"),
		route.Call("DELETE", "/api/sys/common/file/del", route.SignedIn, h.Del).
			Doc("Delete one's own upload that no record links (business log module sys_file)", "删除本人上传的文件"),
		route.New("POST", "/api/banner/upload", route.SignedIn, h.BannerUpload).Takes(ImageIn{}).Returns(Uploaded{}).
			Doc("Upload a banner or cover image: jpg or png only (格式仅支持jpg、png!), under 2 MB (图片大小不能超过 2MB!), at least 345x150 pixels (上传的图片不能小于345*150像素!); data.url is its public address", "上传轮播图或封面图片"),
		route.New("GET", ImagePath+"{name}", route.Public, h.Image).Returns(route.File{}).
			Doc("A banner image by its random key (public, so that <img> and the portal logo can use it)", "轮播图图片"),
	}
}
