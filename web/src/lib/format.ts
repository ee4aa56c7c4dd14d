import dayjs from 'dayjs';

/** A server instant in the browser's time zone; '' for none. */
export const formatTime = (iso?: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');
