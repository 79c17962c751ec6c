/** Why `start()` records nothing. */
export type StartFailure =
  | 'not_browser'
  | 'do_not_track'
  | 'already_started'
  | 'sampled_out'
  | 'unknown_project'
  | 'rejected'
  | 'unavailable'
  | 'invalid_options'
  | 'stopped';

export type StartResult =
  | { ok: true; sessionId: string; resumed: boolean }
  | { ok: false; reason: StartFailure; message: string };
