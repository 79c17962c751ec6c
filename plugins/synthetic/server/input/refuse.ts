import { badRequest, type HttpError } from '@cassette/plugin-sdk/server';

/** A 400 listing every problem found, the first as the message. */
export function refuse(problems: string[]): HttpError {
  return badRequest(problems[0]!, problems.slice(1));
}
