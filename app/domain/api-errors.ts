/** The one error shape every action and API route answers with (REQUIREMENTS.md B-11). */
export type ErrorBody = { error: { code: string; message: string; fieldErrors?: Record<string, string[]> } };
