import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '@cassette/plugin-sdk/server';

interface ValidationItem {
  instancePath?: string;
  message?: string;
  params?: Record<string, unknown>;
  keyword?: string;
}

function describeField(item: ValidationItem, context: string | undefined): string {
  const path = (item.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  const missing = item.params?.missingProperty;
  if (item.keyword === 'required' && typeof missing === 'string') return path ? `${path}.${missing}` : missing;
  return path || context || 'request';
}

/** Turns ajv's validation items into sentences a user can act on. */
export function validationMessages(items: ValidationItem[], context?: string): string[] {
  const messages = items.map((item) => {
    const field = describeField(item, context);
    switch (item.keyword) {
      case 'required':
        return `${field} is required`;
      case 'minLength':
        return `${field} must be at least ${String(item.params?.limit)} characters`;
      case 'maxLength':
        return `${field} must be at most ${String(item.params?.limit)} characters`;
      case 'format':
        return item.params?.format === 'email' ? `${field} must be a valid e-mail address` : `${field} must be a valid ${String(item.params?.format)}`;
      case 'type':
        return `${field} must be a ${String(item.params?.type)}`;
      case 'enum':
      case 'anyOf':
        return `${field} has a value that is not allowed`;
      case 'minimum':
        return `${field} must be at least ${String(item.params?.limit)}`;
      case 'maximum':
        return `${field} must be at most ${String(item.params?.limit)}`;
      case 'maxItems':
        return `${field} must have at most ${String(item.params?.limit)} items`;
      case 'pattern':
        return `${field} has an invalid format`;
      default:
        return `${field} ${item.message ?? 'is invalid'}`;
    }
  });
  return [...new Set(messages)];
}

/** Every failure answers `{ errors: [...] }`; only unexpected ones are 500 (and logged). */
export function errorHandler(error: FastifyError & { validation?: ValidationItem[]; validationContext?: string; code?: string }, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof HttpError) {
    void reply.status(error.statusCode).headers(error.headers).send({ errors: error.messages });
    return;
  }
  if (error.validation) {
    void reply.status(400).send({ errors: validationMessages(error.validation, error.validationContext) });
    return;
  }
  // Postgres unique violation: a concurrent duplicate slipped past the handler's own check.
  if (error.code === '23505' || (error as { name?: string }).name === 'UniqueConstraintViolationException') {
    void reply.status(409).send({ errors: ['This already exists.'] });
    return;
  }
  const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
  if (status >= 400 && status < 500) {
    const message = /prototype/i.test(error.message)
      ? 'The request body contains a forbidden key (__proto__ or constructor.prototype).'
      : error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/.test(error.message)
        ? 'The request body is not valid JSON'
        : error.message;
    void reply.status(status).send({ errors: [message] });
    return;
  }
  request.log.error({ err: error }, 'unhandled error');
  void reply.status(500).send({ errors: ['Something went wrong on our side. Please try again; if it persists, check the server log.'] });
}
