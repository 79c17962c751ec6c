/** The answers of the access check, shared by the API routes and the kernel's own endpoints. */

/** 401: the login is gone; the UI logs out on it. */
export const LOGIN_GONE = 'Please log in again: your session is missing or has expired.';
/** 403: the login is fine, the caller is not an admin. */
export const ADMIN_ONLY = 'Only an admin can do this. Please check with your admin.';
/** 403: the login is fine, but an admin asked for a new password first. */
export const PASSWORD_CHANGE_FIRST = 'Change your password before continuing.';
