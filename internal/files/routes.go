package files

import (
	"biddesk/internal/platform/httpx"
	"biddesk/internal/platform/route"
)

// Routes are the common upload and download calls and the public banner images.
func (h *Handlers) Routes() []route.Route {
	return []route.Route{
		route.New("POST", "/api/sys/common/disk/upload", route.SignedIn, h.DiskUpload),
		route.New("POST", "/api/sys/common/oss/upload", route.SignedIn, h.OSSUpload),
		route.Download(DownPath, route.SignedIn, h.Down),
		route.New("DELETE", "/api/sys/common/file/del", route.SignedIn, httpx.WithInput(h.Del)),
		route.New("POST", "/api/banner/upload", route.SignedIn, h.BannerUpload),
		route.New("GET", ImagePath+"{name}", route.Public, h.Image),
	}
}
