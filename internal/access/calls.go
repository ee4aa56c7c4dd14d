package access
