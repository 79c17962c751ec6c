/** The text to show for a failed call: the server's message (ApiError carries it) or a generic one. */
export const errorMessage = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Something went wrong. Please try again.');
