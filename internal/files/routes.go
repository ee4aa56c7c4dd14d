package files

import (
	"biddesk/internal/platform/route"
)

// Routes are the common upload and download calls and the public banner images.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("POST", "/api/sys/common/disk/upload", route.SignedIn, h.DiskUpload),
		route.New("POST", "/api/sys/common/oss/upload", route.SignedIn, h.OSSUpload),
		route.DownloadCall(DownPath, route.SignedIn, h.Down).
			Doc("Download a file as an attachment (recorded for the download statistics)", "下载文件"),
		route.Call("DELETE", "/api/sys/common/file/del", route.SignedIn, h.Del).
			Doc("Delete one's own upload that no record links (business log module sys_file)", "删除本人上传的文件"),
		route.New("POST", "/api/banner/upload", route.SignedIn, h.BannerUpload),
		route.New("GET", ImagePath+"{name}", route.Public, h.Image),
	}
}
